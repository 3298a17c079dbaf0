/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-diagnose.c — the diagnosis of the failures an exploration found
 * (explore-private.h; the analysis is explorer/diagnose.h).  A failing
 * execution is kept with its candidate triples, and for each the
 * atomicity-violation finding to report (made while its object names are
 * at hand).  Once the search ends, each triple is serialised both ways
 * and what may follow is explored again (a bounded exploration of its
 * own, with the same executor): if no continuation fails, the
 * unserializable interleaving causes the failure and is reported.  With
 * static pruning, the failures are first found again without it.
 */
#include "config.h"

#include "explorer/explore-private.h"

#include <sys/wait.h>

#include "explorer/diagnose.h"


void
explore_diagnose_failure_free (gpointer p)
{
  Failure *f = p;
  g_free (f->steps);
  g_array_unref (f->triples);
  g_ptr_array_unref (f->findings);
  g_ptr_array_unref (f->locs);
  g_free (f);
}

/* Of steps i and j (accesses of one location), the one that touches fewer
 * bytes; i if as many. */
static guint
narrower (const AugurSchedStep *steps, guint i, guint j)
{
  return steps[j].size < steps[i].size ? j : i;
}

static const char *
access_verb (const AugurSchedStep *s)
{
  if (s->xflags & AUGUR_SXF_FREE)
    return "frees";   /* a write of the whole block to the search, a free to the reader */
  return s->op == AUGUR_SOP_WRITE ? "writes" : "reads";
}

/* Of two locations accessed by one thread at @a1 and @a2 and by the other
 * at @r and between: who sees one update and not the other.  Not the
 * writer of both: a thread that writes x and then y has its writes seen
 * half done by the one that reads them in between. */
static guint
seer (const AugurSchedStep *a1, const AugurSchedStep *a2, const AugurSchedStep *r)
{
  return a1->op == AUGUR_SOP_WRITE && a2->op == AUGUR_SOP_WRITE ? r->tid : a1->tid;
}

/* Keeps the failing execution steps[0..n) (whose failure @failure reports)
 * for diagnosis, with one prepared atomicity-violation finding per
 * candidate triple. */
void
explore_diagnose_keep_failure (Ctx *c, const AugurSchedStep *steps, guint n, const guint64 *ev,
                               AugurFinding *failure, const AugurSchedFailure *how)
{
  if (c->opts->no_diagnose || c->failures->len >= DIAGNOSE_MAX_FAILURES)
    return;
  /* the serialised runs have no spurious wake-ups (serial_continuations):
   * one that came after the serialised prefix would be missing from all
   * of them, so they would pass whatever the interleaving, and every
   * triple would be blamed for a failure the wake-up may cause alone */
  for (guint k = 0; k < n; k++)
    if (steps[k].op == AUGUR_SOP_COND_WAKE && (steps[k].xflags & AUGUR_SXF_SPURIOUS))
      return;
  GArray *triples = augur_diagnose_triples (steps, n, DIAGNOSE_MAX_TRIPLES);
  if (triples->len == 0)
    {
      g_array_unref (triples);
      return;
    }
  Failure *fl = g_new0 (Failure, 1);
  fl->fail_tid = how->tid;
  fl->fail_pc = how->pc;
  fl->fail_module = how->module;
  fl->steps = g_memdup2 (steps, (gsize) n * sizeof *steps);
  fl->n = n;
  fl->triples = triples;
  fl->findings = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_finding_unref);
  fl->locs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  const AugurAccess *harm = augur_finding_get_n_accesses (failure) > 0
                              ? augur_finding_get_access (failure, 0) : NULL;
  for (guint k = 0; k < triples->len; k++)
    {
      const AugurTriple *t = &g_array_index (triples, AugurTriple, k);
      const AugurSchedStep *a1 = &steps[t->a1], *r = &steps[t->r], *a2 = &steps[t->a2];
      const AugurSchedStep *r2 = &steps[t->r2];
      /* each location named by the narrower of its accesses: a memcpy's
       * range starts elsewhere than the field the other thread writes */
      guint n1 = narrower (steps, t->a1, t->r);
      guint n2 = t->r == t->r2 ? narrower (steps, n1, t->a2) : narrower (steps, t->r2, t->a2);
      g_autofree char *obj = explore_findings_object_of (c, steps, n2);
      g_autofree char *obj1 = explore_findings_object_of (c, steps, n1);
      g_autofree char *l1 = explore_findings_loc_key (c, a1->module, a1->pc);
      g_autofree char *lr = explore_findings_loc_key (c, r->module, r->pc);
      g_autofree char *lr2 = explore_findings_loc_key (c, r2->module, r2->pc);
      g_autofree char *l2 = explore_findings_loc_key (c, a2->module, a2->pc);
      g_autofree char *pattern = augur_diagnose_pattern (steps, t);
      const char *o1 = obj1 != NULL ? obj1 : "a location", *o2 = obj != NULL ? obj : "a location";
      g_autofree char *what = NULL;
      if (t->r == t->r2)
        what = g_strdup_printf ("Thread %u %s %s (%s) and next %s it at %s; thread %u %s it in "
                                "between (%s): the %s interleaving, which no serial order of the "
                                "two threads gives.",
                                a1->tid, access_verb (a1), o2, l1, access_verb (a2), l2, r->tid,
                                access_verb (r), lr, pattern);
      else
        what = g_strdup_printf ("Thread %u %s %s (%s) and then %s %s (%s); thread %u %s %s (%s) "
                                "and %s %s (%s) in between: thread %u sees one of them and not "
                                "the other (%s), which no serial order of the two threads gives.",
                                a1->tid, access_verb (a1), o1, l1, access_verb (a2), o2, l2,
                                r->tid, access_verb (r), o1, lr, access_verb (r2), o2, lr2,
                                seer (a1, a2, r), pattern);
      g_autofree char *expl = g_strdup_printf (
        "%s With them serialised, no execution that can follow fails (every one explored): "
        "this interleaving causes the failure. %s",
        what, augur_finding_get_explanation (failure));
      AugurFinding *f = augur_finding_new (AUGUR_FINDING_ATOMICITY_VIOLATION, NULL, expl);
      if (obj != NULL && t->r == t->r2)
        augur_finding_set_object (f, obj, "variable");
      else if (obj != NULL && obj1 != NULL)
        {
          g_autofree char *both = g_strdup_printf ("%s, %s", obj1, obj);
          augur_finding_set_object (f, both, "variables");
        }
      explore_findings_add_access (c, f, steps, t->a1, ev);
      explore_findings_add_access (c, f, steps, t->r, ev);
      if (t->r2 != t->r)
        explore_findings_add_access (c, f, steps, t->r2, ev);
      explore_findings_add_access (c, f, steps, t->a2, ev);
      if (harm != NULL)
        augur_finding_add_access (f, harm->thread, harm->event, harm->op, harm->file, harm->line,
                                  harm->function, NULL);
      explore_findings_add_schedule (c, f, steps, n, ev);
      augur_finding_mark_bug_step (f, t->a1);
      augur_finding_mark_bug_step (f, t->r);
      augur_finding_mark_bug_step (f, t->r2);
      augur_finding_mark_bug_step (f, t->a2);
      GPtrArray *locs = g_ptr_array_new_with_free_func (g_free);
      const char *each[] = { l1, lr, lr2, l2 };
      for (guint i = 0; i < G_N_ELEMENTS (each); i++)
        if (!g_ptr_array_find_with_equal_func (locs, each[i], g_str_equal, NULL))
          g_ptr_array_add (locs, g_strdup (each[i]));
      g_ptr_array_add (fl->findings, f);
      g_ptr_array_add (fl->locs, locs);
    }
  g_ptr_array_add (c->failures, fl);
}

/* The continuations of a serialised prefix, watched for failures. */
typedef struct {
  guint runs;
  guint limit;
  gboolean failed;
  gboolean same;          /* ... with the failure being diagnosed (same thread, same place) */
  guint fail_tid;
  guint32 fail_pc;
  guint8 fail_module;
} SerialWatch;

static gboolean
on_serial_execution (const AugurSchedShm *shm, gboolean killed, gpointer data)
{
  SerialWatch *w = data;
  w->runs++;
  if (augur_sched_failed (shm))
    {
      w->failed = TRUE;
      for (guint k = 0; k < MIN (shm->n_failures, AUGUR_SCHED_MAX_FAILURES); k++)
        w->same = w->same || (shm->failures[k].tid == w->fail_tid && shm->failures[k].pc == w->fail_pc
                              && shm->failures[k].module == w->fail_module);
      return FALSE;
    }
  switch (shm->status)
    {
    case AUGUR_SST_DEADLOCK:
      w->failed = TRUE;
      return FALSE;
    case AUGUR_SST_DIVERGED:
    case AUGUR_SST_INFEASIBLE:
    case AUGUR_SST_SLEEP_BLOCKED:
      break;
    default:
      if (killed || WIFSIGNALED (shm->wait_status))
        {
          w->failed = TRUE;
          return FALSE;
        }
    }
  return w->runs < w->limit;
}

typedef enum { SERIAL_UNKNOWN, SERIAL_PASSES, SERIAL_FAILS } SerialVerdict;

/* Explores the continuations of sched[0..decided), at most
 * DIAGNOSE_MAX_RUNS executions and @seconds: PASSES if the prefix could
 * be followed and no continuation failed, all of them explored (a search
 * cut short proves nothing: the blame would be unearned), FAILS if one
 * failed the way
 * fl's failing execution did (same thread, same place), UNKNOWN if the
 * prefix could not be followed or a continuation failed otherwise (the
 * other thread's side of the same bug, say). */
static SerialVerdict
serial_continuations (Ctx *c, AugurExecutor *ex, const AugurExploreOptions *o, const Failure *fl,
                      GArray *sched, guint decided, double seconds, guint64 *runs, GError **error)
{
  g_autofree guint *prefix = g_new (guint, decided + 1);
  for (guint k = 0; k < decided; k++)
    prefix[k] = g_array_index (sched, AugurSchedStep, k).tid;
  SerialWatch w = { 0, DIAGNOSE_MAX_RUNS, FALSE, FALSE, fl->fail_tid, fl->fail_pc, fl->fail_module };
  AugurExploreOptions eo;
  augur_explore_options_init (&eo);
  eo.mode = AUGUR_EXPLORE_MODE_OPTIMAL;
  eo.exec_timeout = o->exec_timeout;
  eo.max_steps = o->max_steps;
  eo.sync_only = o->sync_only;
  eo.facts = o->facts;          /* the failing steps were made with them */
  /* the question is whether the interleaving causes the failure: a
   * spurious wake-up is another cause (an if-guarded wait fails with it
   * alone), so the serialised runs have none; a failing execution that
   * had one is not kept (explore_diagnose_keep_failure) */
  eo.no_spurious = TRUE;
  eo.exit_steps = o->exit_steps;
  eo.timeout = seconds;
  eo.prefix = prefix;
  eo.prefix_len = decided;
  eo.on_execution = on_serial_execution;
  eo.user_data = &w;
  eo.executor = ex;
  eo.no_diagnose = TRUE;
  AugurExploreStats st;
  g_autoptr (AugurResults) ignored = augur_explore (c->argv, &eo, &st, error);
  *runs += w.runs;
  if (ignored == NULL || st.prefix_diverged || w.runs == 0)
    return SERIAL_UNKNOWN;
  if (w.failed)
    return w.same ? SERIAL_FAILS : SERIAL_UNKNOWN;
  return st.complete ? SERIAL_PASSES : SERIAL_UNKNOWN;
}

/* Diagnosis (diagnose.h): for each failing execution kept and not yet
 * diagnosed, its candidate triples in diagnose.h's order, each serialised
 * both ways where fork/join allows; the first one blamed is reported (once
 * per set of locations).  Bounded by DIAGNOSE_MAX_* and by @seconds of
 * wall time; a failing execution the time cut is left undiagnosed. */
void
explore_diagnose_failures (Ctx *c, AugurExecutor *ex, const AugurExploreOptions *o,
                           AugurExploreStats *st, double seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  for (guint f = c->failures_diagnosed; f < c->failures->len; f++, c->failures_diagnosed = f)
    {
      Failure *fl = g_ptr_array_index (c->failures, f);

      gboolean debug = !g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN);
      for (guint k = 0; debug && k < fl->n; k++)
        {
          g_autofree char *l = explore_findings_loc_key (c, fl->steps[k].module, fl->steps[k].pc);
          g_debug ("diagnose: failure %u step %u: t%u op%u obj %" G_GINT64_MODIFIER "x %s", f, k,
                   fl->steps[k].tid, fl->steps[k].op, fl->steps[k].obj, l);
        }
      for (guint k = 0; k < fl->triples->len; k++)
        {
          const AugurTriple *t = &g_array_index (fl->triples, AugurTriple, k);
          /* an atomicity violation: the failure needs the unserializable
           * interleaving, so no serial order of the two threads' accesses
           * fails (an order violation fails in one of them) */
          gboolean passes = FALSE, fails = FALSE;
          for (int way = 0; way < 2 && !fails; way++)
            {
              gboolean r_first = way == 0;
              if (!(r_first ? t->r_first_ok : t->r_last_ok)
                  || !augur_diagnose_flips_only_location (fl->steps, fl->n, t, r_first))
                continue;
              gint64 left = deadline - g_get_monotonic_time ();
              if (left <= 0)
                return;
              guint decided = 0;
              g_autoptr (GArray) sched = augur_diagnose_serialise (fl->steps, fl->n, t, r_first,
                                                                   &decided);
              g_autoptr (GError) error = NULL;
              guint64 before = st->diagnosis_runs;
              SerialVerdict v = serial_continuations (c, ex, o, fl, sched, decided,
                                                      MIN (left / 1e6, DIAGNOSE_MAX_SECONDS),
                                                      &st->diagnosis_runs, &error);
              passes = passes || v == SERIAL_PASSES;
              fails = fails || v == SERIAL_FAILS;
              if (debug)
                {
                  g_autofree char *pattern = augur_diagnose_pattern (fl->steps, t);
                  GPtrArray *locs = g_ptr_array_index (fl->locs, k);
                  g_autoptr (GString) where = g_string_new (NULL);
                  for (guint i = 0; i < locs->len; i++)
                    g_string_append_printf (where, "%s%s", i ? " " : "",
                                            (const char *) g_ptr_array_index (locs, i));
                  g_debug ("diagnose: failure %u triple %u (steps %u %u %u %u: %s, %s) %s: "
                           "prefix %u, %" G_GUINT64_FORMAT " runs: %s", f, k, t->a1, t->r,
                           t->r2, t->a2, where->str, pattern,
                           r_first ? "r first" : "r last", decided,
                           st->diagnosis_runs - before,
                           v == SERIAL_PASSES ? "passes" : v == SERIAL_FAILS ? "fails" : "unknown");
                }
              if (error != NULL)
                {
                  g_printerr ("augur explore: diagnosis stopped: %s\n", error->message);
                  return;
                }
            }
          if (!passes || fails)
            continue;
          if (explore_findings_first_time (c, "atomicity-violation",
                                           g_ptr_array_index (fl->locs, k)))
            {
              explore_findings_keep (c, g_ptr_array_index (fl->findings, k));
              st->diagnosed++;
            }
          /* one cause per failing execution: the first blamed in the
           * order of diagnose.h (looser ones around it are serialised by
           * the same moves and would be blamed too); other failing
           * executions at the same place may show other causes */
          break;
        }
    }
}

/* Stops an exploration after DIAGNOSE_MAX_PER_FAILURE failing executions. */
static gboolean
on_unpruned_execution (const AugurSchedShm *shm, gboolean killed, gpointer data)
{
  guint *failing = data;
  (void) killed;
  if (augur_sched_failed (shm))
    (*failing)++;
  return *failing < DIAGNOSE_MAX_PER_FAILURE;
}

/* With static pruning, the accesses an atomicity violation is made of are
 * often not steps (a read under a lock is in no candidate pair of races):
 * the failures are found again without pruning, within @seconds, and that
 * exploration's diagnoses are kept (it deduplicated them; this one has none
 * of its own: the pruned failures are not diagnosed). */
void
explore_diagnose_unpruned (Ctx *c, AugurExecutor *ex, const AugurExploreOptions *o,
                           AugurExploreStats *st, double seconds)
{
  guint failing = 0;
  AugurExploreOptions eo = *o;
  eo.facts = NULL;
  eo.timeout = seconds;
  eo.results_path = NULL;
  eo.progress = FALSE;
  eo.prefix = NULL;
  eo.prefix_len = 0;
  eo.on_execution = on_unpruned_execution;
  eo.user_data = &failing;
  eo.on_complete = NULL;
  eo.executor = ex;
  AugurExploreStats ust;
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurResults) found = augur_explore (c->argv, &eo, &ust, &error);
  if (found == NULL)
    {
      g_printerr ("augur explore: diagnosis without pruning failed: %s\n", error->message);
      return;
    }
  st->diagnosis_runs += ust.executions + ust.blocked + ust.diagnosis_runs;
  for (guint k = 0; k < augur_results_get_n_findings (found); k++)
    {
      AugurFinding *f = augur_results_get_finding (found, k);
      if (augur_finding_get_kind (f) != AUGUR_FINDING_ATOMICITY_VIOLATION)
        continue;
      explore_findings_keep (c, f);
      st->diagnosed++;
    }
}
