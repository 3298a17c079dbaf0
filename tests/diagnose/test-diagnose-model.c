/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-diagnose-model.c — the root cause, kill-sets and binate covers of
 * diagnose/ on hand-made executions of ConcBugAssist's Figure 3 program
 * (f1: x = 0 at line 5, y = 0 at 6; f2: x = 1 at 10, y = 1 at 11; main
 * joins both and reads x and y at 23), compared with golden strings: the
 * paper's two cores, Figure 5's kill-sets and Figure 6's four covers.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "diagnose/repair.h"
#include "diagnose/root-cause.h"

enum { X = 0x1000, Y = 0x1008 };

typedef struct {
  guint tid;
  guint op;
  guint64 obj;   /* or the peer thread of create/join */
  guint line;
} Step;

/* main creates T1 (f1) and T2 (f2); @writes are the four writes in the
 * failing order, then the threads exit, main joins and reads x and y and
 * fails there. */
static AugurDiagRun *
fig3_run (const Step *writes)
{
  Step steps[16];
  guint n = 0;
  steps[n++] = (Step) { 0, AUGUR_SOP_CREATE, 1, 18 };
  steps[n++] = (Step) { 0, AUGUR_SOP_CREATE, 2, 19 };
  for (guint i = 0; i < 4; i++)
    steps[n++] = writes[i];
  steps[n++] = (Step) { 1, AUGUR_SOP_EXIT, 0, 7 };
  steps[n++] = (Step) { 2, AUGUR_SOP_EXIT, 0, 12 };
  steps[n++] = (Step) { 0, AUGUR_SOP_JOIN, 1, 21 };
  steps[n++] = (Step) { 0, AUGUR_SOP_JOIN, 2, 22 };
  steps[n++] = (Step) { 0, AUGUR_SOP_READ, X, 23 };
  steps[n++] = (Step) { 0, AUGUR_SOP_READ, Y, 23 };
  AugurDiagRun *r = g_new0 (AugurDiagRun, 1);
  r->steps = g_new0 (AugurSchedStep, n);
  r->n_steps = n;
  for (guint i = 0; i < n; i++)
    {
      AugurSchedStep *s = &r->steps[i];
      s->tid = (uint16_t) steps[i].tid;
      s->op = (uint8_t) steps[i].op;
      s->pc = steps[i].line;   /* the line stands for the pc */
      s->size = 4;
      if (s->op == AUGUR_SOP_CREATE || s->op == AUGUR_SOP_JOIN)
        s->arg = steps[i].obj;
      else
        s->obj = steps[i].obj;
    }
  r->failed = TRUE;
  r->failure.status = AUGUR_SST_ASSERT;
  r->failure.tid = 0;
  r->failure.step = n;
  r->failure.line = 23;
  r->pending = g_new0 (AugurSchedStep, 1);
  return r;
}

static AugurDiagClass *
fig3_class (const Step *writes)
{
  static AugurSymbolizer *sym;
  if (sym == NULL)
    sym = augur_symbolizer_new ();   /* no program: no names */
  AugurDiagClass *c = g_new0 (AugurDiagClass, 1);
  c->run = fig3_run (writes);
  c->trace = augur_diag_trace_new (c->run, sym, "/nonexistent", NULL);
  for (guint i = 0; i < c->trace->events->len; i++)
    augur_diag_trace_event (c->trace, i)->line = c->run->steps[augur_diag_trace_event (c->trace, i)->step].pc;
  g_autoptr (GError) error = NULL;
  g_assert_true (augur_diag_root_cause (c->trace, 1, 10, &c->core, &error));
  g_assert_no_error (error);
  c->n_runs = 1;
  return c;
}

/* x = 0, x = 1, y = 1, y = 0: x == 1 and y == 0 at the end */
static const Step class_a[] = {
  { 1, AUGUR_SOP_WRITE, X, 5 }, { 2, AUGUR_SOP_WRITE, X, 10 },
  { 2, AUGUR_SOP_WRITE, Y, 11 }, { 1, AUGUR_SOP_WRITE, Y, 6 },
};
/* x = 1, x = 0, y = 0, y = 1: x == 0 and y == 1 */
static const Step class_b[] = {
  { 2, AUGUR_SOP_WRITE, X, 10 }, { 1, AUGUR_SOP_WRITE, X, 5 },
  { 1, AUGUR_SOP_WRITE, Y, 6 }, { 2, AUGUR_SOP_WRITE, Y, 11 },
};
/* a passing order: f1 entirely first */
static const Step passing[] = {
  { 1, AUGUR_SOP_WRITE, X, 5 }, { 1, AUGUR_SOP_WRITE, Y, 6 },
  { 2, AUGUR_SOP_WRITE, X, 10 }, { 2, AUGUR_SOP_WRITE, Y, 11 },
};

static void
test_cores (void)
{
  AugurDiagClass *a = fig3_class (class_a), *b = fig3_class (class_b);
  g_autofree char *ca = augur_diag_pairs_to_string (a->trace, a->core.core);
  g_autofree char *cb = augur_diag_pairs_to_string (b->trace, b->core.core);
  /* the paper's φcore1 and φcore2 (section 4.1) */
  g_assert_cmpstr (ca, ==, "T1 w:5 < T2 w:10, T2 w:11 < T1 w:6");
  g_assert_cmpstr (cb, ==, "T2 w:10 < T1 w:5, T1 w:6 < T2 w:11");
  /* φsch: the two write-write orderings; main's reads are ordered by join */
  g_assert_cmpuint (a->core.n_soft, ==, 2);
  /* blocking: each core holds in its own class only, not in a passing run */
  AugurDiagClass *p = g_new0 (AugurDiagClass, 1);
  p->run = fig3_run (passing);
  p->run->failed = FALSE;
  g_autoptr (AugurSymbolizer) sym = augur_symbolizer_new ();
  p->trace = augur_diag_trace_new (p->run, sym, "/nonexistent", NULL);
  g_assert_true (augur_diag_core_holds (a->trace, a->core.core, a->trace));
  g_assert_false (augur_diag_core_holds (a->trace, a->core.core, b->trace));
  g_assert_false (augur_diag_core_holds (b->trace, b->core.core, a->trace));
  g_assert_false (augur_diag_core_holds (a->trace, a->core.core, p->trace));
  augur_diag_class_free (a);
  augur_diag_class_free (b);
  augur_diag_class_free (p);
}

static void
test_kill_sets_and_covers (void)
{
  g_autoptr (GPtrArray) classes = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_class_free);
  g_ptr_array_add (classes, fig3_class (class_a));
  g_ptr_array_add (classes, fig3_class (class_b));
  AugurDiagClass *a = g_ptr_array_index (classes, 0), *b = g_ptr_array_index (classes, 1);
  augur_diag_kill_set (a);
  augur_diag_kill_set (b);
  g_autofree char *ka = augur_diag_pairs_to_string (a->trace, a->kill);
  g_autofree char *kb = augur_diag_pairs_to_string (b->trace, b->kill);
  /* Figure 5: four edges each; e6 →s e10 and e11 →s e5 negate no core edge */
  g_assert_cmpstr (ka, ==, "T2 w:10 < T1 w:5, T2 w:11 < T1 w:5, T1 w:6 < T2 w:10, T1 w:6 < T2 w:11");
  g_assert_cmpstr (kb, ==, "T1 w:5 < T2 w:10, T1 w:6 < T2 w:10, T2 w:11 < T1 w:5, T2 w:11 < T1 w:6");
  /* Figure 6: four solutions, the two single edges first */
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) covers = augur_diag_binate_covers (classes, 8, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (covers->len, ==, 4);
  GString *all = g_string_new (NULL);
  for (guint i = 0; i < covers->len; i++)
    {
      GArray *cover = g_ptr_array_index (covers, i);
      g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (AugurDiagPair));
      const AugurDiagTrace *t = NULL;
      for (guint k = 0; k < cover->len; k++)
        {
          AugurDiagChoice *ch = &g_array_index (cover, AugurDiagChoice, k);
          AugurDiagClass *c = g_ptr_array_index (classes, ch->cls);
          /* both classes' traces have the same events by key: print in a's */
          gint x = augur_diag_trace_find (a->trace, augur_diag_trace_event (c->trace, ch->edge.a)->key);
          gint y = augur_diag_trace_find (a->trace, augur_diag_trace_event (c->trace, ch->edge.b)->key);
          g_assert_cmpint (x, >=, 0);
          g_assert_cmpint (y, >=, 0);
          AugurDiagPair p = { (guint) x, (guint) y };
          g_array_append_val (pairs, p);
          t = a->trace;
        }
      g_autofree char *text = augur_diag_pairs_to_string (t, pairs);
      g_string_append_printf (all, "%s[%s]", i == 0 ? "" : " ", text);
    }
  g_autofree char *got = g_string_free (all, FALSE);
  /* sizes ascending: A and B (one edge), then C and D (two), as sets */
  g_assert_true (g_str_has_prefix (got, "[T1 w:6 < T2 w:10] [T2 w:11 < T1 w:5] ")
                 || g_str_has_prefix (got, "[T2 w:11 < T1 w:5] [T1 w:6 < T2 w:10] "));
  g_assert_true (strstr (got, "T1 w:5 < T2 w:10") != NULL && strstr (got, "T1 w:6 < T2 w:11") != NULL);
  g_assert_true (strstr (got, "T2 w:10 < T1 w:5") != NULL && strstr (got, "T2 w:11 < T1 w:6") != NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/diagnose/fig3/cores", test_cores);
  g_test_add_func ("/diagnose/fig3/kill-sets-and-covers", test_kill_sets_and_covers);
  return g_test_run ();
}
