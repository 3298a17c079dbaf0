/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-cause-chain.c — the sentence augur check gives a failure with its
 * causes (check/check-merge.h, augur_check_cause_chain): the failure, its
 * place, "because of" each cause, and what the explorer said after the
 * failed assertion (a spurious wake-up the failure may need) at the end,
 * when the bug shows the head's own execution; and which witness of a bug
 * found twice is kept.
 */
#include "config.h"

#include "check/check-merge.h"
#include "common/results.h"

#include <string.h>

static AugurFinding *
assertion (const char *explanation)
{
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_ASSERTION, NULL, explanation);
  augur_finding_add_thread (f, 0);
  augur_finding_add_access (f, 0, 40, AUGUR_OP_ASSERT_FAIL, "p.c", 69, "main", NULL);
  return f;
}

static AugurFinding *
race (void)
{
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL,
                                       "Main and thread 1 access results[1] without "
                                       "synchronisation, and one of them writes.");
  augur_finding_set_object (f, "results[1]", "variable");
  augur_finding_add_thread (f, 0);
  augur_finding_add_thread (f, 1);
  augur_finding_add_access (f, 1, 12, AUGUR_OP_WRITE, "p.c", 45, "worker", NULL);
  augur_finding_add_access (f, 0, 39, AUGUR_OP_READ, "p.c", 68, "main", NULL);
  return f;
}

static void
test_plain (void)
{
  g_autoptr (AugurFinding) head = assertion ("main fails the assertion 'all == N'.");
  g_autoptr (AugurFinding) part = race ();
  g_autoptr (GPtrArray) parts = g_ptr_array_new ();
  g_ptr_array_add (parts, part);
  g_autofree char *chain = augur_check_cause_chain (head, parts, TRUE);
  g_assert_cmpstr (chain, ==, "Assertion `all == N` at p.c:69 fails because of a data race "
                              "on `results[1]` at p.c:45 and p.c:68.");
}

/* the explorer's note after the assertion's sentence ends the chain; a
 * quote in the assertion does not cut it short */
static void
test_spurious_note (void)
{
  g_autoptr (AugurFinding) head = assertion (
    "main fails the assertion 'c != '.''. Thread 2 wakes up at p.c:41 without a signal "
    "(a spurious wake-up, which POSIX allows): the failure may need it.");
  g_autoptr (AugurFinding) part = race ();
  g_autoptr (GPtrArray) parts = g_ptr_array_new ();
  g_ptr_array_add (parts, part);
  g_autofree char *chain = augur_check_cause_chain (head, parts, TRUE);
  g_assert_cmpstr (chain, ==, "Assertion `c != '.'` at p.c:69 fails because of a data race "
                              "on `results[1]` at p.c:45 and p.c:68. Thread 2 wakes up at "
                              "p.c:41 without a signal (a spurious wake-up, which POSIX "
                              "allows): the failure may need it.");
  /* a cause's schedule shown instead: the note is on another execution */
  g_autofree char *other = augur_check_cause_chain (head, parts, FALSE);
  g_assert_cmpstr (other, ==, "Assertion `c != '.'` at p.c:69 fails because of a data race "
                              "on `results[1]` at p.c:45 and p.c:68.");
}

/* A deadlock and a race whose exploring execution ran into it (the race's
 * harm is the deadlock's blocked request): the race stays a finding of its
 * own, the deadlock gets no "because of".  An atomicity violation whose
 * confirmation ran into the deadlock is still its cause. */
static AugurFinding *
deadlock (void)
{
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_DEADLOCK, NULL,
                                       "Thread 1 waits on `c` at p.c:30 for a signal that never "
                                       "comes.");
  augur_finding_add_thread (f, 1);
  augur_finding_add_access (f, 1, 20, AUGUR_OP_WAIT, "p.c", 30, "worker", NULL);
  return f;
}

/* An atomicity violation on @object: thread 2's write at p.c:@remote
 * between thread 1's read at p.c:28, whose confirmation ran into thread
 * 1's wait at p.c:30 */
static AugurFinding *
violation (const char *object, guint remote)
{
  g_autofree char *text = g_strdup_printf ("Thread 2's write of `%s` comes between thread 1's "
                                           "read and write of it.", object);
  AugurFinding *v = augur_finding_new (AUGUR_FINDING_ATOMICITY_VIOLATION, NULL, text);
  augur_finding_set_object (v, object, "variable");
  augur_finding_add_access (v, 1, 12, AUGUR_OP_READ, "p.c", 28, "worker", NULL);
  augur_finding_add_access (v, 2, 5, AUGUR_OP_WRITE, "p.c", remote, "signaller", NULL);
  augur_finding_add_access (v, 1, 20, AUGUR_OP_WAIT, "p.c", 30, "worker", NULL);
  return v;
}

static void
test_deadlock_not_caused_by_race (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("p", "check");
  g_autoptr (AugurFinding) d = deadlock ();
  g_autoptr (AugurFinding) x = race ();
  augur_finding_add_access (x, 1, 20, AUGUR_OP_WAIT, "p.c", 30, "worker", NULL);
  augur_results_add_finding (r, d);
  augur_results_add_finding (r, x);
  g_assert_cmpuint (augur_check_group_findings (r, NULL), ==, 0);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      AugurFinding *f = augur_results_get_finding (r, i);
      g_assert_null (strstr (augur_finding_get_explanation (f), "because of"));
    }

  g_autoptr (AugurResults) r2 = augur_results_new ("p", "check");
  g_autoptr (AugurFinding) d2 = deadlock ();
  g_autoptr (AugurFinding) v = violation ("ready", 50);
  augur_results_add_finding (r2, d2);
  augur_results_add_finding (r2, v);
  g_assert_cmpuint (augur_check_group_findings (r2, NULL), ==, 1);
  g_assert_cmpuint (augur_results_get_n_findings (r2), ==, 1);
  g_assert_nonnull (strstr (augur_finding_get_explanation (augur_results_get_finding (r2, 0)),
                            "The program deadlocks at p.c:30 because of"));
}

/* A violation whose confirmation ran into a deadlock in which main also
 * waits (at p.c:60) is not the cause of a deadlock in which only thread 1
 * waits: another deadlock, whose schedule would not replay it */
static void
test_other_deadlock (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("p", "check");
  g_autoptr (AugurFinding) d = deadlock ();
  g_autoptr (AugurFinding) v = violation ("n", 28);
  augur_finding_add_access (v, 0, 22, AUGUR_OP_WAIT, "p.c", 60, "main", NULL);
  augur_results_add_finding (r, d);
  augur_results_add_finding (r, v);
  g_assert_cmpuint (augur_check_group_findings (r, NULL), ==, 0);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 2);
  for (guint i = 0; i < 2; i++)
    g_assert_null (strstr (augur_finding_get_explanation (augur_results_get_finding (r, i)),
                           "because of"));
}

/* A later strategy's witness of the same bug that needs no spurious
 * wake-up takes the place of one that did (augur_check_merge_findings);
 * one that needs it as well does not. */
static void
test_merge_prefers_no_spurious (void)
{
  g_autoptr (AugurResults) into = augur_results_new ("/bin/p", "check");
  g_autoptr (AugurFinding) caveat = assertion (
    "main fails the assertion 'all == N'. Thread 2 wakes up at p.c:41 " AUGUR_SPURIOUS_MARK
    ": the failure may need it.");
  augur_results_add_finding (into, caveat);
  g_autoptr (AugurResults) again = augur_results_new ("/bin/p", "check");
  g_autoptr (AugurFinding) also_spurious = assertion (
    "main fails the assertion 'all == N'. Thread 1 wakes up at p.c:41 " AUGUR_SPURIOUS_MARK
    ": the failure may need it.");
  augur_results_add_finding (again, also_spurious);
  guint bettered = 7;
  g_assert_cmpuint (augur_check_merge_findings_full (into, again, &bettered), ==, 0);
  g_assert_cmpuint (bettered, ==, 0);
  g_assert_true (augur_results_get_finding (into, 0) == caveat);

  g_autoptr (AugurResults) from = augur_results_new ("/bin/p", "check");
  g_autoptr (AugurFinding) plain = assertion ("main fails the assertion 'all == N'.");
  augur_results_add_finding (from, plain);
  g_assert_cmpuint (augur_check_merge_findings_full (into, from, &bettered), ==, 0);
  g_assert_cmpuint (bettered, ==, 1);
  g_assert_cmpuint (augur_results_get_n_findings (into), ==, 1);
  g_assert_true (augur_results_get_finding (into, 0) == plain);
}

/* An abort() at p.c:24 that threads 1, 2 and 3 (all running user())
 * reach: the explorer's finding saw thread 1 abort, each diagnosed
 * violation another thread, in its own execution (the survey's D7:
 * "assert-fail (T1)" over a part saying "Thread 3 calls abort()").  The
 * bug takes a violation's schedule, so its failure access is that
 * schedule's aborting thread; the other violation says its execution is
 * another one; a confirmed race whose re-run aborted there (an
 * assert-fail: a re-run does not tell abort() from assert()) is a cause
 * of it all the same. */
static AugurFinding *
aborting (guint thread, AugurFindingKind kind, const char *text)
{
  AugurFinding *f = augur_finding_new (kind, NULL, text);
  augur_finding_add_thread (f, thread);
  for (guint k = 0; k < 3; k++)
    augur_finding_add_step (f, 1 + (thread + k) % 3, k, AUGUR_OP_READ, "table", 0, "p.c", 23,
                            "user");
  augur_finding_add_step (f, thread, 3, AUGUR_OP_READ, "table", 0, "p.c", 23, "user");
  return f;
}

static AugurFinding *
abort_violation (guint thread)
{
  AugurFinding *v = aborting (thread, AUGUR_FINDING_ATOMICITY_VIOLATION,
                              "Thread T reads table (p.c:11) and next reads it at p.c:23.");
  augur_finding_set_object (v, "table", "variable");
  augur_finding_add_thread (v, 3);
  augur_finding_add_access (v, thread, 2, AUGUR_OP_READ, "p.c", 11, "init", NULL);
  augur_finding_add_access (v, 3, 1, AUGUR_OP_WRITE, "p.c", 9, "init", NULL);
  augur_finding_add_access (v, thread, 3, AUGUR_OP_READ, "p.c", 23, "user", NULL);
  augur_finding_add_access (v, thread, 4, AUGUR_OP_ABORT, "p.c", 24, "user", NULL);
  return v;
}

static void
test_abort_threads (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("p", "check");
  g_autoptr (AugurFinding) a = aborting (1, AUGUR_FINDING_ABORT, "Thread 1 calls abort().");
  augur_finding_add_access (a, 1, 4, AUGUR_OP_ABORT, "p.c", 24, "user", NULL);
  g_autoptr (AugurFinding) v2 = abort_violation (2);
  g_autoptr (AugurFinding) v3 = abort_violation (3);
  g_autoptr (AugurFinding) x = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL,
                                                  "Confirmed: then thread 1 aborted.");
  augur_finding_set_object (x, "done", "variable");
  augur_finding_set_prediction (x, "W-R", "harmful");
  augur_finding_add_access (x, 2, 1, AUGUR_OP_WRITE, "p.c", 21, "user", NULL);
  augur_finding_add_access (x, 3, 1, AUGUR_OP_READ, "p.c", 18, "user", NULL);
  augur_finding_add_access (x, 1, 5, AUGUR_OP_ASSERT_FAIL, "p.c", 24, "user", NULL);
  augur_results_add_finding (r, a);
  augur_results_add_finding (r, v2);
  augur_results_add_finding (r, v3);
  augur_results_add_finding (r, x);
  g_assert_cmpuint (augur_check_group_findings (r, NULL), ==, 3);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 1);
  AugurFinding *f = augur_results_get_finding (r, 0);
  g_assert_cmpuint (augur_finding_get_n_parts (f), ==, 3);
  /* its failure access: an abort, by the thread that aborts in its schedule */
  g_assert_cmpuint (augur_finding_get_n_accesses (f), ==, 1);
  const AugurAccess *fail = augur_finding_get_access (f, 0);
  g_assert_cmpstr (augur_op_to_string (fail->op), ==, "abort");
  guint n = augur_finding_get_n_steps (f);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (fail->thread, ==, augur_finding_get_step (f, n - 1)->thread);
  g_assert_cmpuint (fail->thread, !=, 1);
  /* the other violation, in whose execution another thread aborts, says
   * so, and so does the race's confirmation, whose thread 1 aborted */
  guint noted = 0;
  for (guint i = 0; i < 3; i++)
    {
      AugurFinding *p = augur_finding_get_part (f, i);
      guint t = p == v2 ? 2 : p == v3 ? 3 : 1;
      g_autofree char *note = g_strdup_printf ("This part is another execution: thread %u "
                                               "fails there, thread %u in the finding's "
                                               "schedule.", t, fail->thread);
      const char *e = augur_finding_get_explanation (p);
      if (t == fail->thread)
        g_assert_null (strstr (e, "another execution"));
      else
        {
          g_assert_nonnull (strstr (e, note));
          noted++;
        }
    }
  g_assert_cmpuint (noted, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/check/cause-chain/plain", test_plain);
  g_test_add_func ("/check/cause-chain/spurious-note", test_spurious_note);
  g_test_add_func ("/check/cause-chain/deadlock-not-caused-by-race",
                   test_deadlock_not_caused_by_race);
  g_test_add_func ("/check/cause-chain/other-deadlock", test_other_deadlock);
  g_test_add_func ("/check/cause-chain/merge-prefers-no-spurious", test_merge_prefers_no_spurious);
  g_test_add_func ("/check/cause-chain/abort-threads", test_abort_threads);
  return g_test_run ();
}
