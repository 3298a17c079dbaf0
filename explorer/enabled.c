/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * enabled.c — enabledness of threads at the states of a finished
 * execution, rebuilt from its steps; see enabled.h for the rules.
 *
 * Lock states are not stored per state: a query replays the events of the
 * one lock involved up to the state asked about (each lock's events are
 * indexed once), which keeps construction linear in the steps.
 */
#include "config.h"

#include "explorer/enabled.h"

#include "common/augur-trace-format.h"

#define NONE G_MAXUINT

struct _AugurEnabled {
  const AugurSchedStep *s;    /* borrowed */
  guint n, T;
  GArray **by_thread;         /* T arrays of guint step indices, owned */
  gint *create_at;            /* index of the CREATE of each thread, -1: exists from the start */
  gint *exit_at;              /* index of its EXIT, G_MAXINT: none */
  GHashTable *lock_events;    /* guint64 lock address -> GArray of guint step indices, owned */
  GArray *lockset;            /* guint64: the answer of the last augur_enabled_lockset */
  /* the runtime's log (augur_enabled_set_log): per thread, its entries in
   * order; the answer for states before log_upto */
  GArray **log_by_thread;     /* T arrays of AugurSchedEnabled, owned; NULL: no log */
  guint log_upto;
};

static gboolean
is_lock_op (const AugurSchedStep *x, guint64 *lock)
{
  switch (x->op)
    {
    case AUGUR_SOP_LOCK:
    case AUGUR_SOP_UNLOCK:
    case AUGUR_SOP_RDLOCK:
    case AUGUR_SOP_WRLOCK:
    case AUGUR_SOP_RWUNLOCK:
      *lock = x->obj;
      return TRUE;
    case AUGUR_SOP_COND_WAIT:
    case AUGUR_SOP_COND_WAKE:
      *lock = x->arg;
      return TRUE;
    default:
      return FALSE;
    }
}

AugurEnabled *
augur_enabled_new (const AugurSchedStep *steps, guint n)
{
  AugurEnabled *e = g_new0 (AugurEnabled, 1);
  e->s = steps;
  e->n = n;
  guint T = 1;
  for (guint k = 0; k < n; k++)
    {
      T = MAX (T, steps[k].tid + 1u);
      if (steps[k].op == AUGUR_SOP_CREATE && steps[k].arg < AUGUR_SCHED_MAX_THREADS)
        T = MAX (T, (guint) steps[k].arg + 1u);
    }
  e->T = T;
  e->by_thread = g_new0 (GArray *, T);
  e->create_at = g_new (gint, T);
  e->exit_at = g_new (gint, T);
  for (guint t = 0; t < T; t++)
    {
      e->by_thread[t] = g_array_new (FALSE, FALSE, sizeof (guint));
      e->create_at[t] = -1;
      e->exit_at[t] = G_MAXINT;
    }
  e->lock_events = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                          (GDestroyNotify) g_array_unref);
  e->lockset = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint k = 0; k < n; k++)
    {
      const AugurSchedStep *x = &steps[k];
      g_array_append_val (e->by_thread[x->tid], k);
      if (x->op == AUGUR_SOP_CREATE && x->arg < T && e->create_at[x->arg] < 0)
        e->create_at[x->arg] = (gint) k;
      if (x->op == AUGUR_SOP_EXIT && e->exit_at[x->tid] == G_MAXINT)
        e->exit_at[x->tid] = (gint) k;
      guint64 lock;
      if (is_lock_op (x, &lock))
        {
          GArray *a = g_hash_table_lookup (e->lock_events, &lock);
          if (a == NULL)
            {
              a = g_array_new (FALSE, FALSE, sizeof (guint));
              g_hash_table_insert (e->lock_events, g_memdup2 (&lock, sizeof lock), a);
            }
          g_array_append_val (a, k);
        }
    }
  return e;
}

void
augur_enabled_free (AugurEnabled *e)
{
  if (e == NULL)
    return;
  for (guint t = 0; t < e->T; t++)
    g_array_unref (e->by_thread[t]);
  g_free (e->by_thread);
  g_free (e->create_at);
  g_free (e->exit_at);
  g_hash_table_unref (e->lock_events);
  g_array_unref (e->lockset);
  if (e->log_by_thread != NULL)
    for (guint t = 0; t < e->T; t++)
      g_array_unref (e->log_by_thread[t]);
  g_free (e->log_by_thread);
  g_free (e);
}

gint
augur_enabled_next_step (AugurEnabled *e, guint t, guint k)
{
  if (t >= e->T)
    return -1;
  GArray *a = e->by_thread[t];
  guint lo = 0, hi = a->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (g_array_index (a, guint, mid) < k)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < a->len ? (gint) g_array_index (a, guint, lo) : -1;
}

typedef struct {
  guint owner;     /* exclusive holder, NONE if none */
  guint count;     /* its recursion depth */
  guint readers;
} LockState;

/* The state of @lock before step @k. */
static LockState
lock_state (AugurEnabled *e, guint64 lock, guint k)
{
  LockState st = { NONE, 0, 0 };
  GArray *a = g_hash_table_lookup (e->lock_events, &lock);
  for (guint i = 0; a != NULL && i < a->len; i++)
    {
      guint idx = g_array_index (a, guint, i);
      if (idx >= k)
        break;
      const AugurSchedStep *x = &e->s[idx];
      switch (x->op)
        {
        case AUGUR_SOP_LOCK:
        case AUGUR_SOP_WRLOCK:
          if (st.owner == x->tid)
            st.count++;
          else
            {
              st.owner = x->tid;
              st.count = 1;
            }
          break;
        case AUGUR_SOP_COND_WAKE:
          st.owner = x->tid;
          st.count = 1;
          break;
        case AUGUR_SOP_UNLOCK:
          if (st.count > 0 && --st.count == 0)
            st.owner = NONE;
          break;
        case AUGUR_SOP_COND_WAIT:
          st.owner = NONE;
          st.count = 0;
          break;
        case AUGUR_SOP_RDLOCK:
          st.readers++;
          break;
        case AUGUR_SOP_RWUNLOCK:
          if (st.owner == x->tid)
            {
              if (st.count > 0 && --st.count == 0)
                st.owner = NONE;
            }
          else if (st.readers > 0)
            st.readers--;
          break;
        default:
          break;
        }
    }
  return st;
}

void
augur_enabled_set_log (AugurEnabled *e, const AugurSchedEnabled *log, guint n, guint32 lost_at)
{
  if (e->log_by_thread == NULL)
    {
      e->log_by_thread = g_new (GArray *, e->T);
      for (guint t = 0; t < e->T; t++)
        e->log_by_thread[t] = g_array_new (FALSE, FALSE, sizeof (AugurSchedEnabled));
    }
  for (guint t = 0; t < e->T; t++)
    g_array_set_size (e->log_by_thread[t], 0);
  for (guint i = 0; i < n; i++)
    if (log[i].tid < e->T)
      g_array_append_val (e->log_by_thread[log[i].tid], log[i]);
  e->log_upto = lost_at;
}

/* From the runtime's log: the thread's last entry at or before state k. */
static gboolean
logged_may_run (AugurEnabled *e, guint t, guint k)
{
  const GArray *a = e->log_by_thread[t];
  guint lo = 0, hi = a->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (g_array_index (a, AugurSchedEnabled, mid).step <= k)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo > 0 && g_array_index (a, AugurSchedEnabled, lo - 1).on;
}

gboolean
augur_enabled_may_run (AugurEnabled *e, guint t, guint k)
{
  if (t >= e->T)
    return FALSE;
  if (e->log_by_thread != NULL && k < e->log_upto)
    return logged_may_run (e, t, k);
  if (t != 0 && e->create_at[t] >= (gint) k)
    return FALSE;                         /* not created yet */
  if (e->exit_at[t] < (gint) k)
    return FALSE;                         /* gone */
  gint i = augur_enabled_next_step (e, t, k);
  if (i < 0)
    return TRUE;                          /* alive, pending operation unknown */
  const AugurSchedStep *x = &e->s[i];
  gboolean timed = (x->flags & AUGUR_SF_TIMED) != 0;
  LockState st;
  guint32 w;
  switch (x->op)
    {
    case AUGUR_SOP_LOCK:
      if (timed || x->ev_kind == AUGUR_EV_MUTEX_TRYLOCK)
        return TRUE;
      st = lock_state (e, x->obj, k);
      return st.owner == NONE || st.owner == t;
    case AUGUR_SOP_WRLOCK:
      if (timed)
        return TRUE;
      st = lock_state (e, x->obj, k);
      return (st.owner == NONE && st.readers == 0) || st.owner == t;
    case AUGUR_SOP_RDLOCK:
      if (timed)
        return TRUE;
      st = lock_state (e, x->obj, k);
      return st.owner == NONE || st.owner == t;
    case AUGUR_SOP_COND_WAKE:
      w = augur_sched_step_waker (x);
      if (!timed && w > 0 && w - 1 >= k)
        return FALSE;                     /* not signalled yet */
      st = lock_state (e, x->arg, k);
      return st.owner == NONE || st.owner == t;
    case AUGUR_SOP_BARRIER_LEAVE:
      w = augur_sched_step_waker (x);
      return w == 0 || w - 1 < k;
    case AUGUR_SOP_JOIN:
      return x->arg >= e->T || e->exit_at[x->arg] < (gint) k;
    default:
      return TRUE;
    }
}

void
augur_enabled_add_mask (AugurEnabled *e, guint k, AugurTidSet *out)
{
  for (guint t = 0; t < e->T; t++)
    if (augur_enabled_may_run (e, t, k))
      augur_tidset_add (out, t);
}

static gint
cmp_u64 (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

static void
lockset_remove (GArray *a, guint64 lock)
{
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, guint64, i) == lock)
      {
        g_array_remove_index_fast (a, i);
        return;
      }
}

const guint64 *
augur_enabled_lockset (AugurEnabled *e, guint t, guint k, guint *n)
{
  GArray *held = e->lockset;
  g_array_set_size (held, 0);
  GArray *a = t < e->T ? e->by_thread[t] : NULL;
  for (guint i = 0; a != NULL && i < a->len; i++)
    {
      guint idx = g_array_index (a, guint, i);
      if (idx >= k)
        break;
      const AugurSchedStep *x = &e->s[idx];
      switch (x->op)
        {
        case AUGUR_SOP_LOCK:
        case AUGUR_SOP_WRLOCK:
          lockset_remove (held, x->obj);
          g_array_append_val (held, x->obj);
          break;
        case AUGUR_SOP_COND_WAKE:
          lockset_remove (held, x->arg);
          g_array_append_val (held, x->arg);
          break;
        case AUGUR_SOP_UNLOCK:
        case AUGUR_SOP_RWUNLOCK:
          lockset_remove (held, x->obj);
          break;
        case AUGUR_SOP_COND_WAIT:
          lockset_remove (held, x->arg);
          break;
        default:
          break;
        }
    }
  g_array_sort (held, cmp_u64);
  *n = held->len;
  return (const guint64 *) held->data;
}
