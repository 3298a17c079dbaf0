/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-estimate.c — the estimator's parts (explorer/estimate.h) on
 * synthetic programs: straight-line threads of reads and writes run by a
 * small simulator that follows a prefix and a sleep set as the runtime
 * does (dpor-sim.h, shared with test-dpor.c).  The share of the search done, from its
 * stack, must be 1 exactly at the last execution and below 1 before; a
 * probe of the source-set tree through augur_dpor_branches and
 * augur_dpor_probe_take must estimate a program with one trace as 1, and
 * the mean of many must come close to the traces of programs whose count
 * is known; the probes' figures (mean, batches, error) and the rounding
 * of the numbers printed are checked on fixed samples.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "explorer/dpor.h"
#include "explorer/estimate.h"
#include "tests/explorer/dpor-sim.h"

#define R AUGUR_SOP_READ
#define W AUGUR_SOP_WRITE

/* Explores p fully with a core of @kind: the share done after each
 * execution must be below 1 until the last, which makes it 1. */
static guint
explore_shares (const Prog *p, AugurDporKind kind)
{
  g_autoptr (AugurDpor) d = augur_dpor_new_kind (kind);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  guint runs = 0;
  double share = 0;
  for (;;)
    {
      simulate (p, prefix, sleep, steps);
      runs++;
      augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
      share = augur_estimate_done_share (d);
      g_assert_cmpfloat (share, >, 0.0);
      if (!augur_dpor_next (d, prefix, sleep))
        break;
      g_assert_cmpfloat (share, <, 1.0);
    }
  g_assert_cmpfloat_with_epsilon (share, 1.0, 1e-9);
  return runs;
}

/* One probe of p's source-set tree, down the steps explore-estimate.c
 * takes (augur_estimate_descend): its estimate of the complete
 * executions. */
static double
probe (const Prog *p, GRand *rng)
{
  g_autoptr (AugurDpor) d = augur_dpor_new_kind (AUGUR_DPOR_SOURCE);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  double weight = 1;
  guint level = 0;
  for (;;)
    {
      gboolean complete = simulate (p, prefix, sleep, steps);
      augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
      for (guint k = level; k < augur_dpor_depth (d); k++)
        {
          guint taken, left;
          augur_dpor_branches (d, k, &taken, &left);
          g_assert_cmpuint (taken, >=, 1);
        }
      if (!augur_estimate_descend (d, rng, &level, &weight, prefix, sleep, NULL))
        return complete ? weight : 0.0;
      /* the branch is the prefix to the node passed and the thread drawn */
      g_assert_cmpuint (prefix->len, ==, level);
    }
}

static double
probe_mean (const Prog *p, guint n)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (7);
  double sum = 0;
  for (guint k = 0; k < n; k++)
    sum += probe (p, rng);
  return sum / n;
}

static void
test_share_ends_at_one (void)
{
  Prog three = { 3, { 1, 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } }, { { W, 0x100 } } } };
  Prog two_vars = { 2, { 2, 2 }, { { { W, 0x100 }, { W, 0x200 } },
                                   { { W, 0x200 }, { W, 0x100 } } } };
  Prog mixed = { 3, { 2, 2, 1 }, { { { W, 0x100 }, { R, 0x200 } },
                                   { { R, 0x100 }, { W, 0x200 } },
                                   { { W, 0x200 } } } };
  const Prog *progs[] = { &three, &two_vars, &mixed };
  AugurDporKind kinds[] = { AUGUR_DPOR_SOURCE, AUGUR_DPOR_CLASSIC, AUGUR_DPOR_OPTIMAL };
  for (guint i = 0; i < G_N_ELEMENTS (progs); i++)
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      g_assert_cmpuint (explore_shares (progs[i], kinds[k]), >, 1);
}

static void
test_probe_one_trace (void)
{
  /* disjoint variables: one trace, nothing to branch on */
  Prog p = { 3, { 2, 2, 2 }, { { { W, 0x100 }, { W, 0x104 } },
                               { { W, 0x200 }, { W, 0x204 } },
                               { { W, 0x300 }, { W, 0x304 } } } };
  g_assert_cmpfloat (probe_mean (&p, 20), ==, 1.0);
}

static void
test_probe_known_counts (void)
{
  /* the traces as test-dpor.c counts them by hand */
  struct { Prog p; double traces; } cases[] = {
    { { 2, { 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } } } }, 2 },
    { { 3, { 1, 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } }, { { W, 0x100 } } } }, 6 },
    { { 3, { 1, 1, 1 }, { { { W, 0x100 } }, { { R, 0x100 } }, { { R, 0x100 } } } }, 4 },
    { { 2, { 2, 2 }, { { { W, 0x100 }, { W, 0x200 } }, { { W, 0x200 }, { W, 0x100 } } } }, 3 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double mean = probe_mean (&cases[i].p, 2000);
      g_test_message ("case %u: %g traces, probes' mean %g", i, cases[i].traces, mean);
      /* an estimate, low where a node's branches show up only in the
       * subtree of another (three writers: the third at the root comes
       * from the second's subtree, so every probe sees 2 x 2 = 4 of 6);
       * never far above the count */
      g_assert_cmpfloat (mean, >=, cases[i].traces * 0.6);
      g_assert_cmpfloat (mean, <, cases[i].traces * 1.15);
    }
}

static void
test_samples (void)
{
  g_autoptr (AugurEstimateSamples) s = augur_estimate_samples_new ();
  /* 20 probes: 10 of 100, then 10 of 300; batches of 2 */
  for (guint k = 0; k < 20; k++)
    augur_estimate_samples_add (s, k < 10 ? 100 : 300, k < 10 ? 200 : 600);
  AugurEstimate est = { 0 };
  augur_estimate_samples_result (s, &est);
  g_assert_cmpuint (est.probes, ==, 20);
  g_assert_cmpuint (est.batches, ==, 10);
  g_assert_cmpfloat_with_epsilon (est.executions, 200.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (est.runs, 400.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (est.batch_low, 100.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (est.batch_high, 300.0, 1e-9);
  /* sd = 100 * sqrt (20/19), its error over sqrt (20), relative to 200 */
  g_assert_cmpfloat_with_epsilon (est.rel_error, 100.0 * 1.0259783520851542 / 4.47213595499958 / 200,
                                  1e-6);
}

static void
test_format (void)
{
  struct { double n; const char *s; } cases[] = {
    { 0, "0" }, { 12, "12" }, { 99.4, "99" }, { 3328, "3300" }, { 147456, "150000" },
    { 4096, "4100" }, { 2.5e12, "2.5e+12" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = augur_estimate_format (cases[i].n);
      g_assert_cmpstr (s, ==, cases[i].s);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/estimate/share-ends-at-one", test_share_ends_at_one);
  g_test_add_func ("/estimate/probe-one-trace", test_probe_one_trace);
  g_test_add_func ("/estimate/probe-known-counts", test_probe_known_counts);
  g_test_add_func ("/estimate/samples", test_samples);
  g_test_add_func ("/estimate/format", test_format);
  return g_test_run ();
}
