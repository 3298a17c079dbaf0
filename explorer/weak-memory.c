/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * weak-memory.c — the store-buffering and message-passing shapes (see
 * weak-memory.h).
 */
#include "config.h"

#include "explorer/weak-memory.h"

#include <string.h>

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

/* Message passing (weak-memory.h).  What each step of the first THREADS
 * threads is, counted per thread up to and with the step: synchronisation
 * calls, release-like (a release atomic write, a release fence, a call)
 * and acquire-like (an acquire atomic access, an acquire fence, a call)
 * events, and fences alone.  A fence marks its thread's next step. */
typedef struct {
  guint link;   /* an atomic load: the atomic write it read; an atomic write: its
                 * thread's previous one; NONE: none */
  guint sync, rel, acq, relf, acqf;
} Mark;

#define NONE G_MAXUINT
/* Atomic writes of the writer looked back through for the first store. */
#define HOPS 8
/* The last atomic write of each location, direct mapped (a location that
 * loses its slot reads from nothing known: a shape missed, no more). */
#define LOCS 256

typedef struct {
  guint64 addr;   /* 0: none */
  guint step;
} Loc;

static Loc *
loc_of (Loc *locs, guint64 addr)
{
  return &locs[(addr ^ (addr >> 8) ^ (addr >> 16)) & (LOCS - 1)];
}

static gboolean
sync_call (const AugurSchedStep *s)
{
  return s->op != AUGUR_SOP_READ && s->op != AUGUR_SOP_WRITE && s->op != AUGUR_SOP_YIELD
         && s->op != AUGUR_SOP_NONE;
}

static gboolean
atomic_write (const AugurSchedStep *s)
{
  return s->op == AUGUR_SOP_WRITE && (s->flags & AUGUR_SF_ATOMIC);
}

static gboolean
atomic_load (const AugurSchedStep *s)
{
  return s->op == AUGUR_SOP_READ && (s->flags & AUGUR_SF_ATOMIC)
         && s->ev_kind == AUGUR_EV_ATOMIC_LOAD;
}

/* Counts step k into its thread's marks (cur: the thread's counts so far). */
static void
mark_step (const AugurSchedStep *s, Mark *cur, Mark *m)
{
  gboolean call = sync_call (s);
  gboolean relf = (s->xflags & AUGUR_SXF_REL_FENCE) != 0, acqf = (s->xflags & AUGUR_SXF_ACQ_FENCE) != 0;
  gboolean atomic = (s->flags & AUGUR_SF_ATOMIC) != 0;
  cur->sync += call;
  cur->relf += relf;
  cur->acqf += acqf;
  cur->rel += call || relf || (atomic_write (s) && (s->flags & AUGUR_SF_RELEASE));
  cur->acq += call || acqf || (atomic && (s->flags & AUGUR_SF_ACQUIRE));
  guint link = m->link;
  *m = *cur;
  m->link = link;
}

/* Do the C11 orders forbid the load l2 (now, thread b) to miss the store
 * s1 when the load l1 read the store s2 (thread a)?  s1 then s2 with no
 * call between, l1 then l2 with none between. */
static gboolean
mp_ordered (const AugurSchedStep *steps, const Mark *marks, const Mark *cur, const GArray *fences,
            guint s1, guint s2, guint l1, guint l2, gboolean relseq)
{
  const Mark *a = &cur[steps[s2].tid], *b = &cur[steps[l2].tid];
  /* the flag's store releases (itself, a release fence before it, a
   * release store of the flag it continues: 7.17.3) and its load
   * acquires (itself, an acquire fence after it) */
  gboolean rel = (steps[s2].flags & AUGUR_SF_RELEASE) || marks[s2].relf > marks[s1].relf || relseq
                 || fenced (fences, &steps[s1], &steps[s2]);
  gboolean acq = (steps[l1].flags & AUGUR_SF_ACQUIRE) || b->acqf > marks[l1].acqf
                 || fenced (fences, &steps[l1], &steps[l2]);
  if (rel && acq)
    return TRUE;
  /* some other chain may order them: a release of the writer after the
   * first store and an acquire of the reader between the loads (taken as
   * ordering, not followed) */
  guint own = (steps[l2].flags & AUGUR_SF_ACQUIRE) && !(steps[l2].xflags & AUGUR_SXF_ACQ_FENCE);
  return a->rel > marks[s1].rel && b->acq - own > marks[l1].acq;
}

/* Has a writer's store of x (before the store s2 it made, no call
 * between) the shape with the loads l1 (of s2) and l2 (of x, now)? */
static gboolean
mp_match (const AugurSchedStep *steps, const Mark *marks, const Mark *cur, const GArray *fences,
          guint l1, guint l2, guint *out)
{
  guint s2 = marks[l1].link;
  if (s2 == NONE || steps[s2].tid == steps[l2].tid || steps[s2].tid >= THREADS
      || !apart (steps[l1].obj, steps[l1].size, steps[l2].obj, steps[l2].size))
    return FALSE;
  gboolean relseq = FALSE;
  guint hops = 0;
  for (guint w = marks[s2].link; w != NONE && hops < HOPS && marks[w].sync == marks[s2].sync;
       w = marks[w].link, hops++)
    {
      if (!apart (steps[w].obj, steps[w].size, steps[l2].obj, steps[l2].size))
        {
          if (mp_ordered (steps, marks, cur, fences, w, s2, l1, l2, relseq))
            return FALSE;
          out[0] = l1;
          out[1] = l2;
          out[2] = w;
          out[3] = s2;
          return TRUE;
        }
      if (steps[w].obj == steps[s2].obj && (steps[w].flags & AUGUR_SF_RELEASE))
        relseq = TRUE;
    }
  return FALSE;
}

gboolean
augur_weak_message_passing (const AugurSchedStep *steps, guint n, const GArray *fences,
                            guint *loads, guint *stores)
{
  Mark *marks = NULL;
  Mark cur[THREADS] = { { 0 } };
  guint last_write[THREADS];
  Pending recent[THREADS];   /* each thread's last atomic loads of another's write */
  Loc locs[LOCS];
  guint out[4] = { 0 };
  gboolean found = FALSE;
  for (guint k = 0; k < n && !found; k++)
    {
      const AugurSchedStep *s = &steps[k];
      guint t = s->tid;
      if (t >= THREADS)
        continue;
      if (marks == NULL)
        {
          if (!atomic_write (s))
            continue;   /* nothing to pass before the first atomic write */
          marks = g_new (Mark, n);
          memset (locs, 0, sizeof locs);
          memset (recent, 0, sizeof recent);
          for (guint u = 0; u < THREADS; u++)
            last_write[u] = NONE;
        }
      marks[k].link = NONE;
      mark_step (s, &cur[t], &marks[k]);
      if (sync_call (s))
        recent[t].n = 0;
      else if (atomic_write (s))
        {
          marks[k].link = last_write[t];
          last_write[t] = k;
          Loc *l = loc_of (locs, s->obj);
          l->addr = s->obj;
          l->step = k;
        }
      else if (atomic_load (s))
        {
          const Loc *l = loc_of (locs, s->obj);
          guint w = l->addr == s->obj && s->obj != 0 ? l->step : NONE;
          marks[k].link = w;
          Pending *p = &recent[t];
          for (guint i = 0; i < p->n && !found; i++)
            found = mp_match (steps, marks, cur, fences, p->step[i], k, out);
          if (w != NONE && steps[w].tid != t)
            {
              if (p->n == PENDING)
                memmove (p->step, p->step + 1, (PENDING - 1) * sizeof *p->step);
              p->step[p->n < PENDING ? p->n++ : PENDING - 1] = k;
            }
        }
    }
  g_free (marks);
  if (found)
    {
      loads[0] = out[0];
      loads[1] = out[1];
      stores[0] = out[2];
      stores[1] = out[3];
    }
  return found;
}
