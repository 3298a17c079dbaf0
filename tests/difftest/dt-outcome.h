/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-outcome.h — what one execution of a difftest program showed, as the
 * explorer's shared page (common/augur-sched-format.h) reports it, and the
 * sets of them an explorer collects.
 *
 * An outcome is a short string, a function of the execution's
 * Mazurkiewicz trace (explorer/mazurkiewicz.h) except for the one misuse
 * named below:
 *   - the failures, when there were any (the runtime records each failed
 *     assertion and crash when it happens and lets the other threads run
 *     on until nothing else can, so one execution may show several), as
 *     their sorted list: "assert A0", "assert A0+assert A2", "crash";
 *   - else, if the process ended through an END step (main's return,
 *     exit()), "exit N": the status that END asked for, the program's
 *     final shared state as that thread read it (dt-program.h).  When
 *     several threads asked to end, the lowest-numbered one's END runs
 *     (runtime/rt-sched.c, choice_view), so the status is a function of
 *     the trace too;
 *   - "deadlock 1,2": no END asked for and no thread could run (the blocked
 *     threads);
 *   - "hang" (the watchdog), "step-bound", "exit-bound",
 *     "too-many-threads", or "signal N" / "ended N" when the process died
 *     without the runtime saying how;
 * followed by " await:T" for each thread the runtime left AWAITING (vm.c
 * has no waiting loop: that is always a runtime error the model shows),
 * then the misuses the runtime reported, sorted (" misuse:main-returns").
 *
 * misuse:main-returns is the exception: it says that main returned while
 * a worker had not yet taken its EXIT step, and a worker's EXIT depends on
 * no step (only a join waits for it), so two schedules of one trace can
 * differ there.  The outcome compared between traces (the dependence
 * check) and between the naive walk and the explorers leaves it out
 * (dt_outcome_strip); whether some execution showed it is compared on its
 * own, and the model, which enumerates schedules as the naive walk does,
 * is compared on the whole outcome.
 *
 * Executions that did not run to an end of their own (sleep-set blocked,
 * infeasible, diverged) have no outcome.
 */
#ifndef DT_OUTCOME_H
#define DT_OUTCOME_H

#include <glib.h>

#include "common/augur-sched-format.h"

G_BEGIN_DECLS

#define DT_MAIN_RETURNS " misuse:main-returns"

/* The outcome of the execution the page describes, or NULL if it has none
 * (see above).  @killed: the watchdog killed it. */
char *dt_outcome_of (const AugurSchedShm *shm, gboolean killed);
/* @outcome without DT_MAIN_RETURNS (newly allocated); *@had says whether
 * it was there (may be NULL). */
char *dt_outcome_strip (const char *outcome, gboolean *had);

/* What one explorer saw: complete executions, their outcomes and traces. */
typedef struct {
  guint64 executions;       /* complete executions */
  guint64 diverged;         /* executions that did not follow their prefix */
  GHashTable *outcomes;     /* stripped outcome -> first trace that showed it (owned strings) */
  GHashTable *full;         /* whole outcome -> first trace that showed it (owned strings) */
  GHashTable *traces;       /* normal form -> stripped outcome (owned strings) */
  char *main_returns;       /* the first trace that showed misuse:main-returns, or NULL */
  guint64 duplicate_traces; /* complete executions whose trace was seen before */
  /* a trace seen twice with two outcomes: the dependence relation misses
   * an order (owned strings "trace: outcome1 / outcome2") */
  GPtrArray *inconsistent;
} DtCollect;

void dt_collect_init (DtCollect *c);
void dt_collect_clear (DtCollect *c);
/* Adds the execution of @shm; FALSE if it had no outcome. */
gboolean dt_collect_add (DtCollect *c, const AugurSchedShm *shm, gboolean killed);

/* Sorted keys of a string set (a GHashTable with string keys), as a
 * NULL-terminated vector of borrowed strings. */
const char **dt_sorted_keys (GHashTable *set);

G_END_DECLS

#endif /* DT_OUTCOME_H */
