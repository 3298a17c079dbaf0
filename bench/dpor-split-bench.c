/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-split-bench.c — `make bench-parallel-sim`: what splitting one
 * optimal-DPOR search between K workers (explorer/dpor-handoff.h) would
 * give, predicted by a discrete-event simulation of K workers on the
 * synthetic lastzero(n) (tests/explorer/dpor-sim.h), with the real search
 * cores and the real messages (tests/explorer/dpor-split-sim.h) and a cost
 * model for time:
 *
 *   an execution       c0 + c1 * (steps replayed: its prefix) + c2 * (new steps)
 *   a message          arrives L after it is sent (FIFO per pair of workers),
 *                      and costs its receiver nothing else
 *   asking for next    free (its analysis is in c0)
 *
 * Load balancing is work stealing, as an MPI or pipe back end would do it
 * without a balancer: a worker with nothing to run sends REQUEST to a
 * random other worker; that worker, when its current execution is done,
 * answers with a branch (its oldest core's shallowest node: the most work)
 * or NONE, and the asker tries another.  The serial time T1 is the serial
 * search's executions under the same costs; the efficiency at K is T1 /
 * (K * makespan).  Printed per K: makespan, efficiency, the work done (all
 * executions, sleep-set blocked ones included) over T1, idle share,
 * messages by kind, hand-outs, and steps replayed to reach a handed-out
 * branch's node (the receiver's first execution replays them).
 *
 * Limits: the cost of an execution here is a line in its steps; a real
 * execution's run time varies (start-up, system calls, the program's own
 * work) and the analysis pass grows with the execution; there is no
 * contention between workers on one machine (memory bandwidth, the
 * scheduler) and no network congestion; messages are assumed small (a
 * branch is a few KiB).  The count of executions and messages, the idle
 * time's structure and the sleep-set blocked runs are the real
 * algorithm's; the seconds are the model's.
 *
 * Usage: dpor-split-bench [-n N] [-k K,K,...] [--c0 US] [--c1 US] [--c2 US]
 *                         [--latency US] [--seed S] [--late]
 * (--late: the experimental late insertions instead of the relaxed rule,
 * dpor-handoff.h; it says how many missed.)
 */
#include "config.h"

#include <gio/gio.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/explorer/dpor-split-sim.h"

typedef struct {
  double c0, c1, c2;
} Costs;

static double
exec_cost (const Costs *c, guint prefix, guint n)
{
  guint replayed = MIN (prefix, n);
  return c->c0 + c->c1 * replayed + c->c2 * (n - replayed);
}

/* The serial search: its executions and their time. */
static double
serial (const Prog *p, const Costs *c, guint64 *execs, guint64 *complete)
{
  g_autoptr (AugurDpor) d = augur_dpor_new_kind (AUGUR_DPOR_OPTIMAL);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  double t = 0;
  *execs = *complete = 0;
  do
    {
      if (simulate (p, prefix, sleep, steps))
        (*complete)++;
      (*execs)++;
      t += exec_cost (c, prefix->len, steps->len);
      augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
    }
  while (augur_dpor_next (d, prefix, sleep));
  return t;
}

typedef struct {
  double makespan, work, idle;
  guint64 complete, blocked, msgs[5], handouts, handout_steps, downs, misses;
} Outcome;

static gboolean
has_cores (SimSplit *s)
{
  for (guint w = 0; w < s->K; w++)
    if (s->stacks[w]->len > 0)
      return TRUE;
  return FALSE;
}

static guint64
sent_total (SimSplit *s, SimMsgKind kind)
{
  switch (kind)
    {
    case SIM_BRANCH: return s->handouts;
    case SIM_FORWARD: return s->forwards + s->relays;
    case SIM_FINISHED: return s->finished_msgs;
    case SIM_REQUEST: return s->requests;
    case SIM_NONE: return s->nones;
    case SIM_DOWN: return s->downs;
    }
  return 0;
}

static void
ask (SimSplit *s, GRand *rng, guint w)
{
  if (s->K < 2 || s->asking[w])
    return;
  guint v = (guint) g_rand_int_range (rng, 0, (gint32) s->K - 1);
  v += v >= w;
  s->asking[w] = TRUE;
  sim_send (s, SIM_REQUEST, w, v, -1, -1, 0, NULL);
}

static void
split (const Prog *p, guint K, const Costs *c, double latency, guint32 seed, gboolean late, Outcome *o)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (seed);
  SimSplit *s = sim_split_new (p, K);
  if (late)
    sim_split_set_late (s);
  s->latency = latency;
  double *busy_until = g_new0 (double, K);   /* idle accounting: last time w had work */
  double work = 0, idle = 0;
  /* everyone but worker 0 starts idle and asks */
  for (guint w = 1; w < K; w++)
    ask (s, rng, w);
  while (has_cores (s))
    {
      /* the earliest event: a worker's next move, or a message's handling
       * (at its arrival, or when its receiver's execution ends) */
      double best = G_MAXDOUBLE;
      gint move = -1, chan = -1;
      for (guint w = 0; w < K; w++)
        if (sim_worker_core (s, w) >= 0 && s->clock[w] < best)
          {
            best = s->clock[w];
            move = (gint) w;
          }
      for (guint k = 0; k < K * K; k++)
        {
          SimMsg *m = g_queue_peek_head (&s->chan[k]);
          if (m == NULL)
            continue;
          double at = MAX (m->at, s->clock[m->to_worker]);
          if (at <= best)   /* before the receiver's next move */
            {
              best = at;
              chan = (gint) k;
              move = -1;
            }
        }
      if (chan >= 0)
        {
          guint to = (guint) chan % K;
          if (sim_worker_core (s, to) < 0 && best > s->clock[to])
            idle += best - s->clock[to];
          s->clock[to] = best;
          sim_deliver (s, (guint) chan / K, to);
          if (sim_worker_core (s, to) < 0)
            ask (s, rng, to);
          continue;
        }
      g_assert (move >= 0);
      guint w = (guint) move;
      SimStepInfo info = sim_step (s, sim_worker_core (s, w));
      if (info.ran)
        {
          double t = exec_cost (c, info.prefix_len, info.n_steps);
          s->clock[w] += t;
          work += t;
        }
      if (sim_worker_core (s, w) < 0)
        ask (s, rng, w);
    }
  double end = 0;
  for (guint w = 0; w < K; w++)
    end = MAX (end, s->clock[w]);
  /* the time after a worker's last move until the end is idle too */
  for (guint w = 0; w < K; w++)
    idle += end - s->clock[w];
  o->makespan = end;
  o->work = work;
  o->idle = idle;
  o->complete = s->complete;
  o->blocked = s->blocked;
  for (int k = 0; k < 5; k++)
    o->msgs[k] = sent_total (s, (SimMsgKind) k);
  o->handouts = s->handouts;
  o->handout_steps = s->handout_prefix_steps;
  o->downs = s->downs;
  o->misses = s->misses;
  g_free (busy_until);
  sim_split_free (s);
}

int
main (int argc, char **argv)
{
  gint n = 10;
  gchar *ks = NULL;
  Costs c = { 60, 0.5, 1.0 };
  double latency = 20;
  gint seed = 1;
  gboolean late = FALSE;
  GOptionEntry entries[] = {
    { "late", 0, 0, G_OPTION_ARG_NONE, &late, "late insertions instead of the relaxed rule "
      "(experimental: not exact when one misses)", NULL },
    { "n", 'n', 0, G_OPTION_ARG_INT, &n, "lastzero(N) (default 10)", "N" },
    { "workers", 'k', 0, G_OPTION_ARG_STRING, &ks, "worker counts (default 1,2,8,16,64)", "K,..." },
    { "c0", 0, 0, G_OPTION_ARG_DOUBLE, &c.c0, "µs per execution (default 60)", "US" },
    { "c1", 0, 0, G_OPTION_ARG_DOUBLE, &c.c1, "µs per replayed step (default 0.5)", "US" },
    { "c2", 0, 0, G_OPTION_ARG_DOUBLE, &c.c2, "µs per new step (default 1)", "US" },
    { "latency", 0, 0, G_OPTION_ARG_DOUBLE, &latency, "µs a message takes (default 20)", "US" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "victim choice seed (default 1)", "S" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("— predicted efficiency of a split optimal search");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "dpor-split-bench: %s\n", error->message);
      return 2;
    }
  if (n < 1 || n + 1 > MAXTHREADS)
    {
      fprintf (stderr, "dpor-split-bench: N must be 1..%d\n", MAXTHREADS - 1);
      return 2;
    }
  g_auto (GStrv) kv = g_strsplit (ks != NULL ? ks : "1,2,8,16,64", ",", -1);
  g_free (ks);
  Prog p;
  sim_lastzero (&p, (guint) n);
  guint64 execs, complete;
  gint64 t0 = g_get_monotonic_time ();
  double T1 = serial (&p, &c, &execs, &complete);
  printf ("lastzero(%d), simulated: %" G_GUINT64_FORMAT " executions serially (%" G_GUINT64_FORMAT
          " complete), T1 = %.3f s of model time\n", n, execs, complete, T1 / 1e6);
  printf ("costs: execution %.1f us + %.2f us per replayed step + %.2f us per new step; "
          "message latency %.1f us; work stealing, random victims (seed %d)\n",
          c.c0, c.c1, c.c2, latency, seed);
  printf ("%5s %10s %6s %7s %6s %9s %9s %9s %9s %8s %7s %9s\n", "K", "makespan", "eff", "work/T1",
          "idle", "complete", "blocked", "hand-outs", "forwards", "finished", "asks", "replay/h");
  gboolean same = TRUE;
  for (guint i = 0; kv[i] != NULL; i++)
    {
      guint K = (guint) g_ascii_strtoull (kv[i], NULL, 10);
      if (K < 1)
        continue;
      Outcome o = { 0 };
      split (&p, K, &c, latency, (guint32) seed, late, &o);
      same &= o.complete == complete;
      printf ("%5u %9.3fs %6.3f %7.3f %5.1f%% %9" G_GUINT64_FORMAT " %9" G_GUINT64_FORMAT " %9"
              G_GUINT64_FORMAT " %9" G_GUINT64_FORMAT " %8" G_GUINT64_FORMAT " %7" G_GUINT64_FORMAT
              " %9.1f\n",
              K, o.makespan / 1e6, T1 / (K * o.makespan), o.work / T1,
              100.0 * o.idle / (K * o.makespan), o.complete, o.blocked, o.handouts,
              o.msgs[SIM_FORWARD], o.msgs[SIM_FINISHED], o.msgs[SIM_REQUEST],
              o.handouts > 0 ? (double) o.handout_steps / o.handouts : 0.0);
      if (late)
        printf ("%5s late insertions sent down %" G_GUINT64_FORMAT ", missed %" G_GUINT64_FORMAT
                "; complete executions %s the serial count\n", "", o.downs, o.misses,
                o.complete == complete ? "equal" : "differ from");
    }
  printf ("(%.1f s of real time)\n", (g_get_monotonic_time () - t0) / 1e6);
  if (!same && !late)
    {
      printf ("the split searches' complete executions differ from the serial count\n");
      return 1;
    }
  return 0;
}
