/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-outdir.c — one check per output folder (see check-outdir.h).
 */
#include "config.h"

#include "check/check-outdir.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

G_DEFINE_QUARK (augur-check-outdir-error-quark, augur_check_outdir_error)

#define LOCK_NAME ".augur-check.lock"

/* What a check writes into its folder (check-pipeline.c, check-stages.c,
 * reports/html.c), besides finding-N.{html,dot,svg}. */
static const char *const outputs[] = {
  "run.trace", "run.trace.stage", "run-output.txt", "results.json", "predictions.json", "explore.json",
  "static-facts.json", "diagnosis.json", "diagnosis.txt", "index.html",
};

/* finding-N.html, finding-N.dot, finding-N.svg */
static gboolean
is_finding_page (const char *name)
{
  if (!g_str_has_prefix (name, "finding-"))
    return FALSE;
  const char *p = name + strlen ("finding-");
  gsize digits = strspn (p, "0123456789");
  return digits > 0 && (strcmp (p + digits, ".html") == 0 || strcmp (p + digits, ".dot") == 0
                        || strcmp (p + digits, ".svg") == 0);
}

static gboolean
clear (const char *dir, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (GDir) d = g_dir_open (dir, 0, &local);
  if (d == NULL)
    {
      g_set_error (error, AUGUR_CHECK_OUTDIR_ERROR, AUGUR_CHECK_OUTDIR_ERROR_IO, "%s",
                   local->message);
      return FALSE;
    }
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      gboolean ours = is_finding_page (name);
      for (gsize i = 0; i < G_N_ELEMENTS (outputs) && !ours; i++)
        ours = strcmp (name, outputs[i]) == 0;
      if (!ours)
        continue;
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_unlink (path) != 0 && errno != ENOENT)
        {
          int e = errno;
          g_set_error (error, AUGUR_CHECK_OUTDIR_ERROR, AUGUR_CHECK_OUTDIR_ERROR_IO,
                       "cannot remove %s, left by an earlier check: %s", path, g_strerror (e));
          return FALSE;
        }
    }
  return TRUE;
}

int
augur_check_outdir_take (const char *dir, GError **error)
{
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int e = errno;
      g_set_error (error, AUGUR_CHECK_OUTDIR_ERROR, AUGUR_CHECK_OUTDIR_ERROR_IO,
                   "cannot create %s: %s", dir, g_strerror (e));
      return -1;
    }
  g_autofree char *lock_path = g_build_filename (dir, LOCK_NAME, NULL);
  int fd = g_open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, AUGUR_CHECK_OUTDIR_ERROR, AUGUR_CHECK_OUTDIR_ERROR_IO,
                   "cannot lock %s: %s", dir, g_strerror (e));
      return -1;
    }
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int e = errno;
      char pid[32] = "";
      ssize_t n = e == EWOULDBLOCK ? pread (fd, pid, sizeof pid - 1, 0) : -1;
      close (fd);
      if (e != EWOULDBLOCK)
        {
          g_set_error (error, AUGUR_CHECK_OUTDIR_ERROR, AUGUR_CHECK_OUTDIR_ERROR_IO,
                       "cannot lock %s: %s", dir, g_strerror (e));
          return -1;
        }
      pid[n > 0 ? n : 0] = '\0';
      g_strchomp (pid);
      g_set_error (error, AUGUR_CHECK_OUTDIR_ERROR, AUGUR_CHECK_OUTDIR_ERROR_BUSY,
                   "%s is in use by another augur check%s%s%s: wait for it to end, or give "
                   "another folder with -o", dir, *pid != '\0' ? " (pid " : "", pid,
                   *pid != '\0' ? ")" : "");
      return -1;
    }
  char pid[32];
  int len = g_snprintf (pid, sizeof pid, "%d\n", (int) getpid ());
  if (ftruncate (fd, 0) != 0 || pwrite (fd, pid, (size_t) len, 0) != len || !clear (dir, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, AUGUR_CHECK_OUTDIR_ERROR, AUGUR_CHECK_OUTDIR_ERROR_IO,
                     "cannot write %s: %s", lock_path, g_strerror (errno));
      close (fd);
      return -1;
    }
  return fd;
}
