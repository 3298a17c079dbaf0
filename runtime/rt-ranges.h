/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-ranges.h — a bounded set of byte ranges, kept as sorted, disjoint,
 * non-adjacent [lo, hi) pairs in a caller's fixed array: the scheduler's
 * freed bytes (rt-sched-heap.c) and the heap bytes written by block
 * stores (rt-sched-uninit.c).  Full: an insertion that needs a new entry
 * is dropped and the set says so; the caller decides what that means.
 * No allocation, libc's memmove only.
 */
#ifndef AUGUR_RT_RANGES_H
#define AUGUR_RT_RANGES_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
  uintptr_t lo, hi;
} RtRange;

typedef struct {
  RtRange *r;
  uint32_t cap, n;
  bool full;   /* an insertion was dropped */
} RtRanges;

/* Adds [lo, hi), merged with the ranges it overlaps or touches. */
void rt_ranges_add (RtRanges *s, uintptr_t lo, uintptr_t hi);
/* Removes [lo, hi). */
void rt_ranges_remove (RtRanges *s, uintptr_t lo, uintptr_t hi);
/* Does any range overlap [lo, hi)? */
bool rt_ranges_hit (const RtRanges *s, uintptr_t lo, uintptr_t hi);
/* Does one range hold all of [lo, hi)? */
bool rt_ranges_cover (const RtRanges *s, uintptr_t lo, uintptr_t hi);

#endif
