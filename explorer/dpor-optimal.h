/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-optimal.h — wakeup trees for the DPOR core (dpor-optimal.c); used
 * by dpor.c only.
 */
#ifndef AUGUR_DPOR_OPTIMAL_H
#define AUGUR_DPOR_OPTIMAL_H

#include "explorer/dpor-private.h"

/* A wakeup tree is kept as the ordered list of its root's children (a
 * GPtrArray of WutNode, owning them, as DporNode.wut and AugurDpor.pending
 * are); each node is one step, and siblings are of different threads (the
 * step a thread takes at a node is always the same).  Below the root a
 * node's children are a linked list (first child, next sibling): most
 * nodes have one child or none, and a list per node cost more than the
 * node.  The step itself is kept once per process (augur_dpor_optimal_step):
 * the steps a program takes are few, the nodes of its trees are many
 * (lastzero(18): 1.4 million at once, lastzero(20) 5.3 million within
 * 90 s; they are nearly all of augur's memory there).  So a node is 12
 * bytes: its links are node numbers, not pointers, and its thread is its
 * step's.  The nodes are one stretch of address space reserved once
 * (dpor-optimal.c), number n at augur_dpor_wut_base + n; 0 is no node. */
typedef struct _WutNode WutNode;
struct _WutNode {
  guint32 child;    /* the first child's number; 0: a leaf */
  guint32 next;     /* the next sibling's; 0: none (always so in a root list) */
  guint32 step;     /* the step's number (augur_dpor_optimal_step) */
};

extern WutNode *augur_dpor_wut_base;
extern AugurSchedStep *augur_dpor_step_chunks[];

/* Node number @i (NULL for 0), and a node's number (0 for NULL). */
static inline WutNode *
augur_wut_at (guint32 i)
{
  return i != 0 ? augur_dpor_wut_base + i : NULL;
}

static inline guint32
augur_wut_ix (const WutNode *n)
{
  return n != NULL ? (guint32) (n - augur_dpor_wut_base) : 0;
}

/* The step numbered @id (stored once per process, never moved). */
static inline const AugurSchedStep *
augur_dpor_optimal_step (guint32 id)
{
  return &augur_dpor_step_chunks[id / 4096u][id % 4096u];
}

#define WUT_CHILD(n) augur_wut_at ((n)->child)
#define WUT_NEXT(n) augur_wut_at ((n)->next)
#define WUT_TID(n) ((guint) augur_dpor_optimal_step ((n)->step)->tid)

/* A new leaf for step @s. */
WutNode *augur_dpor_optimal_node_new (const AugurSchedStep *s);
/* Frees @n and its subtree (not its siblings): back to the slab. */
void augur_dpor_optimal_node_free (gpointer n);

/* An empty list of WutNode (owning them). */
GPtrArray *augur_dpor_optimal_tree_new (void);

/* The race (i, j) of the execution being analysed. */
void augur_dpor_optimal_race (DporPass *p, guint i, guint j);
/* The sequence @v reverses a race at node @nd: dropped if a sleeping or
 * done step (or @in_flight, the first step of a branch taken there whose
 * execution is not back yet; NULL: none) makes it redundant
 * (augur_dpor_optimal_redundant), else inserted into the node's tree.
 * @cut: v stops short of the end of notdep(e, E) (augur_dpor_optimal_race). */
void augur_dpor_optimal_insert (DporNode *nd, const GArray *v, const AugurSchedStep *in_flight,
                                gboolean cut);
/* Are the executions that start with @v explored under the branch of the
 * thread whose next step is @x (asleep or done at v's node)? */
gboolean augur_dpor_optimal_redundant (const AugurSchedStep *x, const GArray *v, gboolean cut);
/* The next execution is the leftmost branch of node @k's (non-empty) tree. */
void augur_dpor_optimal_take (AugurDpor *d, guint k, GArray *prefix, GArray *sleep);
/* dpor-handoff.c: the reversal @v of a race at the fixed node @i (whose
 * first event is thread @src's), for its owner. */
void augur_dpor_handoff_collect (AugurDpor *d, guint i, guint src, const GArray *v, gboolean cut);
/* dpor-handoff.c, late insertions (experimental): TRUE if it took @v. */
gboolean augur_dpor_handoff_late_insert (AugurDpor *d, guint k, guint src, const GArray *v,
                                         gboolean cut);
gboolean augur_dpor_handoff_is_late (AugurDpor *d);
/* Helpers for it. */
void augur_dpor_optimal_tree_insert (GPtrArray *list, const GArray *v, gboolean below_root);
gboolean augur_dpor_optimal_weak_initial (const AugurSchedStep *x, const GArray *w);
void augur_dpor_optimal_remove_first (GArray *w, guint t);
/* The next execution: replay to the deepest node with a wakeup tree, then
 * its leftmost branch; FALSE, and d->held set, at a node with branches
 * handed out and none left to take below or at it. */
gboolean augur_dpor_optimal_next (AugurDpor *d, GArray *prefix, GArray *sleep);
/* augur_dpor_ahead for optimal: every branch of every wakeup tree. */
void augur_dpor_optimal_ahead (AugurDpor *d, AugurDporAheadFunc func, gpointer user_data);
/* Adds the one-step branch @step to node @nd's wakeup tree as a child of
 * its own (a spurious wake-up, dpor.c). */
void augur_dpor_optimal_add_branch (DporNode *nd, const AugurSchedStep *step);
/* After an execution was added: the nodes from `from` on, along the branch
 * it followed, get the rest of the wakeup subtree it came with. */
void augur_dpor_optimal_hand_down (AugurDpor *d, const AugurSchedStep *steps, guint n, guint from);
/* The branch taken last could not be followed at prefix step @at: what of
 * its subtree does not start with that step goes back to the tree. */
void augur_dpor_optimal_drop (AugurDpor *d, guint at);

/* augur_dpor_branches' branches left at a node: its wakeup tree's root's
 * children. */
guint augur_dpor_optimal_left (const DporNode *nd);

#endif /* AUGUR_DPOR_OPTIMAL_H */
