/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * record-run.h — run a program built with augur-cc once, recording it.
 *
 * The program runs as a child with AUGUR_TRACE naming the trace file; its
 * standard streams are the caller's (standard input too, unless a file is
 * given: a program that reads it is recorded reading what the user
 * typed or piped in).  A signal that stops augur reaches it too
 * (common/interrupt.h).  A watchdog kills it (SIGKILL) when
 * the timeout passes.  Whatever way it ends, the trace is left complete:
 * when the runtime could not write the END record itself (killed by the
 * watchdog or by SIGKILL, or vanished), it is appended here from the
 * wait status, so nothing recorded before the end is lost.
 *
 * A size cap bounds the trace: the runtime stops recording when the trace
 * reaches it and ends the trace there (END "cut", AUGUR_TRACE_FLAG_CUT);
 * the program, which would go on unrecorded, is then killed at once.  A
 * cap in events does the same (END "cut-events").
 */
#ifndef AUGUR_RECORD_RUN_H
#define AUGUR_RECORD_RUN_H

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_RECORD_ERROR (augur_record_error_quark ())
GQuark augur_record_error_quark (void);

typedef enum {
  AUGUR_RECORD_ERROR_SPAWN,      /* the program could not be started */
  AUGUR_RECORD_ERROR_NO_TRACE,   /* it ran but did not record (not augur-cc, or died at once) */
  AUGUR_RECORD_ERROR_OUTPUT,     /* the trace file cannot be created */
} AugurRecordError;

/* The caps of a recording; 0: none. */
typedef struct {
  guint64 bytes;        /* the trace's size */
  guint64 events;       /* its events */
} AugurRecordCaps;

typedef struct {
  gboolean timed_out;   /* killed by the watchdog (or stuck) */
  gboolean stuck;       /* killed by the watchdog early: every thread waited for another
                         * (an untimed lock, condition wait, join or barrier wait) and
                         * none had gone into such a call for stuck_ms */
  guint stuck_ms;
  gboolean cut;         /* the trace reached a cap; the program was then killed */
  gboolean cut_events;  /* ... and it was the cap in events */
  gboolean signaled;    /* ended by a signal */
  int status;           /* exit status, or the signal number */
  double seconds;       /* wall time */
} AugurRecordOutcome;

/* argv[0] is the program (already checked and resolved); timeout 0 = none;
 * caps NULL = none.  stdin_path: a regular file the program
 * reads as its standard input; NULL: augur's own standard input, passed
 * through.  output_path: the file its standard output and error go to
 * (created or truncated); NULL: augur's own. */
gboolean augur_record_run (char **argv, const char *trace_path, guint timeout_seconds,
                           const AugurRecordCaps *caps, const char *stdin_path,
                           const char *output_path, AugurRecordOutcome *outcome,
                           GError **error);

G_END_DECLS

#endif /* AUGUR_RECORD_RUN_H */
