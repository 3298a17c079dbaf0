/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-ranges.c — the runtime's bounded set of byte ranges
 * (runtime/rt-ranges.[ch]): ranges that touch merge, a covered interval
 * lies in one range, a removal can split one in two, and a full set drops
 * what needs a new entry and says so.
 */
#include "config.h"

#include <glib.h>

#include "runtime/rt-ranges.h"

/* the set as "lo-hi lo-hi ..." */
static char *
show (const RtRanges *s)
{
  GString *out = g_string_new (NULL);
  for (uint32_t i = 0; i < s->n; i++)
    g_string_append_printf (out, "%s%lu-%lu", i ? " " : "", (unsigned long) s->r[i].lo,
                            (unsigned long) s->r[i].hi);
  return g_string_free (out, FALSE);
}

static void
assert_set (const RtRanges *s, const char *want)
{
  g_autofree char *got = show (s);
  g_assert_cmpstr (got, ==, want);
}

static void
test_add_merge (void)
{
  RtRange store[8];
  RtRanges s = { store, 8, 0, false };
  rt_ranges_add (&s, 100, 110);
  rt_ranges_add (&s, 200, 210);
  rt_ranges_add (&s, 10, 20);
  assert_set (&s, "10-20 100-110 200-210");
  /* touching on either side, then overlapping two at once */
  rt_ranges_add (&s, 110, 120);
  rt_ranges_add (&s, 5, 10);
  assert_set (&s, "5-20 100-120 200-210");
  rt_ranges_add (&s, 115, 205);
  assert_set (&s, "5-20 100-210");
  rt_ranges_add (&s, 50, 50);   /* empty */
  assert_set (&s, "5-20 100-210");
  g_assert_false (s.full);
}

static void
test_cover_hit (void)
{
  RtRange store[8];
  RtRanges s = { store, 8, 0, false };
  rt_ranges_add (&s, 100, 140);
  rt_ranges_add (&s, 140, 148);   /* a struct copied in two stores */
  g_assert_true (rt_ranges_cover (&s, 100, 148));
  g_assert_true (rt_ranges_cover (&s, 108, 148));
  g_assert_false (rt_ranges_cover (&s, 96, 140));
  g_assert_false (rt_ranges_cover (&s, 140, 150));
  g_assert_true (rt_ranges_hit (&s, 147, 200));
  g_assert_false (rt_ranges_hit (&s, 148, 200));
  g_assert_false (rt_ranges_hit (&s, 0, 100));
  rt_ranges_add (&s, 160, 170);
  /* a gap in between: not covered */
  g_assert_false (rt_ranges_cover (&s, 140, 165));
}

static void
test_remove (void)
{
  RtRange store[3];
  RtRanges s = { store, 3, 0, false };
  rt_ranges_add (&s, 0, 100);
  rt_ranges_add (&s, 200, 300);
  rt_ranges_remove (&s, 40, 60);          /* a hole */
  assert_set (&s, "0-40 60-100 200-300");
  rt_ranges_remove (&s, 90, 250);         /* the end of one, the start of another */
  assert_set (&s, "0-40 60-90 250-300");
  rt_ranges_remove (&s, 0, 40);           /* a whole one */
  assert_set (&s, "60-90 250-300");
  g_assert_false (s.full);
  /* full: a hole that needs a new entry keeps the bytes and says so */
  rt_ranges_add (&s, 400, 500);
  rt_ranges_remove (&s, 420, 430);
  assert_set (&s, "60-90 250-300 400-500");
  g_assert_true (s.full);
}

static void
test_full (void)
{
  RtRange store[2];
  RtRanges s = { store, 2, 0, false };
  rt_ranges_add (&s, 0, 10);
  rt_ranges_add (&s, 20, 30);
  rt_ranges_add (&s, 40, 50);             /* no room: dropped */
  assert_set (&s, "0-10 20-30");
  g_assert_true (s.full);
  rt_ranges_add (&s, 10, 20);             /* a merge needs no room */
  assert_set (&s, "0-30");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ranges/add-merge", test_add_merge);
  g_test_add_func ("/ranges/cover-hit", test_cover_hit);
  g_test_add_func ("/ranges/remove", test_remove);
  g_test_add_func ("/ranges/full", test_full);
  return g_test_run ();
}
