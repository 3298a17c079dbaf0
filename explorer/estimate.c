/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * estimate.c — the estimator's arithmetic: the share of a search done
 * from its stack, and the probes' mean, batch range and error; see
 * estimate.h.  The probes themselves run in explore-estimate.c.
 */
#include "config.h"

#include "explorer/estimate.h"

/* (no libm: the programs that link the explorer do not link it) */

/* sqrt, by Newton's iteration (x >= 0) */
static double
root_of (double x)
{
  if (!(x > 0))
    return 0.0;
  double r = x > 1 ? x : 1.0;
  for (int k = 0; k < 200; k++)
    {
      double next = 0.5 * (r + x / r);
      if (next >= r)
        break;
      r = next;
    }
  return r;
}

double
augur_estimate_done_share (AugurDpor *dpor)
{
  /* weight: the share of the tree below the current node (1 / the
   * product of the branches above it) */
  double weight = 1.0, share = 0.0;
  guint depth = augur_dpor_depth (dpor);
  for (guint k = 0; k < depth && weight > 0; k++)
    {
      guint taken, left;
      augur_dpor_branches (dpor, k, &taken, &left);
      double b = (double) taken + left;
      share += weight * (taken - 1) / b;
      weight /= b;
    }
  share += weight;   /* the execution just run */
  return MIN (share, 1.0);
}

struct _AugurEstimateSamples {
  GArray *executions;   /* double, one per probe */
  GArray *runs;
};

AugurEstimateSamples *
augur_estimate_samples_new (void)
{
  AugurEstimateSamples *s = g_new0 (AugurEstimateSamples, 1);
  s->executions = g_array_new (FALSE, FALSE, sizeof (double));
  s->runs = g_array_new (FALSE, FALSE, sizeof (double));
  return s;
}

void
augur_estimate_samples_free (AugurEstimateSamples *s)
{
  if (s == NULL)
    return;
  g_array_unref (s->executions);
  g_array_unref (s->runs);
  g_free (s);
}

void
augur_estimate_samples_add (AugurEstimateSamples *s, double executions, double runs)
{
  g_array_append_val (s->executions, executions);
  g_array_append_val (s->runs, runs);
}

static double
mean_of (const GArray *a, guint from, guint to)
{
  double sum = 0;
  for (guint k = from; k < to; k++)
    sum += g_array_index (a, double, k);
  return to > from ? sum / (to - from) : 0.0;
}

guint
augur_estimate_samples_count (const AugurEstimateSamples *s)
{
  return s->executions->len;
}

/* 10 batches (fewer with fewer than 20 probes): each a probe estimate of
 * its own, the range of which shows how far one estimate can be off */
#define BATCHES 10u

void
augur_estimate_samples_result (const AugurEstimateSamples *s, AugurEstimate *est)
{
  guint n = s->executions->len;
  est->probes = n;
  est->executions = mean_of (s->executions, 0, n);
  est->runs = mean_of (s->runs, 0, n);
  double var = 0;
  for (guint k = 0; k < n; k++)
    {
      double d = g_array_index (s->executions, double, k) - est->executions;
      var += d * d;
    }
  var = n > 1 ? var / (n - 1) : 0.0;
  est->rel_error = est->executions > 0 && n > 0 ? root_of (var / n) / est->executions : 0.0;
  est->batches = n >= 2 * BATCHES ? BATCHES : MAX (n / 2, 1u);
  est->batch_low = est->batch_high = est->executions;
  est->runs_low = est->runs_high = est->runs;
  for (guint b = 0; b < est->batches && n > 0; b++)
    {
      guint from = (guint) ((guint64) n * b / est->batches);
      guint to = (guint) ((guint64) n * (b + 1) / est->batches);
      double m = mean_of (s->executions, from, to);
      double r = mean_of (s->runs, from, to);
      est->batch_low = b == 0 ? m : MIN (est->batch_low, m);
      est->batch_high = b == 0 ? m : MAX (est->batch_high, m);
      est->runs_low = b == 0 ? r : MIN (est->runs_low, r);
      est->runs_high = b == 0 ? r : MAX (est->runs_high, r);
    }
}

char *
augur_estimate_format (double n)
{
  if (!(n > 0))
    return g_strdup ("0");
  if (n < 100)
    return g_strdup_printf ("%.0f", n);
  if (n >= 1e9)
    return g_strdup_printf ("%.1e", n);
  double scale = 1;
  while (n / scale >= 100)
    scale *= 10;
  return g_strdup_printf ("%.0f", (double) (guint64) (n / scale + 0.5) * scale);
}

static void
note_left (GArray *left_after, guint k, guint left)
{
  if (left_after != NULL && k < left_after->len)
    g_array_index (left_after, guint, k) = left;
}

gboolean
augur_estimate_descend (AugurDpor *dpor, GRand *rng, guint *level, double *weight,
                        GArray *prefix, GArray *sleep, GArray *left_after)
{
  guint depth = augur_dpor_depth (dpor);
  for (guint k = *level; k < depth; k++)
    {
      guint taken, left;
      augur_dpor_branches (dpor, k, &taken, &left);
      note_left (left_after, k, left);
      if (taken + left <= 1)
        continue;
      *weight *= taken + left;
      guint r = (guint) g_rand_int_range (rng, 0, (gint32) (taken + left));
      if (r < taken)
        continue;
      augur_dpor_probe_take (dpor, k, r - taken, prefix, sleep);
      augur_dpor_branches (dpor, k, &taken, &left);
      note_left (left_after, k, left);
      *level = k + 1;
      return TRUE;
    }
  return FALSE;
}
