/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-patterns.c — the pattern matcher: for a block of local accesses,
 * every split where a remote access makes the interleaving unserializable,
 * with its witness (McPatom's Fig. 6), compared with golden strings.
 */
#include "config.h"

#include <glib.h>

#include "predictor/patterns.h"

static void
check (const char *kinds, const char *want)
{
  g_autofree char *got = augur_pattern_block_to_string (kinds);
  g_assert_cmpstr (got, ==, want);
}

static void
test_three_accesses (void)
{
  /* the classic three-access cases: two local accesses, one remote */
  check ("RR", "1 R-W-R 0,1");
  check ("WR", "1 W-W-R 0,1");
  check ("RW", "1 R-W-W 0,1");
  check ("WW", "1 W-R-W 0,1; 1 W-W-W 0,1");
  check ("R", "");
  check ("", "");
}

static void
test_any_number (void)
{
  /* W1 R1* W2 R1 and W1 R1* R2 W1: the write before the reads is the witness */
  check ("WRR", "1 W-W-R 0,1; 2 R-W-R 1,2; 2 W-W-R 0,2");
  check ("WRW", "1 W-W-R 0,1; 2 R-W-W 1,2; 2 W-R-W 0,2; 2 W-W-W 0,2");
  /* outcnt in Apache's log writer: read, read, read, write */
  check ("RRRW", "1 R-W-R 0,1; 2 R-W-R 1,2; 3 R-W-W 2,3");
  /* a read-modify-write done twice: R W R W */
  check ("RWRW", "1 R-W-W 0,1; 2 W-W-R 1,2; 3 R-W-W 2,3; 3 W-R-W 1,3; 3 W-W-W 1,3");
}

static void
test_witness (void)
{
  guint a = 99, c = 99;
  g_assert_false (augur_pattern_witness (AUGUR_PATTERN_RWR, "RR", 2, 0, &a, &c));
  g_assert_false (augur_pattern_witness (AUGUR_PATTERN_RWR, "RR", 2, 2, &a, &c));
  g_assert_true (augur_pattern_witness (AUGUR_PATTERN_WRW, "WRRW", 4, 3, &a, &c));
  g_assert_cmpuint (a, ==, 0);
  g_assert_cmpuint (c, ==, 3);
  /* the remote kinds */
  g_assert_cmpint (augur_pattern_remote_kind (AUGUR_PATTERN_WRW), ==, 'R');
  g_assert_cmpint (augur_pattern_remote_kind (AUGUR_PATTERN_RWW), ==, 'W');
  AugurPattern p;
  g_assert_true (augur_pattern_from_name ("W-W-W", &p));
  g_assert_cmpint (p, ==, AUGUR_PATTERN_WWW);
  g_assert_false (augur_pattern_from_name ("R-R-R", &p));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/predictor/patterns/three-accesses", test_three_accesses);
  g_test_add_func ("/predictor/patterns/any-number", test_any_number);
  g_test_add_func ("/predictor/patterns/witness", test_witness);
  return g_test_run ();
}
