/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-preprocess.c — the digest of what Frama-C would parse: its
 * preprocessing commands, run as it runs them.
 */
#include "config.h"

#include "static/static-preprocess.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "common/child-wait.h"
#include "static/static-error.h"

GSubprocessLauncher *
augur_static_frama_c_launcher (const char *log, const char *tmp)
{
  GSubprocessLauncher *launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_INHERIT | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_unlink (log);
  g_subprocess_launcher_set_stdout_file_path (launcher, log);
  g_subprocess_launcher_setenv (launcher, "TMPDIR", tmp, TRUE);
  return launcher;
}

/* @argv's output (stdout and stderr, through a file in @tmp) when it
 * ended by @deadline, else NULL; *ok: it succeeded. */
static char *
run_output (const char *const *argv, const char *tmp, gint64 deadline, gboolean *ok,
            GError **error)
{
  gint64 left_ms = (deadline - g_get_monotonic_time ()) / 1000;
  if (left_ms <= 0)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_TIMEOUT,
                   "no time left to preprocess the sources");
      return NULL;
    }
  g_autofree char *log = g_build_filename (tmp, "preprocess.out", NULL);
  g_autoptr(GSubprocessLauncher) launcher = augur_static_frama_c_launcher (log, tmp);
  g_autoptr(GSubprocess) proc = g_subprocess_launcher_spawnv (launcher, argv, error);
  if (proc == NULL)
    return NULL;
  AugurChildWatch watch = { .timeout_ms = (guint) MIN (left_ms, (gint64) G_MAXUINT) };
  if (augur_child_wait (proc, &watch) != AUGUR_CHILD_ENDED)
    {
      g_unlink (log);
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_TIMEOUT,
                   "preprocessing the sources did not end in time");
      return NULL;
    }
  *ok = g_subprocess_get_successful (proc);
  char *out = NULL;
  if (!g_file_get_contents (log, &out, NULL, error))
    return NULL;
  g_unlink (log);
  return out;
}

/* The commands frama-c printed: each is the indented text after a line
 * "[kernel] Preprocessing command:". */
static GPtrArray *
printed_commands (const char *text)
{
  GPtrArray *cmds = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (strstr (lines[i], "Preprocessing command:") == NULL)
        continue;
      GString *cmd = g_string_new (NULL);
      for (; lines[i + 1] != NULL && lines[i + 1][0] == ' '; i++)
        {
          if (cmd->len > 0)
            g_string_append_c (cmd, ' ');
          g_string_append (cmd, g_strstrip (lines[i + 1]));
        }
      g_ptr_array_add (cmds, g_string_free (cmd, FALSE));
    }
  return cmds;
}

/* Runs one command as frama-c does (the shell), adds it less its
 * output's name, its status and its output to @sum. */
static gboolean
digest_command (const char *cmd, const char *tmp, gint64 deadline, GChecksum *sum,
                GError **error)
{
  /* "... 'SOURCE' -o 'OUTPUT'": the output's name is made up at each run */
  const char *o = g_strrstr (cmd, " -o '");
  gsize len = o != NULL ? strlen (o) : 0;
  if (o == NULL || len < 7 || cmd[strlen (cmd) - 1] != '\'')
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED,
                   "a preprocessing command without its output file: %s", cmd);
      return FALSE;
    }
  g_autofree char *output = g_strndup (o + 5, len - 6);
  if (strchr (output, '\'') != NULL)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED,
                   "a preprocessing command's output file has a quote: %s", cmd);
      return FALSE;
    }
  g_checksum_update (sum, (const guchar *) cmd, (gssize) (o - cmd));
  g_checksum_update (sum, (const guchar *) "", 1);
  const char *argv[] = { "/bin/sh", "-c", cmd, NULL };
  gboolean ok = FALSE;
  g_autofree char *said = run_output (argv, tmp, deadline, &ok, error);
  if (said == NULL)
    return FALSE;
  g_checksum_update (sum, (const guchar *) (ok ? "ok" : "failed"), -1);
  g_autofree char *text = NULL;
  gsize n = 0;
  if (g_file_get_contents (output, &text, &n, NULL))
    g_checksum_update (sum, (const guchar *) text, (gssize) n);
  g_checksum_update (sum, (const guchar *) "", 1);
  g_unlink (output);
  return TRUE;
}

gboolean
augur_static_preprocess_digest (const char *const *argv, const char *tmp, gint64 deadline,
                                GChecksum *sum, GError **error)
{
  gboolean ok = FALSE;
  g_autofree char *printed = run_output (argv, tmp, deadline, &ok, error);
  if (printed == NULL)
    return FALSE;
  g_autoptr(GPtrArray) cmds = printed_commands (printed);
  if (!ok || cmds->len == 0)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED,
                   "frama-c -print-cpp-commands %s", ok ? "printed no command" : "failed");
      return FALSE;
    }
  for (guint i = 0; i < cmds->len; i++)
    if (!digest_command (cmds->pdata[i], tmp, deadline, sum, error))
      return FALSE;
  return TRUE;
}
