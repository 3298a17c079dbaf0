/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * delay.c — a race whose accesses are far apart in the trace, checked by
 * delaying the earlier access's thread (see delay.h).
 *
 * The schedule: the recorded run up to y, except the events that must
 * wait with x: x itself and its thread's later events, and, as they are
 * found going forward, every event that needs one of them, with its
 * thread's later events.  An event needs a left-out one when it
 *  - reads memory whose last write in the recording was left out (it
 *    would read another value, and its thread might go elsewhere);
 *  - synchronises on an object (a lock, a condition variable, a
 *    semaphore, a barrier, a once control) that a left-out event used
 *    before it: the unlock it waited for, the signal that woke it, the
 *    post or the arrival it needs may then not come;
 *  - joins a thread that has left-out events (it does not end), or is the
 *    first event of a thread whose creation was left out.
 * If y's thread keeps all its events up to y, the run so changed is a
 * run of the program (each event sees the memory and the objects as it
 * did when recorded), and x then y comes next: the race, with no solver.
 * The rules are coarse (any left-out use of an object before it keeps a
 * synchronisation out), so they may say no where a reordering exists;
 * they never say yes to one that does not (short of what the recording
 * cannot show, like a value read outside instrumented code, which the
 * replay that confirms a prediction then finds).
 */
#include "config.h"

#include "predictor/delay.h"

#include "common/augur-ops.h"

/* A range longer than this gives up: its bytes are tracked one by one. */
#define DELAY_MAX_RANGE (1u << 20)

typedef struct {
  const AugurPredModel *m;
  guint8 *out;            /* per thread: its events from here on are left out */
  GHashTable *stale;      /* bytes whose last write was left out */
  GHashTable *objs;       /* objects a left-out event used */
} Delay;

/* The bytes an event reads and writes; FALSE if too many to track. */
static gboolean
mem_of (const AugurRecord *r, guint64 *addr, guint64 *len, gboolean *reads, gboolean *writes)
{
  const AugurOpsEvent *ev = augur_ops_event (r->kind);
  *reads = *writes = FALSE;
  *addr = r->addr;
  *len = 0;
  if (r->kind == AUGUR_EV_READ_RANGE || r->kind == AUGUR_EV_WRITE_RANGE)
    {
      *len = r->arg;
      *reads = r->kind == AUGUR_EV_READ_RANGE;
      *writes = !*reads;
    }
  else if (ev->object == AUGUR_OPS_OBJ_MEMORY && ev->access != 0)
    {
      guint size = r->flags & AUGUR_FLAG_SIZE_MASK;
      *len = size != 0 ? size : 16;
      guint8 acc = augur_ops_event_access (r->kind, r->aux);
      *reads = (acc & AUGUR_OPS_ACC_READ) != 0 || (acc & AUGUR_OPS_ACC_ATOMIC) != 0;
      *writes = (acc & AUGUR_OPS_ACC_WRITE) != 0;
    }
  return *len <= DELAY_MAX_RANGE;
}

/* Does an event of a thread that is still in need something left out? */
static gboolean
needs_out (Delay *d, const AugurRecord *r, guint64 addr, guint64 len, gboolean reads)
{
  const AugurOpsEvent *ev = augur_ops_event (r->kind);
  if (reads)
    for (guint64 b = 0; b < len; b++)
      if (g_hash_table_contains (d->stale, GSIZE_TO_POINTER ((gsize) (addr + b))))
        return TRUE;
  switch (ev->object)
    {
    case AUGUR_OPS_OBJ_NONE:
    case AUGUR_OPS_OBJ_MEMORY:
    case AUGUR_OPS_OBJ_HEAP:
      return FALSE;
    case AUGUR_OPS_OBJ_THREAD:
      /* a join waits for the thread's end; a start follows its creation */
      if (r->kind == AUGUR_EV_THREAD_JOIN)
        return r->addr < d->m->n_threads && d->out[r->addr];
      return FALSE;
    default:
      /* a condition variable's events also name their mutex (arg) */
      return g_hash_table_contains (d->objs, GSIZE_TO_POINTER ((gsize) r->addr))
             || (ev->object == AUGUR_OPS_OBJ_COND
                 && g_hash_table_contains (d->objs, GSIZE_TO_POINTER ((gsize) r->arg)));
    }
}

/* Event r is left out: what it wrote is stale, what it used is marked. */
static void
leave_out (Delay *d, const AugurRecord *r, guint64 addr, guint64 len, gboolean writes)
{
  const AugurOpsEvent *ev = augur_ops_event (r->kind);
  if (writes)
    for (guint64 b = 0; b < len; b++)
      g_hash_table_add (d->stale, GSIZE_TO_POINTER ((gsize) (addr + b)));
  if (r->kind == AUGUR_EV_THREAD_CREATE && r->addr < d->m->n_threads)
    d->out[r->addr] = 1;   /* the child never starts */
  else if (ev->object != AUGUR_OPS_OBJ_NONE && ev->object != AUGUR_OPS_OBJ_MEMORY
           && ev->object != AUGUR_OPS_OBJ_HEAP && ev->object != AUGUR_OPS_OBJ_THREAD)
    {
      g_hash_table_add (d->objs, GSIZE_TO_POINTER ((gsize) r->addr));
      if (ev->object == AUGUR_OPS_OBJ_COND)
        g_hash_table_add (d->objs, GSIZE_TO_POINTER ((gsize) r->arg));
    }
}

gboolean
augur_pred_delay_schedule (const AugurPredModel *m, guint32 lo, guint32 x, guint32 y,
                           GArray *schedule)
{
  if (!(lo <= x && x < y && y < m->n_events))
    return FALSE;
  guint tx = augur_pred_thread_of (m, x), ty = augur_pred_thread_of (m, y);
  if (tx == ty || tx >= m->n_threads || ty >= m->n_threads)
    return FALSE;
  Delay d = { .m = m, .out = g_new0 (guint8, m->n_threads),
              .stale = g_hash_table_new (NULL, NULL), .objs = g_hash_table_new (NULL, NULL) };
  d.out[tx] = 1;
  gboolean ok = TRUE;
  g_array_set_size (schedule, 0);
  for (guint32 g = lo; g < y && ok; g++)
    {
      const AugurRecord *r = augur_trace_event (m->trace, g);
      guint t = augur_pred_thread_of (m, g);
      guint64 addr, len;
      gboolean reads, writes;
      if (t >= m->n_threads || !mem_of (r, &addr, &len, &reads, &writes))
        {
          ok = FALSE;
          break;
        }
      if (g >= x && !d.out[t] && needs_out (&d, r, addr, len, reads))
        {
          d.out[t] = 1;
          ok = t != ty;
        }
      if (g >= x && d.out[t])
        {
          leave_out (&d, r, addr, len, writes);
          continue;
        }
      if (writes)
        for (guint64 b = 0; b < len; b++)
          g_hash_table_remove (d.stale, GSIZE_TO_POINTER ((gsize) (addr + b)));
      g_array_append_val (schedule, g);
    }
  if (ok)
    {
      g_array_append_val (schedule, x);
      g_array_append_val (schedule, y);
    }
  else
    g_array_set_size (schedule, 0);
  g_hash_table_unref (d.stale);
  g_hash_table_unref (d.objs);
  g_free (d.out);
  return ok;
}
