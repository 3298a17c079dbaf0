/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * events.h — the events of one failing execution that diagnosis reasons
 * about, with their source locations, object names and the happens-before
 * order that no schedule can change.
 *
 * The model:
 *   - The events are the steps up to the failure (what the other threads
 *     did after the failing thread failed cannot have caused it): the
 *     synchronisation steps, and the memory accesses to locations that two
 *     or more threads touched (an access no other thread can see orders
 *     nothing).
 *   - An event's key names it across executions: its thread, its pc, its
 *     operation and how many times its thread did the same before
 *     (augur_diag_step_key).  Cores found in one execution are checked against
 *     another by keys (Algorithm 1's blocking clause).
 *   - The threads still alive when the failing thread failed contribute
 *     their next operation as a pending event, after all their others:
 *     "T1 failed before main's lock at line 62" is an ordering too.
 *   - Hard happens-before (augur_diag_trace_hb) is the order every
 *     execution with the same synchronisation has: program order, create
 *     before the child's first step, the child's last step before join,
 *     a signal before the wake-up it caused, the arrival that completed a
 *     barrier before the leaves, the last post before a semaphore wait.
 *     Lock order is not in it: locks order critical sections either way.
 */
#ifndef AUGUR_DIAGNOSE_EVENTS_H
#define AUGUR_DIAGNOSE_EVENTS_H

#include <glib.h>

#include "common/dwarf-names.h"
#include "common/symbolizer.h"
#include "diagnose/runs.h"

G_BEGIN_DECLS

typedef struct {
  guint step;       /* index in the run */
  guint tid;
  guint8 op;        /* AugurSchedOp */
  guint64 obj;
  guint64 arg;
  guint tpos;       /* index among its thread's steps */
  guint64 key;      /* stable across executions (see above; augur_diag_step_key) */
  char *path;       /* source file as the debug info names it; NULL if unknown */
  char *file;       /* its basename */
  guint line;
  char *function;
  char *object;     /* the source-level name of what it touches; NULL for thread ops */
  gboolean pending; /* not run: its thread's next operation when the failing thread
                     * failed (a write that comes too late is the cause of many failures) */
} AugurDiagEvent;

typedef struct {
  const AugurDiagRun *run;  /* borrowed */
  GArray *events;           /* AugurDiagEvent, in execution order */
  guint n_threads;
  guint fail_tid;           /* the failing thread (G_MAXUINT: none) */
  guint fail_step;          /* steps taken when it failed (n_steps: no failure); the
                             * failing thread's steps from there on are not events, the
                             * other threads' are (a write that came too late is one) */
  guint *vc;                /* n_threads clocks per event (hard happens-before) */
  GHashTable *by_key;       /* key (guint64 *) -> index + 1 */
} AugurDiagTrace;

/* @sym has the program as module 0 (any bias: it is set to the run's);
 * @names (may be NULL) gives source-level names. */
AugurDiagTrace *augur_diag_trace_new (const AugurDiagRun *run, AugurSymbolizer *sym,
                                      const char *exe, AugurDwarfNames *names);
void            augur_diag_trace_free (AugurDiagTrace *t);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDiagTrace, augur_diag_trace_free)

static inline AugurDiagEvent *
augur_diag_trace_event (const AugurDiagTrace *t, guint i)
{
  return &g_array_index (t->events, AugurDiagEvent, i);
}

/* Event i happens before event j in every execution with this
 * synchronisation (i != j). */
gboolean augur_diag_trace_hb (const AugurDiagTrace *t, guint i, guint j);

/* The index of the event with @key, or -1. */
gint augur_diag_trace_find (const AugurDiagTrace *t, guint64 key);

/* The key of the @occ-th step (from 0) of thread @tid with this pc and op:
 * thread, operation, occurrence and pc packed in 64 bits. */
static inline guint64
augur_diag_step_key (guint tid, guint op, guint occ, guint32 pc)
{
  return ((guint64) (tid & 0x3ffu) << 54) | ((guint64) (op & 0x1fu) << 49)
         | ((guint64) (occ & 0x1ffffu) << 32) | pc;
}

/* Counts the occurrences behind augur_diag_step_key, step by step. */
typedef struct _AugurDiagKeyer AugurDiagKeyer;
AugurDiagKeyer *augur_diag_keyer_new (void);
void            augur_diag_keyer_free (AugurDiagKeyer *k);
guint64         augur_diag_keyer_next (AugurDiagKeyer *k, const AugurSchedStep *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDiagKeyer, augur_diag_keyer_free)

/* A memory access that diagnosis considers (not the virtual clock). */
gboolean augur_diag_step_is_access (const AugurSchedStep *s);
/* ... or a synchronisation step: what an execution's signature keeps. */
gboolean augur_diag_step_is_event (const AugurSchedStep *s);

gboolean augur_diag_event_is_access (const AugurDiagEvent *e);
gboolean augur_diag_event_is_write (const AugurDiagEvent *e);
/* "read", "write" or "sync" (any other step). */
const char *augur_diag_event_kind (const AugurDiagEvent *e);

/* A thread as the diagnosis's prose names it: "main" for thread 0, else
 * "T1", "T2"...  Newly allocated. */
char *augur_diag_thread_name (guint tid);

/* "T1's read of `x` (prog.c:23)", "T2's write of `q->count` (queue.c:55)",
 * "main's lock of `m` (prog.c:9)".  Newly allocated. */
char *augur_diag_event_describe (const AugurDiagEvent *e);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_EVENTS_H */
