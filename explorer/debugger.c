/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * debugger.c — a finding's schedule run under gdb; see debugger.h.
 */
#include "config.h"

#include "explorer/debugger.h"

#include <errno.h>
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/augur-sched-format.h"
#include "explorer/executor.h"

gboolean
augur_debugger_exec (const char *const *argv, const guint *threads, guint n, GError **error)
{
  AugurSchedShm *shm = NULL;
  int fd = augur_executor_make_page (&shm, error);
  if (fd < 0)
    return FALSE;
  shm->prefix_len = MIN (n, AUGUR_SCHED_MAX_STEPS);
  for (guint k = 0; k < shm->prefix_len; k++)
    shm->prefix[k] = (guint16) threads[k];
  g_autofree char *env = g_strdup_printf ("%d", fd);
  g_autofree char *stop = g_strdup_printf ("%u", n > 0 ? n - 1 : 0);
  g_setenv (AUGUR_ENV_SCHED, env, TRUE);
  g_setenv (AUGUR_ENV_SCHED_STOP, stop, TRUE);
  g_autoptr (GPtrArray) gargv = g_ptr_array_new ();
  const char *const head[] = { "gdb", "-q", "-ex", "run", "--args" };
  for (guint k = 0; k < G_N_ELEMENTS (head); k++)
    g_ptr_array_add (gargv, (gpointer) head[k]);
  for (guint k = 0; argv[k] != NULL; k++)
    g_ptr_array_add (gargv, (gpointer) argv[k]);
  g_ptr_array_add (gargv, NULL);
  fprintf (stderr, "augur replay: running %s under gdb; it stops before step %u of the schedule\n",
           argv[0], n);
  execvp ("gdb", (char **) gargv->pdata);
  int e = errno;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e),
               "cannot run gdb: %s (install the gdb package)", g_strerror (e));
  return FALSE;
}
