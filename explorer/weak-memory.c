/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * weak-memory.c — the store-buffering shape (see weak-memory.h).
 */
#include "config.h"

#include "explorer/weak-memory.h"

/* Stores of a thread since its last full barrier that a load may pass. */
#define PENDING 4
/* Threads looked at (the lowest numbered), and passes kept, at most. */
#define THREADS 64
#define MAX_PASSES 256

typedef struct {
  guint64 addr[PENDING];
  guint step[PENDING];
  guint n;
} Pending;

/* A store the thread made, then a load of another location passing it. */
typedef struct {
  guint16 tid;
  guint64 x, y;
  guint store, load;
} Pass;

static gboolean
seq_cst (const AugurSchedStep *s)
{
  return (s->flags & (AUGUR_SF_ACQUIRE | AUGUR_SF_RELEASE)) == (AUGUR_SF_ACQUIRE | AUGUR_SF_RELEASE);
}

/* Does @s end its thread's buffered stores (a full barrier)? */
static gboolean
barrier (const AugurSchedStep *s)
{
  if (s->op != AUGUR_SOP_READ && s->op != AUGUR_SOP_WRITE)
    return s->op != AUGUR_SOP_YIELD && s->op != AUGUR_SOP_NONE;   /* a synchronisation call */
  if (!(s->flags & AUGUR_SF_ATOMIC))
    return FALSE;
  if ((s->xflags & (AUGUR_SXF_REL_FENCE | AUGUR_SXF_ACQ_FENCE))
      == (AUGUR_SXF_REL_FENCE | AUGUR_SXF_ACQ_FENCE))
    return TRUE;   /* a full fence came before it */
  return s->ev_kind == AUGUR_EV_ATOMIC_RMW || s->ev_kind == AUGUR_EV_ATOMIC_CAS
         || (s->ev_kind == AUGUR_EV_ATOMIC_STORE && seq_cst (s));
}

static gboolean
apart (guint64 a, guint sa, guint64 b, guint sb)
{
  return a + MAX (sa, 1u) <= b || b + MAX (sb, 1u) <= a;
}

/* Is there a fence in @fences strictly between the store's and the load's
 * addresses (both of module 0)? */
static gboolean
fenced (const GArray *fences, const AugurSchedStep *st, const AugurSchedStep *ld)
{
  if (fences == NULL || st->module != 0 || ld->module != 0 || st->pc >= ld->pc)
    return FALSE;
  for (guint i = 0; i < fences->len; i++)
    {
      guint64 f = g_array_index (fences, guint64, i);
      if (f > st->pc && f < ld->pc)
        return TRUE;
    }
  return FALSE;
}

gboolean
augur_weak_store_buffering (const AugurSchedStep *steps, guint n, const GArray *fences,
                            guint *store, guint *load)
{
  /* per thread, for the first THREADS threads (allocated at the first
   * store that qualifies: most executions have none) */
  Pending *pending = NULL;
  g_autoptr (GArray) passes = NULL;
  for (guint k = 0; k < n; k++)
    {
      const AugurSchedStep *s = &steps[k];
      if (s->tid >= THREADS)
        continue;
      Pending *p = pending != NULL ? &pending[s->tid] : NULL;
      if (barrier (s))
        {
          if (p != NULL)
            p->n = 0;
          continue;
        }
      if (!(s->flags & AUGUR_SF_ATOMIC) || seq_cst (s))
        continue;
      if (s->ev_kind == AUGUR_EV_ATOMIC_STORE)
        {
          if (pending == NULL)
            pending = g_new0 (Pending, THREADS);
          p = &pending[s->tid];
          guint i = p->n < PENDING ? p->n++ : PENDING - 1;   /* the newest kept */
          p->addr[i] = s->obj;
          p->step[i] = k;
        }
      else if (s->ev_kind == AUGUR_EV_ATOMIC_LOAD && p != NULL)
        for (guint i = 0; i < p->n; i++)
          if (apart (p->addr[i], steps[p->step[i]].size, s->obj, s->size)
              && !fenced (fences, &steps[p->step[i]], s))
            {
              if (passes == NULL)
                passes = g_array_new (FALSE, FALSE, sizeof (Pass));
              if (passes->len >= MAX_PASSES)
                break;
              Pass pass = { s->tid, p->addr[i], s->obj, p->step[i], k };
              g_array_append_val (passes, pass);
            }
    }
  g_free (pending);
  for (guint i = 0; passes != NULL && i < passes->len; i++)
    for (guint j = 0; j < passes->len; j++)
      {
        const Pass *a = &g_array_index (passes, Pass, i), *b = &g_array_index (passes, Pass, j);
        if (a->tid != b->tid && a->x == b->y && a->y == b->x)
          {
            *store = a->store;
            *load = a->load;
            return TRUE;
          }
      }
  return FALSE;
}
