/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-deadline.c — the reserve of a time limit for the work after the
 * search (common/deadline.h), on a clock the test moves: it grows with the
 * findings' steps at the measured rate, short passes teach nothing, a
 * slow pass raises the rate and a faster one does not lower it, and the
 * reserve never takes more than its share of the limit.
 */
#include "config.h"

#include "common/deadline.h"

static gint64
fake_clock (gpointer data)
{
  return *(gint64 *) data;
}

#define SEC(x) ((gint64) ((x) * G_USEC_PER_SEC))

static void
test_reserve_grows_with_steps (void)
{
  gint64 now = SEC (100);
  g_autoptr (AugurDeadline) d = augur_deadline_new_with_clock (30, fake_clock, &now);
  /* nothing after: all of the limit is the search's */
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), 0, 1e-9);
  g_assert_cmpint (augur_deadline_stop_time (d), ==, SEC (130));
  augur_deadline_set_after (d, 0.1, 0.05, 4);
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), 0.1, 1e-9);
  /* two findings of 150,000 steps each, at the default rate */
  augur_deadline_set_work (d, 2, 300000);
  double want = 0.1 + 2 * 0.05 + 4 * AUGUR_DEADLINE_DEFAULT_RATE * 300000;
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), want, 1e-9);
  g_assert_cmpint (augur_deadline_stop_time (d), ==, SEC (100) + SEC (30 - want));
  now = SEC (110);
  g_assert_cmpfloat_with_epsilon (augur_deadline_elapsed (d), 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (augur_deadline_left (d), 20 - want, 1e-9);
}

static void
test_rate_is_measured (void)
{
  gint64 now = 0;
  g_autoptr (AugurDeadline) d = augur_deadline_new_with_clock (60, fake_clock, &now);
  augur_deadline_set_after (d, 0, 0, 2);
  augur_deadline_set_work (d, 1, 100000);
  g_assert_cmpfloat (augur_deadline_rate (d), ==, AUGUR_DEADLINE_DEFAULT_RATE);
  /* a short pass is its fixed cost, not a cost per step */
  augur_deadline_note_pass (d, AUGUR_DEADLINE_MIN_TIMED_STEPS - 1, 0.5);
  g_assert_cmpfloat (augur_deadline_rate (d), ==, AUGUR_DEADLINE_DEFAULT_RATE);
  /* a loaded machine: 0.6 s for 100,000 steps */
  augur_deadline_note_pass (d, 100000, 0.6);
  g_assert_cmpfloat_with_epsilon (augur_deadline_rate (d), 6e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), 2 * 0.6, 1e-9);
  /* a faster pass later does not lower it: the worst moment counts */
  augur_deadline_note_pass (d, 100000, 0.1);
  g_assert_cmpfloat_with_epsilon (augur_deadline_rate (d), 6e-6, 1e-12);
  /* one stalled write is not a rate */
  augur_deadline_note_pass (d, 100000, 30);
  g_assert_cmpfloat (augur_deadline_rate (d), ==, AUGUR_DEADLINE_MAX_RATE);
}

/* The saves of few steps still time the findings: a loaded machine's
 * saves raise the reserve above the constants' estimate, a faster save
 * later does not lower it, a stalled one counts up to its cap, and
 * nothing is learnt from a save of no finding. */
static void
test_finding_rate_is_measured (void)
{
  gint64 now = 0;
  g_autoptr (AugurDeadline) d = augur_deadline_new_with_clock (100, fake_clock, &now);
  augur_deadline_set_after (d, 0.1, 0.02, 4);
  augur_deadline_set_work (d, 0, 0);
  augur_deadline_note_pass (d, 0, 0.5);
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), 0.1, 1e-9);
  augur_deadline_set_work (d, 40, 5000);
  double constants = 0.1 + 40 * 0.02 + 4 * AUGUR_DEADLINE_DEFAULT_RATE * 5000;
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), constants, 1e-9);
  /* a fast save (4 ms for 40 findings): the constants' estimate stands */
  augur_deadline_note_pass (d, 5000, 0.004);
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), constants, 1e-9);
  /* a loaded machine: 0.4 s for the 40, so 1.6 s for the 4 passes */
  augur_deadline_note_pass (d, 5000, 0.4);
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), 0.1 + 4 * 0.4, 1e-9);
  augur_deadline_note_pass (d, 5000, 0.1);
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), 0.1 + 4 * 0.4, 1e-9);
  /* one stalled write: its cap a finding, then the share of the limit */
  augur_deadline_note_pass (d, 5000, 400);
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), 100 * AUGUR_DEADLINE_MAX_SHARE, 1e-9);
  augur_deadline_set_work (d, 1, 5000);
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d),
                                  0.1 + 4 * AUGUR_DEADLINE_MAX_FINDING_RATE, 1e-9);
}

static void
test_share_and_no_limit (void)
{
  gint64 now = 0;
  g_autoptr (AugurDeadline) d = augur_deadline_new_with_clock (10, fake_clock, &now);
  augur_deadline_set_after (d, 1, 0, 10);
  augur_deadline_set_work (d, 50, G_GUINT64_CONSTANT (50000000));
  g_assert_cmpfloat_with_epsilon (augur_deadline_reserve (d), 10 * AUGUR_DEADLINE_MAX_SHARE, 1e-9);
  now = SEC (12);
  g_assert_cmpfloat (augur_deadline_left (d), <, 0);

  g_autoptr (AugurDeadline) none = augur_deadline_new_with_clock (0, fake_clock, &now);
  augur_deadline_set_after (none, 1, 1, 10);
  augur_deadline_set_work (none, 5, 1000000);
  g_assert_cmpint (augur_deadline_stop_time (none), ==, 0);
  g_assert_cmpfloat (augur_deadline_left (none), ==, G_MAXDOUBLE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/deadline/reserve-grows-with-steps", test_reserve_grows_with_steps);
  g_test_add_func ("/deadline/rate-is-measured", test_rate_is_measured);
  g_test_add_func ("/deadline/finding-rate-is-measured", test_finding_rate_is_measured);
  g_test_add_func ("/deadline/share-and-no-limit", test_share_and_no_limit);
  return g_test_run ();
}
