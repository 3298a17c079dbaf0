/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * output-file.c — temporary file, fsync, rename (see output-file.h).
 */
#include "config.h"

#include "common/output-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/interrupt.h"

static gboolean
fail (GError **error, const char *path, const char *what, int e)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot %s %s: %s", what, path,
               g_strerror (e));
  return FALSE;
}

/* 0, or the errno of the first write that failed. */
static int
write_all (int fd, const char *data, gsize length)
{
  gsize done = 0;
  while (done < length)
    {
      ssize_t n = write (fd, data + done, length - done);
      if (n < 0 && errno != EINTR)
        return errno;
      if (n > 0)
        done += (gsize) n;
    }
  return 0;
}

/* What is not a regular file (/dev/null, a pipe) is written in place:
 * renaming over /dev/null (-o /dev/null, as root) would replace the
 * device with a regular file. */
static gboolean
write_in_place (const char *path, const char *data, gsize length, GError **error)
{
  int fd = g_open (path, O_WRONLY | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0)
    return fail (error, path, "write", errno);
  int e = write_all (fd, data, length);
  if (close (fd) != 0 && e == 0)
    e = errno;
  return e == 0 || fail (error, path, "write", e);
}

gboolean
augur_output_file_write (const char *path, const char *data, gsize length, GError **error)
{
  GStatBuf st;
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    return write_in_place (path, data, length, error);
  g_autofree char *tmp = g_strconcat (path, ".XXXXXX", NULL);
  int fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    return fail (error, path, "write", errno);
  augur_interrupt_add_temp (tmp);
  /* g_mkstemp_full's mode is 0666 less the umask, like a plain creat */
  int e = write_all (fd, data, length);
  if (e == 0 && fsync (fd) != 0)
    e = errno;
  if (close (fd) != 0 && e == 0)
    e = errno;
  if (e == 0 && g_rename (tmp, path) != 0)
    e = errno;
  if (e != 0)
    g_unlink (tmp);
  augur_interrupt_remove_temp (tmp);
  return e == 0 || fail (error, path, "write", e);
}
