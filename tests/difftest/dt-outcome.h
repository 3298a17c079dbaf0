/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-outcome.h — what one execution of a difftest program showed, as the
 * explorer's shared page (common/augur-sched-format.h) reports it, and the
 * sets of them an explorer collects.
 *
 * An outcome is a short string: how the execution ended and with what
 * observable result — "exit 14" (the exit status: the program's final
 * shared state, dt-program.h), "assert A3", "crash", "deadlock 1,2" (the
 * blocked threads), "hang", "step-bound" — followed by the pthread misuses
 * the runtime reported in it, sorted (" misuse:main-returns").  The
 * execution's trace is named by its Mazurkiewicz normal form
 * (explorer/mazurkiewicz.h).  Executions that did not run to an end of
 * their own (sleep-set blocked, infeasible, diverged) have no outcome.
 */
#ifndef DT_OUTCOME_H
#define DT_OUTCOME_H

#include <glib.h>

#include "common/augur-sched-format.h"

G_BEGIN_DECLS

/* The outcome of the execution the page describes, or NULL if it has none
 * (see above).  @killed: the watchdog killed it. */
char *dt_outcome_of (const AugurSchedShm *shm, gboolean killed);

/* What one explorer saw: complete executions, their outcomes and traces. */
typedef struct {
  guint64 executions;       /* complete executions */
  guint64 diverged;         /* executions that did not follow their prefix */
  GHashTable *outcomes;     /* outcome -> first trace that showed it (owned strings) */
  GHashTable *traces;       /* normal form -> outcome (owned strings) */
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
