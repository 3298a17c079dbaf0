/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-naive.h — the differential tester's oracle: every schedule of a
 * program, enumerated without any reduction.
 *
 * The tree of schedules is walked depth first through the executor
 * (explorer/executor.h), one whole execution at a time, with no sleep set
 * and nothing borrowed from the explorer's search cores (no DPOR, no
 * enabledness guesses from explorer/enabled.h): at every state k of an
 * execution (k at or after the step its prefix chose) every other thread
 * that exists there — created before k and not exited — is tried by
 * running the prefix steps[0..k) plus that thread; the runtime answers
 * AUGUR_SST_INFEASIBLE when it was not enabled.  So the only model shared
 * with the explorer is the runtime's: its scheduling points and what it
 * considers enabled.  That includes spurious wake-ups, which the runtime
 * runs when a prefix asks for one but never chooses by itself: so after
 * the last step of an execution that deadlocked every thread is tried too
 * (a deadlock is a schedule, and so is each continuation after a
 * wake-up), and the threads that could run there, or before an END, must
 * be those the runtime flagged for the explorer (AugurSchedThread.spurious).
 * Each complete schedule is named by its Mazurkiewicz normal form, which
 * counts the traces and checks the dependence relation (schedules of one
 * trace must end alike).
 */
#ifndef DT_NAIVE_H
#define DT_NAIVE_H

#include <glib.h>

#include "explorer/executor.h"
#include "tests/difftest/dt-outcome.h"

G_BEGIN_DECLS

typedef struct {
  guint64 max_schedules;    /* stop (over_limit) past this many */
  guint max_steps;          /* step bound of an execution */
  double exec_timeout;      /* watchdog of one execution, seconds */
  gboolean no_spurious;     /* condition waits never wake without a signal
                             * (AUGUR_SCHED_F2_NO_SPURIOUS, as augur_explore's no_spurious) */
} DtNaiveOptions;

typedef struct {
  DtCollect all;            /* every schedule: all.executions = schedules */
  guint64 infeasible;       /* runs of a thread that was not enabled */
  gboolean over_limit;      /* more than max_schedules: the walk stopped */
  /* ends of executions where the threads a prefix could still run differ
   * from the runtime's spurious flags, and the first of them, said */
  guint64 flag_mismatch;
  char *flag_example;
} DtNaiveResult;

/* Walks every schedule of the program @ex serves.  FALSE with @error if
 * the executor failed; a program that does not follow its schedules is
 * counted in result->all.diverged. */
gboolean dt_naive_explore (AugurExecutor *ex, const DtNaiveOptions *opts, DtNaiveResult *result,
                           GError **error);
void     dt_naive_result_clear (DtNaiveResult *result);

G_END_DECLS

#endif /* DT_NAIVE_H */
