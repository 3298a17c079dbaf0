/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock-graph.h — the lock-order graph of one run or many, and its
 * inversions (what TSan and Helgrind call a lock-order inversion).
 *
 * An edge A -> B says that a thread took lock B while it held lock A: at
 * which lines, in which threads, and which other locks those threads held
 * each time (the gates).  A cycle of edges from as many different threads
 * is an inversion: if each thread takes its first lock before the next one
 * takes its second, they deadlock.  Whether that schedule exists is another
 * question (the predictor asks Z3, the explorer tries); an inversion is a
 * hazard either way, reported as a warning until some run deadlocks.  When
 * one lock is held at every edge of the cycle, that gate lock serialises
 * the nested sections and no deadlock is possible while it does: the
 * inversion is then a note (an inconsistency worth knowing, not a bug of
 * the program as written), where TSan still warns.
 *
 * Locks are named by their stable names (common/objects.h), so that the
 * graph of many explored executions and of a recorded run agree.  A
 * trylock never blocks and adds no edge; feed only blocking acquisitions
 * (a condition wait's re-acquisition is one).
 */
#ifndef AUGUR_LOCK_GRAPH_H
#define AUGUR_LOCK_GRAPH_H

#include <glib.h>

#include "common/results.h"
#include "common/symbolizer.h"

G_BEGIN_DECLS

/* Where a lock was taken: its name, source location, the index of the
 * acquisition among its thread's events (or explorer steps) and the
 * functions that called the one taking it (an edge keeps those of its
 * first sighting; they show in the finding's accesses). */
typedef struct {
  const char *lock;
  const char *file;      /* NULL if unknown */
  guint line;
  const char *function;  /* NULL if unknown */
  guint64 event;
  const AugurFrame *callers;  /* the call stack above function, innermost first */
  guint n_callers;
} AugurLockSite;

/* The call sites (module[i], pc[i]), i < n, that led to a lock site, as
 * @frames (borrowed strings from @sym), leaving out those with neither
 * file nor function (the runtime's or libc's thread start); how many.
 * The trace's CALLERS records and the scheduler's callers[] both fit. */
guint augur_lock_site_callers (AugurSymbolizer *sym, const guint8 *module, const guint32 *pc,
                               guint n, AugurFrame *frames);
/* As augur_lock_site_callers, for the lock site at (@module, @pc): first,
 * when it is code of a function inlined into another (a lock wrapper at
 * -O2), the call it was inlined at, a frame as a real call's is; up to
 * n + 1 frames. */
guint augur_lock_site_frames (AugurSymbolizer *sym, guint module, guint64 pc,
                              const guint8 *callers_module, const guint32 *callers_pc, guint n,
                              AugurFrame *frames);

typedef struct _AugurLockGraph AugurLockGraph;

AugurLockGraph *augur_lock_graph_new (void);
void augur_lock_graph_free (AugurLockGraph *graph);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurLockGraph, augur_lock_graph_free)

/* @thread took @inner while holding @outer (taken before it) and the locks
 * @also_held (NULL-terminated names; NULL for none).  TRUE if the graph
 * changed: a new edge, or a new thread or fewer gates for a known one. */
gboolean augur_lock_graph_add (AugurLockGraph *graph, guint thread, const AugurLockSite *outer,
                               const AugurLockSite *inner, const char *const *also_held);

/* The inversions: elementary cycles of up to 8 locks whose edges can be
 * given to pairwise different threads, one per set of locks, at most 64,
 * in a deterministic order.  Each is a lock-order-inversion finding
 * (warning; note when a gate lock guards it) whose accesses are each
 * thread's two acquisitions, the second with the locks then held; its
 * explanation ends with @context (may be NULL), what the caller knows of
 * why it did not deadlock.  Newly allocated array of new references. */
GPtrArray *augur_lock_graph_findings (AugurLockGraph *graph, const char *context);

/* The locks of an inversion finding, sorted and joined by ", ": its
 * identity ("a, b"). */
char *augur_lock_graph_finding_key (AugurFinding *finding);

/* "a -> b (T1 x.c:10 x.c:11)" per edge, sorted: for tests. */
char *augur_lock_graph_to_string (AugurLockGraph *graph);

G_END_DECLS

#endif /* AUGUR_LOCK_GRAPH_H */
