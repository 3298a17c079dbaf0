/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diagnose.c — the candidate atomicity violations of a failing execution
 * and their serialised schedules; see diagnose.h.
 */
#include "config.h"

#include "explorer/diagnose.h"

#include <string.h>

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

/* The four unserializable patterns (a1, r, a2). */
static gboolean
unserializable (guint8 a1, guint8 r, guint8 a2)
{
  const guint8 R = AUGUR_SOP_READ, W = AUGUR_SOP_WRITE;
  return (a1 == R && r == W && a2 == R) || (a1 == W && r == W && a2 == R)
         || (a1 == R && r == W && a2 == W) || (a1 == W && r == R && a2 == W);
}

const char *
augur_diagnose_pattern (const AugurSchedStep *steps, const AugurTriple *t)
{
  static const char *names[] = { "R-R-R", "R-R-W", "R-W-R", "R-W-W",
                                 "W-R-R", "W-R-W", "W-W-R", "W-W-W" };
  guint i = (steps[t->a1].op == AUGUR_SOP_WRITE) * 4 + (steps[t->r].op == AUGUR_SOP_WRITE) * 2
            + (steps[t->a2].op == AUGUR_SOP_WRITE);
  return names[i];
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
      /* t's previous access to the location */
      guint i = k;
      while (i-- > from)
        if (steps[i].tid == a2->tid && is_access (&steps[i]) && overlap (&steps[i], a2))
          break;
      if (i == G_MAXUINT || i < from)
        continue;
      const AugurSchedStep *a1 = &steps[i];
      for (guint j = k - 1; j > i && out->len < max; j--)
        {
          const AugurSchedStep *r = &steps[j];
          if (r->tid == a2->tid || !is_access (r) || !overlap (r, a2) || !overlap (r, a1)
              || !unserializable (a1->op, r->op, a2->op))
            continue;
          AugurTriple t = { i, j, k, !fj_before (&fj, steps, i, j), !fj_before (&fj, steps, j, k) };
          if (!t.r_first_ok && !t.r_last_ok)
            continue;
          char *key = g_strdup_printf ("%u:%x %u:%x %u:%x %u", a1->module, a1->pc, r->module, r->pc,
                                       a2->module, a2->pc, (guint) (a1->op * 100 + r->op * 10 + a2->op));
          if (!g_hash_table_add (seen, key))
            continue;
          g_array_append_val (out, t);
        }
    }
  g_free (fj.vc);
  g_free (fj.own);
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
  *acquire = s->op == AUGUR_SOP_LOCK || s->op == AUGUR_SOP_RDLOCK || s->op == AUGUR_SOP_WRLOCK
             || s->op == AUGUR_SOP_COND_WAKE;
  gboolean release = s->op == AUGUR_SOP_UNLOCK || s->op == AUGUR_SOP_RWUNLOCK
                     || s->op == AUGUR_SOP_COND_WAIT;
  *obj = s->op == AUGUR_SOP_COND_WAKE || s->op == AUGUR_SOP_COND_WAIT ? s->arg : s->obj;
  return *acquire || release;
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
  *hi = r_first ? held_until (steps, n, t->r, u) : held_until (steps, n, t->a2, tt);
}

static gboolean
conflict (const AugurSchedStep *a, const AugurSchedStep *b)
{
  return is_access (a) && is_access (b) && overlap (a, b)
         && (a->op == AUGUR_SOP_WRITE || b->op == AUGUR_SOP_WRITE);
}

gboolean
augur_diagnose_flips_only_location (const AugurSchedStep *steps, guint n, const AugurTriple *t,
                                    gboolean r_first)
{
  guint lo, hi, moved;
  window_of (steps, n, t, r_first, &lo, &hi, &moved);
  const AugurSchedStep *loc = &steps[t->a2];
  for (guint m = lo; m <= hi; m++)
    {
      if (steps[m].tid != moved || !is_access (&steps[m]))
        continue;
      for (guint p = m + 1; p <= hi; p++)
        if (steps[p].tid != moved && conflict (&steps[m], &steps[p])
            && !(overlap (&steps[m], loc) && overlap (&steps[p], loc)))
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
