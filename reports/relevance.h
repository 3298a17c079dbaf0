/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * relevance.h — which steps of a finding's schedule matter to a person, and
 * the happens-before edges between them.
 *
 * A schedule may hold 10^6 steps; a picture must hold a few dozen.  The
 * relevant steps are, in decreasing priority (the list is cut at max_steps
 * but the bug's own steps are always kept):
 *   1. the bug's steps and the steps of its involved accesses;
 *   2. for each lock held at an involved access, the acquire of that lock by
 *      the same thread before it and the matching unlock after it;
 *   3. for a deadlock, the acquire that holds the lock each blocked request
 *      waits for;
 *   4. for each involved thread, its create and start, its exit and join;
 *   5. the release that an acquire already chosen synchronises with, and the
 *      first acquire that a release already chosen synchronises with, when
 *      done by an involved thread (one level, not transitive).
 *
 * Edges between relevant steps:
 *   - program order between consecutive relevant steps of a thread, with the
 *     number of the thread's steps left out in between;
 *   - synchronisation: create->start, exit->join, unlock->lock (and rdlock,
 *     trylock; a read lock only from a write-mode release: two readers do
 *     not order each other), signal/broadcast->wake, sem-post->sem-wait,
 *     barrier-enter->barrier-leave, computed over the WHOLE schedule and kept
 *     when both ends are relevant;
 *   - the highlighted edges of the bug: for a deadlock, each blocked request
 *     "waits for" the acquire that holds its lock; otherwise consecutive bug
 *     steps (in schedule order) of different threads are joined, as a
 *     "conflict" for a data race and as "then" for the other kinds.
 *
 * Everything is computed in one pass plus lookups: linear in the schedule.
 */
#ifndef AUGUR_REPORT_RELEVANCE_H
#define AUGUR_REPORT_RELEVANCE_H

#include "common/results.h"

G_BEGIN_DECLS

/* The default cut for pictures. */
#define AUGUR_REPORT_MAX_RELEVANT_STEPS 60
/* Schedules up to this length are shown whole in timelines and code flows. */
#define AUGUR_REPORT_FULL_SCHEDULE_MAX 400

typedef enum {
  AUGUR_REPORT_EDGE_PROGRAM_ORDER,
  AUGUR_REPORT_EDGE_CREATE,      /* create -> start */
  AUGUR_REPORT_EDGE_JOIN,        /* exit -> join */
  AUGUR_REPORT_EDGE_LOCK,        /* unlock -> lock */
  AUGUR_REPORT_EDGE_SIGNAL,      /* signal/broadcast -> wake */
  AUGUR_REPORT_EDGE_SEMAPHORE,   /* sem-post -> sem-wait */
  AUGUR_REPORT_EDGE_BARRIER,     /* barrier-enter -> barrier-leave */
  AUGUR_REPORT_EDGE_CONFLICT,    /* highlighted: the two sides of a race */
  AUGUR_REPORT_EDGE_WAITS_FOR,   /* highlighted: blocked request -> holder */
  AUGUR_REPORT_EDGE_THEN,        /* highlighted: the violating interleaving */
} AugurReportEdgeKind;

typedef struct {
  guint               from;     /* schedule step */
  guint               to;       /* schedule step */
  AugurReportEdgeKind kind;
  guint64             skipped;  /* program order: the thread's steps left out between */
} AugurReportEdge;

typedef struct _AugurReportRelevance AugurReportRelevance;

AugurReportRelevance *augur_report_relevance_compute (AugurFinding *finding, guint max_steps);
void                  augur_report_relevance_free (AugurReportRelevance *rel);

/* Relevant steps, sorted. */
const guint           *augur_report_relevance_get_steps (AugurReportRelevance *rel, guint *n_steps);
gboolean               augur_report_relevance_contains (AugurReportRelevance *rel, guint step);
/* Edges, sorted by (from, to, kind). */
const AugurReportEdge *augur_report_relevance_get_edges (AugurReportRelevance *rel, guint *n_edges);
/* Threads that have a relevant step, sorted. */
const guint           *augur_report_relevance_get_threads (AugurReportRelevance *rel, guint *n_threads);
/* The steps a timeline or code flow shows: the whole schedule when it is no
 * longer than AUGUR_REPORT_FULL_SCHEDULE_MAX, else the relevant steps and
 * the one step either side of each bug step.  Sorted; caller frees. */
GArray                *augur_report_relevance_dup_view (AugurReportRelevance *rel);
/* The threads with a step in @view (from augur_report_relevance_dup_view),
 * sorted and unique: the columns of a timeline.  Caller frees. */
GArray                *augur_report_relevance_dup_view_threads (AugurReportRelevance *rel,
                                                                GArray *view);

/* "steps 0 2 5\nedge 0->2 create\nedge 2->5 program-order skipping 2\n..." */
char       *augur_report_relevance_to_string (AugurReportRelevance *rel);

const char *augur_report_edge_kind_to_string (AugurReportEdgeKind kind);
/* The words on an edge of this kind in a picture ("unlock -> lock"; empty
 * for program order). */
const char *augur_report_edge_kind_label (AugurReportEdgeKind kind);
gboolean    augur_report_edge_kind_is_highlight (AugurReportEdgeKind kind);

/* Does access @a's thread hold @lock (one of @a's locks held) for reading,
 * a rwlock's read lock, as the schedule shows where it took it?  FALSE
 * when the schedule does not show that acquisition. */
gboolean    augur_report_lock_held_for_reading (AugurFinding *finding, const AugurAccess *a,
                                                const char *lock);

/* The function a thread runs, from its start step or its first step ("main"
 * for thread 0); NULL if unknown. */
const char *augur_report_thread_function (AugurFinding *finding, guint thread);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurReportRelevance, augur_report_relevance_free)

G_END_DECLS

#endif /* AUGUR_REPORT_RELEVANCE_H */
