/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * child-wait.h — wait for a child process under a watchdog.
 *
 * augur runs two kinds of children it must not wait for forever: the
 * program being recorded (common/record-run.c) and Frama-C
 * (static/static-driver.c).  Both are waited for the same way: in a main
 * context of their own (so that no other source of the caller runs while
 * augur waits), with a timer that kills the child (SIGKILL) when it runs
 * past its time, and optionally a poll that can ask for it to be killed
 * sooner (the recording's size cap: the rest of the run would not be
 * recorded).  Whatever way it ends, the child has been reaped on return,
 * so its exit status can be read.
 */
#ifndef AUGUR_CHILD_WAIT_H
#define AUGUR_CHILD_WAIT_H

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  AUGUR_CHILD_ENDED,       /* it ended by itself (exit or signal) */
  AUGUR_CHILD_TIMED_OUT,   /* killed: it ran past the timeout */
  AUGUR_CHILD_STOPPED,     /* killed: the poll asked for it */
} AugurChildEnd;

/* Called every poll_ms while the child runs; TRUE: kill it now. */
typedef gboolean (*AugurChildPoll) (gpointer data);

typedef struct {
  guint timeout_ms;            /* 0: no time limit */
  AugurChildPoll poll;         /* NULL: none */
  gpointer poll_data;          /* borrowed */
  guint poll_ms;
  /* SIGINT, SIGTERM or SIGHUP sent to augur alone goes to the child too
   * while it runs (common/interrupt.h: augur waits for it to end). */
  gboolean forward_interrupts;
} AugurChildWatch;

AugurChildEnd augur_child_wait (GSubprocess *child, const AugurChildWatch *watch);

G_END_DECLS

#endif /* AUGUR_CHILD_WAIT_H */
