/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * enabled.c — enabledness of threads at the states of a finished
 * execution, from the runtime's log; see enabled.h.
 */
#include "config.h"

#include "explorer/enabled.h"

#include "common/augur-trace-format.h"

struct _AugurEnabled {
  const AugurSchedStep *s;    /* borrowed */
  guint n, T;
  GArray **by_thread;         /* T arrays of guint step indices, owned */
  gint *create_at;            /* index of the CREATE of each thread, -1: exists from the start */
  gint *exit_at;              /* index of its EXIT, G_MAXINT: none */
  GArray *lockset;            /* guint64: the answer of the last augur_enabled_lockset */
  /* the runtime's log (augur_enabled_set_log): per thread, its entries in
   * order; the answer for states before log_upto */
  GArray **log_by_thread;     /* T arrays of AugurSchedEnabled, owned; NULL: no log */
  guint log_upto;
};

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
  e->lockset = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint k = 0; k < n; k++)
    {
      const AugurSchedStep *x = &steps[k];
      g_array_append_val (e->by_thread[x->tid], k);
      if (x->op == AUGUR_SOP_CREATE && x->arg < T && e->create_at[x->arg] < 0)
        e->create_at[x->arg] = (gint) k;
      if (x->op == AUGUR_SOP_EXIT && e->exit_at[x->tid] == G_MAXINT)
        e->exit_at[x->tid] = (gint) k;
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
  g_array_unref (e->lockset);
  if (e->log_by_thread != NULL)
    for (guint t = 0; t < e->T; t++)
      g_array_unref (e->log_by_thread[t]);
  g_free (e->log_by_thread);
  g_free (e);
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
  /* no log (the unit tests' hand-made executions) or past the point
   * where it was full: what the steps prove, the thread's life */
  if (t != 0 && e->create_at[t] >= (gint) k)
    return FALSE;                         /* not created yet */
  return e->exit_at[t] >= (gint) k;       /* not gone */
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
