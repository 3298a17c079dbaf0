/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * record-run.c — one recorded run under a watchdog (see record-run.h).
 */
#include "config.h"

#include "common/record-run.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "common/augur-trace-format.h"
#include "common/child-wait.h"
#include "common/input-file.h"
#include "common/trace.h"

G_DEFINE_QUARK (augur-record-error-quark, augur_record_error)

/* The trace's header flags, 0 if they cannot be read. */
static guint32
trace_flags (int trace_fd)
{
  guint32 flags = 0;
  if (pread (trace_fd, &flags, sizeof flags, G_STRUCT_OFFSET (AugurTraceHeader, flags))
      != (ssize_t) sizeof flags)
    return 0;
  return flags;
}

/* How long every thread must have waited in a call only another thread
 * can end, none having gone into one since, before the run is called
 * stuck: long against a thread's start or a wake-up in flight, short
 * against the watchdog's seconds. */
#define STUCK_MS 1000

/* The watch on the trace's header while the program runs. */
typedef struct {
  int fd;                 /* the trace, opened for reading its header */
  gint64 all_waiting;     /* since when every thread waits (monotonic us), or 0 */
  guint64 entries;        /* block_entries then */
  gboolean stuck;         /* it stopped the run for that */
  guint stuck_ms;         /* how long it watched them all wait */
} TraceWatch;

/* Every 50 ms: once the runtime says the trace was cut, the rest of the
 * run is not recorded, so it is not waited for; once every live thread
 * has waited for STUCK_MS in an untimed lock, condition wait, join or
 * barrier wait with none going into one since (the header's counts,
 * kept by the runtime), nothing can end the run but a kill. */
static gboolean
trace_watch (gpointer data)
{
  TraceWatch *w = data;
  /* the header up to its counts, not the program's path after them */
  AugurTraceHeader h;
  const gsize head = G_STRUCT_OFFSET (AugurTraceHeader, reserved1);
  if (pread (w->fd, &h, head, 0) != (ssize_t) head)
    return FALSE;
  if (h.flags & AUGUR_TRACE_FLAG_CUT)
    return TRUE;
  gint64 now = g_get_monotonic_time ();
  if (h.live_threads == 0 || h.blocked_threads < h.live_threads
      || (w->all_waiting != 0 && h.block_entries != w->entries))
    {
      w->all_waiting = 0;
      if (h.live_threads == 0 || h.blocked_threads < h.live_threads)
        return FALSE;
    }
  if (w->all_waiting == 0)
    {
      w->all_waiting = now;
      w->entries = h.block_entries;
      return FALSE;
    }
  if (now - w->all_waiting < STUCK_MS * 1000)
    return FALSE;
  w->stuck = TRUE;
  w->stuck_ms = (guint) ((now - w->all_waiting) / 1000);
  return TRUE;
}

/* An old trace removed, and the new one known writable: fail now, not
 * after the run. */
static gboolean
prepare_trace (const char *trace_path, const char *abs_trace, GError **error)
{
  if (g_unlink (abs_trace) != 0 && errno != ENOENT)
    {
      int e = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e),
                   "%s: cannot replace the old trace: %s", trace_path, g_strerror (e));
      return FALSE;
    }

  /* fail now, not after the run, if the trace cannot be written there */
  int probe = g_open (abs_trace, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (probe < 0)
    {
      int e = errno;
      g_set_error (error, AUGUR_RECORD_ERROR, AUGUR_RECORD_ERROR_OUTPUT,
                   "cannot write the trace %s: %s", trace_path, g_strerror (e));
      return FALSE;
    }
  close (probe);
  return TRUE;
}

/* The cap given to the runtime in the environment variable `name`, or
 * none. */
static void
set_cap (GSubprocessLauncher *launcher, const char *name, guint64 cap)
{
  if (cap > 0)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, cap);
      g_subprocess_launcher_setenv (launcher, name, text, TRUE);
    }
  else
    g_subprocess_launcher_unsetenv (launcher, name);
}

/* The launcher of the recorded run: its standard input and output, where
 * its trace goes and the trace's caps.  With a cap, *trace_fd is the
 * trace opened for reading its header flags, else -1. */
static GSubprocessLauncher *
new_launcher (const char *abs_trace, const AugurRecordCaps *caps, const char *stdin_path,
              const char *output_path, int *trace_fd, GError **error)
{
  /* the user's standard input, as if augur were not there, or a file; the
   * output to augur's, or both streams into one file */
  GSubprocessFlags flags = stdin_path == NULL ? G_SUBPROCESS_FLAGS_STDIN_INHERIT
                                              : G_SUBPROCESS_FLAGS_NONE;
  if (output_path != NULL)
    flags |= G_SUBPROCESS_FLAGS_STDERR_MERGE;
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (flags);
  if (output_path != NULL)
    g_subprocess_launcher_set_stdout_file_path (launcher, output_path);
  if (stdin_path != NULL)
    {
      g_autoptr (GError) in_error = NULL;
      int in = augur_input_file_open (stdin_path, G_MAXSIZE, NULL, &in_error);
      if (in < 0)
        {
          g_set_error (error, AUGUR_RECORD_ERROR, AUGUR_RECORD_ERROR_SPAWN,
                       "cannot give %s as standard input: %s", stdin_path, in_error->message);
          return NULL;
        }
      g_subprocess_launcher_take_stdin_fd (launcher, in);
    }
  g_subprocess_launcher_setenv (launcher, AUGUR_ENV_TRACE, abs_trace, TRUE);
  *trace_fd = -1;
  set_cap (launcher, AUGUR_ENV_TRACE_MAX, caps->bytes);
  set_cap (launcher, AUGUR_ENV_TRACE_MAX_EVENTS, caps->events);
  /* the runtime truncates this file, it does not replace it */
  if (caps->bytes > 0 || caps->events > 0)
    *trace_fd = g_open (abs_trace, O_RDONLY | O_CLOEXEC, 0);
  return g_steal_pointer (&launcher);
}

/* How the run ended and its figure, for the trace's END: the cap,
 * the watchdog's seconds, the signal or the exit status. */
static void
ending (const AugurRecordOutcome *outcome, const AugurRecordCaps *caps, guint timeout_seconds,
        guint *how, guint64 *status)
{
  if (outcome->stuck)
    {
      *how = AUGUR_END_BLOCKED;
      *status = outcome->stuck_ms;
    }
  else if (outcome->cut)
    {
      /* written by the runtime already, unless killed first */
      *how = outcome->cut_events ? AUGUR_END_CUT_EVENTS : AUGUR_END_CUT;
      *status = outcome->cut_events ? caps->events : caps->bytes;
    }
  else if (outcome->timed_out)
    {
      *how = AUGUR_END_TIMEOUT;
      *status = timeout_seconds;
    }
  else if (outcome->signaled)
    {
      *how = outcome->status == SIGABRT ? AUGUR_END_ABORT : AUGUR_END_SIGNAL;
      *status = (guint64) outcome->status;
    }
  else
    {
      *how = AUGUR_END_EXIT;
      *status = (guint64) (guint32) outcome->status;
    }
}

gboolean
augur_record_run (char **argv, const char *trace_path, guint timeout_seconds,
                  const AugurRecordCaps *caps, const char *stdin_path, const char *output_path,
                  AugurRecordOutcome *outcome, GError **error)
{
  static const AugurRecordCaps no_caps;
  if (caps == NULL)
    caps = &no_caps;
  memset (outcome, 0, sizeof *outcome);
  g_autofree char *abs_trace = g_canonicalize_filename (trace_path, NULL);
  if (!prepare_trace (trace_path, abs_trace, error))
    return FALSE;

  int trace_fd;
  g_autoptr (GSubprocessLauncher) launcher =
    new_launcher (abs_trace, caps, stdin_path, output_path, &trace_fd, error);
  if (launcher == NULL)
    return FALSE;
  gint64 start = g_get_monotonic_time ();
  g_autoptr (GError) spawn_error = NULL;
  g_autoptr (GSubprocess) child =
    g_subprocess_launcher_spawnv (launcher, (const char *const *) argv, &spawn_error);
  if (child == NULL)
    {
      if (trace_fd >= 0)
        close (trace_fd);
      g_set_error (error, AUGUR_RECORD_ERROR, AUGUR_RECORD_ERROR_SPAWN,
                   "cannot start %s: %s", argv[0], spawn_error->message);
      return FALSE;
    }

  /* SIGINT, SIGTERM or SIGHUP to augur is for the program too: augur
   * waits for it to end and keeps its trace (common/interrupt.h). */
  TraceWatch tw = { .fd = trace_fd };
  AugurChildWatch watch = {
    .timeout_ms = (guint) MIN ((guint64) timeout_seconds * 1000, G_MAXUINT),
    .poll = trace_fd >= 0 ? trace_watch : NULL,
    .poll_data = &tw,
    .poll_ms = 50,
    .forward_interrupts = TRUE,
  };
  AugurChildEnd end = augur_child_wait (child, &watch);
  guint32 flags = trace_fd >= 0 ? trace_flags (trace_fd) : 0;
  if (trace_fd >= 0)
    close (trace_fd);

  outcome->seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  outcome->stuck = end == AUGUR_CHILD_STOPPED && tw.stuck;
  outcome->stuck_ms = tw.stuck_ms;
  outcome->cut = end == AUGUR_CHILD_STOPPED && !tw.stuck;
  outcome->cut_events = outcome->cut && (flags & AUGUR_TRACE_FLAG_CUT_EVENTS) != 0;
  outcome->timed_out = end == AUGUR_CHILD_TIMED_OUT || outcome->stuck;
  outcome->signaled = g_subprocess_get_if_signaled (child);
  outcome->status = outcome->signaled ? g_subprocess_get_term_sig (child)
                                      : g_subprocess_get_exit_status (child);

  GStatBuf st;
  if (g_stat (abs_trace, &st) != 0 || st.st_size == 0)
    {
      g_set_error (error, AUGUR_RECORD_ERROR, AUGUR_RECORD_ERROR_NO_TRACE,
                   "%s ran (%s %d) but wrote no trace: was it built with augur-cc, "
                   "and did it start?", argv[0],
                   outcome->signaled ? "signal" : "exit status", outcome->status);
      return FALSE;
    }
  guint how;
  guint64 status;
  ending (outcome, caps, timeout_seconds, &how, &status);
  /* The chunks a killed process left staged go into the trace first
   * (only here: readers never write a trace).  The runtime writes END
   * itself on every ending it can see; finishing covers the others
   * (SIGKILL, the watchdog, _exit from a forked helper). */
  return augur_trace_recover (abs_trace, error)
         && augur_trace_finish (abs_trace, how, status, error);
}
