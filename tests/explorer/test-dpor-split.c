/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-dpor-split.c — one optimal-DPOR search split between K simulated
 * workers (explorer/dpor-handoff.h, tests/explorer/dpor-split-sim.h), K =
 * 1..8, interleaved by a seeded pseudo-random scheduler: which worker runs
 * its next execution (asked for and run as two moves, so that messages and
 * hand-outs fall between them), when a branch is handed out and from which
 * core, when an idle worker asks, and when each message is delivered (any
 * delay, FIFO per pair of workers).  On the synthetic programs of
 * test-dpor.c and test-estimate.c, lastzero(3..6) and random programs, the
 * split search must complete exactly the serial search's Mazurkiewicz
 * traces, each once: the same count, no trace twice, none lost.  Its
 * sleep-set blocked runs (serially few) are counted and printed: a
 * split search may run a few (doc/design.md, "Splitting the search").  And the test must catch
 * a broken protocol: with the forwards dropped, or the giver's hold on a
 * handed-out node released at once, some runs lose traces.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib.h>
#include <string.h>

#include "explorer/dpor-handoff.h"
#include "explorer/mazurkiewicz.h"

#include "tests/explorer/dpor-split-sim.h"

#define R AUGUR_SOP_READ
#define W AUGUR_SOP_WRITE
#define C AUGUR_SOP_CREATE

typedef struct {
  guint64 complete, blocked;
  GHashTable *traces;     /* normal form -> count */
} Serial;

static void
serial_run (const Prog *p, Serial *out)
{
  g_autoptr (AugurDpor) d = augur_dpor_new_kind (AUGUR_DPOR_OPTIMAL);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  out->complete = out->blocked = 0;
  out->traces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  do
    {
      if (simulate (p, prefix, sleep, steps))
        {
          out->complete++;
          g_hash_table_add (out->traces, augur_mazurkiewicz_normal_form (
                                           (const AugurSchedStep *) steps->data, steps->len));
        }
      else
        out->blocked++;
      augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
    }
  while (augur_dpor_next (d, prefix, sleep));
}

typedef struct {
  gboolean drop_forwards, no_hold, strict;
  gboolean late;          /* the experimental late insertions (a survey, not a break) */
} Breakage;

/* One split run; returns the finished simulation (to free). */
static SimSplit *
split_run (const Prog *p, guint K, guint32 seed, const Breakage *brk)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (seed);
  /* the scheduler's mood for this run: how often messages get through,
   * how often work is handed out */
  const double deliver[] = { 0.03, 0.2, 0.5 };
  const double hand[] = { 0.01, 0.1, 0.3 };
  double p_deliver = deliver[g_rand_int_range (rng, 0, 3)];
  double p_hand = hand[g_rand_int_range (rng, 0, 3)];
  SimSplit *s = sim_split_new (p, K);
  s->drop_forwards = brk != NULL && brk->drop_forwards;
  s->no_hold = brk != NULL && brk->no_hold;
  s->strict = brk != NULL && brk->strict;
  s->verbose = g_strcmp0 (g_getenv ("AUGUR_SPLIT_TRACE"), "1") == 0;
  if (brk != NULL && brk->late)
    sim_split_set_late (s);
  g_autoptr (GArray) live = g_array_new (FALSE, FALSE, sizeof (guint));
  guint64 moves = 0;
  while (!sim_split_over (s))
    {
      g_assert_cmpuint (++moves, <, 10000000);
      double roll = g_rand_double (rng);
      if (roll < p_deliver && s->queued > 0)
        {
          g_array_set_size (live, 0);
          for (guint k = 0; k < K * K; k++)
            if (!g_queue_is_empty (&s->chan[k]))
              g_array_append_val (live, k);
          guint k = g_array_index (live, guint, g_rand_int_range (rng, 0, (gint32) live->len));
          sim_deliver (s, k / K, k % K);
          continue;
        }
      if (roll < p_deliver + p_hand && K > 1)
        {
          guint g = (guint) g_rand_int_range (rng, 0, (gint32) K);
          guint t = (guint) g_rand_int_range (rng, 0, (gint32) K - 1);
          t += t >= g;
          if (s->stacks[g]->len == 0)
            continue;
          if (sim_worker_core (s, t) < 0 && !s->asking[t] && g_rand_boolean (rng))
            {
              /* an idle worker asks (the answer is a branch or NONE) */
              s->asking[t] = TRUE;
              sim_send (s, SIM_REQUEST, t, g, -1, -1, 0, NULL);
            }
          else
            {
              /* any core of g gives, the newest included */
              guint i = (guint) g_rand_int_range (rng, 0, (gint32) s->stacks[g]->len);
              sim_handout (s, g_array_index (s->stacks[g], gint, i), t);
            }
          continue;
        }
      g_array_set_size (live, 0);
      for (guint w = 0; w < K; w++)
        if (sim_worker_core (s, w) >= 0)
          g_array_append_val (live, w);
      if (live->len == 0)
        {
          /* every core waits: a message must be on its way */
          g_assert_cmpuint (s->queued, >, 0);
          continue;
        }
      guint w = g_array_index (live, guint, g_rand_int_range (rng, 0, (gint32) live->len));
      sim_step (s, sim_worker_core (s, w));
    }
  return s;
}

/* Does the split run find exactly the serial run's traces, each once? */
static gboolean
same_as_serial (const SimSplit *s, const Serial *serial)
{
  if (s->complete != serial->complete || s->duplicates > 0 || s->lost > 0)
    return FALSE;
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, serial->traces);
  while (g_hash_table_iter_next (&it, &key, NULL))
    if (!g_hash_table_contains (s->traces, key))
      return FALSE;
  return TRUE;
}

typedef struct {
  guint runs, handouts, forwards, relays;
  guint64 complete, blocked, blocked_runs;   /* sleep-set blocked: serially few */
  guint late_wrong, late_missed, late_wrong_unmissed;   /* AUGUR_SPLIT_LATE survey */
} Tally;

/* Every K in 1..8, @seeds seeds each: the split search is the serial one
 * (@late: the late insertions' survey instead). */
static void
check_prog_mode (const Prog *p, guint seeds, guint32 base, Tally *tally, gboolean late)
{
  const Breakage late_mode = { FALSE, FALSE, FALSE, TRUE };
  Serial serial;
  serial_run (p, &serial);
  g_test_message ("serially %" G_GUINT64_FORMAT " complete, %" G_GUINT64_FORMAT " sleep-set blocked",
                  serial.complete, serial.blocked);
  g_assert_cmpuint (g_hash_table_size (serial.traces), ==, serial.complete);
  for (guint K = 1; K <= 8; K++)
    for (guint i = 0; i < seeds; i++)
      {
        guint32 seed = base * 7919u + K * 131u + i;
        const char *only = g_getenv ("AUGUR_SPLIT_SEED");
        if (only != NULL && g_ascii_strtoull (only, NULL, 10) != seed)
          continue;
        SimSplit *s = split_run (p, K, seed, late ? &late_mode : NULL);
        if (!same_as_serial (s, &serial))
          g_test_message ("K %u seed %u: %" G_GUINT64_FORMAT " complete (serial %" G_GUINT64_FORMAT
                          "), %" G_GUINT64_FORMAT " twice, %" G_GUINT64_FORMAT " blocked, %"
                          G_GUINT64_FORMAT " lost, %" G_GUINT64_FORMAT " hand-outs, %" G_GUINT64_FORMAT
                          " late misses",
                          K, seed, s->complete, serial.complete, s->duplicates, s->blocked, s->lost,
                          s->handouts, s->misses);
        if (s->verbose)
          {
            GHashTableIter it;
            gpointer key;
            g_hash_table_iter_init (&it, serial.traces);
            while (g_hash_table_iter_next (&it, &key, NULL))
              if (!g_hash_table_contains (s->traces, key))
                g_printerr ("missing %s\n", (const char *) key);
          }
        if (late)
          {
            /* a survey of the experimental late insertions, not a check */
            gboolean ok = same_as_serial (s, &serial);
            tally->late_wrong += !ok;
            tally->late_missed += s->misses > 0;
            tally->late_wrong_unmissed += !ok && s->misses == 0;
            tally->runs++;
            tally->blocked += s->blocked;
            tally->complete += s->complete;
            tally->handouts += s->handouts;
            sim_split_free (s);
            continue;
          }
        g_assert_cmpuint (s->complete, ==, serial.complete);
        g_assert_cmpuint (s->duplicates, ==, 0);
        g_assert_cmpuint (s->lost, ==, 0);
        g_assert_true (same_as_serial (s, &serial));
        tally->runs++;
        tally->handouts += s->handouts;
        tally->forwards += s->forwards;
        tally->relays += s->relays;
        tally->complete += s->complete;
        tally->blocked += s->blocked;
        tally->blocked_runs += s->blocked > 0;
        sim_split_free (s);
      }
  g_hash_table_unref (serial.traces);
}

static void
check_prog (const Prog *p, guint seeds, guint32 base, Tally *tally)
{
  check_prog_mode (p, seeds, base, tally, FALSE);
}

static void
tally_print (const char *what, const Tally *t)
{
  g_test_message ("%s: %u runs, %u hand-outs, %u forwards, %u relayed; %" G_GUINT64_FORMAT
                  " complete executions, %" G_GUINT64_FORMAT " sleep-set blocked (in %" G_GUINT64_FORMAT
                  " runs)", what, t->runs, t->handouts, t->forwards, t->relays, t->complete,
                  t->blocked, t->blocked_runs);
  if (t->late_wrong + t->late_missed > 0)
    g_test_message ("late insertions: %u runs not exact, %u with misses, %u not exact without one",
                    t->late_wrong, t->late_missed, t->late_wrong_unmissed);
}

/* The programs of test-dpor.c and test-estimate.c. */
static const Prog fixed_progs[] = {
  { 2, { 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } } } },
  { 2, { 1, 1 }, { { { R, 0x100 } }, { { R, 0x100 } } } },
  { 3, { 2, 2, 2 }, { { { W, 0x100 }, { W, 0x104 } }, { { W, 0x200 }, { W, 0x204 } },
                      { { W, 0x300 }, { W, 0x304 } } } },
  { 3, { 1, 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } }, { { W, 0x100 } } } },
  { 3, { 1, 1, 1 }, { { { W, 0x100 } }, { { R, 0x100 } }, { { R, 0x100 } } } },
  { 2, { 2, 2 }, { { { W, 0x100 }, { R, 0x100 } }, { { W, 0x104 }, { R, 0x104 } } } },
  { 2, { 2, 2 }, { { { W, 0x100 }, { W, 0x200 } }, { { W, 0x200 }, { W, 0x100 } } } },
  { 2, { 1, 1 }, { { { C, 0 } }, { { C, 0 } } } },
  { 2, { 1, 1 }, { { { C, 0 } }, { { W, 0x100 } } } },
  { 2, { 2, 2 }, { { { W, 0x100 }, { R, 0x100 } }, { { W, 0x100 }, { R, 0x100 } } } },
  { 3, { 2, 2, 2 }, { { { W, 0x100 }, { R, 0x200 } }, { { R, 0x100 }, { W, 0x104 } },
                      { { W, 0x200 }, { R, 0x104 } } } },
  { 3, { 2, 2, 2 }, { { { W, 0x100 }, { R, 0x200 } }, { { W, 0x200 }, { R, 0x100 } },
                      { { W, 0x100 }, { W, 0x200 } } } },
  { 4, { 1, 1, 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } }, { { W, 0x100 } }, { { R, 0x100 } } } },
  { 3, { 2, 2, 1 }, { { { W, 0x100 }, { R, 0x200 } }, { { W, 0x200 }, { R, 0x100 } },
                      { { W, 0x100 } } } },
  { 3, { 3, 3, 3 }, { { { W, 0x100 }, { W, 0x200 }, { R, 0x300 } },
                      { { R, 0x100 }, { W, 0x300 }, { W, 0x200 } },
                      { { W, 0x300 }, { R, 0x200 }, { W, 0x100 } } } },
};

static void
test_programs (void)
{
  Tally t = { 0 };
  for (guint i = 0; i < G_N_ELEMENTS (fixed_progs); i++)
    check_prog (&fixed_progs[i], 6, i, &t);
  tally_print ("fixed programs", &t);
  g_assert_cmpuint (t.handouts, >, 0);
  g_assert_cmpuint (t.forwards, >, 0);
  g_assert_cmpuint (t.relays, >, 0);
}

static void
test_lastzero (void)
{
  /* the program's counts (tests/explorer/test-modes.c: 12, 64) */
  const guint64 want[] = { 0, 0, 0, 12, 0, 64 };
  Tally t = { 0 };
  for (guint n = 3; n <= 6; n++)
    {
      Prog p;
      sim_lastzero (&p, n);
      if (n < G_N_ELEMENTS (want) && want[n] > 0)
        {
          Serial serial;
          serial_run (&p, &serial);
          g_assert_cmpuint (serial.complete, ==, want[n]);
          g_hash_table_unref (serial.traces);
        }
      check_prog (&p, n < 6 ? 3 : 1, 1000 + n, &t);
    }
  tally_print ("lastzero(3..6)", &t);
}

/* A random program: 2 to 4 threads of 1 to 4 steps on three variables,
 * writes, reads, now and then a creation. */
static void
random_prog (GRand *rng, Prog *p)
{
  memset (p, 0, sizeof *p);
  p->n_threads = (guint) g_rand_int_range (rng, 2, 5);
  for (guint t = 0; t < p->n_threads; t++)
    {
      p->n_ops[t] = (guint) g_rand_int_range (rng, 1, 5);
      for (guint k = 0; k < p->n_ops[t]; k++)
        {
          guint r = (guint) g_rand_int_range (rng, 0, 20);
          p->ops[t][k].op = r == 0 ? C : r < 12 ? W : R;
          p->ops[t][k].obj = 0x100 * (guint64) g_rand_int_range (rng, 1, 4);
        }
    }
}

static void
test_random (void)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (20261126);
  Tally t = { 0 };
  guint done = 0;
  while (done < 40)
    {
      Prog p;
      random_prog (rng, &p);
      Serial serial;
      serial_run (&p, &serial);
      guint64 n = serial.complete;
      g_hash_table_unref (serial.traces);
      if (n > 400)
        continue;   /* keep the test quick */
      check_prog (&p, 2, 5000 + done, &t);
      done++;
    }
  tally_print ("random programs", &t);
}

/* The experimental late insertions (dpor-handoff.h): a run that is not
 * exact always had a miss (a late
 * insertion that fell into a finished branch), so a miss is how to know;
 * how many runs miss is printed, not checked. */
static void
test_late (void)
{
  Tally t = { 0 };
  for (guint i = 0; i < G_N_ELEMENTS (fixed_progs); i++)
    check_prog_mode (&fixed_progs[i], 2, i, &t, TRUE);
  for (guint n = 3; n <= 5; n++)
    {
      Prog p;
      sim_lastzero (&p, n);
      check_prog_mode (&p, 2, 1000 + n, &t, TRUE);
    }
  tally_print ("late insertions", &t);
  g_assert_cmpuint (t.late_wrong_unmissed, ==, 0);
  g_assert_cmpuint (t.late_missed, >, 0);   /* the survey saw some */
}

/* The flat forms survive the trip and refuse garbage. */
static void
test_flat (void)
{
  Prog p;
  sim_lastzero (&p, 4);
  g_autoptr (AugurDpor) d = augur_dpor_new_kind (AUGUR_DPOR_OPTIMAL);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  simulate (&p, prefix, sleep, steps);
  augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
  g_autoptr (AugurDporBranch) b = augur_dpor_handoff_take (d);
  g_assert_nonnull (b);
  g_assert_cmpuint (augur_dpor_handoff_outstanding (d), ==, 1);
  g_autoptr (GBytes) bytes = augur_dpor_branch_to_bytes (b);
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurDporBranch) back = augur_dpor_branch_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->node, ==, b->node);
  g_assert_cmpmem (back->prefix->data, back->prefix->len * sizeof (AugurSchedStep), b->prefix->data,
                   b->prefix->len * sizeof (AugurSchedStep));
  g_assert_cmpmem (back->sleep->data, back->sleep->len * sizeof (AugurSchedStep), b->sleep->data,
                   b->sleep->len * sizeof (AugurSchedStep));
  g_assert_cmpmem (back->tree->data, back->tree->len * sizeof (AugurDporTreeStep), b->tree->data,
                   b->tree->len * sizeof (AugurDporTreeStep));
  g_assert_true (back->relaxed == b->relaxed && back->relax_below == b->relax_below);
  gsize len;
  const guint8 *raw = g_bytes_get_data (bytes, &len);
  g_autoptr (GBytes) cut = g_bytes_new (raw, len - 1);
  g_autoptr (AugurDporBranch) bad = augur_dpor_branch_from_bytes (cut, &error);
  g_assert_null (bad);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  /* the giver holds the node: it waits rather than end, until finished */
  AugurDporNextResult r;
  while ((r = augur_dpor_handoff_next (d, prefix, sleep)) == AUGUR_DPOR_NEXT_RUN)
    {
      simulate (&p, prefix, sleep, steps);
      augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
    }
  g_assert_cmpint (r, ==, AUGUR_DPOR_NEXT_WAIT);
  augur_dpor_handoff_finished (d, b->node, g_array_index (b->prefix, AugurSchedStep, b->node).tid);
  g_assert_cmpint (augur_dpor_handoff_next (d, prefix, sleep), !=, AUGUR_DPOR_NEXT_WAIT);
}

/* Breaking the protocol loses traces: the test above would see it. */
static void
test_broken (void)
{
  const Breakage breaks[] = { { TRUE, FALSE, FALSE }, { FALSE, TRUE, FALSE }, { FALSE, FALSE, TRUE } };
  const char *names[] = { "forwards dropped", "no hold", "receivers strict" };
  for (guint b = 0; b < G_N_ELEMENTS (breaks); b++)
    {
      guint runs = 0, wrong = 0;
      for (guint n = 4; n <= 5; n++)
        {
          Prog p;
          sim_lastzero (&p, n);
          Serial serial;
          serial_run (&p, &serial);
          for (guint K = 2; K <= 8; K++)
            for (guint i = 0; i < 4; i++)
              {
                SimSplit *s = split_run (&p, K, 77 * K + i, &breaks[b]);
                runs++;
                wrong += !same_as_serial (s, &serial);
                sim_split_free (s);
              }
          g_hash_table_unref (serial.traces);
        }
      g_test_message ("%s: %u of %u runs differ from the serial search", names[b], wrong, runs);
      g_assert_cmpuint (wrong, >, 0);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dpor-split/flat", test_flat);
  g_test_add_func ("/dpor-split/programs", test_programs);
  g_test_add_func ("/dpor-split/lastzero", test_lastzero);
  g_test_add_func ("/dpor-split/random", test_random);
  g_test_add_func ("/dpor-split/broken", test_broken);
  g_test_add_func ("/dpor-split/late", test_late);
  return g_test_run ();
}
