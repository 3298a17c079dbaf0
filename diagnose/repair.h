/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * repair.h — ConcBugAssist's Algorithm 2 up to the choice of edges:
 * kill-sets (section 4.1) and repairs as binate covers (section 4.2).
 *
 *   - The kill-set of a core is every new happens-before edge x →s y
 *     (x, y of different threads) that closes a cycle in the graph of the
 *     core's orderings plus the hard happens-before between its events
 *     (program order, create/join): y reaches x there.  Edges the program
 *     already forbids (y happens before x whatever the schedule) are left
 *     out.  Figure 5: besides negations of core edges, e6 →s e10 and
 *     e11 →s e5.
 *   - A repair is a set of edges hitting every kill-set (KS_1 ∧ ... ∧ KS_n)
 *     that is consistent (ω): the chosen edges, program order and hard
 *     happens-before have a common linear order (Z3 integer clocks).  Z3's
 *     optimizer finds the cheapest (fewest edges); each solution found is
 *     then blocked, its supersets with it, and the next asked for, so the
 *     solutions come ranked by size (Figure 6's four for Figure 3).
 *   - Edges of different cores are the same edge when their events have
 *     the same keys (events.h).
 */
#ifndef AUGUR_DIAGNOSE_REPAIR_H
#define AUGUR_DIAGNOSE_REPAIR_H

#include <glib.h>

#include "diagnose/root-cause.h"

G_BEGIN_DECLS

/* One class of failing schedules: a core and the execution it came from. */
typedef struct {
  AugurDiagRun *run;          /* owned */
  AugurDiagTrace *trace;      /* owned, of run */
  AugurDiagCore core;
  guint n_runs;               /* explored failing executions it explains (blocks) */
  GArray *kill;               /* AugurDiagPair of trace: its kill-set (x →s y) */
} AugurDiagClass;

void augur_diag_class_free (AugurDiagClass *c);

/* Fills c->kill. */
void augur_diag_kill_set (AugurDiagClass *c);

/* A chosen edge: kill-set edge k of class c (its events in that trace). */
typedef struct {
  guint cls;
  AugurDiagPair edge;
} AugurDiagChoice;

/* Up to @max binate covers of the classes' kill-sets, cheapest first; each
 * a GArray of AugurDiagChoice.  NULL with @error if Z3 failed. */
GPtrArray *augur_diag_binate_covers (GPtrArray *classes, guint max, double timeout,
                                     GError **error);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_REPAIR_H */
