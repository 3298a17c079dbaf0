/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * memcheck.c — uses of freed memory in a finished execution; see
 * memcheck.h.
 */
#include "config.h"

#include "explorer/memcheck.h"

#include "common/augur-ops.h"
#include "common/augur-trace-format.h"

typedef struct {
  guint64 lo, hi;    /* [lo, hi) */
  guint step;        /* the free */
} Freed;

static gboolean
is_free (const AugurSchedStep *s)
{
  return (s->xflags & AUGUR_SXF_FREE) != 0;
}

/* A use of the memory at s->obj: an access, or an operation on a lock,
 * condition variable or semaphore that lives there (an unlock's last
 * touch of its mutex after another thread freed the struct holding it). */
static gboolean
is_access (const AugurSchedStep *s)
{
  /* the clock's reads touch no memory */
  return augur_ops_sched (s->op)->uses_obj && s->obj != 0 && !(s->xflags & AUGUR_SXF_CLOCK);
}

/* Does a step after a thread's exit touch that thread's stack (its
 * THREAD_EXIT in the object log)?  Checked first, without allocating:
 * threads end in nearly every execution, and their stacks are hardly ever
 * used after. */
static gboolean
dead_stack_used (const AugurSchedStep *steps, guint n, const AugurSchedObjectEvent *objects,
                 guint n_objects)
{
  /* the span of the dead stacks and the first exit: most steps touch
   * nothing in the span at all */
  guint64 lo = G_MAXUINT64, hi = 0;
  guint from = n;
  for (guint i = 0; i < n_objects; i++)
    if (objects[i].kind == AUGUR_EV_THREAD_EXIT)
      {
        lo = MIN (lo, objects[i].addr);
        hi = MAX (hi, objects[i].addr + objects[i].arg);
        from = MIN (from, objects[i].step);
      }
  for (guint k = from; k < n; k++)
    {
      guint64 a = steps[k].obj;
      if (a < lo || a >= hi || !is_access (&steps[k]))
        continue;
      for (guint i = 0; i < n_objects; i++)
        {
          const AugurSchedObjectEvent *o = &objects[i];
          if (o->kind == AUGUR_EV_THREAD_EXIT && o->step <= k && a >= o->addr && a - o->addr < o->arg)
            return TRUE;
        }
    }
  return FALSE;
}

void
augur_memcheck_execution (const AugurSchedStep *steps, guint n,
                          const AugurSchedObjectEvent *objects, guint n_objects,
                          AugurMemcheckFunc func, gpointer user_data)
{
  gboolean any = FALSE;
  for (guint k = 0; k < n && !any; k++)
    any = is_free (&steps[k]);
  if (!any && !dead_stack_used (steps, n, objects, n_objects))
    return;
  g_autoptr (GArray) freed = g_array_new (FALSE, FALSE, sizeof (Freed));
  guint o = 0;
  for (guint k = 0; k < n; k++)
    {
      /* allocations before this step hand memory out again */
      for (; o < n_objects && objects[o].step <= k; o++)
        if (objects[o].kind == AUGUR_EV_THREAD_EXIT && objects[o].step > 0 && objects[o].arg > 0)
          {
            /* logged right after the thread's exit step */
            Freed f = { objects[o].addr, objects[o].addr + objects[o].arg, objects[o].step - 1 };
            g_array_append_val (freed, f);
          }
        else if (objects[o].kind == AUGUR_EV_ALLOC)
          {
            guint64 lo = objects[o].addr, hi = lo + MAX (objects[o].arg, 1u);
            for (guint i = freed->len; i-- > 0;)
              {
                Freed *f = &g_array_index (freed, Freed, i);
                if (f->lo < hi && lo < f->hi)
                  g_array_remove_index_fast (freed, i);
              }
          }
      const AugurSchedStep *s = &steps[k];
      if (is_free (s))
        {
          Freed f = { s->obj, s->obj + MAX (s->size, 1u), k };
          g_array_append_val (freed, f);
          continue;
        }
      if (!is_access (s) || freed->len == 0)
        continue;
      guint64 lo = s->obj, hi = lo + augur_sched_step_size (s);
      for (guint i = freed->len; i-- > 0;)
        {
          Freed *f = &g_array_index (freed, Freed, i);
          if (f->lo < hi && lo < f->hi)
            {
              guint at = f->step;
              g_array_remove_index_fast (freed, i);   /* once per free */
              func (steps, n, at, k, user_data);
            }
        }
    }
}
