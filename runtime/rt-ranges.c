/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-ranges.c — a bounded set of byte ranges (rt-ranges.h).  Ranges that
 * touch are merged, so bytes in the set lie in exactly one range, and a
 * covered interval lies within one.
 */
#include "config.h"

#include "runtime/rt-ranges.h"

#include <string.h>

/* The first range that ends after @a. */
static uint32_t
after (const RtRanges *s, uintptr_t a)
{
  uint32_t lo = 0, hi = s->n;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (s->r[mid].hi <= a)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Entries [from, to) become one (to > from), or room for one is made at
 * @from (to == from; false when full). */
static bool
replace (RtRanges *s, uint32_t from, uint32_t to)
{
  if (to == from)
    {
      if (s->n == s->cap)
        {
          s->full = true;
          return false;
        }
      memmove (&s->r[from + 1], &s->r[from], (s->n - from) * sizeof s->r[0]);
      s->n++;
      return true;
    }
  memmove (&s->r[from + 1], &s->r[to], (s->n - to) * sizeof s->r[0]);
  s->n -= to - from - 1;
  return true;
}

void
rt_ranges_add (RtRanges *s, uintptr_t lo, uintptr_t hi)
{
  if (hi <= lo)
    return;
  /* the first range that ends at or after lo: it may touch */
  uint32_t i = lo > 0 ? after (s, lo - 1) : 0;
  uint32_t j = i;
  while (j < s->n && s->r[j].lo <= hi)
    j++;
  if (j > i)
    {
      if (s->r[i].lo < lo)
        lo = s->r[i].lo;
      if (s->r[j - 1].hi > hi)
        hi = s->r[j - 1].hi;
    }
  if (!replace (s, i, j))
    return;
  s->r[i].lo = lo;
  s->r[i].hi = hi;
}

void
rt_ranges_remove (RtRanges *s, uintptr_t lo, uintptr_t hi)
{
  uint32_t i = after (s, lo);
  while (i < s->n && s->r[i].lo < hi)
    {
      RtRange r = s->r[i];
      if (r.lo < lo && r.hi > hi)
        {
          /* a hole in the middle: two ranges (full: the bytes stay) */
          if (!replace (s, i, i))
            return;
          s->r[i].hi = lo;
          s->r[i + 1].lo = hi;
          return;
        }
      if (r.lo < lo)
        s->r[i++].hi = lo;
      else if (r.hi > hi)
        {
          s->r[i].lo = hi;
          return;
        }
      else
        {
          memmove (&s->r[i], &s->r[i + 1], (s->n - i - 1) * sizeof s->r[0]);
          s->n--;
        }
    }
}

bool
rt_ranges_hit (const RtRanges *s, uintptr_t lo, uintptr_t hi)
{
  uint32_t i = after (s, lo);
  return i < s->n && s->r[i].lo < hi;
}

bool
rt_ranges_cover (const RtRanges *s, uintptr_t lo, uintptr_t hi)
{
  uint32_t i = after (s, lo);
  return i < s->n && s->r[i].lo <= lo && s->r[i].hi >= hi;
}
