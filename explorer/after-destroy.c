/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * after-destroy.c — the consequences of a use of a destroyed object in
 * one explored execution (see after-destroy.h).
 */
#include "config.h"

#include "explorer/after-destroy.h"

#include "common/augur-ops.h"

/* Is steps[k] a call on the lock @obj: one that takes or releases it (a
 * condition wait its mutex), or one that failed and so read it (an unlock
 * of a destroyed mutex)? */
static gboolean
call_on (const AugurSchedStep *s, guint64 obj)
{
  guint64 lock = 0;
  if (augur_ops_step_lock (s, &lock) != AUGUR_OPS_LOCK_NONE)
    return lock == obj;
  return s->op == AUGUR_SOP_READ && (s->flags & AUGUR_SF_ATOMIC) && augur_ops_event_on_lock (s->ev_kind)
         && s->obj == obj;
}

/* Did the call steps[k] fail: a lock of a pthread mutex that took
 * nothing, an unlock that released nothing (a read of it), a condition
 * wait refused, or woken but unable to lock its mutex again? */
static gboolean
failed_call (const AugurSchedStep *s)
{
  if (s->op == AUGUR_SOP_COND_WAIT || s->op == AUGUR_SOP_COND_WAKE)
    return (s->flags & AUGUR_SF_FAILED) != 0;
  if (augur_ops_event (s->ev_kind)->object != AUGUR_OPS_OBJ_MUTEX)
    return FALSE;
  return (s->flags & AUGUR_SF_FAILED) || s->op == AUGUR_SOP_READ;
}

static gboolean
is_init_of (const AugurSchedStep *s, guint64 obj)
{
  return s->op == AUGUR_SOP_INIT && s->obj == obj;
}

gboolean
augur_after_destroy_follows (const AugurSchedMisuse *misuse, guint k, const AugurSchedStep *steps,
                             guint n)
{
  const AugurSchedMisuse *m = &misuse[k];
  for (guint e = k; e-- > 0;)
    {
      const AugurSchedMisuse *u = &misuse[e];
      if (u->kind != AUGUR_MISUSE_USE_AFTER_DESTROY || u->obj != m->obj)
        continue;
      /* an init since made it a live object again */
      for (guint s = u->step + 1; s <= m->step && s < n; s++)
        if (is_init_of (&steps[s], m->obj))
          return FALSE;
      return TRUE;
    }
  return FALSE;
}

/* One destroyed mutex: per thread, its first call on it that failed
 * after the destroy (G_MAXUINT: none). */
typedef struct {
  guint64 obj;
  GArray *first_failed;   /* of guint, by thread */
} Dead;

struct AugurAfterDestroy {
  GArray *dead;   /* of Dead */
};

/* The destroy of @obj that the use after destroy at step @at followed:
 * the last one at or before it; -1: none among the steps. */
static gint
destroy_before (const AugurSchedStep *steps, guint n, guint64 obj, guint at)
{
  for (guint k = MIN (at + 1, n); k > 0; k--)
    if (steps[k - 1].op == AUGUR_SOP_DESTROY && steps[k - 1].obj == obj)
      return (gint) k - 1;
  return -1;
}

/* The calls on @obj after its destroy at step @destroyed, up to its next
 * init, that failed: a lock or unlock (EINVAL), a condition wait with it
 * that was refused; FALSE if none did (the lock still works). */
static gboolean
dead_calls (Dead *d, const AugurSchedStep *steps, guint n, guint destroyed)
{
  gboolean failed = FALSE;
  for (guint k = destroyed + 1; k < n && !is_init_of (&steps[k], d->obj); k++)
    {
      const AugurSchedStep *s = &steps[k];
      if (!call_on (s, d->obj) || !failed_call (s))
        continue;
      if (s->tid >= d->first_failed->len)
        {
          guint old = d->first_failed->len;
          g_array_set_size (d->first_failed, s->tid + 1);
          for (guint t = old; t < d->first_failed->len; t++)
            g_array_index (d->first_failed, guint, t) = G_MAXUINT;
        }
      guint *first = &g_array_index (d->first_failed, guint, s->tid);
      *first = MIN (*first, k);
      failed = TRUE;
    }
  return failed;
}

AugurAfterDestroy *
augur_after_destroy_new (const AugurSchedMisuse *misuse, guint n_misuse, const AugurSchedStep *steps,
                         guint n)
{
  AugurAfterDestroy *a = NULL;
  for (guint k = 0; k < n_misuse; k++)
    {
      const AugurSchedMisuse *u = &misuse[k];
      if (u->kind != AUGUR_MISUSE_USE_AFTER_DESTROY)
        continue;
      gint from = destroy_before (steps, n, u->obj, u->step);
      if (from < 0)
        continue;
      Dead d = { u->obj, g_array_new (FALSE, FALSE, sizeof (guint)) };
      if (!dead_calls (&d, steps, n, (guint) from))
        {
          g_array_unref (d.first_failed);
          continue;
        }
      if (a == NULL)
        {
          a = g_new0 (AugurAfterDestroy, 1);
          a->dead = g_array_new (FALSE, FALSE, sizeof (Dead));
        }
      g_array_append_val (a->dead, d);
    }
  return a;
}

void
augur_after_destroy_free (AugurAfterDestroy *a)
{
  if (a == NULL)
    return;
  for (guint k = 0; k < a->dead->len; k++)
    g_array_unref (g_array_index (a->dead, Dead, k).first_failed);
  g_array_unref (a->dead);
  g_free (a);
}

/* Thread @t's first failed call on @d; G_MAXUINT: none. */
static guint
first_failed (const Dead *d, guint t)
{
  return t < d->first_failed->len ? g_array_index (d->first_failed, guint, t) : G_MAXUINT;
}

gboolean
augur_after_destroy_explains (const AugurAfterDestroy *a, const AugurSchedStep *steps, guint i,
                              guint j)
{
  guint last = MAX (i, j);
  guint ti = steps[i].tid, tj = steps[j].tid;
  if (a == NULL || ti == tj)
    return FALSE;
  for (guint k = 0; k < a->dead->len; k++)
    {
      const Dead *d = &g_array_index (a->dead, Dead, k);
      if (first_failed (d, ti) < last && first_failed (d, tj) < last)
        return TRUE;
    }
  return FALSE;
}
