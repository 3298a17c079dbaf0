/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-plan.c — PCT's share in augur check's auto plan
 * (check/check-strategy.h, augur_check_pct_share): half of what the
 * strategies before it left, or its floor when that is more (an eighth of
 * the exploration's time, or 200 executions at the rate of the strategies
 * before it), never more than three quarters of what is left.  A
 * C-Thread-Pool seed's check gave PCT 0.9 s of a 22 s exploration, and
 * another none at all.
 */
#include "config.h"

#include "check/check-strategy.h"

static void
test_half (void)
{
  /* time enough: half of what is left, as before */
  g_assert_cmpfloat_with_epsilon (augur_check_pct_share (40, 20, 0.001), 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (augur_check_pct_share (40, 20, 0), 10, 1e-9);
}

static void
test_floor (void)
{
  /* the strategies before it took more than their shares: PCT keeps an
   * eighth of the exploration (5 s of 40), not half of the 8 s left */
  g_assert_cmpfloat_with_epsilon (augur_check_pct_share (40, 8, 0.001), 5, 1e-9);
  /* ... at most three quarters of what is left */
  g_assert_cmpfloat_with_epsilon (augur_check_pct_share (40, 4, 0.001), 3, 1e-9);
}

static void
test_slow_runs (void)
{
  /* executions of 50 ms: 200 of them (10 s) before half of 16 s */
  g_assert_cmpfloat_with_epsilon (augur_check_pct_share (40, 16, 0.05), 10, 1e-9);
  /* of 1 s: three quarters of what is left */
  g_assert_cmpfloat_with_epsilon (augur_check_pct_share (40, 16, 1.0), 12, 1e-9);
}

static void
test_nothing_left (void)
{
  g_assert_cmpfloat (augur_check_pct_share (40, 0, 0.001), ==, 0);
  g_assert_cmpfloat (augur_check_pct_share (40, -1, 0.001), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/check/plan/half", test_half);
  g_test_add_func ("/check/plan/floor", test_floor);
  g_test_add_func ("/check/plan/slow-runs", test_slow_runs);
  g_test_add_func ("/check/plan/nothing-left", test_nothing_left);
  return g_test_run ();
}
