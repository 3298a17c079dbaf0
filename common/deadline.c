/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * deadline.c — a time limit less the reserve for the work after the
 * search (see deadline.h).
 */
#include "config.h"

#include "common/deadline.h"

struct _AugurDeadline {
  AugurDeadlineClock clock;
  gpointer           clock_data;
  gint64             start;        /* µs on the clock */
  double             limit;        /* seconds; 0: none */
  double             base, per_finding, passes;
  guint              findings;
  guint64            steps;
  double             rate;         /* seconds a step of one pass; 0: none measured yet */
  double             finding_rate; /* seconds a finding of one pass, the slowest measured */
};

static gint64
monotonic (gpointer data)
{
  (void) data;
  return g_get_monotonic_time ();
}

AugurDeadline *
augur_deadline_new_with_clock (double limit_seconds, AugurDeadlineClock clock,
                               gpointer clock_data)
{
  AugurDeadline *d = g_new0 (AugurDeadline, 1);
  d->clock = clock != NULL ? clock : monotonic;
  d->clock_data = clock_data;
  d->start = d->clock (d->clock_data);
  d->limit = MAX (limit_seconds, 0);
  return d;
}

AugurDeadline *
augur_deadline_new (double limit_seconds)
{
  return augur_deadline_new_with_clock (limit_seconds, NULL, NULL);
}

void
augur_deadline_free (AugurDeadline *deadline)
{
  g_free (deadline);
}

void
augur_deadline_set_after (AugurDeadline *d, double base_seconds, double per_finding_seconds,
                          double passes)
{
  d->base = MAX (base_seconds, 0);
  d->per_finding = MAX (per_finding_seconds, 0);
  d->passes = MAX (passes, 0);
}

void
augur_deadline_set_work (AugurDeadline *d, guint findings, guint64 steps)
{
  d->findings = findings;
  d->steps = steps;
}

void
augur_deadline_note_pass (AugurDeadline *d, guint64 steps, double seconds)
{
  if (d->findings > 0 && seconds > 0)
    d->finding_rate = MAX (d->finding_rate, MIN (seconds / d->findings,
                                                 AUGUR_DEADLINE_MAX_FINDING_RATE));
  if (steps < AUGUR_DEADLINE_MIN_TIMED_STEPS || seconds <= 0)
    return;
  /* the slowest pass seen: the machine's load comes and goes, and the
   * work after the search must fit in its worst moment */
  d->rate = MAX (d->rate, MIN (seconds / (double) steps, AUGUR_DEADLINE_MAX_RATE));
}

gint64
augur_deadline_now (AugurDeadline *d)
{
  return d->clock (d->clock_data);
}

double
augur_deadline_elapsed (AugurDeadline *d)
{
  return (augur_deadline_now (d) - d->start) / (double) G_USEC_PER_SEC;
}

double
augur_deadline_rate (AugurDeadline *d)
{
  return d->rate > 0 ? d->rate : AUGUR_DEADLINE_DEFAULT_RATE;
}

double
augur_deadline_reserve (AugurDeadline *d)
{
  double by_size = d->per_finding * d->findings
                   + d->passes * augur_deadline_rate (d) * (double) d->steps;
  double by_passes = d->passes * d->finding_rate * d->findings;
  return MIN (d->base + MAX (by_size, by_passes), d->limit * AUGUR_DEADLINE_MAX_SHARE);
}

double
augur_deadline_left (AugurDeadline *d)
{
  if (d->limit <= 0)
    return G_MAXDOUBLE;
  return d->limit - augur_deadline_elapsed (d) - augur_deadline_reserve (d);
}

gint64
augur_deadline_stop_time (AugurDeadline *d)
{
  if (d->limit <= 0)
    return 0;
  return d->start + (gint64) ((d->limit - augur_deadline_reserve (d)) * G_USEC_PER_SEC);
}
