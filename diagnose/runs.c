/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * runs.c — failing executions kept for diagnosis, and the exhaustive
 * exploration that finds them or verifies a repair (runs.h).
 */
#include "config.h"

#include "diagnose/runs.h"

#include <string.h>
#include <sys/wait.h>

#include "diagnose/events.h"

void
augur_diag_sig_free (AugurDiagSig *sig)
{
  if (sig == NULL)
    return;
  g_free (sig->keys);
  g_free (sig->pos);
  g_free (sig->site);
  g_free (sig);
}

gint
augur_diag_sig_find (const AugurDiagSig *sig, guint64 key)
{
  guint lo = 0, hi = sig->n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (sig->keys[mid] < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < sig->n && sig->keys[lo] == key ? (gint) sig->pos[lo] : -1;
}

typedef struct {
  guint64 key;
  guint pos;
} KeyPos;

static gint
cmp_keypos (gconstpointer a, gconstpointer b)
{
  guint64 x = ((const KeyPos *) a)->key, y = ((const KeyPos *) b)->key;
  return x < y ? -1 : x > y;
}

/* How the execution in @shm failed, into @r (failed, failure,
 * exit_status): the runtime's first failure, or with @exit_fails an exit
 * status as `augur explore` reports it: the process ran to its end, the
 * runtime saw no failure and it exited nonzero; its failure is its last
 * step, its thread the one that ended the program
 * (explorer/explore-findings.c). */
static void
failure_of (const AugurSchedShm *shm, gboolean killed, gboolean exit_fails, AugurDiagRun *r)
{
  r->failed = augur_sched_failed (shm);
  if (shm->n_failures > 0)
    r->failure = shm->failures[0];
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  int ws = shm->wait_status;
  if (r->failed || !exit_fails || killed || shm->status != AUGUR_SST_DONE || n == 0
      || !WIFEXITED (ws) || WEXITSTATUS (ws) == 0)
    return;
  r->failed = TRUE;
  r->exit_status = WEXITSTATUS (ws);
  memset (&r->failure, 0, sizeof r->failure);
  r->failure.status = AUGUR_SST_ASSERT;
  r->failure.tid = shm->steps[n - 1].tid;
  r->failure.pc = shm->steps[n - 1].pc;
  r->failure.module = shm->steps[n - 1].module;
  r->failure.step = n;
}

static AugurDiagSig *
sig_of (const AugurSchedShm *shm, gboolean exit_fails)
{
  g_autoptr (AugurDiagKeyer) keyer = augur_diag_keyer_new ();
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  g_autoptr (GArray) kp = g_array_new (FALSE, FALSE, sizeof (KeyPos));
  for (guint k = 0; k < n; k++)
    {
      guint64 key = augur_diag_keyer_next (keyer, &shm->steps[k]);
      if (augur_diag_step_is_event (&shm->steps[k]))
        {
          KeyPos p = { key, k };
          g_array_append_val (kp, p);
        }
    }
  g_array_sort (kp, cmp_keypos);
  AugurDiagSig *sig = g_new0 (AugurDiagSig, 1);
  sig->n = kp->len;
  sig->keys = g_new (guint64, MAX (kp->len, 1));
  sig->pos = g_new (guint, MAX (kp->len, 1));
  for (guint i = 0; i < kp->len; i++)
    {
      sig->keys[i] = g_array_index (kp, KeyPos, i).key;
      sig->pos[i] = g_array_index (kp, KeyPos, i).pos;
    }
  AugurDiagRun r = { 0 };
  failure_of (shm, FALSE, exit_fails, &r);
  sig->site = augur_diag_run_site (&r);
  sig->exit_status = r.exit_status;
  return sig;
}

AugurDiagRun *
augur_diag_run_copy (const AugurSchedShm *shm, gboolean killed, gboolean exit_fails)
{
  AugurDiagRun *r = g_new0 (AugurDiagRun, 1);
  r->n_steps = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  r->steps = g_memdup2 (shm->steps, sizeof (AugurSchedStep) * r->n_steps);
  r->n_objects = MIN (shm->n_objects, AUGUR_SCHED_MAX_OBJECTS);
  r->objects = g_memdup2 (shm->objects, sizeof (AugurSchedObjectEvent) * r->n_objects);
  r->objects_lost_at = shm->objects_lost_at;
  r->exe_bias = shm->exe_bias;
  r->status = shm->status;
  failure_of (shm, killed, exit_fails, r);
  guint nt = MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  r->pending = g_new0 (AugurSchedStep, MAX (nt, 1));
  for (guint t = 0; t < nt; t++)
    {
      guint8 st = shm->threads[t].state;
      if (st == AUGUR_STH_ENABLED || augur_sched_thread_stuck (st))
        {
          r->pending[r->n_pending] = shm->threads[t].pending;
          r->pending[r->n_pending].tid = (uint16_t) t;
          r->n_pending++;
        }
    }
  return r;
}

void
augur_diag_run_free (AugurDiagRun *run)
{
  if (run == NULL)
    return;
  g_free (run->steps);
  g_free (run->objects);
  g_free (run->pending);
  g_free (run);
}

char *
augur_diag_run_site (const AugurDiagRun *run)
{
  if (!run->failed)
    return NULL;
  char file[sizeof run->failure.file + 1];
  memcpy (file, run->failure.file, sizeof run->failure.file);
  file[sizeof run->failure.file] = '\0';
  if (file[0] == '\0' && run->failure.module != 0)
    return g_strdup (AUGUR_DIAG_SITE_LIBRARY);
  if (file[0] == '\0')
    return g_strdup_printf ("pc 0x%x", run->failure.pc);
  g_autofree char *base = g_path_get_basename (file);
  return g_strdup_printf ("%s:%u", base, run->failure.line);
}

char *
augur_diag_run_schedule_text (const AugurDiagRun *run)
{
  GString *s = g_string_new (NULL);
  guint k = 0;
  while (k < run->n_steps)
    {
      guint t = run->steps[k].tid, n = 0;
      while (k < run->n_steps && run->steps[k].tid == t)
        k++, n++;
      if (s->len > 0)
        g_string_append_c (s, ' ');
      if (n > 1)
        g_string_append_printf (s, "T%u\u00d7%u", t, n);
      else
        g_string_append_printf (s, "T%u", t);
    }
  return g_string_free (s, FALSE);
}

void
augur_diag_exploration_clear (AugurDiagExploration *ex)
{
  g_clear_pointer (&ex->runs, g_ptr_array_unref);
  g_clear_pointer (&ex->passing, g_ptr_array_unref);
  g_clear_pointer (&ex->sigs, g_ptr_array_unref);
  memset (ex, 0, sizeof *ex);
}

typedef struct {
  AugurDiagExploration *out;
  guint max_kept;
  gboolean first_only;  /* replay: keep the first execution and stop */
  gboolean exit_fails;  /* a nonzero exit status is a failure */
} Keep;

static gboolean
on_execution (const AugurSchedShm *shm, gboolean killed, gpointer data)
{
  Keep *k = data;
  if (k->first_only)
    {
      g_ptr_array_add (k->out->runs, augur_diag_run_copy (shm, killed, k->exit_fails));
      return FALSE;
    }
  if (killed)
    return TRUE;
  if (k->out->sigs != NULL
      && (augur_sched_failed (shm) || shm->status == AUGUR_SST_DONE
          || shm->status == AUGUR_SST_DEADLOCK))
    {
      if (k->out->sigs->len < AUGUR_DIAG_MAX_SIGS && k->out->sig_events < AUGUR_DIAG_MAX_SIG_EVENTS)
        {
          AugurDiagSig *sig = sig_of (shm, k->exit_fails);
          k->out->sig_events += sig->n;
          g_ptr_array_add (k->out->sigs, sig);
        }
      else if (!k->out->sigs_overflow)
        {
          /* too many to keep: the root cause falls back on the trace formula */
          k->out->sigs_overflow = TRUE;
          g_ptr_array_set_size (k->out->sigs, 0);
        }
    }
  AugurDiagRun how = { 0 };
  failure_of (shm, killed, k->exit_fails, &how);
  if (how.failed)
    {
      k->out->failing++;
      if (k->out->runs->len < k->max_kept)
        g_ptr_array_add (k->out->runs, augur_diag_run_copy (shm, killed, k->exit_fails));
    }
  else if (shm->status == AUGUR_SST_DEADLOCK)
    k->out->deadlocks++;
  else if (shm->status == AUGUR_SST_DONE && k->out->passing->len < k->max_kept)
    g_ptr_array_add (k->out->passing, augur_diag_run_copy (shm, killed, k->exit_fails));
  return TRUE;
}

static void
options_for (AugurExploreOptions *o, double timeout, Keep *k)
{
  augur_explore_options_init (o);
  o->mode = AUGUR_EXPLORE_MODE_OPTIMAL;
  o->timeout = timeout;
  o->no_diagnose = TRUE;
  o->on_execution = on_execution;
  o->user_data = k;
}

gboolean
augur_diag_explore (const char *const *argv, double timeout, guint max_kept,
                    AugurDiagExploreFlags flags, AugurDiagExploration *out, GError **error)
{
  memset (out, 0, sizeof *out);
  out->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_run_free);
  out->passing = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_run_free);
  if (flags & AUGUR_DIAG_EXPLORE_SIGS)
    out->sigs = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_sig_free);
  Keep k = { .out = out, .max_kept = max_kept,
             .exit_fails = (flags & AUGUR_DIAG_EXPLORE_EXIT_FAILS) != 0 };
  AugurExploreOptions o;
  options_for (&o, timeout, &k);
  AugurExploreStats st;
  g_autoptr (AugurResults) res = augur_explore (argv, &o, &st, error);
  if (res == NULL)
    return FALSE;
  out->executions = st.executions;
  out->cut = augur_explore_stats_cut (&st);
  out->complete = st.complete;
  out->timed_out = st.timed_out;
  out->seconds = st.seconds;
  return TRUE;
}

AugurDiagRun *
augur_diag_replay (const char *const *argv, const guint *threads, guint n, gboolean exit_fails,
                   GError **error)
{
  AugurDiagExploration ex = { 0 };
  ex.runs = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_run_free);
  ex.passing = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_run_free);
  Keep k = { .out = &ex, .first_only = TRUE, .exit_fails = exit_fails };
  AugurExploreOptions o;
  options_for (&o, 0, &k);
  o.prefix = threads;
  o.prefix_len = n;
  AugurExploreStats st;
  g_autoptr (AugurResults) res = augur_explore (argv, &o, &st, error);
  AugurDiagRun *run = NULL;
  if (res != NULL && st.prefix_diverged)
    g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC,
                 "the finding's schedule could not be followed (step %u): the program is not "
                 "the one that was explored", st.prefix_diverged_at);
  else if (res != NULL && ex.runs->len > 0)
    run = g_ptr_array_steal_index (ex.runs, 0);
  else if (res != NULL)
    g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC,
                 "the finding's schedule gave no execution");
  augur_diag_exploration_clear (&ex);
  return run;
}
