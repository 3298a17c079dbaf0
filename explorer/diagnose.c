/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diagnose.c — the candidate atomicity violations of a failing execution
 * and their serialised schedules; see diagnose.h.
 */
#include "config.h"

#include "explorer/diagnose.h"

#include <string.h>

#include "common/augur-ops.h"

#define MAXT AUGUR_SCHED_MAX_THREADS

static gboolean
is_access (const AugurSchedStep *s)
{
  return s->op == AUGUR_SOP_READ || s->op == AUGUR_SOP_WRITE;
}

static gboolean
overlap (const AugurSchedStep *a, const AugurSchedStep *b)
{
  guint64 sa = a->size ? a->size : 1, sb = b->size ? b->size : 1;
  return a->obj < b->obj + sb && b->obj < a->obj + sa;
}

/* An atomic read-modify-write (or successful CAS): it reads what it
 * updates. */
static gboolean
is_rmw (const AugurSchedStep *s)
{
  return s->op == AUGUR_SOP_WRITE && (s->flags & AUGUR_SF_ATOMIC) && s->ev_kind != AUGUR_EV_ATOMIC_STORE
         && !(s->xflags & AUGUR_SXF_FREE);
}

/* The four unserializable patterns (a1, r, a2).  R-W-W is not one when
 * the local write is a read-modify-write: it is not based on the stale
 * read, the remote write is not lost (a plain scan for the least
 * counter, then __sync_fetch_and_add on it: klib's work stealing). */
static gboolean
unserializable (const AugurSchedStep *a1, const AugurSchedStep *r, const AugurSchedStep *a2)
{
  const guint8 R = AUGUR_SOP_READ, W = AUGUR_SOP_WRITE;
  return (a1->op == R && r->op == W && a2->op == R) || (a1->op == W && r->op == W && a2->op == R)
         || (a1->op == R && r->op == W && a2->op == W && !is_rmw (a2))
         || (a1->op == W && r->op == R && a2->op == W);
}

char *
augur_diagnose_pattern (const AugurSchedStep *steps, const AugurTriple *t)
{
#define L(k) (steps[k].op == AUGUR_SOP_WRITE ? 'W' : 'R')
  if (t->r == t->r2)
    return g_strdup_printf ("%c-%c-%c", L (t->a1), L (t->r), L (t->a2));
  return g_strdup_printf ("%c-%c-%c-%c", L (t->a1), L (t->r), L (t->r2), L (t->a2));
#undef L
}

/* Fork/join happens-before: a vector clock per step of the window, from
 * program order, create (the child starts after it) and join (the joiner
 * continues after the joined thread's last step). */
typedef struct {
  guint from;                /* first step with a clock */
  guint32 *vc;               /* (n - from) x MAXT */
  guint32 *own;              /* the step's own component, n - from */
} ForkJoin;

static void
fork_join_init (ForkJoin *fj, const AugurSchedStep *steps, guint n, guint from)
{
  guint32 (*cur)[MAXT] = g_malloc0 (sizeof (guint32) * MAXT * MAXT);
  fj->from = from;
  fj->vc = g_new (guint32, (gsize) (n - from) * MAXT);
  fj->own = g_new (guint32, n - from);
  for (guint k = 0; k < n; k++)
    {
      const AugurSchedStep *s = &steps[k];
      guint t = s->tid;
      if (t >= MAXT)
        continue;
      cur[t][t]++;
      if (s->op == AUGUR_SOP_CREATE && s->arg < MAXT)
        memcpy (cur[s->arg], cur[t], sizeof cur[t]);
      else if (s->op == AUGUR_SOP_JOIN && s->arg < MAXT)
        for (guint u = 0; u < MAXT; u++)
          cur[t][u] = MAX (cur[t][u], cur[s->arg][u]);
      if (k >= from)
        {
          memcpy (fj->vc + (gsize) (k - from) * MAXT, cur[t], sizeof cur[t]);
          fj->own[k - from] = cur[t][t];
        }
    }
  g_free (cur);
}

/* x happens before y (x < y, both in the window) through fork/join. */
static gboolean
fj_before (const ForkJoin *fj, const AugurSchedStep *steps, guint x, guint y)
{
  guint tx = steps[x].tid;
  if (tx >= MAXT)
    return FALSE;
  return fj->vc[(gsize) (y - fj->from) * MAXT + tx] >= fj->own[x - fj->from];
}

static gboolean
conflict (const AugurSchedStep *a, const AugurSchedStep *b)
{
  return is_access (a) && is_access (b) && overlap (a, b)
         && (a->op == AUGUR_SOP_WRITE || b->op == AUGUR_SOP_WRITE);
}

static void
add_candidate (GArray *out, GHashTable *seen, const ForkJoin *fj, const AugurSchedStep *steps,
               guint a1, guint r1, guint r2, guint a2)
{
  AugurTriple t = { a1, r1, a2, r2,
                    !fj_before (fj, steps, a1, r1) && !fj_before (fj, steps, a1, r2),
                    !fj_before (fj, steps, r1, a2) && !fj_before (fj, steps, r2, a2),
                    steps[a1].op == AUGUR_SOP_READ };
  /* the read of a read-modify-write (x++) is not a check */
  for (guint k = a1 + 1; t.check && k <= a2; k++)
    if (steps[k].tid == steps[a1].tid && is_access (&steps[k]))
      {
        t.check = !(steps[k].op == AUGUR_SOP_WRITE && overlap (&steps[k], &steps[a1]));
        break;
      }
  if (!t.r_first_ok && !t.r_last_ok)
    return;
  const AugurSchedStep *x = &steps[a1], *y = &steps[r1], *z = &steps[r2], *w = &steps[a2];
  /* the same read again is a loop re-checking what it read (while, not
   * if, around a wait; a retry loop): that R-W-R is how it is meant to work */
  if (r1 == r2 && x->op == AUGUR_SOP_READ && w->op == AUGUR_SOP_READ && x->pc == w->pc
      && x->module == w->module)
    return;
  char *key = g_strdup_printf ("%u:%x:%u %u:%x:%u %u:%x:%u %u:%x:%u", x->module, x->pc, x->op,
                               y->module, y->pc, y->op, z->module, z->pc, z->op, w->module, w->pc,
                               w->op);
  if (g_hash_table_add (seen, key))
    g_array_append_val (out, t);
}

/* Regions that start with a check first (a read whose value the thread
 * then relies on: check-then-act, check-then-use), then the tightest
 * region (fewest steps from a1 to a2: the most precise account of what had
 * to be atomic), then nearest the end. */
static gint
cmp_tightest (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const AugurTriple *a = pa, *b = pb;
  (void) data;
  if (a->check != b->check)
    return a->check ? -1 : 1;
  guint wa = a->a2 - a->a1, wb = b->a2 - b->a1;
  if (wa != wb)
    return wa < wb ? -1 : 1;
  if (a->a2 != b->a2)
    return a->a2 > b->a2 ? -1 : 1;
  if (a->r2 != b->r2)
    return a->r2 > b->r2 ? -1 : 1;
  return a->r > b->r ? -1 : a->r < b->r;
}

GArray *
augur_diagnose_triples (const AugurSchedStep *steps, guint n, guint max)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (AugurTriple));
  if (n < 3 || max == 0)
    return out;
  guint from = n > AUGUR_DIAGNOSE_WINDOW ? n - AUGUR_DIAGNOSE_WINDOW : 0;
  ForkJoin fj;
  fork_join_init (&fj, steps, n, from);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint k = n; k-- > from && out->len < max;)
    {
      const AugurSchedStep *a2 = &steps[k];
      if (!is_access (a2) || a2->tid >= MAXT)
        continue;
      /* t's earlier accesses, nearest first: the previous one to a2's
       * location, and up to AUGUR_DIAGNOSE_OTHER to other locations
       * after it (a check of one variable, then a use of another) */
      guint others = 0;
      for (guint i = k; i-- > from && out->len < max;)
        {
          const AugurSchedStep *a1 = &steps[i];
          if (a1->tid != a2->tid || !is_access (a1))
            continue;
          gboolean same = overlap (a1, a2);
          if (!same && ++others > AUGUR_DIAGNOSE_OTHER)
            continue;
          for (guint j = k - 1; j > i && out->len < max; j--)
            {
              const AugurSchedStep *r = &steps[j];
              if (r->tid == a2->tid || !conflict (r, a2))
                continue;
              if (same)
                {
                  if (overlap (r, a1) && unserializable (a1, r, a2))
                    add_candidate (out, seen, &fj, steps, i, j, j, k);
                  continue;
                }
              /* r's thread also conflicts with a1 between a1 and a2 */
              for (guint m = i + 1; m < k; m++)
                if (steps[m].tid == r->tid && conflict (&steps[m], a1) && !overlap (&steps[m], a2))
                  {
                    add_candidate (out, seen, &fj, steps, i, m, j, k);
                    break;
                  }
            }
          if (same)
            break;      /* further back, a2's location was accessed again */
        }
    }
  g_free (fj.vc);
  g_free (fj.own);
  g_array_sort_with_data (out, cmp_tightest, (gpointer) steps);
  return out;
}

/* The locks a thread holds (mutexes, rwlocks, a condition wait's mutex):
 * the object, the step that took it, the recursion count. */
typedef struct {
  guint64 obj;
  guint since, count;
} Held;

#define MAX_HELD 32u

static gboolean
lock_step (const AugurSchedStep *s, gboolean *acquire, guint64 *obj)
{
  AugurOpsLock l = augur_ops_step_lock (s, obj);
  *acquire = l == AUGUR_OPS_LOCK_ACQUIRE;
  return l == AUGUR_OPS_LOCK_ACQUIRE || l == AUGUR_OPS_LOCK_RELEASE;
}

/* Applies steps[k] (of the thread whose locks @held are) to @held. */
static void
held_apply (Held *held, guint *nh, const AugurSchedStep *s, guint k)
{
  gboolean acquire;
  guint64 obj;
  if (!lock_step (s, &acquire, &obj))
    return;
  guint h = 0;
  while (h < *nh && held[h].obj != obj)
    h++;
  if (acquire)
    {
      if (h < *nh)
        held[h].count++;
      else if (*nh < MAX_HELD)
        held[(*nh)++] = (Held) { obj, k, 1 };
    }
  else if (h < *nh && --held[h].count == 0)
    held[h] = held[--*nh];
}

/* The locks thread @tid holds just before steps[at]. */
static guint
held_at (const AugurSchedStep *steps, guint at, guint tid, Held *held)
{
  guint nh = 0;
  for (guint k = 0; k < at; k++)
    if (steps[k].tid == tid)
      held_apply (held, &nh, &steps[k], k);
  return nh;
}

/* The step at which @tid took the outermost of the locks it holds just
 * before steps[at], or @at if it holds none. */
static guint
held_since (const AugurSchedStep *steps, guint at, guint tid)
{
  Held held[MAX_HELD];
  guint nh = held_at (steps, at, tid, held), since = at;
  for (guint h = 0; h < nh; h++)
    since = MIN (since, held[h].since);
  return since;
}

/* The step at which @tid has released every lock it holds at steps[at]
 * (held before it, or taken by it), or @at if it holds none; n - 1 if it
 * never does. */
static guint
held_until (const AugurSchedStep *steps, guint n, guint at, guint tid)
{
  Held held[MAX_HELD];
  guint nh = held_at (steps, at + 1, tid, held);
  if (nh == 0)
    return at;
  for (guint k = at + 1; k < n; k++)
    if (steps[k].tid == tid)
      {
        held_apply (held, &nh, &steps[k], k);
        if (nh == 0)
          return k;
      }
  return n - 1;
}

/* The window [lo, hi] and the thread whose steps in it move to its end,
 * with both ends outside the critical sections of both threads, so that
 * sections move whole: r first, t's steps from a1 to r move after the
 * section of u around r; r last, u's steps from a1 to a2 move after the
 * section of t around a2. */
static void
window_of (const AugurSchedStep *steps, guint n, const AugurTriple *t, gboolean r_first,
           guint *lo, guint *hi, guint *moved)
{
  guint tt = steps[t->a1].tid, u = steps[t->r].tid;
  *moved = r_first ? tt : u;
  *lo = held_since (steps, t->a1, *moved);
  *hi = r_first ? held_until (steps, n, MAX (t->r, t->r2), u) : held_until (steps, n, t->a2, tt);
}

gboolean
augur_diagnose_flips_only_location (const AugurSchedStep *steps, guint n, const AugurTriple *t,
                                    gboolean r_first)
{
  guint lo, hi, moved;
  window_of (steps, n, t, r_first, &lo, &hi, &moved);
  const AugurSchedStep *x = &steps[t->a1], *y = &steps[t->a2];
  for (guint m = lo; m <= hi; m++)
    {
      if (steps[m].tid != moved || !is_access (&steps[m]))
        continue;
      for (guint p = m + 1; p <= hi; p++)
        if (steps[p].tid != moved && conflict (&steps[m], &steps[p])
            && !(overlap (&steps[m], y) && overlap (&steps[p], y))
            && !(overlap (&steps[m], x) && overlap (&steps[p], x)))
          return FALSE;
    }
  return TRUE;
}

GArray *
augur_diagnose_serialise (const AugurSchedStep *steps, guint n, const AugurTriple *t,
                          gboolean r_first, guint *decided)
{
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (AugurSchedStep), n);
  guint lo, hi, moved;
  window_of (steps, n, t, r_first, &lo, &hi, &moved);
  g_array_append_vals (out, steps, lo);
  for (guint k = lo; k <= hi; k++)
    if (steps[k].tid != moved)
      g_array_append_val (out, steps[k]);
  /* once the others' steps in the window are done, r is (r first) and a2
   * is (r last), while a1 (r first) and r (r last) are still to come */
  if (decided != NULL)
    *decided = out->len;
  for (guint k = lo; k <= hi; k++)
    if (steps[k].tid == moved)
      g_array_append_val (out, steps[k]);
  g_array_append_vals (out, steps + hi + 1, n - hi - 1);
  return out;
}
