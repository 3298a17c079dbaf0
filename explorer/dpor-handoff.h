/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-handoff.h — splitting one optimal-DPOR search between cores
 * (AugurDpor objects, one per worker or more), with the serial search's
 * set of complete executions: a core hands a branch of one of its wakeup
 * trees to another core, which explores it as a search of its own; races
 * that the receiver reverses above the branch are sent back to the node's
 * owner ("forwards"), which inserts them as the serial search would; the
 * giver keeps the node (and the nodes above it) until the receiver reports
 * the branch finished, and its augur_dpor_next answers "wait" instead of
 * popping it.  A branch that starts while one started before it at its
 * node is still explored elsewhere cannot count on that branch's races
 * to insert into its tree, as the serial search does: below it, the
 * insertion check is relaxed (a reversal is dropped only for a sleeping
 * thread that runs in it).  doc/design.md ("Splitting the search") says
 * why, with the trace the strict check loses; the complete executions
 * are then the serial search's Mazurkiewicz traces, each once, beside
 * some sleep-set blocked runs (tests/explorer/test-dpor-split.c checks
 * it on simulated workers).
 *
 * Optimal kind only: source and classic DPOR keep thread sets, not
 * sequences, and are not split (augur_dpor_handoff_take returns NULL).
 *
 * What travels between workers is flat (augur_dpor_branch_to_bytes,
 * augur_dpor_forward_to_bytes): a header and arrays of AugurSchedStep as
 * they are in memory, for a pipe or MPI between builds of the same augur
 * on machines of the same byte order and word size.
 */
#ifndef AUGUR_DPOR_HANDOFF_H
#define AUGUR_DPOR_HANDOFF_H

#include <glib.h>

#include "explorer/dpor.h"

G_BEGIN_DECLS

/* One step of a wakeup subtree in preorder: the step and its depth (0:
 * a child of the branch's first step). */
typedef struct {
  AugurSchedStep step;
  guint32 depth;
  guint32 reserved;       /* 0 */
} AugurDporTreeStep;

/* A branch handed out: the search below node @node that starts with
 * prefix's last step. */
typedef struct {
  guint node;             /* k: the node it starts at (the state before step k) */
  GArray *prefix;         /* AugurSchedStep, k + 1: the steps to node k, then the branch's
                           * first step */
  GArray *sleep;          /* AugurSchedStep: the sleep set at node k for this branch (the
                           * node's own, and the steps of the branches started there
                           * before it, the giver's current one included) */
  GArray *tree;           /* AugurDporTreeStep: the wakeup subtree below the first step */
  gboolean relaxed;       /* the giver's node k is relaxed (doc/design.md) ... */
  gboolean relax_below;   /* ... and the receiver's nodes below it are: the branch starts
                           * beside the giver's, still explored (always TRUE; FALSE only
                           * to show, in the tests, what the strict rule loses) */
  gboolean late;          /* late insertions instead (experimental) */
} AugurDporBranch;

void augur_dpor_branch_free (AugurDporBranch *b);
GBytes *augur_dpor_branch_to_bytes (const AugurDporBranch *b);
AugurDporBranch *augur_dpor_branch_from_bytes (GBytes *bytes, GError **error);

/* The reversal of a race at node @node of the receiver's fixed prefix,
 * for the core that owns that node. */
typedef struct {
  guint node;
  guint src;              /* the thread of the race's first event (a forward), or of the
                           * handed-out branch (a late insertion sent down) */
  guint64 prefix_hash;    /* of the steps before the node (augur_dpor_handoff_apply
                           * refuses a forward whose prefix is not the owner's) */
  GArray *seq;            /* AugurSchedStep: the sequence v to insert there */
  gboolean cut;           /* v stops short of notdep's end (augur_dpor_optimal_race) */
} AugurDporForward;

void augur_dpor_forward_free (AugurDporForward *f);
GBytes *augur_dpor_forward_to_bytes (const AugurDporForward *f);
AugurDporForward *augur_dpor_forward_from_bytes (GBytes *bytes, GError **error);

/* The giver: takes the leftmost branch left at the shallowest node of
 * @d's stack that has one (the most work, the shortest prefix to replay,
 * the fewest forwards), marks it done there (in the sleep set of the
 * branches the giver starts there later) and holds the node until
 * augur_dpor_handoff_finished.  NULL if there is none (or not optimal). */
AugurDporBranch *augur_dpor_handoff_take (AugurDpor *d);

/* The receiver: a core whose first @node + 1 steps are fixed, and the
 * first execution it is to run (the branch's leftmost path; prefix and
 * sleep as augur_dpor_next gives them).  It collects its forwards. */
AugurDpor *augur_dpor_handoff_new (const AugurDporBranch *b, GArray *prefix, GArray *sleep);

/* The forwards collected since the last call (AugurDporForward, owned by
 * the array; each sequence once per core). */
GPtrArray *augur_dpor_handoff_forwards (AugurDpor *d);

typedef enum {
  AUGUR_DPOR_FORWARD_APPLIED,   /* inserted, or dropped as covered (as the serial search) */
  AUGUR_DPOR_FORWARD_UP,        /* its node is above @d's fixed prefix: for @d's giver */
  AUGUR_DPOR_FORWARD_STALE,     /* its node is not on @d's stack: the protocol was broken
                                 * (a hold released early); nothing done */
} AugurDporForwardResult;

AugurDporForwardResult augur_dpor_handoff_apply (AugurDpor *d, const AugurDporForward *f);

/* The branch handed out at @node, starting with thread @tid, is finished
 * (its receiver, and every core it handed work to, is done and their
 * forwards applied). */
void augur_dpor_handoff_finished (AugurDpor *d, guint node, guint tid);

/* Branches handed out by @d and not finished. */
guint augur_dpor_handoff_outstanding (AugurDpor *d);

typedef enum {
  AUGUR_DPOR_NEXT_DONE,   /* the search is complete */
  AUGUR_DPOR_NEXT_RUN,    /* run prefix / sleep */
  AUGUR_DPOR_NEXT_WAIT,   /* a forward or a "finished" must arrive first */
} AugurDporNextResult;

/* Experimental (doc/design.md, "Splitting the search", Next): instead of
 * the relaxed rule, a core sends the insertions the serial search would
 * have made into a handed-out branch's tree down to its receiver
 * (augur_dpor_handoff_downs, routed as forwards are, applied there with
 * augur_dpor_handoff_apply_down); one that falls into a branch already
 * finished is counted (augur_dpor_handoff_misses): the search is then
 * not exact.  Set on the root core before it runs; receivers inherit it. */
void augur_dpor_handoff_enable_late (AugurDpor *d);
GPtrArray *augur_dpor_handoff_downs (AugurDpor *d);
void augur_dpor_handoff_apply_down (AugurDpor *d, const AugurDporForward *f);
guint64 augur_dpor_handoff_misses (AugurDpor *d);

/* augur_dpor_next, with its FALSE split in two. */
AugurDporNextResult augur_dpor_handoff_next (AugurDpor *d, GArray *prefix, GArray *sleep);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDporBranch, augur_dpor_branch_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDporForward, augur_dpor_forward_free)

G_END_DECLS

#endif /* AUGUR_DPOR_HANDOFF_H */
