/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * root-cause.h — ConcBugAssist's GENERATEUNSATCORE (Algorithm 1, line 5)
 * on one failing execution: the few inter-thread orderings that must all
 * hold for the failure.
 *
 * The formula (Z3, integer clocks, one per event of events.h):
 *   hard  = program order, create/join, the wake-ups, barriers and
 *           semaphore waits as they happened, lock mutual exclusion
 *           (of any two critical sections on one lock, one ends before
 *           the other begins), and p: the execution PASSES, i.e. not
 *           every relevant read reads from the write it read from in the
 *           failing execution (or not every one reads the initial value
 *           it read);
 *   soft  = φsch, the failing schedule's inter-thread orderings a → b of
 *           conflicting events (same location, one of them a write) that
 *           hard happens-before does not already give; for each event and
 *           each other thread only the last conflicting event of that
 *           thread before it (earlier ones follow by program order).
 * hard ∧ φsch is unsatisfiable (φsch fixes every read's write); a minimal
 * subset of φsch with which it stays unsatisfiable (Z3's core with
 * assumptions, then shrunk by deletion until no edge can go) is φcore:
 * every execution with those orderings fails the same way.
 *
 * The relevant reads (the data flow that makes the failure happen):
 *   level 1  the failing thread's reads, and transitively every read a
 *            thread made before a write that a relevant read read from
 *            (the cone of the failure, by program order);
 *   level 2  every read of a shared location before the failure (for
 *            failures that depend on a write that did NOT happen: a branch
 *            not taken shows no event, so the reads deciding it must be
 *            pinned too).
 * The caller starts at level 1 and goes to level 2 when an explored
 * passing execution has the level-1 core's orderings (diagnose.c).
 */
#ifndef AUGUR_DIAGNOSE_ROOT_CAUSE_H
#define AUGUR_DIAGNOSE_ROOT_CAUSE_H

#include <glib.h>

#include "diagnose/events.h"
#include "diagnose/runs.h"

G_BEGIN_DECLS

#define AUGUR_DIAG_ERROR (augur_diag_error_quark ())
GQuark augur_diag_error_quark (void);

typedef enum {
  AUGUR_DIAG_ERROR_SOLVER,    /* Z3 failed or timed out */
  AUGUR_DIAG_ERROR_NOT_SCHEDULE, /* the failure happens whatever the order of these events */
  AUGUR_DIAG_ERROR_FAILED,    /* anything else (building, exploring) */
} AugurDiagError;

/* An ordering a → b between events a and b of one trace (indices). */
typedef struct {
  guint a, b;
} AugurDiagPair;

typedef struct {
  GArray *core;       /* AugurDiagPair, in execution order of b */
  guint n_soft;       /* |φsch| */
  guint level;        /* 0: against the explored executions; 1, 2: the trace formula */
  double seconds;
} AugurDiagCore;

void augur_diag_core_clear (AugurDiagCore *c);

/* The root cause of @t's failure at @level (1 or 2), within @timeout
 * seconds (0 = none).  FALSE with @error: AUGUR_DIAG_ERROR_NOT_SCHEDULE
 * when no order of these events passes, _SOLVER when Z3 gave up. */
gboolean augur_diag_root_cause (const AugurDiagTrace *t, guint level, double timeout,
                                AugurDiagCore *out, GError **error);

/* The root cause against the executions the explorer ran (level 0):
 * φ ∧ p is the set of explored executions that do not fail at @site (an
 * exhaustive exploration has every Mazurkiewicz trace, and the order of
 * two conflicting events is the same in every execution of a trace), so
 * φcore is the smallest subset of φsch that each of them violates: a
 * minimum hitting set of the orderings each one violates (partial
 * MAX-SAT, the paper's section 2.3; Z3 optimize).  This sees values and
 * branches that the trace formula cannot (a write that did not happen).
 * @sigs: AugurDiagSig.  NOT_SCHEDULE when one of them has every ordering
 * of φsch. */
gboolean augur_diag_root_cause_explored (const AugurDiagTrace *t, GPtrArray *sigs,
                                         const char *site, double timeout, AugurDiagCore *out,
                                         GError **error);

/* Do the orderings of @core (of @t) all hold in @other (events matched by
 * key)?  Algorithm 1's blocking clause ¬φcore rules out exactly these. */
gboolean augur_diag_core_holds (const AugurDiagTrace *t, const GArray *core,
                                const AugurDiagTrace *other);

/* "T1 w:16 < T2 w:24, T2 w:25 < T1 w:17": orderings in short (thread, r/w/
 * s for synchronisation, line), for tests and debugging. */
char *augur_diag_pairs_to_string (const AugurDiagTrace *t, const GArray *pairs);

/* "T1's write of `x` (prog.c:5) before T2's write of `x` (prog.c:10)":
 * the two events joined by @word ("before"; a kill-set's "\u2192s"). */
char *augur_diag_pair_describe (const AugurDiagTrace *t, const AugurDiagPair *p, const char *word);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_ROOT_CAUSE_H */
