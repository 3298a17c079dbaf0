/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-optimal.h — wakeup trees for the DPOR core (dpor-optimal.c); used
 * by dpor.c only.
 */
#ifndef AUGUR_DPOR_OPTIMAL_H
#define AUGUR_DPOR_OPTIMAL_H

#include "explorer/dpor-private.h"

/* The race (i, j) of the execution being analysed. */
void augur_dpor_optimal_race (DporPass *p, guint i, guint j);
/* The next execution: replay to the deepest node with a wakeup tree, then
 * its leftmost branch. */
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
