/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tidset.h — a set of thread ids for the search strategies' nodes
 * (backtrack, done, enabled sets).
 *
 * Most programs have fewer than 64 threads, and a node per step of every
 * execution keeps a few of these sets: threads 0..63 are the bits of one
 * word; higher ids (up to AUGUR_SCHED_MAX_THREADS) go into a sorted array
 * allocated only when one is added.  A set must be cleared with
 * augur_tidset_clear when it is dropped.
 */
#ifndef AUGUR_TIDSET_H
#define AUGUR_TIDSET_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint64 lo;      /* threads 0..63 */
  GArray *hi;      /* guint16, sorted, threads >= 64; NULL if none */
} AugurTidSet;

#define AUGUR_TIDSET_INIT { 0, NULL }
#define AUGUR_TID_NONE G_MAXUINT

static inline void
augur_tidset_clear (AugurTidSet *s)
{
  s->lo = 0;
  g_clear_pointer (&s->hi, g_array_unref);
}

static inline gboolean
augur_tidset_has (const AugurTidSet *s, guint t)
{
  if (t < 64)
    return (s->lo >> t) & 1u;
  if (s->hi == NULL)
    return FALSE;
  for (guint k = 0; k < s->hi->len; k++)
    if (g_array_index (s->hi, guint16, k) == t)
      return TRUE;
  return FALSE;
}

static inline void
augur_tidset_add (AugurTidSet *s, guint t)
{
  if (t < 64)
    {
      s->lo |= (guint64) 1 << t;
      return;
    }
  if (augur_tidset_has (s, t))
    return;
  if (s->hi == NULL)
    s->hi = g_array_new (FALSE, FALSE, sizeof (guint16));
  guint k = 0;
  while (k < s->hi->len && g_array_index (s->hi, guint16, k) < t)
    k++;
  guint16 v = (guint16) t;
  g_array_insert_val (s->hi, k, v);
}

static inline gboolean
augur_tidset_empty (const AugurTidSet *s)
{
  return s->lo == 0 && (s->hi == NULL || s->hi->len == 0);
}

static inline guint
augur_tidset_count (const AugurTidSet *s)
{
  return (guint) __builtin_popcountll (s->lo) + (s->hi != NULL ? s->hi->len : 0);
}

/* a := a ∪ b */
static inline void
augur_tidset_union (AugurTidSet *a, const AugurTidSet *b)
{
  a->lo |= b->lo;
  if (b->hi != NULL)
    for (guint k = 0; k < b->hi->len; k++)
      augur_tidset_add (a, g_array_index (b->hi, guint16, k));
}

/* Do a and b share a thread? */
static inline gboolean
augur_tidset_meets (const AugurTidSet *a, const AugurTidSet *b)
{
  if (a->lo & b->lo)
    return TRUE;
  if (a->hi != NULL)
    for (guint k = 0; k < a->hi->len; k++)
      if (augur_tidset_has (b, g_array_index (a->hi, guint16, k)))
        return TRUE;
  return FALSE;
}

/* The smallest thread of s at or after `from`, or AUGUR_TID_NONE. */
static inline guint
augur_tidset_next (const AugurTidSet *s, guint from)
{
  if (from < 64)
    {
      guint64 m = s->lo & (~(guint64) 0 << from);
      if (m != 0)
        return (guint) __builtin_ctzll (m);
    }
  if (s->hi != NULL)
    for (guint k = 0; k < s->hi->len; k++)
      if (g_array_index (s->hi, guint16, k) >= from)
        return g_array_index (s->hi, guint16, k);
  return AUGUR_TID_NONE;
}

/* Iterate: for (t = augur_tidset_next (s, 0); t != AUGUR_TID_NONE;
 *              t = augur_tidset_next (s, t + 1)) */

G_END_DECLS

#endif /* AUGUR_TIDSET_H */
