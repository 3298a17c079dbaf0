/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * candidates.c — enumerating the candidate witnesses of the prediction
 * queries and grouping them by source pattern (candidates.h).
 */
#include "config.h"

#include <string.h>

#include "common/augur-ops.h"

#include "predictor/candidates.h"
#include "predictor/predict-error.h"

/* Remote accesses tried per local witness, nearest first. */
#define B_TRIES 3
/* Candidates per query and program-counter combination (a loop repeats the
 * same code): the others are instances of the same pattern. */
#define PER_SITE 2
/* Candidates kept per source pattern, as a multiple of the checks it may
 * get: the order they are asked in is order_instances'. */
#define KEPT_PER_CHECK 4

typedef struct {
  const AugurPredModel *m;
  AugurSymbolizer *sym;
  const AugurPredictOptions *o;
  AugurCandSet *set;
  GHashTable *by_key;     /* key -> AugurCandPattern* (both borrowed from set->patterns) */
  GHashTable *lines;      /* site (module << 32 | pc) -> "file:line", or "" without source */
  GHashTable *sites;      /* per query: pc-site key -> candidates */
  GHashTable **takes;     /* per thread, built on demand: the locks it ever acquires */
  GString *kinds;         /* enum_atomicity's block, reused: most variables have a handful of
                           * accesses, and millions of them are enumerated */
  GArray *last_w;
  gint64 deadline;
  guint ticks;
  gboolean stop;          /* at the deadline */
} Enum;

static void
pattern_free (gpointer p)
{
  AugurCandPattern *cp = p;
  g_array_unref (cp->cands);
  g_free (cp->key);
  g_free (cp->report_key);
  g_free (cp);
}

void
augur_cand_set_free (AugurCandSet *set)
{
  if (set == NULL)
    return;
  g_ptr_array_unref (set->patterns);
  g_free (set);
}

/* "file:line" of event g, or NULL without source. */
static const char *
line_of (const AugurPredModel *m, AugurSymbolizer *sym, GHashTable *cache, guint32 g)
{
  guint64 s = augur_pred_model_site (m, g);
  const char *l = g_hash_table_lookup (cache, &s);
  if (l == NULL)
    {
      AugurSource src;
      augur_pred_model_source (m, sym, g, &src);
      char *text = src.file != NULL ? g_strdup_printf ("%s:%u", src.file, src.line) : g_strdup ("");
      g_hash_table_insert (cache, g_memdup2 (&s, sizeof s), text);
      l = text;
    }
  return *l != '\0' ? l : NULL;
}

/* One access of a key: "file:line:kind", or without source its object,
 * thread and program counter. */
static void
append_part (GString *key, const AugurPredModel *m, AugurSymbolizer *sym, GHashTable *cache,
             guint32 g)
{
  const char *line = line_of (m, sym, cache, g);
  if (line != NULL)
    g_string_append_printf (key, " %s:%d", line, m->acc[g]);
  else
    g_string_append_printf (key, " %s T%u@%" G_GINT64_MODIFIER "x:%d",
                            augur_pred_model_object_name (m, g), augur_pred_thread_of (m, g),
                            augur_pred_model_site (m, g), m->acc[g]);
}

/* The key of a candidate's pattern; its first *report_len bytes are the
 * key under which a prediction is reported.  A race's two accesses and a
 * deadlock's two threads are unordered: their parts are sorted (the same
 * lines seen from the other thread are the same pattern). */
static char *
key_of (const AugurPredModel *m, AugurSymbolizer *sym, GHashTable *cache, const AugurCandidate *c,
        gsize *report_len)
{
  GString *key = g_string_new (NULL);
  g_string_append_printf (key, "%d %d", c->kind,
                          c->kind == AUGUR_CAND_ATOMICITY ? (int) c->pattern : 0);
  if (c->kind == AUGUR_CAND_ATOMICITY)
    for (guint k = 0; k < c->n_bug; k++)
      append_part (key, m, sym, cache, c->bug[k]);
  else
    {
      guint half = c->n_bug / 2;
      g_autoptr (GString) x = g_string_new (NULL), y = g_string_new (NULL);
      for (guint k = 0; k < half; k++)
        {
          append_part (x, m, sym, cache, c->bug[k]);
          append_part (y, m, sym, cache, c->bug[half + k]);
        }
      gboolean swap = strcmp (x->str, y->str) > 0;
      g_string_append_printf (key, "%s |%s", swap ? y->str : x->str, swap ? x->str : y->str);
    }
  *report_len = key->len;
  /* a deadlock's query is per pair of locks, and what Z3 said of each pair
   * is reported (lock-order.h): one pattern per pair */
  if (c->kind == AUGUR_CAND_DEADLOCK)
    g_string_append_printf (key, "\x1f%u/%u", c->obj, c->obj2);
  return g_string_free (key, FALSE);
}

/* Checked in the enumeration loops, which may go through millions of
 * accesses: TRUE once the deadline has passed (the clock is read every
 * 4096 steps). */
static gboolean
out_of_time (Enum *e)
{
  if (e->stop)
    return TRUE;
  if (e->deadline == 0 || (++e->ticks & 4095) != 0)
    return FALSE;
  e->stop = g_get_monotonic_time () >= e->deadline;
  return e->stop;
}

/* Adds one candidate to its source pattern (PER_SITE per query and
 * program-counter combination). */
static void
add (Enum *e, AugurCandidate *c, guint64 site_key)
{
  gpointer seen = g_hash_table_lookup (e->sites, GSIZE_TO_POINTER (site_key));
  if (GPOINTER_TO_UINT (seen) >= PER_SITE)
    return;
  g_hash_table_insert (e->sites, GSIZE_TO_POINTER (site_key),
                       GUINT_TO_POINTER (GPOINTER_TO_UINT (seen) + 1));
  const AugurPredModel *m = e->m;
  /* how far into the run the witness ends: the recorded prefix the
   * schedule replays plus the window (only the order matters) */
  guint32 last = 0;
  for (guint k = 0; k < c->n_bug; k++)
    last = MAX (last, c->bug[k]);
  c->end = last;
  c->window = last - c->q.lo;
  gsize report_len;
  char *key = key_of (m, e->sym, e->lines, c, &report_len);
  AugurCandPattern *cp = g_hash_table_lookup (e->by_key, key);
  if (cp == NULL)
    {
      cp = g_new0 (AugurCandPattern, 1);
      cp->cands = g_array_new (FALSE, FALSE, sizeof (AugurCandidate));
      cp->key = key;
      cp->report_key = g_strndup (key, report_len);
      g_ptr_array_add (e->set->patterns, cp);
      g_hash_table_insert (e->by_key, key, cp);
    }
  else
    g_free (key);
  c->seq = cp->n_instances++;
  e->set->n_candidates++;
  if (cp->cands->len < KEPT_PER_CHECK * e->o->max_checks)
    g_array_append_val (cp->cands, *c);
}

/* First index j of `a` (global indices of one thread, increasing) with
 * tidx >= k. */
static guint
lower_tidx (const AugurPredModel *m, GArray *a, guint32 k)
{
  guint lo = 0, hi = a->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (m->tidx[g_array_index (a, guint32, mid)] < k)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The k-th index of the nearest-first walk around pos (pos-1, pos, pos-2,
 * pos+1 ...) inside [jlo, jhi), or -1 for one outside. */
static gint64
nearest (guint pos, guint k, guint jlo, guint jhi)
{
  gint64 jj = (k % 2 == 0) ? (gint64) pos - 1 - k / 2 : (gint64) pos + k / 2;
  return jj < jlo || jj >= jhi ? -1 : jj;
}

/* The locks thread t ever acquires (a set of lock id + 1). */
static GHashTable *
takes_of (Enum *e, guint t)
{
  if (e->takes[t] == NULL)
    {
      GArray *cs = e->m->threads[t].cs;
      e->takes[t] = g_hash_table_new (NULL, NULL);
      for (guint i = 0; i < cs->len; i++)
        g_hash_table_add (e->takes[t], GUINT_TO_POINTER (g_array_index (cs, AugurPredCS, i).lock + 1));
    }
  return e->takes[t];
}

/* The start of a query's window: `lo` (its first witness access), moved
 * back to the acquisition of any critical section of t1 or t2 still open
 * there on a lock the other thread takes.  Everything before the window
 * runs as recorded, and a section open at its start began before
 * everything: the other thread's sections on that lock could then only
 * follow its release, while the other thread may as well run them before
 * the acquisition (a read in a critical section races with a write after
 * the other thread's section on the lock). */
static guint32
window_lo (Enum *e, guint t1, guint t2, guint32 lo)
{
  const AugurPredModel *m = e->m;
  for (gboolean moved = TRUE; moved;)
    {
      moved = FALSE;
      for (guint side = 0; side < 2; side++)
        {
          guint t = side == 0 ? t1 : t2;
          GArray *ev = m->threads[t].events, *cs = m->threads[t].cs;
          guint k = augur_pred_model_first_at (m, t, lo), hi;   /* t's first event at or after lo */
          if (k == 0 || k == ev->len)
            continue;
          GArray *held = g_ptr_array_index (m->locksets, m->lockset[g_array_index (ev, guint32, k)]);
          guint j = 0;   /* sections acquired before lo: cs[0 .. j) */
          for (hi = cs->len; j < hi;)
            {
              guint mid = (j + hi) / 2;
              if (g_array_index (cs, AugurPredCS, mid).acq < lo)
                j = mid + 1;
              else
                hi = mid;
            }
          for (guint h = 0; h < held->len; h++)
            {
              guint32 lock = g_array_index (held, AugurPredHeld, h).lock;
              if (!g_hash_table_contains (takes_of (e, side == 0 ? t2 : t1),
                                          GUINT_TO_POINTER (lock + 1)))
                continue;
              for (guint i = j; i-- > 0;)
                {
                  AugurPredCS *c = &g_array_index (cs, AugurPredCS, i);
                  if (c->lock == lock)
                    {
                      if (c->acq < lo)
                        {
                          lo = c->acq;
                          moved = TRUE;
                        }
                      break;
                    }
                }
            }
        }
    }
  return lo;
}

/* The remote accesses of t2 that may come between ga and gc, nearest first. */
static void
atomicity_remotes (Enum *e, AugurCandidate *proto, GArray *a2, guint32 ga, guint32 gc,
                   guint32 split_prev)
{
  const AugurPredModel *m = e->m;
  char remote = augur_pattern_remote_kind (proto->pattern);
  guint jlo = lower_tidx (m, a2, augur_pred_model_vc (m, ga, proto->t2));
  guint jhi = augur_pred_model_not_knowing (m, a2, proto->t1, gc);
  if (jlo >= jhi)
    return;
  guint pos = CLAMP (augur_pred_upper_bound (a2, split_prev), jlo, jhi);
  guint tried = 0;
  for (guint k = 0; k < 2 * (jhi - jlo) + 2 && tried < B_TRIES && !out_of_time (e); k++)
    {
      gint64 jj = nearest (pos, k, jlo, jhi);
      if (jj < 0)
        continue;
      guint32 gb = g_array_index (a2, guint32, jj);
      gboolean is_w = (m->acc[gb] & AUGUR_ACC_WRITE) != 0;
      /* a lock a, b and c hold keeps b out (a and c of one block are in
       * one critical section; two blocks a lock operation joins hold no
       * lock in common that b could share with both) */
      if ((remote == 'W') != is_w
          || (augur_pred_model_common_lock (m, ga, gb) && augur_pred_model_common_lock (m, gc, gb)))
        continue;
      tried++;
      AugurCandidate c = *proto;
      c.q = (AugurEncQuery) {
        .t1 = c.t1, .t2 = c.t2, .lo = window_lo (e, c.t1, c.t2, MIN (ga, gb)),
        .end1 = m->tidx[gc], .end2 = m->tidx[gb], .extend2 = TRUE,
        .goal = AUGUR_ENC_GOAL_ORDER,
        .before = { ga, gb }, .after = { gb, gc }, .n_order = 2,
      };
      /* the violation's own reads may see other values: that is the
       * prediction (doc/predictor.md) */
      if (!(m->acc[ga] & AUGUR_ACC_WRITE))
        c.q.exempt[c.q.n_exempt++] = ga;
      if (!(m->acc[gc] & AUGUR_ACC_WRITE))
        c.q.exempt[c.q.n_exempt++] = gc;
      if (!is_w)
        c.q.exempt[c.q.n_exempt++] = gb;
      c.bug[0] = ga;
      c.bug[1] = gb;
      c.bug[2] = gc;
      c.n_bug = 3;
      add (e, &c, augur_pred_model_site (m, ga) * 31 + augur_pred_model_site (m, gb) * 7
                  + augur_pred_model_site (m, gc));
    }
}

/* Atomicity: every block of t1's local accesses, every split of it where
 * the pattern applies; and the split between two consecutive blocks that
 * only lock operations separate, when the first holds a lock the second
 * does not (a check in a critical section, an act after it without the
 * lock: the lock's release does not end what the thread meant as one
 * step, and a remote access outside the lock falls between).  Two blocks
 * in critical sections of one lock are two steps, as the lock says. */
static void
enum_atomicity (Enum *e, guint v, guint t1, guint t2, AugurPattern pattern)
{
  const AugurPredModel *m = e->m;
  AugurPredVar *var = g_ptr_array_index (m->vars, v);
  GArray *a1 = var->acc[t1], *a2 = var->acc[t2];
  AugurCandidate proto = { .kind = AUGUR_CAND_ATOMICITY, .obj = v, .t1 = t1, .t2 = t2,
                           .pattern = pattern };
  GString *kinds = e->kinds;
  GArray *last_w = e->last_w;
  for (guint i = 0; i < a1->len && !out_of_time (e);)
    {
      guint j = i;
      guint32 epoch = m->epoch[g_array_index (a1, guint32, i)];
      g_string_truncate (kinds, 0);
      for (; j < a1->len && m->epoch[g_array_index (a1, guint32, j)] == epoch; j++)
        g_string_append_c (kinds, (m->acc[g_array_index (a1, guint32, j)] & AUGUR_ACC_WRITE)
                                    ? 'W' : 'R');
      /* the next block's first access, when the two blocks join */
      if (j < a1->len)
        {
          guint32 last = g_array_index (a1, guint32, j - 1), next = g_array_index (a1, guint32, j);
          if (augur_pred_model_lock_dropped (m, last, next)
              && augur_pred_model_only_locks_between (m, last, next))
            g_string_append_c (kinds, (m->acc[next] & AUGUR_ACC_WRITE) ? 'W' : 'R');
        }
      g_array_set_size (last_w, kinds->len);
      augur_pattern_last_writes (kinds->str, kinds->len, (guint *) last_w->data);
      for (guint s = 1; s < kinds->len && !out_of_time (e); s++)
        {
          guint wa, wc;
          if (!augur_pattern_witness_at (pattern, kinds->str, (const guint *) last_w->data,
                                         kinds->len, s, &wa, &wc))
            continue;
          guint32 ga = g_array_index (a1, guint32, i + wa), gc = g_array_index (a1, guint32, i + wc);
          /* a read that the same instruction reads again is a loop that
           * re-checks (a spin until a sequence number is even, the while
           * around a condition wait): seeing two values is how it works,
           * as the explorer's diagnosis holds too (explorer/diagnose.h) */
          if (pattern == AUGUR_PATTERN_RWR
              && augur_pred_model_site (m, ga) == augur_pred_model_site (m, gc))
            continue;
          /* a local write that is an atomic read-modify-write reads what
           * it updates: the remote write is not lost, the write not based
           * on the stale read (klib's work stealing: a plain scan for the
           * least counter, then __sync_fetch_and_add on it) */
          const guint8 rmw = AUGUR_ACC_READ | AUGUR_ACC_WRITE | AUGUR_ACC_ATOMIC;
          if ((pattern == AUGUR_PATTERN_RWW || pattern == AUGUR_PATTERN_WWW)
              && (m->acc[gc] & rmw) == rmw)
            continue;
          atomicity_remotes (e, &proto, a2, ga, gc, g_array_index (a1, guint32, i + s - 1));
        }
      i = j;
    }
}

static void
enum_race (Enum *e, guint v, guint t1, guint t2)
{
  const AugurPredModel *m = e->m;
  AugurPredVar *var = g_ptr_array_index (m->vars, v);
  GArray *a1 = var->acc[t1], *a2 = var->acc[t2];
  for (guint i = 0; i < a1->len && !out_of_time (e); i++)
    {
      guint32 x = g_array_index (a1, guint32, i);
      guint jlo = lower_tidx (m, a2, augur_pred_model_vc (m, x, t2));
      guint jhi = augur_pred_model_not_knowing (m, a2, t1, x);
      if (jlo >= jhi)
        continue;
      guint pos = CLAMP (augur_pred_upper_bound (a2, x), jlo, jhi);
      guint tried = 0;
      for (guint k = 0; k < 2 * (jhi - jlo) + 2 && tried < 2 && !out_of_time (e); k++)
        {
          gint64 jj = nearest (pos, k, jlo, jhi);
          if (jj < 0)
            continue;
          guint32 y = g_array_index (a2, guint32, jj);
          if (!((m->acc[x] | m->acc[y]) & AUGUR_ACC_WRITE)
              || ((m->acc[x] & AUGUR_ACC_ATOMIC) && (m->acc[y] & AUGUR_ACC_ATOMIC))
              || augur_pred_model_common_lock (m, x, y))
            continue;
          tried++;
          AugurCandidate c = {
            .kind = AUGUR_CAND_RACE, .obj = v, .t1 = t1, .t2 = t2,
            .q = { .t1 = t1, .t2 = t2, .lo = window_lo (e, t1, t2, MIN (x, y)), .end1 = m->tidx[x], .end2 = m->tidx[y],
                   .extend2 = FALSE, .goal = AUGUR_ENC_GOAL_ADJACENT,
                   .exempt = { x, y }, .n_exempt = 2 },
            .bug = { x, y }, .n_bug = 2,
          };
          add (e, &c, augur_pred_model_site (m, x) * 31 + augur_pred_model_site (m, y));
        }
    }
}

/* The event a blocked acquisition waits in: the lock request recorded
 * just before it, if there is one. */
static guint32
blocked_at (const AugurPredModel *m, guint t, guint32 q)
{
  guint32 i = m->tidx[q];
  if (i > 0)
    {
      guint32 g = augur_pred_model_event (m, t, i - 1);
      if (augur_trace_event (m->trace, g)->kind == AUGUR_EV_MUTEX_LOCK_REQ)
        return g;
    }
  return q;
}

static void
enum_deadlock (Enum *e, guint32 l1, guint32 l2, guint t1, guint t2)
{
  const AugurPredModel *m = e->m;
  GArray *n1 = m->threads[t1].nests, *n2 = m->threads[t2].nests;
  for (guint i = 0; i < n1->len && !out_of_time (e); i++)
    {
      AugurPredNest *e1 = &g_array_index (n1, AugurPredNest, i);
      if (!((e1->lock1 == l1 && e1->lock2 == l2) || (e1->lock1 == l2 && e1->lock2 == l1)))
        continue;
      for (guint j = 0; j < n2->len && !out_of_time (e); j++)
        {
          AugurPredNest *e2 = &g_array_index (n2, AugurPredNest, j);
          if (e2->lock1 != e1->lock2 || e2->lock2 != e1->lock1)
            continue;
          if (augur_pred_model_hb (m, e1->q, e2->p) || augur_pred_model_hb (m, e2->q, e1->p))
            continue;
          guint32 r1 = blocked_at (m, t1, e1->q), r2 = blocked_at (m, t2, e2->q);
          if (m->tidx[r1] == 0 || m->tidx[r2] == 0)
            continue;
          AugurCandidate c = {
            .kind = AUGUR_CAND_DEADLOCK, .obj = l1, .obj2 = l2, .t1 = t1, .t2 = t2,
            .q = { .t1 = t1, .t2 = t2, .lo = MIN (e1->p, e2->p), .end1 = m->tidx[r1] - 1,
                   .end2 = m->tidx[r2] - 1, .goal = AUGUR_ENC_GOAL_DEADLOCK },
            .bug = { e1->p, r1, e2->p, r2 }, .n_bug = 4,
          };
          add (e, &c, augur_pred_model_site (m, e1->q) * 31 + augur_pred_model_site (m, e2->q));
        }
    }
}

/* ---- the lockset pruning ---- */

/* The locks every access of `a` holds: lock -> mode bits (1 shared,
 * 2 exclusive) seen, in a small array (lock, modes) pairs. */
static GArray *
common_locks (const AugurPredModel *m, GArray *a)
{
  /* most variables: every access under one snapshot, often the empty one
   * (a job's data): that snapshot itself, without a copy */
  if (a->len > 0)
    {
      guint32 first = m->lockset[g_array_index (a, guint32, 0)];
      GArray *snap = g_ptr_array_index (m->locksets, first);
      guint i = 1;
      while (snap->len > 0 && i < a->len && m->lockset[g_array_index (a, guint32, i)] == first)
        i++;
      if (snap->len == 0 || i == a->len)
        return g_array_ref (snap);
    }
  GArray *out = g_array_new (FALSE, FALSE, sizeof (AugurPredHeld));
  guint32 last = AUGUR_PRED_NONE;
  for (guint i = 0; i < a->len; i++)
    {
      guint32 ls = m->lockset[g_array_index (a, guint32, i)];
      if (ls == last)
        continue;
      GArray *held = g_ptr_array_index (m->locksets, ls);
      if (i == 0)
        g_array_append_vals (out, held->data, held->len);
      for (guint k = out->len; k-- > 0;)
        {
          AugurPredHeld *o = &g_array_index (out, AugurPredHeld, k);
          gboolean found = FALSE;
          for (guint h = 0; h < held->len && !found; h++)
            {
              AugurPredHeld *x = &g_array_index (held, AugurPredHeld, h);
              if (x->lock == o->lock)
                {
                  found = TRUE;
                  o->mode = MIN (o->mode, x->mode);   /* shared once: not always exclusive */
                }
            }
          if (!found)
            g_array_remove_index_fast (out, k);
        }
      last = ls;
      if (out->len == 0)
        break;
    }
  return out;
}

/* ---- the queries ---- */

/* The queries of variable v for the ordered pair (t1, t2). */
static void
enum_var_pair (Enum *e, AugurStaticFilter *filter, guint v, guint t1, guint t2, gboolean locked)
{
  const AugurPredictOptions *o = e->o;
  AugurCandSet *set = e->set;
  if (o->atomicity)
    {
      if (!augur_static_filter_may_interfere (filter, v, t1, t2))
        set->n_skipped += AUGUR_PATTERN_N;
      else if (locked)
        set->n_lockset += AUGUR_PATTERN_N;
      else
        for (guint p = 0; p < AUGUR_PATTERN_N; p++)
          {
            if (out_of_time (e))
              {
                set->n_left++;
                continue;
              }
            set->n_queries++;
            g_hash_table_remove_all (e->sites);
            enum_atomicity (e, v, t1, t2, p);
            set->n_left += e->stop;   /* cut in the middle: its instances only in part */
          }
    }
  if (o->races && t1 < t2)
    {
      if (!augur_static_filter_may_race (filter, v, t1, t2))
        set->n_skipped++;
      else if (locked)
        set->n_lockset++;
      else if (out_of_time (e))
        set->n_left++;
      else
        {
          set->n_queries++;
          g_hash_table_remove_all (e->sites);
          enum_race (e, v, t1, t2);
          set->n_left += e->stop;
        }
    }
}

/* `open[v]`: variable v has a pair of threads that no common lock
 * excludes (count_queries). */
static void
enum_vars (Enum *e, AugurStaticFilter *filter, const guint8 *open)
{
  const AugurPredModel *m = e->m;
  GArray **locks = g_new0 (GArray *, m->n_threads);
  for (guint v = 0; v < m->vars->len; v++)
    {
      AugurPredVar *var = g_ptr_array_index (m->vars, v);
      if (!var->shared)
        continue;
      for (guint t = 0; t < m->n_threads; t++)
        locks[t] = open[v] && var->acc[t] != NULL ? common_locks (m, var->acc[t]) : NULL;
      for (guint t1 = 0; t1 < m->n_threads; t1++)
        for (guint t2 = 0; t2 < m->n_threads; t2++)
          if (t1 != t2 && var->acc[t1] != NULL && var->acc[t2] != NULL)
            enum_var_pair (e, filter, v, t1, t2,
                           !open[v] || augur_pred_held_exclude (locks[t1], locks[t2]));
      for (guint t = 0; t < m->n_threads; t++)
        g_clear_pointer (&locks[t], g_array_unref);
    }
  g_free (locks);
}

static void
enum_deadlocks (Enum *e)
{
  const AugurPredModel *m = e->m;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint t1 = 0; t1 < m->n_threads; t1++)
    for (guint i = 0; i < m->threads[t1].nests->len; i++)
      {
        AugurPredNest *n = &g_array_index (m->threads[t1].nests, AugurPredNest, i);
        guint32 l1 = MIN (n->lock1, n->lock2), l2 = MAX (n->lock1, n->lock2);
        for (guint t2 = t1 + 1; t2 < m->n_threads; t2++)
          {
            char *key = g_strdup_printf ("%u/%u/%u/%u", t1, t2, l1, l2);
            if (!g_hash_table_add (seen, key))
              continue;
            if (out_of_time (e))
              {
                e->set->n_left++;
                continue;
              }
            e->set->n_queries++;
            g_hash_table_remove_all (e->sites);
            enum_deadlock (e, l1, l2, t1, t2);
            e->set->n_left += e->stop;
          }
      }
}

/* The queries the lockset pruning leaves, counted before any is
 * enumerated: with thousands of threads on one unprotected counter,
 * hundreds of millions of them. */
static guint64
count_queries (const AugurPredModel *m, const AugurPredictOptions *o, guint8 *open, guint64 cap)
{
  guint64 n = 0;
  g_autofree GArray **locks = g_new0 (GArray *, m->n_threads);
  for (guint v = 0; v < m->vars->len; v++)
    {
      AugurPredVar *var = g_ptr_array_index (m->vars, v);
      if (!var->shared)
        continue;
      for (guint t = 0; t < m->n_threads; t++)
        locks[t] = var->acc[t] != NULL ? common_locks (m, var->acc[t]) : NULL;
      for (guint t1 = 0; t1 < m->n_threads; t1++)
        for (guint t2 = 0; t2 < m->n_threads && locks[t1] != NULL; t2++)
          if (t1 != t2 && locks[t2] != NULL && !augur_pred_held_exclude (locks[t1], locks[t2]))
            {
              n += o->atomicity ? AUGUR_PATTERN_N + 1 : 1;
              open[v] = 1;
            }
      for (guint t = 0; t < m->n_threads; t++)
        g_clear_pointer (&locks[t], g_array_unref);
      if (n > cap)
        break;
    }
  return n;
}

static gint
end_cmp (gconstpointer a, gconstpointer b)
{
  const AugurCandidate *x = a, *y = b;
  if (x->end != y->end)
    return x->end < y->end ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static gint
window_cmp (gconstpointer a, gconstpointer b)
{
  const AugurCandidate *x = a, *y = b;
  if (x->window != y->window)
    return x->window < y->window ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The order in which a pattern's instances are asked: the one that ends
 * earliest in the run (the shortest schedule: the recorded prefix it
 * replays is short), then the one with the smallest window (the cheapest
 * check, and the fewest constraints), alternately, each once. */
static void
order_instances (AugurCandPattern *cp)
{
  guint n = cp->cands->len;
  g_autoptr (GArray) by_end = g_array_copy (cp->cands);
  g_autoptr (GArray) by_window = g_array_copy (cp->cands);
  g_array_sort (by_end, end_cmp);
  g_array_sort (by_window, window_cmp);
  g_autoptr (GHashTable) taken = g_hash_table_new (NULL, NULL);
  g_array_set_size (cp->cands, 0);
  for (guint i = 0; cp->cands->len < n; i++)
    {
      GArray *from = i % 2 == 0 ? by_end : by_window;
      for (guint k = i / 2; k < n; k++)
        {
          AugurCandidate *c = &g_array_index (from, AugurCandidate, k);
          if (g_hash_table_add (taken, GSIZE_TO_POINTER (c->seq + 1)))
            {
              g_array_append_val (cp->cands, *c);
              break;
            }
        }
    }
}

AugurCandSet *
augur_cand_set_new (const AugurPredModel *m, AugurSymbolizer *symbolizer,
                    const AugurPredictOptions *o, AugurStaticFilter *filter, gint64 deadline,
                    GError **error)
{
  g_autofree guint8 *open = g_new0 (guint8, m->vars->len + 1);
  guint64 cap = MAX ((guint64) AUGUR_CAND_MAX_QUERIES,
                     (guint64) AUGUR_CAND_QUERIES_PER_EVENT * m->n_events);
  guint64 n = count_queries (m, o, open, cap);
  if (n > cap)
    {
      g_set_error (error, AUGUR_PREDICT_ERROR, AUGUR_PREDICT_ERROR_TOO_LARGE,
                   "the trace is too large to predict from: its %u threads make more than %"
                   G_GUINT64_FORMAT " queries on their shared variables (%u per event; a "
                   "program where thousands of threads share data without a common lock); "
                   "record a shorter run, or explore the program", m->n_threads, cap,
                   AUGUR_CAND_QUERIES_PER_EVENT);
      return NULL;
    }
  AugurCandSet *set = g_new0 (AugurCandSet, 1);
  set->patterns = g_ptr_array_new_with_free_func (pattern_free);
  Enum e = { .m = m, .sym = symbolizer, .o = o, .set = set, .deadline = deadline };
  e.by_key = g_hash_table_new (g_str_hash, g_str_equal);   /* keys: the patterns' */
  e.lines = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  e.sites = g_hash_table_new (NULL, NULL);
  e.takes = g_new0 (GHashTable *, m->n_threads);
  e.kinds = g_string_new (NULL);
  e.last_w = g_array_new (FALSE, FALSE, sizeof (guint));
  enum_vars (&e, filter, open);
  if (o->deadlocks)
    enum_deadlocks (&e);
  set->left = set->n_left > 0;
  g_hash_table_unref (e.by_key);
  g_hash_table_unref (e.lines);
  g_hash_table_unref (e.sites);
  for (guint t = 0; t < m->n_threads; t++)
    g_clear_pointer (&e.takes[t], g_hash_table_unref);
  g_free (e.takes);
  g_string_free (e.kinds, TRUE);
  g_array_unref (e.last_w);
  for (guint i = 0; i < set->patterns->len; i++)
    order_instances (g_ptr_array_index (set->patterns, i));
  return set;
}
