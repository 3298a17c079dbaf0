/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diagnose.c — Algorithms 1 and 2 over the failures of a results file
 * (diagnose.h); the text and JSON of the diagnosis are in
 * diagnose-output.c.
 */
#include "config.h"

#include "diagnose/diagnose.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/dwarf-names.h"
#include "common/finding-ref.h"
#include "common/interrupt.h"
#include "common/symbolizer.h"
#include "diagnose/events.h"
#include "diagnose/runs.h"
#include "common/source-label.h"

#define Z3_SECONDS 30.0

void
augur_diag_options_init (AugurDiagOptions *o)
{
  memset (o, 0, sizeof *o);
  o->timeout = 60;
  o->verify.timeout = 60;
}

void
augur_diag_finding_free (AugurDiagFinding *f)
{
  if (f == NULL)
    return;
  g_free (f->kind);
  g_free (f->site);
  g_free (f->file);
  g_free (f->match_site);
  g_free (f->note);
  g_free (f->no_lock);
  g_clear_pointer (&f->classes, g_ptr_array_unref);
  g_clear_pointer (&f->repairs, g_ptr_array_unref);
  g_free (f);
}

/* The program explored once for each notion of failing (runs.h): the
 * runtime's failures, and for an exit-status finding nonzero exit
 * statuses too. */
typedef struct {
  AugurDiagExploration ex;
  gboolean explored;
  GError *error;
  GPtrArray *passing;        /* AugurDiagTrace of ex.passing, made when first needed */
} Explored;

typedef struct {
  const char *const *argv;
  const AugurDiagOptions *o;
  char *exe;
  AugurSymbolizer *sym;
  AugurDwarfNames *names;
  const char *source_dir;
  Explored by_notion[2];     /* [1]: a nonzero exit status is a failure */
  Explored *e;               /* the finding's */
  guint finding;             /* 1-based: the finding being diagnosed, for the progress lines */
} Ctx;

/* A progress line: which stage of which finding starts (each can take
 * up to its timeout, and a diagnosis has several). */
static void G_GNUC_PRINTF (2, 3)
say (const Ctx *c, const char *fmt, ...)
{
  if (!c->o->progress)
    return;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  fprintf (stderr, "augur diagnose: finding %u: %s\n", c->finding, msg);
  fflush (stderr);
}

static AugurDiagRun *
run_dup (const AugurDiagRun *r)
{
  AugurDiagRun *d = g_memdup2 (r, sizeof *r);
  d->steps = g_memdup2 (r->steps, sizeof (AugurSchedStep) * r->n_steps);
  d->objects = g_memdup2 (r->objects, sizeof (AugurSchedObjectEvent) * r->n_objects);
  d->pending = g_memdup2 (r->pending, sizeof (AugurSchedStep) * MAX (r->n_pending, 1));
  return d;
}

static AugurDiagTrace *
trace_of (Ctx *c, const AugurDiagRun *run)
{
  return augur_diag_trace_new (run, c->sym, c->exe, c->names);
}

static void
note_add (char **note, const char *text)
{
  char *n = *note == NULL ? g_strdup (text) : g_strdup_printf ("%s; %s", *note, text);
  g_free (*note);
  *note = n;
}

/* Some explored passing execution has every ordering of @core. */
static gboolean
passing_satisfies (Ctx *c, const AugurDiagTrace *t, const GArray *core, guint *checked)
{
  if (c->e->passing == NULL)
    {
      c->e->passing = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_trace_free);
      for (guint i = 0; c->e->ex.passing != NULL && i < c->e->ex.passing->len; i++)
        g_ptr_array_add (c->e->passing, trace_of (c, g_ptr_array_index (c->e->ex.passing, i)));
    }
  *checked = c->e->passing->len;
  for (guint i = 0; i < c->e->passing->len; i++)
    if (augur_diag_core_holds (t, core, g_ptr_array_index (c->e->passing, i)))
      return TRUE;
  return FALSE;
}

/* Algorithm 1, line 5: against the explored executions when the
 * exploration was exhaustive, else the trace formula with the level-2
 * fallback (diagnose.h, step 3).  Takes @run; NULL with @error if Z3
 * failed. */
static AugurDiagClass *
new_class (Ctx *c, AugurDiagRun *run, AugurDiagFinding *df, GError **error)
{
  AugurDiagClass *cl = g_new0 (AugurDiagClass, 1);
  cl->run = run;
  cl->trace = trace_of (c, run);
  cl->n_runs = 1;
  if (c->e->ex.complete && c->e->ex.sigs != NULL && !c->e->ex.sigs_overflow && !c->o->trace_formula)
    {
      GError *e0 = NULL;
      if (augur_diag_root_cause_explored (cl->trace, c->e->ex.sigs, df->match_site, Z3_SECONDS,
                                          &cl->core, &e0))
        {
          df->passing_checked = c->e->ex.sigs->len - df->failing_runs;
          return cl;
        }
      if (e0->code != AUGUR_DIAG_ERROR_NOT_SCHEDULE)
        {
          g_propagate_error (error, e0);
          augur_diag_class_free (cl);
          return NULL;
        }
      note_add (&df->note, e0->message);
      g_error_free (e0);
      cl->core.core = g_array_new (FALSE, FALSE, sizeof (AugurDiagPair));
      return cl;
    }
  GError *e1 = NULL;
  gboolean ok = augur_diag_root_cause (cl->trace, 1, Z3_SECONDS, &cl->core, &e1);
  if (!ok && e1->code == AUGUR_DIAG_ERROR_SOLVER)
    {
      g_propagate_error (error, e1);
      augur_diag_class_free (cl);
      return NULL;
    }
  if (ok && !passing_satisfies (c, cl->trace, cl->core.core, &df->passing_checked))
    return cl;
  g_clear_error (&e1);
  AugurDiagCore c2;
  GError *e2 = NULL;
  if (augur_diag_root_cause (cl->trace, 2, Z3_SECONDS, &c2, &e2))
    {
      augur_diag_core_clear (&cl->core);
      cl->core = c2;
      if (passing_satisfies (c, cl->trace, cl->core.core, &df->passing_checked))
        note_add (&df->note, "an explored passing execution has a core's orderings too: the "
                             "failure also depends on what the events do not show (values, "
                             "branches), the core is a partial explanation");
      return cl;
    }
  if (e2->code == AUGUR_DIAG_ERROR_NOT_SCHEDULE)
    {
      note_add (&df->note, e2->message);
      g_error_free (e2);
      if (!ok)
        {
          cl->core.core = g_array_new (FALSE, FALSE, sizeof (AugurDiagPair));
          cl->core.level = 2;
        }
      return cl;
    }
  g_propagate_error (error, e2);
  augur_diag_class_free (cl);
  return NULL;
}

/* A failure's site as the finding names it: "pc 0x4a1" (a crash the
 * runtime could not place) becomes "prog.c:31" from the debug info. */
static char *
site_canon (Ctx *c, const char *site)
{
  if (site == NULL || !g_str_has_prefix (site, "pc 0x"))
    return g_strdup (site);
  guint64 pc = g_ascii_strtoull (site + 5, NULL, 16);
  const AugurSource *src = augur_symbolizer_lookup (c->sym, 0, pc);
  if (src == NULL || src->file == NULL)
    return g_strdup (site);
  g_autofree char *base = augur_source_label (src->file);
  return g_strdup_printf ("%s:%u", base, src->line);
}

/* What a failing execution is matched by: its site, or for an exit
 * status the status ("exit status 1"): where the program ends is no
 * identity of the failure (the explorer places it at the thread's last
 * step it saw, which pruning moves), the status the program chose is;
 * an execution that ends with another status fails another way. */
static char *
fail_key (Ctx *c, const char *raw_site, gint exit_status)
{
  if (exit_status > 0)
    return g_strdup_printf ("exit status %d", exit_status);
  return site_canon (c, raw_site);
}

static char *
run_site (Ctx *c, const AugurDiagRun *r)
{
  g_autofree char *raw = augur_diag_run_site (r);
  return fail_key (c, raw, r->exit_status);
}

static char *
finding_site (AugurFinding *f)
{
  if (augur_finding_get_n_accesses (f) == 0)
    return NULL;
  const AugurAccess *a = augur_finding_get_access (f, 0);
  if (a->file == NULL)
    return NULL;
  g_autofree char *base = augur_source_label (a->file);
  return g_strdup_printf ("%s:%u", base, a->line);
}

/* A failing execution at @site (fail_key) is one of the finding's: for an
 * exit-status finding, one ending with the status of the first one
 * matched (its own schedule's when it replays). */
static gboolean
site_matches (AugurDiagFinding *df, const char *site, const AugurDiagRun *r)
{
  if (site == NULL)
    return FALSE;
  if (df->match_site != NULL)
    return strcmp (site, df->match_site) == 0;
  if (df->exit_failure ? r->exit_status > 0
      : g_strcmp0 (site, df->site) == 0
        || (strcmp (df->kind, "crash") == 0 && strcmp (site, AUGUR_DIAG_SITE_LIBRARY) == 0))
    {
      df->match_site = g_strdup (site);
      df->exit_status = r->exit_status;
      return TRUE;
    }
  return FALSE;
}

/* The failing executions at the finding's site: its own schedule's first. */
static GPtrArray *
failing_runs (Ctx *c, AugurFinding *f, AugurDiagFinding *df)
{
  GPtrArray *runs = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_run_free);
  guint n = 0;
  g_autoptr (GError) error = NULL;
  g_autofree guint *threads = augur_finding_ref_schedule (f, AUGUR_SCHED_MAX_THREADS,
                                                          AUGUR_SCHED_MAX_STEPS, &n, &error);
  AugurDiagRun *first = threads != NULL
                        ? augur_diag_replay (c->argv, threads, n, df->exit_failure, &error) : NULL;
  g_autofree char *site = first != NULL ? run_site (c, first) : NULL;
  if (first != NULL && site_matches (df, site, first))
    g_ptr_array_add (runs, first);
  else
    {
      g_autofree char *msg = g_strdup_printf (
        "the finding's own schedule %s; the explored failing executions are used",
        first == NULL ? "could not be replayed" : "did not fail there again");
      note_add (&df->note, msg);
      augur_diag_run_free (first);
    }
  for (guint i = 0; c->e->ex.runs != NULL && i < c->e->ex.runs->len; i++)
    {
      AugurDiagRun *r = g_ptr_array_index (c->e->ex.runs, i);
      g_autofree char *s = run_site (c, r);
      if (site_matches (df, s, r))
        {
          df->failing_runs++;
          g_ptr_array_add (runs, run_dup (r));
        }
    }
  return runs;
}

/* Algorithm 1's loop: one class per failing execution no known core blocks. */
static gboolean
classes_of (Ctx *c, GPtrArray *runs, AugurDiagFinding *df)
{
  guint max_classes = c->o->max_classes ? c->o->max_classes : 32;
  for (guint i = 0; i < runs->len; i++)
    {
      if (augur_interrupt_signal () != 0)
        {
          note_add (&df->note, "interrupted: the rest of the failing executions not diagnosed");
          break;
        }
      AugurDiagRun *run = g_ptr_array_index (runs, i);
      g_autoptr (AugurDiagTrace) t = trace_of (c, run);
      gboolean blocked = FALSE;
      for (guint k = 0; k < df->classes->len && !blocked; k++)
        {
          AugurDiagClass *cl = g_ptr_array_index (df->classes, k);
          if (augur_diag_core_holds (cl->trace, cl->core.core, t))
            {
              blocked = TRUE;
              if (i > 0)
                cl->n_runs++;
            }
        }
      if (blocked)
        continue;
      if (df->classes->len >= max_classes)
        {
          note_add (&df->note, "more failing classes than --max-classes: the rest not diagnosed");
          break;
        }
      g_autoptr (GError) error = NULL;
      say (c, "root cause of failing execution %u of %u (class %u, Z3 up to %.0f s a query)", i + 1,
           runs->len, df->classes->len + 1, Z3_SECONDS);
      AugurDiagClass *cl = new_class (c, run_dup (run), df, &error);
      if (cl == NULL)
        {
          note_add (&df->note, error->message);
          return df->classes->len > 0;
        }
      /* the finding's own schedule (run 0) is one of the explored
       * executions when the search ran it, as this schedule or another
       * of its trace: the explored ones that hold the core count it */
      if (i == 0 && runs->len > 1)
        cl->n_runs = 0;
      g_ptr_array_add (df->classes, cl);
    }
  /* a class only the finding's own schedule showed (the search did not
   * run it) */
  for (guint k = 0; k < df->classes->len; k++)
    {
      AugurDiagClass *cl = g_ptr_array_index (df->classes, k);
      cl->n_runs = MAX (cl->n_runs, 1);
    }
  return df->classes->len > 0;
}

static gint
repair_rank (gconstpointer a, gconstpointer b)
{
  const AugurDiagRepair *x = *(AugurDiagRepair *const *) a, *y = *(AugurDiagRepair *const *) b;
  return (x->verdict != AUGUR_DIAG_VERIFIED) - (y->verdict != AUGUR_DIAG_VERIFIED);
}

/* Algorithm 2 and the verification. */
static void
repairs_of (Ctx *c, AugurDiagFinding *df)
{
  guint max = c->o->max_repairs ? c->o->max_repairs : 4;
  for (guint i = 0; i < df->classes->len; i++)
    augur_diag_kill_set (g_ptr_array_index (df->classes, i));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) covers = augur_diag_binate_covers (df->classes, 8, Z3_SECONDS, &error);
  if (covers == NULL)
    {
      note_add (&df->note, error->message);
      return;
    }
  df->covers = covers->len;
  g_autofree char *why = NULL;
  AugurDiagRepair *lock = augur_diag_repair_lock (df->classes, c->source_dir, &why);
  if (lock != NULL)
    g_ptr_array_add (df->repairs, lock);
  else
    df->no_lock = g_steal_pointer (&why);
  for (guint i = 0; i < covers->len && df->repairs->len < max; i++)
    {
      g_autofree char *w = NULL;
      AugurDiagRepair *r = augur_diag_repair_order (df->classes, g_ptr_array_index (covers, i),
                                                    c->source_dir, &w);
      if (r != NULL)
        g_ptr_array_add (df->repairs, r);
      else if (i == 0)
        {
          g_autofree char *msg = g_strdup_printf ("no order repair: %s", w);
          note_add (&df->note, msg);
        }
    }
}

static void
verify_all (Ctx *c, AugurDiagFinding *df)
{
  for (guint i = 0; i < df->repairs->len; i++)
    {
      AugurDiagRepair *r = g_ptr_array_index (df->repairs, i);
      if (c->o->no_verify)
        r->verification = g_strdup ("not verified \u2014 --no-verify");
      else if (c->o->no_verify_why != NULL)
        r->verification = g_strdup_printf ("not verified \u2014 %s", c->o->no_verify_why);
      else if (augur_interrupt_signal () != 0)
        r->verification = g_strdup ("not verified \u2014 interrupted");
      else
        {
          if (c->o->verify.timeout > 0)
            say (c, "verifying repair %u of %u (exploring the patched program, up to %.0f s)", i + 1,
                 df->repairs->len, c->o->verify.timeout);
          else
            say (c, "verifying repair %u of %u (exploring the patched program)", i + 1,
                 df->repairs->len);
          AugurDiagVerifyOptions vo = c->o->verify;
          vo.exit_fails = df->exit_failure;
          augur_diag_verify (r, c->argv, &vo);
        }
    }
  g_ptr_array_sort (df->repairs, repair_rank);
}

/* --verify-patch: the user's own repair, verified like ours. */
static void
given_patch (Ctx *c, AugurDiagFinding *df)
{
  const char *p = c->o->given_patch;
  const char *plus = strstr (p, "\n+++ ");
  if (plus == NULL && g_str_has_prefix (p, "+++ "))
    plus = p - 1;
  if (plus == NULL)
    {
      note_add (&df->note, "the patch given has no +++ line");
      return;
    }
  plus += 5;
  g_autofree char *name = g_strndup (plus, strcspn (plus, "\t\n"));
  const char *slash = strchr (name, '/');
  const char *rel = slash != NULL ? slash + 1 : name;
  g_autofree char *source = augur_diag_source_resolve (rel, c->source_dir);
  if (source == NULL)
    {
      g_autofree char *msg = g_strdup_printf ("the patch given names %s, which is not at hand", rel);
      note_add (&df->note, msg);
      return;
    }
  AugurDiagRepair *r = g_new0 (AugurDiagRepair, 1);
  r->kind = AUGUR_DIAG_REPAIR_GIVEN;
  r->summary = g_strdup ("the patch given (--verify-patch)");
  r->source = g_steal_pointer (&source);
  r->rel = g_strdup (rel);
  r->patch = g_strdup (p);
  g_ptr_array_add (df->repairs, r);
}

/* Explores the program for the finding's failing executions, once for
 * each notion of failing (Explored): @exit_fails, a nonzero exit status
 * is one. */
static void
explore_for (Ctx *c, gboolean exit_fails)
{
  c->e = &c->by_notion[exit_fails ? 1 : 0];
  if (c->e->explored)
    return;
  c->e->explored = TRUE;
  if (c->o->timeout > 0)
    say (c, "exploring the program for its failing schedules (up to %.0f s)", c->o->timeout);
  else
    say (c, "exploring the program for its failing schedules");
  AugurDiagExploreFlags flags = AUGUR_DIAG_EXPLORE_SIGS;
  if (exit_fails)
    flags |= AUGUR_DIAG_EXPLORE_EXIT_FAILS;
  if (!augur_diag_explore (c->argv, c->o->timeout, c->o->max_runs ? c->o->max_runs : 200, flags,
                           &c->e->ex, &c->e->error))
    c->e->ex.runs = NULL;
  for (guint i = 0; c->e->ex.sigs != NULL && i < c->e->ex.sigs->len; i++)
    {
      AugurDiagSig *sig = g_ptr_array_index (c->e->ex.sigs, i);
      if (sig->site != NULL && (g_str_has_prefix (sig->site, "pc 0x") || sig->exit_status > 0))
        {
          char *key = fail_key (c, sig->site, sig->exit_status);
          g_free (sig->site);
          sig->site = key;
        }
    }
}

static AugurDiagFinding *
diagnose_finding (Ctx *c, guint index, AugurFinding *f)
{
  g_autoptr (GTimer) timer = g_timer_new ();
  AugurDiagFinding *df = g_new0 (AugurDiagFinding, 1);
  df->finding = index + 1;
  df->kind = g_strdup (augur_finding_kind_to_string (augur_finding_get_kind (f)));
  df->site = finding_site (f);
  if (augur_finding_get_n_accesses (f) > 0)
    {
      df->file = g_strdup (augur_finding_get_access (f, 0)->file);
      df->line = augur_finding_get_access (f, 0)->line;
    }
  df->exit_failure = g_strcmp0 (augur_finding_get_subkind (f), "exit-status") == 0;
  df->classes = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_class_free);
  df->repairs = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_repair_free);
  if (augur_finding_get_kind (f) == AUGUR_FINDING_DEADLOCK)
    {
      /* its cause is what each blocked thread waits for, which the
       * finding says (a cycle of locks, or a holder that exited) */
      g_autofree char *msg = g_strdup_printf ("a deadlock, which ordering diagnosis does not "
                                              "cover (assertions, aborts and crashes only); "
                                              "the finding says who waits for what: %s",
                                              augur_finding_get_explanation (f));
      note_add (&df->note, msg);
      return df;
    }
  say (c, "%s at %s", df->kind, df->site != NULL ? df->site : "an unknown place");
  explore_for (c, df->exit_failure);
  if (c->e->error != NULL)
    {
      g_autofree char *msg = g_strdup_printf ("the program could not be explored: %s",
                                              c->e->error->message);
      note_add (&df->note, msg);
    }
  df->executions = c->e->ex.executions;
  df->complete = c->e->ex.complete;
  df->failing_explored = c->e->ex.failing;
  df->failing_kept = c->e->ex.runs != NULL ? c->e->ex.runs->len : 0;
  if (!c->e->ex.complete && c->e->error == NULL)
    note_add (&df->note, "the exploration did not finish: there may be more failing classes");
  if (c->e->ex.sigs_overflow)
    note_add (&df->note, "too many executions to keep what each did: the root causes come from "
                         "the failing executions' trace formula");
  if (c->e->ex.runs != NULL && c->e->ex.failing > c->e->ex.runs->len)
    {
      g_autofree char *msg = g_strdup_printf (
        "%u of %" G_GUINT64_FORMAT " failing executions kept (--max-failing): there may be more "
        "failing classes", c->e->ex.runs->len, c->e->ex.failing);
      note_add (&df->note, msg);
    }
  say (c, "replaying its schedule; %" G_GUINT64_FORMAT " executions explored", c->e->ex.executions);
  g_autoptr (GPtrArray) runs = failing_runs (c, f, df);
  if (runs->len == 0)
    note_add (&df->note, "no failing execution at this place was found again");
  else if (classes_of (c, runs, df))
    {
      df->diagnosed = TRUE;
      repairs_of (c, df);
    }
  if (c->o->given_patch != NULL)
    given_patch (c, df);
  verify_all (c, df);
  df->seconds = g_timer_elapsed (timer, NULL);
  say (c, "done in %.1f s", df->seconds);
  return df;
}

GPtrArray *
augur_diagnose (AugurResults *results, const char *const *argv, const AugurDiagOptions *opts)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_finding_free);
  Ctx c = { .argv = argv, .o = opts };
  g_autofree char *exe = g_find_program_in_path (argv[0]);
  c.exe = g_strdup (exe != NULL ? exe : argv[0]);
  c.sym = augur_symbolizer_new ();
  augur_symbolizer_add_module (c.sym, 0, c.exe, 0);
  c.source_dir = opts->source_dir != NULL ? opts->source_dir : augur_results_get_source_dir (results);
  c.names = augur_dwarf_names_new (c.exe, c.source_dir);
  for (guint i = 0; i < augur_results_get_n_findings (results); i++)
    {
      AugurFinding *f = augur_results_get_finding (results, i);
      AugurFindingKind k = augur_finding_get_kind (f);
      if (opts->only != 0 && opts->only != i + 1)
        continue;
      if (k == AUGUR_FINDING_ASSERTION || k == AUGUR_FINDING_ABORT || k == AUGUR_FINDING_CRASH
          || k == AUGUR_FINDING_DEADLOCK)
        {
          c.finding = i + 1;
          g_ptr_array_add (out, diagnose_finding (&c, i, f));
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (c.by_notion); i++)
    {
      g_clear_pointer (&c.by_notion[i].passing, g_ptr_array_unref);
      augur_diag_exploration_clear (&c.by_notion[i].ex);
      g_clear_error (&c.by_notion[i].error);
    }
  augur_dwarf_names_free (c.names);
  augur_symbolizer_free (c.sym);
  g_free (c.exe);
  return out;
}
