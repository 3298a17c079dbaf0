/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * confirm.h — confirming a prediction of the predictor by re-execution:
 * replay the program up to the violating interleaving the
 * prediction's schedule describes, then explore around it.
 *
 * The model:
 *   - The prediction's schedule (trace events) becomes an explorer prefix
 *     (event-map.h).  The first execution follows it; every step it took
 *     is compared with the event it stands for.  If the program cannot
 *     follow it (a thread blocked or gone, another operation or line, the
 *     run ended before the violation), the prediction is NOT_REALISABLE
 *     at that schedule step.
 *   - A probe runs the prefix alone (stopped at its end), so that a
 *     program that leaves the schedule is caught at once.  A failure
 *     before the prefix's end counts as harm once the violation happened:
 *     after the remote access of an atomicity violation (a remote read of
 *     an intermediate state can fail at once), after both accesses of a
 *     race, the acquisitions of a deadlock.
 *   - Otherwise the violation happened.  That execution and up to `around`
 *     more, which keep the prefix and vary what follows it (source-DPOR
 *     with the prefix fixed, dpor.h), are watched for harm: a failed
 *     assertion or abort, a crash, a deadlock (every live thread blocked),
 *     or a wrong result (a nonzero exit status).  The first harm makes the
 *     prediction HARMFUL, unless the program's default schedule (no prefix,
 *     no violation forced) fails the same way: then it fails on its own
 *     path (an unconditional abort, say), and the prediction is BENIGN.
 *     None makes it BENIGN.
 *   - A HARMFUL outcome carries the bug to report: the prediction's kind,
 *     pattern, object and accesses, with the schedule of the execution that
 *     failed (explorer steps: `augur replay` re-runs it), the violation's
 *     steps as bug steps, the harm as one more access (assert-fail, fault,
 *     the blocked lock requests, or end) and in the explanation, and the
 *     prediction member with class "harmful".
 */
#ifndef AUGUR_CONFIRM_H
#define AUGUR_CONFIRM_H

#include <glib.h>

#include "common/results.h"

G_BEGIN_DECLS

typedef struct {
  double exec_timeout;      /* watchdog per execution, 0 = 10 s */
  guint max_steps;          /* 0 = AUGUR_EXPLORE_MAX_STEPS */
  guint around;             /* executions explored after the violation, 0 = 50 */
  double timeout;           /* whole confirmation, 0 = 60 s */
} AugurConfirmOptions;

typedef struct {
  AugurPredictionClass cls;   /* HARMFUL, BENIGN, NOT_REALISABLE */
  AugurFinding *finding;      /* HARMFUL: the confirmed bug to report (owned); else NULL */
  AugurFinding *witness;      /* BENIGN: the prediction with the schedule (explorer steps) of
                               * the execution in which the violation happened, class benign,
                               * for `augur replay` (owned); else NULL */
  guint diverged_at;          /* NOT_REALISABLE: index in the prediction's schedule where replay diverged */
  guint64 executions;
  char *explanation;          /* one sentence: what followed / where it diverged (owned) */
  gboolean failed_anyway;     /* BENIGN: it failed after the violation, but the same way
                               * without it (the default schedule, or a race's other order) */
  guint64 hung;               /* BENIGN: executions after the violation the watchdog killed
                               * (a hang is no failure confirm can blame, nor an absence of one) */
} AugurConfirmOutcome;

/* The explanation augur check gives a benign prediction whose outcome
 * failed_anyway (check/check-merge.c reads it back). */
#define AUGUR_CONFIRM_FAILED_ANYWAY "failed anyway"
/* ... and one with executions that hung after it */
#define AUGUR_CONFIRM_HUNG "hung after it"

void augur_confirm_options_init (AugurConfirmOptions *o);

/* Confirms @prediction (a finding with a prediction member and a
 * schedule, as augur predict writes it) on the program @argv.  FALSE with
 * @error if the program cannot be run (AUGUR_EXPLORE_ERROR_*) or the
 * schedule cannot be mapped (AUGUR_EVENT_MAP_ERROR_*: no schedule, or one
 * cut to its window); then @out is left cleared. */
gboolean augur_confirm_prediction (const char *const *argv, AugurFinding *prediction,
                                   const AugurConfirmOptions *o, AugurConfirmOutcome *out,
                                   GError **error);

void augur_confirm_outcome_clear (AugurConfirmOutcome *out);

/* What @prediction claims, without the predictor's "Predicted, not
 * confirmed: " (newly allocated): "X." for "Predicted, not confirmed: X.". */
char *augur_confirm_claim (AugurFinding *prediction);

/* Re-runs a confirmed finding's schedule (for augur replay) and says
 * whether the same harm followed: same kind (assertion, crash, deadlock,
 * nonzero exit) at the same source line, after the same steps (op and
 * line of each).  @what receives one sentence on what happened. */
gboolean augur_confirm_replay (const char *const *argv, AugurFinding *confirmed, gboolean show_output,
                               gboolean *reproduced, char **what, GError **error);

G_END_DECLS

#endif /* AUGUR_CONFIRM_H */
