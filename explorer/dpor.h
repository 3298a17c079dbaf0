/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor.h — the exploration core: source-DPOR with sleep sets (Abdulla,
 * Aronis, Jonsson, Sagonas, POPL 2014, Algorithm 1), written for a
 * stateless explorer that runs one whole execution at a time, or, with
 * AUGUR_DPOR_CLASSIC, the persistent-set DPOR of Flanagan & Godefroid
 * (POPL 2005) with sleep sets and locksets, as inspect does it (Yang et
 * al., 2008; see dpor-classic.c), or, with AUGUR_DPOR_OPTIMAL, optimal DPOR: source
 * sets with wakeup trees (Algorithm 2, dpor-optimal.c), which never runs a
 * sleep-set blocked execution.  All three complete each Mazurkiewicz trace
 * exactly once (sleep sets); source sets alone may run sleep-set blocked
 * executions besides, and classic, with more backtrack points, more of them
 * (and infeasible ones).
 *
 * The model:
 *   - An execution is a sequence of AugurSchedStep (common/augur-sched-
 *     format.h).  The core keeps the current one and a node per step: the
 *     backtrack set (threads to try from the state before the step), the
 *     done set (threads tried), the events those threads ran there, and the
 *     sleep set.
 *   - After each execution, augur_dpor_add_execution computes happens-before
 *     with vector clocks and, for every race (e, e') whose second event is
 *     new in this execution, adds an initial of notdep(e, E).e' to the
 *     backtrack set of pre(E, e) unless one is there.  Locks race
 *     acquisition against acquisition (as in inspect, section 4.6), memory
 *     and other objects write against read/write.  The pass is kept from
 *     one execution to the next: it goes back to the first step where the
 *     new execution leaves the last one (undoing what the steps after it
 *     did) and goes on from there, so the replayed prefix is not analysed
 *     again (dpor-pass.c, "Where the last pass left off").
 *   - augur_dpor_next gives the next execution to run: the replayed prefix
 *     plus one new step, and the sleep set that holds from that step on.
 *     The runtime keeps filtering that sleep set (dependent steps wake
 *     entries) and refuses to schedule sleeping threads, so no two complete
 *     executions are equivalent: each Mazurkiewicz trace is run once;
 *     executions that only sleeping threads could continue end early and
 *     are counted apart (sleep-set blocked).
 *   - The same pass finds data races: two accesses to overlapping memory,
 *     one a write, at least one not atomic, unordered by the
 *     synchronisation-only happens-before.
 */
#ifndef AUGUR_DPOR_H
#define AUGUR_DPOR_H

#include <glib.h>

#include "common/augur-sched-format.h"

G_BEGIN_DECLS

typedef struct _AugurDpor AugurDpor;

typedef enum {
  AUGUR_DPOR_SOURCE,    /* source sets: the backtrack set gets an initial of notdep(e, E).e' */
  AUGUR_DPOR_CLASSIC,   /* persistent sets: thread(e') if it may run there, else ... (dpor-classic.c) */
  AUGUR_DPOR_OPTIMAL,   /* wakeup trees: optimal DPOR (dpor-optimal.c), no sleep-set blocking */
} AugurDporKind;

/* A data race between steps i < j of the execution just added. */
typedef void (*AugurDporRaceFunc) (const AugurSchedStep *steps, guint n, guint i, guint j,
                                   gpointer user_data);

/* Steps i < j of the execution just added, of different threads, access
 * the same memory and one of them writes, whether or not they are ordered
 * (augur_dpor_set_conflict_func).  Called for the accesses that meet in
 * the shadow: each access with the last write before it, and a write with
 * the reads since that write; a pair may be passed more than once. */
typedef void (*AugurDporConflictFunc) (const AugurSchedStep *steps, guint i, guint j,
                                       gpointer user_data);

AugurDpor *augur_dpor_new (void);              /* AUGUR_DPOR_SOURCE */
AugurDpor *augur_dpor_new_kind (AugurDporKind kind);
void       augur_dpor_free (AugurDpor *dpor);

/* Every later augur_dpor_add_execution reports its conflicts to @func
 * (NULL: none, the default). */
void augur_dpor_set_conflict_func (AugurDpor *dpor, AugurDporConflictFunc func,
                                   gpointer user_data);

/* The execution that followed the last augur_dpor_next (or the first).
 * @steps: its n steps.  @races: called for each data race (may be NULL). */
void augur_dpor_add_execution (AugurDpor *dpor, const AugurSchedStep *steps, guint n,
                               AugurDporRaceFunc races, gpointer user_data);
/* The last requested execution could not follow its prefix at step @at
 * (the thread was not enabled there): forget it, and keep (optimal) the
 * branches it carried that do not need that step. */
void augur_dpor_drop_execution (AugurDpor *dpor, guint at);

/* The next execution: @prefix receives the steps to replay (the last one
 * is new: only its tid is meaningful), @sleep the sleep set valid before
 * that last step.  FALSE when the exploration is complete, or (a core that
 * handed branches out, dpor-handoff.h) when it must wait for them:
 * augur_dpor_handoff_next tells which. */
gboolean augur_dpor_next (AugurDpor *dpor, GArray *prefix, GArray *sleep);

/* The first @n steps of every execution are fixed (a forced prefix, as
 * when confirming a prediction): races are still analysed there, but no
 * alternative is ever explored before step @n.  The exploration is then
 * complete for the executions that share that prefix, not for the program. */
void augur_dpor_set_fixed (AugurDpor *dpor, guint n);

/* The operations threads were waiting to do when the execution about to
 * be added ended (blocked, or cut): analysed as steps that never ran, so
 * that their races with earlier steps are reversed too (NULL: none). */
void augur_dpor_set_pending (AugurDpor *dpor, const AugurSchedStep *pending, guint n);

/* The runtime's enabled-set log of the execution about to be added
 * (augur-sched-format.h), for the strategies that need to know which
 * threads could run at each step; NULL: none (rebuilt from the steps). */
void augur_dpor_set_enabled_log (AugurDpor *dpor, const AugurSchedEnabled *log, guint n,
                                 guint32 lost_at);

/* An analysis pass (augur_dpor_add_execution) still running at @deadline
 * (g_get_monotonic_time; 0, the default: none) stops there, with the
 * races and backtrack points found so far: the exploration is then
 * incomplete (augur_dpor_cut), as one whose time ran out.  A pass over a
 * long execution can otherwise take longer than the whole time given. */
void augur_dpor_set_deadline (AugurDpor *dpor, gint64 deadline);
gboolean augur_dpor_cut (AugurDpor *dpor);

/* Looking ahead, for a parallel exploration (explore-pool.h): the
 * executions the search is to ask augur_dpor_next for later, each as the
 * prefix and sleep set augur_dpor_next will then give, deepest node first;
 * @func is called with each (and the depth of its node) until it returns
 * FALSE.  Optimal: every branch of every wakeup tree on the stack, and
 * each will be asked for with exactly that prefix and sleep set unless
 * the search stops first (a wakeup tree only grows at its end, so the
 * branches before a branch and its own leftmost path stay as they are);
 * only the sleep set's copies of steps (the done steps of a node are the
 * ones the executions took, the tree's are the races') can differ.
 * Classic and source: the next branch of each node whose done steps are
 * all known; a backtrack point added later for a smaller thread can take
 * its turn.  Wrong guesses cost a wasted execution, never a wrong one:
 * the caller runs what augur_dpor_next asks, looked ahead or not. */
typedef gboolean (*AugurDporAheadFunc) (guint depth, const GArray *prefix, const GArray *sleep,
                                        gpointer user_data);
void augur_dpor_ahead (AugurDpor *dpor, AugurDporAheadFunc func, gpointer user_data);

/* For the estimator of the search's size (explorer/estimate.h): at node
 * @k of the stack, *@taken receives the branches taken there (the one
 * being explored included: at least 1, the execution's own end at a leaf
 * node that only has spurious wake-ups to try) and *@left those the
 * search still has to take, as known now (races found below later may add
 * more).  Nodes of the fixed prefix have no other branch. */
void augur_dpor_branches (AugurDpor *dpor, guint k, guint *taken, guint *left);

/* A random probe of the estimator (source and classic kinds): the next
 * execution takes the @i-th of the branches left at node @k (in the order
 * the search takes them, i < left of augur_dpor_branches), as
 * augur_dpor_next would give it had the search taken the ones before it
 * first: those count as taken (their steps, when known, are in its sleep
 * set); the others stay. */
void augur_dpor_probe_take (AugurDpor *dpor, guint k, guint i, GArray *prefix, GArray *sleep);

/* What the probes learn of a node from one another (source and classic
 * kinds): the threads < 64 that are branches at node @k (taken, or left
 * to take), as a mask; and thread @t, a branch another probe found at the
 * same node (the same prefix), made a branch to take here too unless it
 * was taken or sleeps here.  TRUE if it was added. */
guint64 augur_dpor_probe_branches (AugurDpor *dpor, guint k);
gboolean augur_dpor_probe_add (AugurDpor *dpor, guint k, guint t);

/* Nodes currently on the stack (for progress and tests). */
guint augur_dpor_depth (AugurDpor *dpor);

/* Optimal: the wakeup trees' nodes of the whole process (every search in
 * it): @live, in trees now; @held, in the slabs they come from, which
 * keep a freed node for the next one and never shrink (the most the
 * trees held at once, to within a slab).  What the search's memory grows
 * with: lastzero(18)'s trees hold over a million nodes at once. */
void augur_dpor_wakeup_nodes (guint64 *live, guint64 *held);
/* The bytes of one node in the slabs. */
guint augur_dpor_wakeup_node_size (void);
/* The nodes in @dpor's own wakeup trees now (walked; for tests): the
 * nodes' trees and the subtree its last branch came with. */
guint64 augur_dpor_wakeup_tree_nodes (AugurDpor *dpor);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDpor, augur_dpor_free)

G_END_DECLS

#endif /* AUGUR_DPOR_H */
