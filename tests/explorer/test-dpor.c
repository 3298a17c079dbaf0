/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-dpor.c — the search cores on synthetic programs: straight-line
 * threads of reads and writes, run by a small simulator that follows a
 * prefix and a sleep set exactly as runtime/rt-sched.c does.  For both DPOR
 * kinds the number of complete executions must equal the number of
 * Mazurkiewicz traces, counted here by hand for each program; for the
 * preemption-bounded search, the number of schedules within each bound;
 * and a wakeup tree as deep as a long execution.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "explorer/dpor.h"
#include "explorer/preempt.h"

#include "tests/explorer/dpor-sim.h"

/* Explores p; the first n_fixed steps of every execution run fixed[]. */
static guint
explore_full (const Prog *p, AugurDporKind kind, const guint *fixed, guint n_fixed,
              guint *blocked)
{
  g_autoptr (AugurDpor) d = augur_dpor_new_kind (kind);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_array_set_size (prefix, n_fixed);
  for (guint k = 0; k < n_fixed; k++)
    g_array_index (prefix, AugurSchedStep, k).tid = (guint16) fixed[k];
  augur_dpor_set_fixed (d, n_fixed);
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  guint complete = 0;
  *blocked = 0;
  do
    {
      if (simulate (p, prefix, sleep, steps))
        complete++;
      else
        (*blocked)++;
      augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
    }
  while (augur_dpor_next (d, prefix, sleep) && complete < 100000);
  return complete;
}

static guint
explore_fixed (const Prog *p, const guint *fixed, guint n_fixed, guint *blocked)
{
  return explore_full (p, AUGUR_DPOR_SOURCE, fixed, n_fixed, blocked);
}

static guint
explore_kind (const Prog *p, AugurDporKind kind, guint *blocked)
{
  return explore_full (p, kind, NULL, 0, blocked);
}


#define R AUGUR_SOP_READ
#define W AUGUR_SOP_WRITE

static void
check (const Prog *p, guint want)
{
  guint blocked, cblocked;
  guint got = explore_kind (p, AUGUR_DPOR_SOURCE, &blocked);
  g_assert_cmpuint (got, ==, want);
  guint cgot = explore_kind (p, AUGUR_DPOR_CLASSIC, &cblocked);
  guint oblocked;
  guint ogot = explore_kind (p, AUGUR_DPOR_OPTIMAL, &oblocked);
  g_test_message ("source %u + %u blocked, classic %u + %u blocked, optimal %u + %u blocked",
                  got, blocked, cgot, cblocked, ogot, oblocked);
  g_assert_cmpuint (cgot, ==, want);
  g_assert_cmpuint (ogot, ==, want);
  g_assert_cmpuint (oblocked, ==, 0);
}

static void
test_two_writers (void)
{
  Prog p = { 2, { 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } } } };
  check (&p, 2);
}

static void
test_two_readers (void)
{
  Prog p = { 2, { 1, 1 }, { { { R, 0x100 } }, { { R, 0x100 } } } };
  check (&p, 1);
}

static void
test_disjoint (void)
{
  Prog p = { 3, { 2, 2, 2 }, { { { W, 0x100 }, { W, 0x104 } },
                               { { W, 0x200 }, { W, 0x204 } },
                               { { W, 0x300 }, { W, 0x304 } } } };
  check (&p, 1);
}

static void
test_three_writers (void)
{
  Prog p = { 3, { 1, 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } }, { { W, 0x100 } } } };
  check (&p, 6);
}

static void
test_writer_two_readers (void)
{
  /* each reader before or after the write: 4 traces */
  Prog p = { 3, { 1, 1, 1 }, { { { W, 0x100 } }, { { R, 0x100 } }, { { R, 0x100 } } } };
  check (&p, 4);
}

static void
test_neighbours_independent (void)
{
  /* x and y are adjacent ints: never dependent */
  Prog p = { 2, { 2, 2 }, { { { W, 0x100 }, { R, 0x100 } }, { { W, 0x104 }, { R, 0x104 } } } };
  check (&p, 1);
}

static void
test_two_vars (void)
{
  /* t0: w(x) w(y); t1: w(y) w(x): orders of x and y independent except
   * program order: traces = interleavings distinguished by (x order, y
   * order) that are consistent: 3 (x0<x1,y0<y1), (x1<x0,y1<y0), (x1<x0, y0<y1) */
  Prog p = { 2, { 2, 2 }, { { { W, 0x100 }, { W, 0x200 } }, { { W, 0x200 }, { W, 0x100 } } } };
  check (&p, 3);
}

static void
test_creations (void)
{
  /* threads are numbered in the order of the creation steps: two
   * creations by different threads swap their children's numbers when
   * they swap, so they are two traces; a creation and a write are one */
  Prog p = { 2, { 1, 1 }, { { { AUGUR_SOP_CREATE, 0 } }, { { AUGUR_SOP_CREATE, 0 } } } };
  check (&p, 2);
  Prog q = { 2, { 1, 1 }, { { { AUGUR_SOP_CREATE, 0 } }, { { W, 0x100 } } } };
  check (&q, 1);
}

static void
test_fixed_prefix (void)
{
  /* three writers of x: 6 traces, 2 of them start with T2, 1 with T2 T0 */
  Prog p = { 3, { 1, 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } }, { { W, 0x100 } } } };
  const guint fixed[] = { 2, 0 };
  guint blocked;
  g_assert_cmpuint (explore_fixed (&p, fixed, 1, &blocked), ==, 2);
  g_assert_cmpuint (explore_fixed (&p, fixed, 2, &blocked), ==, 1);
  /* write then read in each thread, T1's write fixed first: T1's read
   * before or after T0's write (the two reads commute): 2 of the 4 traces */
  Prog q = { 2, { 2, 2 }, { { { W, 0x100 }, { R, 0x100 } }, { { W, 0x100 }, { R, 0x100 } } } };
  const guint first[] = { 1 };
  g_assert_cmpuint (explore_fixed (&q, first, 1, &blocked), ==, 2);
  g_assert_cmpuint (explore_fixed (&q, NULL, 0, &blocked), ==, 4);
}

/* ---- looking ahead (augur_dpor_ahead, for --jobs) ---- */

static char *
exec_key (const GArray *prefix, const GArray *sleep)
{
  g_autofree char *a = g_base64_encode ((const guchar *) prefix->data, prefix->len * sizeof (AugurSchedStep));
  g_autofree char *b = g_base64_encode ((const guchar *) sleep->data, sleep->len * sizeof (AugurSchedStep));
  return g_strconcat (a, "/", b, NULL);
}

static gboolean
on_ahead (guint depth, const GArray *prefix, const GArray *sleep, gpointer data)
{
  g_assert_cmpuint (depth, <, prefix->len);
  g_hash_table_add (data, exec_key (prefix, sleep));
  return TRUE;
}

/* Explores @p with @kind, looking ahead after every execution as the
 * parallel explorer does: returns the complete executions; *hits: the
 * executions asked for that had been seen ahead; *left: seen ahead and
 * never asked for. */
static guint
explore_ahead (const Prog *p, AugurDporKind kind, guint *hits, guint *left)
{
  g_autoptr (AugurDpor) d = augur_dpor_new_kind (kind);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint complete = 0;
  *hits = 0;
  for (;;)
    {
      if (simulate (p, prefix, sleep, steps))
        complete++;
      augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
      augur_dpor_ahead (d, on_ahead, seen);
      if (!augur_dpor_next (d, prefix, sleep))
        break;
      g_autofree char *key = exec_key (prefix, sleep);
      if (g_hash_table_remove (seen, key))
        (*hits)++;
      /* and once it is chosen, before it ran (explore.c does so) */
      augur_dpor_ahead (d, on_ahead, seen);
    }
  *left = g_hash_table_size (seen);
  return complete;
}

/* Optimal DPOR's look ahead is exact: every execution it announces is
 * asked for later, with that prefix and sleep set, so a server that ran
 * it ahead never wasted it; and it finds work ahead of the search.  The
 * counts are those of the search without it.  Classic DPOR's may guess
 * wrong, never lose anything. */
static void
test_ahead (void)
{
  Prog progs[] = {
    { 3, { 1, 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } }, { { W, 0x100 } } } },
    { 3, { 1, 1, 1 }, { { { W, 0x100 } }, { { R, 0x100 } }, { { R, 0x100 } } } },
    { 2, { 2, 2 }, { { { W, 0x100 }, { W, 0x200 } }, { { W, 0x200 }, { W, 0x100 } } } },
    { 3, { 2, 2, 2 }, { { { W, 0x100 }, { R, 0x200 } }, { { W, 0x200 }, { R, 0x100 } },
                        { { W, 0x100 }, { W, 0x200 } } } },
    { 4, { 1, 1, 1, 1 }, { { { W, 0x100 } }, { { W, 0x100 } }, { { W, 0x100 } }, { { R, 0x100 } } } },
  };
  guint want[] = { 6, 4, 3, 0, 0 };
  for (guint i = 0; i < G_N_ELEMENTS (progs); i++)
    {
      guint blocked, hits, left;
      guint serial = explore_kind (&progs[i], AUGUR_DPOR_OPTIMAL, &blocked);
      if (want[i] > 0)
        g_assert_cmpuint (serial, ==, want[i]);
      guint got = explore_ahead (&progs[i], AUGUR_DPOR_OPTIMAL, &hits, &left);
      g_test_message ("program %u: %u traces, %u seen ahead, %u left", i, got, hits, left);
      g_assert_cmpuint (got, ==, serial);
      g_assert_cmpuint (left, ==, 0);
      if (serial > 2)
        g_assert_cmpuint (hits, >, 0);
      guint cserial = explore_kind (&progs[i], AUGUR_DPOR_CLASSIC, &blocked);
      g_assert_cmpuint (explore_ahead (&progs[i], AUGUR_DPOR_CLASSIC, &hits, &left), ==, cserial);
    }
}

static void
on_conflict (const AugurSchedStep *steps, guint i, guint j, gpointer data)
{
  g_assert_cmpuint (i, <, j);
  g_assert_cmpuint (steps[i].tid, !=, steps[j].tid);
  g_hash_table_add (data, g_strdup_printf ("%u|%u", MIN (steps[i].pc, steps[j].pc),
                                           MAX (steps[i].pc, steps[j].pc)));
}

/* The conflict callback sees every pair of accesses of two threads that
 * meet on the same memory with a write, in either order, and nothing
 * else: not two reads, not neighbouring bytes. */
static void
test_conflicts (void)
{
  /* t0: w(x) r(y); t1: r(x) w(x+4); t2: w(y) r(x+4) (pc = 100 * tid + k) */
  Prog p = { 3, { 2, 2, 2 }, { { { W, 0x100 }, { R, 0x200 } },
                               { { R, 0x100 }, { W, 0x104 } },
                               { { W, 0x200 }, { R, 0x104 } } } };
  g_autoptr (AugurDpor) d = augur_dpor_new_kind (AUGUR_DPOR_OPTIMAL);
  g_autoptr (GHashTable) met = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  augur_dpor_set_conflict_func (d, on_conflict, met);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  guint runs = 0;
  do
    {
      g_assert_true (simulate (&p, prefix, sleep, steps));
      augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
      runs++;
    }
  while (augur_dpor_next (d, prefix, sleep) && runs < 1000);
  g_assert_cmpuint (runs, ==, 8);
  g_assert_cmpuint (g_hash_table_size (met), ==, 3);
  g_assert_true (g_hash_table_contains (met, "1|101"));   /* w(x), r(x) */
  g_assert_true (g_hash_table_contains (met, "2|201"));   /* r(y), w(y) */
  g_assert_true (g_hash_table_contains (met, "102|202")); /* w(x+4), r(x+4) */
}

/* Two threads of three steps (the last one EXIT): the 20 interleavings
 * grouped by preemptions (a switch away from a thread with steps left).
 * With b blocks of consecutive steps, b - 2 switches preempt (leaving the
 * first thread's last block is free): 2 blocks (000111, 111000): 2
 * schedules, 0 preemptions; 3 blocks: 4, 1; 4 blocks: 8, 2; 5 blocks: 4, 3;
 * 6 blocks: 2, 4. */
static void
test_preempt_bounds (void)
{
  Prog p = { 2, { 3, 3 }, { { { W, 0x100 }, { W, 0x200 }, { AUGUR_SOP_EXIT, 0 } },
                            { { W, 0x100 }, { W, 0x200 }, { AUGUR_SOP_EXIT, 0 } } } };
  const guint want[] = { 2, 6, 14, 18, 20, 20 };
  for (guint bound = 0; bound < G_N_ELEMENTS (want); bound++)
    {
      g_autoptr (AugurPreempt) pre = augur_preempt_new (bound);
      g_autoptr (GArray) prefix = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
      g_autoptr (GArray) none = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
      g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
      g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      guint runs = 0;
      do
        {
          g_assert_true (simulate (&p, prefix, none, steps));
          GString *sched = g_string_new (NULL);
          for (guint k = 0; k < steps->len; k++)
            g_string_append_printf (sched, "%u", g_array_index (steps, AugurSchedStep, k).tid);
          g_assert_true (g_hash_table_add (seen, g_string_free (sched, FALSE)));
          augur_preempt_add_execution (pre, (AugurSchedStep *) steps->data, steps->len);
          runs++;
        }
      while (augur_preempt_next (pre, prefix) && runs < 1000);
      g_assert_cmpuint (runs, ==, want[bound]);
      g_assert_true (augur_preempt_bound_reached (pre) == (want[bound] < 20));
    }
}

/* A race across a long execution: t0 writes x, t1 reads 200,000
 * addresses of its own and then writes x.  The wakeup sequence that
 * reverses the race is all of t1's steps, a chain of 200,001 nodes in
 * the tree; freeing it must not recurse once per node (that overflowed
 * the stack on a run cut by the step bound, in augur check on a
 * lock-free queue). */
static void
test_deep_wakeup_tree (void)
{
  const guint n_reads = 200000;
  g_autoptr (GArray) steps = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  AugurSchedStep st = { 0 };
  st.tid = 0;
  st.op = W;
  st.obj = 0x100;
  st.size = 4;
  st.pc = 1;
  g_array_append_val (steps, st);
  for (guint k = 0; k < n_reads; k++)
    {
      st.tid = 1;
      st.op = R;
      st.obj = 0x100000 + 8 * (guint64) k;
      st.pc = 100 + k;
      g_array_append_val (steps, st);
    }
  st.op = W;
  st.obj = 0x100;
  st.pc = 99;
  g_array_append_val (steps, st);
  AugurDpor *d = augur_dpor_new_kind (AUGUR_DPOR_OPTIMAL);
  augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  /* the reversal: t1 first, all of it, then t0; the search is left there,
   * its tree below the first step still to run, and freed */
  g_assert_true (augur_dpor_next (d, prefix, sleep));
  g_assert_cmpuint (prefix->len, ==, n_reads + 1);
  g_assert_cmpuint (g_array_index (prefix, AugurSchedStep, 0).tid, ==, 1);
  augur_dpor_free (d);
}

/* The wakeup trees' memory: a node taken out of a tree goes back to the
 * slab.  Over lastzero(6)'s optimal search the nodes in use are, after
 * every execution, exactly those in the search's trees (none lost on the
 * way: the slabs would grow with the executions), and none once the
 * search is over; the slabs then hold at least the most the trees held at
 * once, and no more than that and one slab (nodes are reused). */
static void
test_wakeup_nodes_given_back (void)
{
  Prog p;
  sim_lastzero (&p, 6);
  guint64 live0, held0, live, held;
  augur_dpor_wakeup_nodes (&live0, &held0);
  AugurDpor *d = augur_dpor_new_kind (AUGUR_DPOR_OPTIMAL);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  guint runs = 0;
  guint64 most = 0;
  do
    {
      g_assert_true (simulate (&p, prefix, sleep, steps));
      augur_dpor_add_execution (d, (AugurSchedStep *) steps->data, steps->len, NULL, NULL);
      runs++;
      augur_dpor_wakeup_nodes (&live, &held);
      guint64 in_trees = augur_dpor_wakeup_tree_nodes (d);
      g_assert_cmpuint (live - live0, ==, in_trees);
      most = MAX (most, in_trees);
    }
  while (augur_dpor_next (d, prefix, sleep) && runs < 100000);
  guint blocked;
  g_assert_cmpuint (runs, ==, explore_kind (&p, AUGUR_DPOR_SOURCE, &blocked));   /* its 144 traces */
  g_assert_cmpuint (most, >, 0);
  augur_dpor_wakeup_nodes (&live, &held);
  g_assert_cmpuint (augur_dpor_wakeup_tree_nodes (d), ==, 0);
  g_assert_cmpuint (live, ==, live0);
  g_assert_cmpuint (held, >=, most);
  g_assert_cmpuint (held - held0, <=, most + 4096);
  augur_dpor_free (d);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dpor/two-writers", test_two_writers);
  g_test_add_func ("/dpor/two-readers", test_two_readers);
  g_test_add_func ("/dpor/disjoint", test_disjoint);
  g_test_add_func ("/dpor/three-writers", test_three_writers);
  g_test_add_func ("/dpor/writer-two-readers", test_writer_two_readers);
  g_test_add_func ("/dpor/neighbours-independent", test_neighbours_independent);
  g_test_add_func ("/dpor/two-vars", test_two_vars);
  g_test_add_func ("/dpor/creations", test_creations);
  g_test_add_func ("/dpor/fixed-prefix", test_fixed_prefix);
  g_test_add_func ("/dpor/conflicts", test_conflicts);
  g_test_add_func ("/dpor/ahead", test_ahead);
  g_test_add_func ("/dpor/deep-wakeup-tree", test_deep_wakeup_tree);
  g_test_add_func ("/dpor/wakeup-nodes-given-back", test_wakeup_nodes_given_back);
  g_test_add_func ("/preempt/bounds", test_preempt_bounds);
  return g_test_run ();
}
