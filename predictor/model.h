/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * model.h — the partial-order thread model of one recorded trace, the
 * input of every prediction query.
 *
 * The model (McPatom's Definition 1, with the additions of the issue):
 *   - Per thread, its events in program order.  An event is named by its
 *     global index g (its position in the trace) and by (thread, tidx), its
 *     index among its thread's events, counted from 0 as results.h counts.
 *   - Happens-before (hard order, kept by every predicted schedule):
 *     program order; create -> the child's events; the child's events ->
 *     the join; signal/broadcast -> the wake it caused (the last signal or
 *     broadcast on that condition before the wake, after the wait);
 *     barrier rounds (every arrival of a round -> every departure of it);
 *     semaphores by counts (the k-th completed wait follows post number
 *     k - initial value, FIFO: the observed matching); pipes likewise by
 *     bytes (a read that took bytes follows the writes that put them, as
 *     the recorded adds of its channel word say, runtime/rt-fdio.c); on a
 *     socket pair or an eventfd (one word carries both ways, or every
 *     eventfd's counter) a read that took something follows every write
 *     before it.  It is stored as vector clocks, one snapshot per thread
 *     each time the clock learns something (an acquire-like event), so a
 *     lookup is a binary search.
 *     vc(e)[u] is the number of u's events that happen before e (or e itself).
 *   - Locks are NOT ordering edges: critical sections on one lock are
 *     mutually exclusive, in either order.  They are kept as lists of
 *     critical sections (acquire, release) per thread; the encoding turns
 *     them into disjunctions.  Mutexes, spinlocks, rwlocks (read sections
 *     exclude only writers) and the mutex a condition wait releases and
 *     re-acquires all count.
 *   - Variables: an accessed address (plain or atomic access), renamed when
 *     its memory is freed and reused.  A variable is shared when two threads
 *     access it and one of them writes it.  Each read knows its observed
 *     writer (the last write to the address before it; exact for atomics,
 *     the recorded order for racy plain accesses).
 *   - Synchronisation epochs: a thread's accesses between two of its
 *     synchronisation events share an epoch; McPatom's "local accesses" are
 *     the accesses of one variable in one epoch.
 * Range accesses (memcpy & co.) are not variables: they are not used.
 * The model is immutable once built and is shared read-only by the
 * prediction workers.
 */
#ifndef AUGUR_PRED_MODEL_H
#define AUGUR_PRED_MODEL_H

#include <glib.h>

#include "common/augur-ops.h"
#include "common/objects.h"
#include "common/symbolizer.h"
#include "common/trace.h"

G_BEGIN_DECLS

#define AUGUR_PRED_NONE G_MAXUINT32

/* Access bits of an event (AugurPredModel.acc): its McPatom access kind,
 * augur_ops_event_access (common/augur-ops.h). */
enum {
  AUGUR_ACC_READ = AUGUR_OPS_ACC_READ,
  AUGUR_ACC_WRITE = AUGUR_OPS_ACC_WRITE,
  AUGUR_ACC_ATOMIC = AUGUR_OPS_ACC_ATOMIC,
};

/* Lock modes of a critical section. */
enum { AUGUR_LOCK_SHARED = 1, AUGUR_LOCK_EXCLUSIVE = 2 };

typedef struct {
  guint32 lock;     /* sync object id */
  guint32 acq;      /* global index of the acquire */
  guint32 rel;      /* global index of the release, AUGUR_PRED_NONE if never */
  guint8  mode;
} AugurPredCS;

typedef struct {
  guint32 lock;     /* sync object id */
  guint32 acq;      /* global index of the acquire; 0 in the model's snapshots (locksets),
                     * which equal sets of locks share */
  guint8  mode;
} AugurPredHeld;

/* A nested acquisition: `lock2` acquired (at q) while `lock1` held (since p). */
typedef struct {
  guint32 lock1, lock2;
  guint32 p, q;      /* global indices */
} AugurPredNest;

typedef struct {
  GArray *events;    /* guint32 global indices, program order */
  GArray *epochs;    /* AugurPredEpoch (private layout) */
  GArray *cs;        /* AugurPredCS, by acquire */
  GArray *nests;     /* AugurPredNest */
  GArray *handoffs;  /* guint32 tidx of its synchronisation events other than lock
                      * acquisitions and releases (create, join, condition, barrier,
                      * semaphore ...), increasing */
} AugurPredThread;

typedef struct {
  char   *name;      /* stable name (objects.h), owned */
  guint64 addr;
  gboolean shared;
  guint   n_writers; /* threads that write it */
  GArray **acc;      /* per thread: guint32 global indices of its accesses (NULL if none) */
} AugurPredVar;

typedef struct {
  const AugurTrace *trace;   /* borrowed */
  guint32  n_events;
  guint    n_threads;
  guint32 *tidx;             /* per event */
  guint32 *obj;              /* per event: var id (accesses), sync object id (sync), else NONE */
  guint8  *acc;              /* per event: AUGUR_ACC_* bits, 0 if not an access */
  guint8  *sync;             /* per event: 1 if a synchronisation event */
  guint32 *writer;           /* per event: observed writer of a read, or NONE */
  guint32 *epoch;            /* per event: synchronisation epoch in its thread */
  guint32 *lockset;          /* per event: index of the held-locks snapshot before it */
  GPtrArray *locksets;       /* GArray of AugurPredHeld: the snapshots */
  AugurPredThread *threads;  /* n_threads */
  GPtrArray *vars;           /* AugurPredVar* */
  GPtrArray *sync_names;     /* char* */
  GHashTable *block_names;   /* event index -> char*: the heap block an allocation or free
                              * names (T0.alloc3), for the explorer's event map */
  GArray *vc_pool;           /* guint32 */
  gboolean too_large;        /* its vector clocks would pass max_vc: not built */
  guint64 max_vc;            /* AUGUR_PRED_MAX_VC, or less ($AUGUR_PREDICT_MAX_VC, for tests) */
  gboolean cut;              /* built until a deadline: n_events is a prefix of the trace */
} AugurPredModel;

/* Vector clocks take threads x synchronisation epochs entries: a program
 * that creates 15,000 threads made 24 GB of them.  Past this many entries
 * (1 GiB) the model stops building and says so (too_large): the predictor
 * then declines the trace, and the explorer still runs. */
#define AUGUR_PRED_MAX_VC (G_GUINT64_CONSTANT (1) << 28)

AugurPredModel *augur_pred_model_new (const AugurTrace *trace, AugurSymbolizer *symbolizer);
/* The same, stopped at `deadline` (monotonic us; 0: none): the model of
 * the events read by then (a prefix of the run, cut set). */
AugurPredModel *augur_pred_model_new_until (const AugurTrace *trace, AugurSymbolizer *symbolizer,
                                            gint64 deadline);
void augur_pred_model_free (AugurPredModel *m);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPredModel, augur_pred_model_free)

static inline guint
augur_pred_thread_of (const AugurPredModel *m, guint32 g)
{
  return augur_trace_event (m->trace, g)->tid;
}

/* Number of events of thread u that happen before event g, g included
 * when u is g's thread. */
guint32 augur_pred_model_vc (const AugurPredModel *m, guint32 g, guint u);
/* TRUE if x happens before y (x != y). */
gboolean augur_pred_model_hb (const AugurPredModel *m, guint32 x, guint32 y);
/* TRUE if the two events hold a common lock in conflicting modes. */
gboolean augur_pred_model_common_lock (const AugurPredModel *m, guint32 x, guint32 y);
/* Do two sets of held locks (GArray of AugurPredHeld) share a lock that
 * excludes them from each other (held exclusively by at least one)? */
gboolean augur_pred_held_exclude (GArray *a, GArray *b);

/* The index in thread @t's events of its first event whose global index
 * is >= @lo (its number of events if none). */
guint32 augur_pred_model_first_at (const AugurPredModel *m, guint t, guint32 lo);
/* The index of the first element of @sorted (guint32, increasing) that
 * is >= @value (its length if none). */
guint augur_pred_lower_bound (GArray *sorted, guint32 value);
/* The index of the first element of @sorted (guint32, increasing) that
 * is > @value (its length if none). */
guint augur_pred_upper_bound (GArray *sorted, guint32 value);
/* One past the last index j of @events (guint32 global indices of some
 * thread, in program order) whose event does not know event @g of thread
 * @t (vc(events[j], t) <= tidx(g)): the events that @g does not happen
 * before. */
guint augur_pred_model_not_knowing (const AugurPredModel *m, GArray *events, guint t, guint32 g);
/* For two events x < y of one thread: TRUE if every synchronisation event
 * of the thread between them is a lock acquisition or release (none at
 * all included). */
gboolean augur_pred_model_only_locks_between (const AugurPredModel *m, guint32 x, guint32 y);
/* TRUE if event x holds a lock (in any mode) that event y does not hold. */
gboolean augur_pred_model_lock_dropped (const AugurPredModel *m, guint32 x, guint32 y);
/* Names of the locks held before event g, NULL-terminated, owned by the caller. */
char **augur_pred_model_locks_held (const AugurPredModel *m, guint32 g);
/* Global index of event tidx of thread t. */
static inline guint32
augur_pred_model_event (const AugurPredModel *m, guint t, guint32 tidx)
{
  return g_array_index (m->threads[t].events, guint32, tidx);
}
/* Whether the encoding needs a variable for g: synchronisation, or an
 * access to a shared variable. */
gboolean augur_pred_model_kept (const AugurPredModel *m, guint32 g);
/* The name of the object of event g (variable, lock, condition...), or NULL. */
const char *augur_pred_model_object_name (const AugurPredModel *m, guint32 g);
/* The code site of event g, module << 32 | pc: the key of a cache of what
 * is looked up once per site. */
guint64 augur_pred_model_site (const AugurPredModel *m, guint32 g);
/* The source of event g through @sym: file NULL and line 0 when its pc is
 * 0 or its line is unknown (the function may still be known). */
void augur_pred_model_source (const AugurPredModel *m, AugurSymbolizer *sym, guint32 g,
                              AugurSource *src);
/* "3 threads, 12 shared variables, 4 locks": for tests and debugging. */
char *augur_pred_model_to_string (const AugurPredModel *m);

G_END_DECLS

#endif /* AUGUR_PRED_MODEL_H */
