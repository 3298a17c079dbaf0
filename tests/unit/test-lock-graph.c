/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-lock-graph.c — the lock-order graph (common/lock-graph.[ch]): an
 * inversion between two threads is a warning with both threads' two
 * acquisitions, one guarded by a gate lock a note, one thread alone or
 * one order is nothing, a gate missing once is no gate, and a cycle of
 * three locks over three threads is found once, and each thread's
 * acquisitions are told with its own callers.
 */
#include "config.h"

#include <string.h>

#include "common/lock-graph.h"

static void
take (AugurLockGraph *g, guint t, const char *a, guint la, const char *b, guint lb,
      const char *const *also)
{
  AugurLockSite outer = { a, "x.c", la, "f", la };
  AugurLockSite inner = { b, "x.c", lb, "f", lb };
  augur_lock_graph_add (g, t, &outer, &inner, also);
}

static void
test_two_threads (void)
{
  g_autoptr (AugurLockGraph) g = augur_lock_graph_new ();
  take (g, 1, "a", 10, "b", 11, NULL);
  take (g, 0, "b", 20, "a", 21, NULL);
  g_autofree char *edges = augur_lock_graph_to_string (g);
  g_assert_cmpstr (edges, ==, "a -> b (T1 x.c:10 x.c:11)\nb -> a (T0 x.c:20 x.c:21)");
  g_autoptr (GPtrArray) found = augur_lock_graph_findings (g, "It did not deadlock.");
  g_assert_cmpuint (found->len, ==, 1);
  AugurFinding *f = g_ptr_array_index (found, 0);
  g_autofree char *s = augur_finding_to_string (f);
  g_assert_cmpstr (s, ==,
                   "warning lock-order-inversion on locks a, b (a, b) threads T0 T1: Thread 1 takes "
                   "`a` (x.c:10) and then `b` (x.c:11), while main takes `b` (x.c:20) and then "
                   "`a` (x.c:21): if each takes its first lock before the next takes its second, "
                   "they deadlock. It did not deadlock.\n"
                   "  access T1#10 lock x.c:10 in f locks {}\n"
                   "  access T1#11 lock x.c:11 in f locks {a}\n"
                   "  access T0#20 lock x.c:20 in f locks {}\n"
                   "  access T0#21 lock x.c:21 in f locks {b}\n");
  g_autofree char *key = augur_lock_graph_finding_key (f);
  g_assert_cmpstr (key, ==, "a, b");
}

static void
test_gate (void)
{
  const char *gate[] = { "g", NULL };
  g_autoptr (AugurLockGraph) g = augur_lock_graph_new ();
  take (g, 1, "a", 10, "b", 11, gate);
  take (g, 2, "b", 20, "a", 21, gate);
  g_autoptr (GPtrArray) found = augur_lock_graph_findings (g, NULL);
  g_assert_cmpuint (found->len, ==, 1);
  AugurFinding *f = g_ptr_array_index (found, 0);
  g_assert_cmpint (augur_finding_get_severity (f), ==, AUGUR_SEVERITY_NOTE);
  g_assert_nonnull (strstr (augur_finding_get_explanation (f), "each holds `g` meanwhile"));
  g_assert_cmpstr (augur_finding_get_access (f, 1)->locks_held[1], ==, "g");

  /* the gate missing once: no gate */
  take (g, 3, "b", 20, "a", 21, NULL);
  g_autoptr (GPtrArray) again = augur_lock_graph_findings (g, NULL);
  g_assert_cmpint (augur_finding_get_severity (g_ptr_array_index (again, 0)), ==,
                   AUGUR_SEVERITY_WARNING);
}

static void
test_no_inversion (void)
{
  g_autoptr (AugurLockGraph) g = augur_lock_graph_new ();
  /* one thread in both orders cannot deadlock with itself */
  take (g, 1, "a", 10, "b", 11, NULL);
  take (g, 1, "b", 20, "a", 21, NULL);
  /* two threads in one order */
  take (g, 2, "c", 30, "d", 31, NULL);
  take (g, 3, "c", 30, "d", 31, NULL);
  /* a relock is not an edge */
  take (g, 2, "e", 40, "e", 41, NULL);
  g_autoptr (GPtrArray) found = augur_lock_graph_findings (g, NULL);
  g_assert_cmpuint (found->len, ==, 0);
  /* a second thread taking b then a makes it one */
  take (g, 4, "b", 20, "a", 21, NULL);
  g_autoptr (GPtrArray) now = augur_lock_graph_findings (g, NULL);
  g_assert_cmpuint (now->len, ==, 1);
}

static void
test_three (void)
{
  g_autoptr (AugurLockGraph) g = augur_lock_graph_new ();
  take (g, 1, "f0", 10, "f1", 11, NULL);
  take (g, 2, "f1", 10, "f2", 11, NULL);
  take (g, 3, "f2", 10, "f0", 11, NULL);
  g_autoptr (GPtrArray) found = augur_lock_graph_findings (g, NULL);
  g_assert_cmpuint (found->len, ==, 1);
  AugurFinding *f = g_ptr_array_index (found, 0);
  g_assert_cmpstr (augur_finding_get_object (f), ==, "f0, f1, f2");
  g_assert_cmpuint (augur_finding_get_n_accesses (f), ==, 6);
  g_assert_nonnull (strstr (augur_finding_get_explanation (f),
                            "Thread 1 takes `f0` (x.c:10) and then `f1` (x.c:11); thread 2 takes "
                            "`f1` (x.c:10) and then `f2` (x.c:11); and thread 3 takes `f2`"));
}

/* main takes a then b through a wrapper (called from main.c:64) and b
 * then a; thread 1 takes a then b through the same wrapper from its own
 * function (w.c:37).  The cycle needs thread 1 for the a -> b edge: the
 * callers told are thread 1's, not those of main's earlier occurrence. */
static void
test_callers_per_thread (void)
{
  g_autoptr (AugurLockGraph) g = augur_lock_graph_new ();
  AugurFrame from_main = { (char *) "main.c", 64, (char *) "main" };
  AugurFrame from_worker = { (char *) "w.c", 37, (char *) "worker" };
  AugurLockSite a0 = { "a", "x.c", 10, "wrap", 1, &from_main, 1 };
  AugurLockSite b0 = { "b", "x.c", 11, "wrap", 2, &from_main, 1 };
  augur_lock_graph_add (g, 0, &a0, &b0, NULL);
  AugurLockSite b0r = { "b", "x.c", 20, "f", 3, NULL, 0 };
  AugurLockSite a0r = { "a", "x.c", 21, "f", 4, NULL, 0 };
  augur_lock_graph_add (g, 0, &b0r, &a0r, NULL);
  AugurLockSite a1 = { "a", "x.c", 10, "wrap", 5, &from_worker, 1 };
  AugurLockSite b1 = { "b", "x.c", 11, "wrap", 6, &from_worker, 1 };
  augur_lock_graph_add (g, 1, &a1, &b1, NULL);
  g_autoptr (GPtrArray) found = augur_lock_graph_findings (g, NULL);
  g_assert_cmpuint (found->len, ==, 1);
  AugurFinding *f = g_ptr_array_index (found, 0);
  g_assert_nonnull (strstr (augur_finding_get_explanation (f),
                            "Thread 1 takes `a` (w.c:37 through wrap at x.c:10) "
                            "and then `b` (w.c:37 through wrap at x.c:11)"));
  g_assert_null (strstr (augur_finding_get_explanation (f), "main.c:64"));
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *x = augur_finding_get_access (f, i);
      if (x->thread == 1)
        {
          g_assert_cmpuint (x->n_callers, ==, 1);
          g_assert_cmpstr (x->callers[0].function, ==, "worker");
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lock-graph/two-threads", test_two_threads);
  g_test_add_func ("/lock-graph/gate", test_gate);
  g_test_add_func ("/lock-graph/no-inversion", test_no_inversion);
  g_test_add_func ("/lock-graph/three", test_three);
  g_test_add_func ("/lock-graph/callers-per-thread", test_callers_per_thread);
  return g_test_run ();
}
