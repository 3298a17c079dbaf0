/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * estimate.h — how big an optimal or dpor search is, before or while it
 * runs: Knuth's estimator of the size of a tree (Knuth, "Estimating the
 * efficiency of backtrack programs", 1975) over the search's tree, whose
 * leaves are the runs (a complete execution, or a sleep-set blocked or
 * infeasible one) and whose inner nodes are the states where the search
 * takes more than one branch.
 *
 * Two uses:
 *   - augur explore --estimate: random probes (explore-estimate.c).  A
 *     probe walks from the root to a leaf choosing, at each node, one of
 *     the b branches the search would take there uniformly at random, and
 *     estimates the leaves as the product of the b's; the mean of many
 *     probes is the estimate.  Each probe runs the executions of its path
 *     only (one, plus one per node where it leaves the branch it came by).
 *   - the progress line of a full search (explore.c): the share of the
 *     tree done, from the search's own stack (augur_estimate_done_share),
 *     gives the runs in all as the runs so far over that share.
 *
 * What it cannot know: DPOR finds a node's branches as it goes (races
 * between steps of executions below that node add them), so a probe sees
 * at a node only the branches its own executions revealed: a lower bound
 * where the subtrees it did not run would add more.  How much that misses
 * depends on the tree.  Optimal DPOR's is the worst for probes: what its
 * branch at a node explores is the wakeup tree that the subtrees of the
 * branches before it filled; a probe that takes the second branch never
 * ran the first one's subtree (optimal-tree probes: lastzero(10) ~470 for
 * 3,328).  Source-set DPOR's branch at a node is a thread, added unless
 * one equivalent is there, and what a branch explores below depends only
 * on the node and its sleep set: its branches are mostly known from the
 * first execution through a node (lastzero(10) ~3,400).  All the kinds
 * complete the same executions (one per Mazurkiewicz trace), so the
 * complete executions are estimated on the source-set tree whatever the
 * mode.  And the probes pass on to one another the branches they found at
 * each node (explore-estimate.c).  The estimate is still low where
 * branches show up only deep in subtrees no probe ran; it is an estimate,
 * never a count; doc/design.md ("Estimating a search") gives its measured
 * error.
 */
#ifndef AUGUR_ESTIMATE_H
#define AUGUR_ESTIMATE_H

#include <glib.h>

#include "explorer/dpor.h"
#include "explorer/explore.h"

G_BEGIN_DECLS

/* One step down a probe, after an execution: from node *level on, the
 * first node with more than one branch multiplies *weight by their number
 * and one is drawn with @rng; when it is a branch not yet taken, @prefix
 * and @sleep are set to run it, *level moves past the node, and TRUE is
 * returned; FALSE when the execution was the probe's leaf.  @left_after
 * (may be NULL) receives each node's branches left after it is passed,
 * at nodes below its length. */
gboolean augur_estimate_descend (AugurDpor *dpor, GRand *rng, guint *level, double *weight,
                                 GArray *prefix, GArray *sleep, GArray *left_after);

/* The share of the search's tree done when the execution just added to
 * @dpor has been: at each node of the stack, the branches taken before
 * the current one count as done, each weighted by 1 / (branches) of the
 * nodes above it (as if a node's branches were all the same size); the
 * current execution counts as done.  1 at the end of a search, in (0, 1]
 * always. */
double augur_estimate_done_share (AugurDpor *dpor);

/* The result of augur_explore_estimate. */
typedef struct {
  guint learning;          /* probes run first only to learn the branches (the first half) */
  guint probes;            /* probes the estimate is the mean of (the second half; fewer
                            * than asked if the time ran out) */
  guint batches;           /* the probes split into this many batches, in order */
  double executions;       /* estimate: complete executions of the full search */
  double batch_low;        /* the smallest and largest estimate of executions ... */
  double batch_high;       /* ... of a batch of probes alone */
  double rel_error;        /* standard error of `executions`, relative (0: no spread) */
  double runs;             /* estimate: the source-set search's runs (complete, sleep-set
                            * blocked, infeasible); optimal runs about as many as it
                            * completes, dpor more (not estimated) */
  double runs_low, runs_high;   /* the same batch range for runs */
  guint64 probe_runs;      /* executions the probes ran */
  guint64 probe_killed;    /* ... of them killed by the watchdog (no step for
                            * --exec-timeout: a hang, or one augur cannot see) */
  double seconds;          /* the probes' wall time */
  double late_branches;    /* per probe: branches its later executions added at the
                            * nodes it had passed (the lower bound's missing part) */
  gboolean timed_out;      /* --timeout ended the probes */
} AugurEstimate;

/* Runs @probes random probes of the search @o->mode (optimal or dpor)
 * would make of @argv, from random seed @seed, within o->timeout: the
 * first half only learn, for the others, the branches found at each node
 * (a node is its prefix), the second half estimate.  FALSE
 * with @error as augur_explore's if the program cannot be run. */
gboolean augur_explore_estimate (const char *const *argv, const AugurExploreOptions *o,
                                 guint probes, guint seed, AugurEstimate *est, GError **error);

/* ---- the probes' figures (estimate.c) ---- */
typedef struct _AugurEstimateSamples AugurEstimateSamples;

AugurEstimateSamples *augur_estimate_samples_new (void);
void augur_estimate_samples_free (AugurEstimateSamples *s);
/* One probe's estimates of the complete executions and of the runs. */
void augur_estimate_samples_add (AugurEstimateSamples *s, double executions, double runs);
guint augur_estimate_samples_count (const AugurEstimateSamples *s);
/* The mean, the batch range and the error, into est's probes, batches,
 * executions, batch_low, batch_high, rel_error, runs, runs_low and
 * runs_high. */
void augur_estimate_samples_result (const AugurEstimateSamples *s, AugurEstimate *est);

/* @n rounded to two significant digits, for a line a person reads
 * ("150000", "3300", "12"); newly allocated. */
char *augur_estimate_format (double n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurEstimateSamples, augur_estimate_samples_free)

G_END_DECLS

#endif /* AUGUR_ESTIMATE_H */
