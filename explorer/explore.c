/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore.c — the exploration loop and the findings; see explore.h.
 *
 * Loop: ask the DPOR core for the next prefix and sleep set, write them in
 * the shared page, run one execution, hand its steps back to the core (which
 * reports data races on the way), and turn how it ended into findings:
 * assertion, crash, deadlock (every live thread blocked), misuse reported
 * by the runtime, hang (watchdog).  A finding is kept once per kind and set
 * of source locations, with the schedule of the first execution showing it.
 */
#include "config.h"

#include "explorer/explore.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "explorer/dpor.h"
#include "explorer/preempt.h"
#include "common/augur-trace-format.h"
#include "common/symbolizer.h"
#include "explorer/prune.h"
#include "explorer/exec-names.h"
#include "explorer/steps.h"

void
augur_explore_options_init (AugurExploreOptions *o)
{
  memset (o, 0, sizeof *o);
  o->mode = AUGUR_EXPLORE_MODE_OPTIMAL;
}

typedef struct {
  AugurResults *results;          /* owned */
  AugurSymbolizer *sym;           /* owned: module 0 = the program */
  char *exe;                      /* owned */
  GHashTable *seen;               /* dedup keys */
  const AugurExploreOptions *opts;
  AugurSchedShm *shm;
  guint64 exe_bias;               /* the program's, as given to sym */
  AugurExecNames *names;          /* owned, lazily: the current execution's objects */
  guint n_new;                    /* findings added */
} Ctx;

static const char *
misuse_name (guint32 kind)
{
  switch (kind)
    {
    case AUGUR_MISUSE_UNLOCK_NOT_OWNER: return "unlock-not-owner";
    case AUGUR_MISUSE_UNLOCK_UNLOCKED: return "double-unlock";
    case AUGUR_MISUSE_DESTROY_HELD: return "destroy-held-mutex";
    case AUGUR_MISUSE_DOUBLE_JOIN: return "double-join";
    case AUGUR_MISUSE_RECURSIVE_LOCK: return "recursive-lock";
    case AUGUR_MISUSE_COND_TWO_MUTEXES: return "cond-two-mutexes";
    case AUGUR_MISUSE_MAIN_RETURNS: return "main-returns-with-threads";
    case AUGUR_MISUSE_NOT_DESTROYED: return "not-destroyed";
    case AUGUR_MISUSE_WAIT_NOT_OWNER: return "wait-without-mutex";
    case AUGUR_MISUSE_UNINIT_MUTEX: return "uninitialised-mutex";
    case AUGUR_MISUSE_UNINIT_COND: return "uninitialised-cond";
    default: return "misuse";
    }
}

static const char *
misuse_sentence (guint32 kind)
{
  switch (kind)
    {
    case AUGUR_MISUSE_UNLOCK_NOT_OWNER: return "A thread unlocks a mutex that another thread holds.";
    case AUGUR_MISUSE_UNLOCK_UNLOCKED: return "A mutex is unlocked while nobody holds it (double unlock).";
    case AUGUR_MISUSE_DESTROY_HELD: return "A mutex is destroyed while a thread holds it.";
    case AUGUR_MISUSE_DOUBLE_JOIN: return "A thread is joined a second time.";
    case AUGUR_MISUSE_RECURSIVE_LOCK: return "A thread locks a normal mutex it already holds and blocks for ever.";
    case AUGUR_MISUSE_COND_TWO_MUTEXES: return "One condition variable is waited on with two different mutexes.";
    case AUGUR_MISUSE_MAIN_RETURNS: return "main returns while other threads still run; they are killed.";
    case AUGUR_MISUSE_NOT_DESTROYED: return "A mutex is initialised and never destroyed.";
    case AUGUR_MISUSE_WAIT_NOT_OWNER: return "A condition wait is called without holding its mutex.";
    case AUGUR_MISUSE_UNINIT_MUTEX: return "A mutex in heap memory is used without ever being initialised.";
    case AUGUR_MISUSE_UNINIT_COND:
      return "A condition variable in heap memory is used without ever being initialised.";
    default: return "The pthread API is misused.";
    }
}

/* A new execution ran: its objects are new, the program's load bias
 * (for the names of globals) as the fork server reports it. */
static void
new_execution (Ctx *c)
{
  g_clear_pointer (&c->names, augur_exec_names_free);
  if (c->shm->exe_bias != c->exe_bias)
    {
      c->exe_bias = c->shm->exe_bias;
      augur_symbolizer_add_module (c->sym, 0, c->exe, c->exe_bias);
    }
}

/* The current execution's object names, made when first needed. */
static AugurExecNames *
names_of (Ctx *c)
{
  if (c->names == NULL)
    c->names = augur_steps_names (c->sym, c->shm->objects, c->shm->n_objects,
                                  c->shm->objects_lost_at);
  return c->names;
}

/* The stable name of the object of steps[k] (see exec-names.h). */
static char *
object_of (Ctx *c, const AugurSchedStep *steps, guint k)
{
  const AugurSchedStep *s = &steps[k];
  switch (s->op)
    {
    case AUGUR_SOP_CREATE:
    case AUGUR_SOP_JOIN:
    case AUGUR_SOP_EXIT:
      return NULL;
    default:
      break;
    }
  if (s->obj == 0)
    return NULL;
  return augur_step_object (names_of (c), steps, k);
}

/* Dedup: kind + sorted locations; TRUE if new. */
static gint
cmp_str_ptr (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static gboolean
first_time (Ctx *c, const char *kind, GPtrArray *locs)
{
  g_ptr_array_sort (locs, cmp_str_ptr);
  GString *key = g_string_new (kind);
  for (guint k = 0; k < locs->len; k++)
    g_string_append_printf (key, " %s", (const char *) g_ptr_array_index (locs, k));
  char *k = g_string_free (key, FALSE);
  if (g_hash_table_contains (c->seen, k))
    {
      g_free (k);
      return FALSE;
    }
  g_hash_table_add (c->seen, k);
  return TRUE;
}

static char *
loc_key (Ctx *c, guint module, guint32 pc)
{
  const AugurSource *l = augur_symbolizer_lookup (c->sym, module, pc);
  if (l->file != NULL)
    {
      g_autofree char *base = g_path_get_basename (l->file);
      return g_strdup_printf ("%s:%u", base, l->line);
    }
  return g_strdup_printf ("pc%u:%x", module, pc);
}

static void
add_schedule (Ctx *c, AugurFinding *f, const AugurSchedStep *steps, guint n, const guint64 *ev)
{
  augur_steps_add_schedule (c->sym, names_of (c), f, steps, n, ev);
}

static void
add_access (Ctx *c, AugurFinding *f, const AugurSchedStep *s, guint64 ev)
{
  const AugurSource *l = augur_symbolizer_lookup (c->sym, s->module, s->pc);
  augur_finding_add_thread (f, s->tid);
  augur_finding_add_access (f, s->tid, ev, augur_step_op (s), l->file, l->line, l->function, NULL);
}

static void
save (Ctx *c)
{
  if (c->opts->results_path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  if (!augur_results_save (c->results, c->opts->results_path, &error))
    g_printerr ("augur explore: %s\n", error->message);
}

static void
keep (Ctx *c, AugurFinding *f)
{
  augur_results_add_finding (c->results, f);
  c->n_new++;
  save (c);
}

typedef struct {
  Ctx *c;
  guint64 *ev;
} RaceData;

static void
on_race (const AugurSchedStep *steps, guint n, guint i, guint j, gpointer data)
{
  RaceData *rd = data;
  Ctx *c = rd->c;
  (void) n;
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (locs, loc_key (c, steps[i].module, steps[i].pc));
  g_ptr_array_add (locs, loc_key (c, steps[j].module, steps[j].pc));
  if (!first_time (c, "data-race", locs))
    return;
  if (rd->ev == NULL)
    rd->ev = augur_steps_event_indices (steps, n);
  g_autofree char *obj = object_of (c, steps, j);
  g_autofree char *expl = g_strdup_printf (
    "Threads %u and %u access %s without synchronisation, and one of them writes.",
    steps[i].tid, steps[j].tid, obj != NULL ? obj : "the same memory");
  g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, expl);
  if (obj != NULL)
    augur_finding_set_object (f, obj, "variable");
  add_access (c, f, &steps[i], rd->ev[i]);
  add_access (c, f, &steps[j], rd->ev[j]);
  add_schedule (c, f, steps, j + 1, rd->ev);
  augur_finding_mark_bug_step (f, i);
  augur_finding_mark_bug_step (f, j);
  keep (c, f);
}

/* The findings of how the execution ended (not races). */
static void
ending_findings (Ctx *c, const AugurSchedStep *steps, guint n, gboolean killed, guint64 **evp)
{
  AugurSchedShm *shm = c->shm;
  if (*evp == NULL)
    *evp = augur_steps_event_indices (steps, n);
  guint64 *ev = *evp;
  guint32 status = shm->status;
  int ws = shm->wait_status;

  for (guint k = 0; k < shm->n_misuse && k < AUGUR_SCHED_MAX_MISUSE; k++)
    {
      const AugurSchedMisuse *m = &shm->misuse[k];
      g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (locs, loc_key (c, m->module, m->pc));
      g_autofree char *kind = g_strdup_printf ("misuse:%s", misuse_name (m->kind));
      if (!first_time (c, kind, locs))
        continue;
      g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_MISUSE, misuse_name (m->kind),
                                                      misuse_sentence (m->kind));
      const AugurSource *l = augur_symbolizer_lookup (c->sym, m->module, m->pc);
      augur_finding_add_thread (f, m->tid);
      augur_finding_add_access (f, m->tid, 0, AUGUR_OP_INIT, l->file, l->line, l->function, NULL);
      guint upto = MIN (n, m->step + 1);
      add_schedule (c, f, steps, upto, ev);
      if (upto > 0)
        augur_finding_mark_bug_step (f, upto - 1);
      keep (c, f);
    }

  if (status == AUGUR_SST_DEADLOCK)
    {
      g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
      gboolean self_lock = FALSE;
      guint self_tid = 0;
      /* joins waiting for blocked threads are consequences: the
       * locations are the other blocked operations, if there are any */
      gboolean only_joins = TRUE;
      for (guint t = 0; t < AUGUR_SCHED_MAX_THREADS; t++)
        if (shm->threads[t].state == AUGUR_STH_BLOCKED && shm->threads[t].pending.op != AUGUR_SOP_JOIN)
          only_joins = FALSE;
#define RELEVANT(t) (shm->threads[t].state == AUGUR_STH_BLOCKED \
                     && (only_joins || shm->threads[t].pending.op != AUGUR_SOP_JOIN))
      for (guint t = 0; t < AUGUR_SCHED_MAX_THREADS; t++)
        if (RELEVANT (t))
          {
            const AugurSchedThread *th = &shm->threads[t];
            g_ptr_array_add (locs, loc_key (c, th->pending.module, th->pending.pc));
            if (th->pending.op == AUGUR_SOP_LOCK && th->owner == t)
              {
                self_lock = TRUE;
                self_tid = t;
              }
          }
      const char *kind = self_lock ? "misuse:recursive-lock" : "deadlock";
      if (first_time (c, kind, locs))
        {
          g_autoptr (AugurFinding) f = NULL;
          if (self_lock)
            f = augur_finding_new (AUGUR_FINDING_MISUSE, "recursive-lock",
                                   misuse_sentence (AUGUR_MISUSE_RECURSIVE_LOCK));
          else
            {
              GString *e = g_string_new ("Every live thread is blocked:");
              for (guint t = 0; t < AUGUR_SCHED_MAX_THREADS; t++)
                if (shm->threads[t].state == AUGUR_STH_BLOCKED)
                  {
                    const AugurSchedThread *th = &shm->threads[t];
                    const char *what;
                    switch (th->pending.op)
                      {
                      case AUGUR_SOP_COND_WAKE: what = "waits for a condition signal that never comes"; break;
                      case AUGUR_SOP_JOIN: what = "joins a thread that never ends"; break;
                      case AUGUR_SOP_SEM_WAIT: what = "waits on a semaphore at zero"; break;
                      case AUGUR_SOP_BARRIER_LEAVE: what = "waits at a barrier"; break;
                      default: what = "waits for a lock"; break;
                      }
                    if (th->owner != G_MAXUINT32 && th->pending.op != AUGUR_SOP_COND_WAKE
                        && th->pending.op != AUGUR_SOP_JOIN)
                      g_string_append_printf (e, " thread %u %s held by thread %u;", t, what, th->owner);
                    else
                      g_string_append_printf (e, " thread %u %s;", t, what);
                  }
              g_string_truncate (e, e->len - 1);
              g_string_append_c (e, '.');
              f = augur_finding_new (AUGUR_FINDING_DEADLOCK, NULL, e->str);
              g_string_free (e, TRUE);
            }
          for (guint t = 0; t < AUGUR_SCHED_MAX_THREADS; t++)
            if (RELEVANT (t) && (!self_lock || t == self_tid))
              {
                guint64 count = 0;
                for (guint k = 0; k < n; k++)
                  count += steps[k].tid == t;
                const AugurSchedStep *p = &shm->threads[t].pending;
                const AugurSource *l = augur_symbolizer_lookup (c->sym, p->module, p->pc);
                augur_finding_add_thread (f, t);
                augur_finding_add_access (f, t, count,
                                          p->op == AUGUR_SOP_LOCK ? AUGUR_OP_LOCK_REQUEST : augur_step_op (p),
                                          l->file, l->line, l->function, NULL);
              }
          add_schedule (c, f, steps, n, ev);
          if (n > 0)
            augur_finding_mark_bug_step (f, n - 1);
          keep (c, f);
        }
      return;
    }

  gboolean signalled = WIFSIGNALED (ws);
  if (status == AUGUR_SST_ASSERT || status == AUGUR_SST_CRASH || (signalled && !killed))
    {
      gboolean assertion = status == AUGUR_SST_ASSERT
                           || (signalled && WTERMSIG (ws) == SIGABRT && status != AUGUR_SST_CRASH);
      g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
      const char *file = NULL;
      guint line = 0;
      const char *function = NULL;
      if (status == AUGUR_SST_ASSERT && shm->fail_file[0] != '\0')
        {
          file = shm->fail_file;
          line = shm->fail_line;
          function = shm->fail_function;
          g_autofree char *base = g_path_get_basename (file);
          g_ptr_array_add (locs, g_strdup_printf ("%s:%u", base, line));
        }
      else
        {
          const AugurSource *l = augur_symbolizer_lookup (c->sym, shm->fail_module, shm->fail_pc);
          file = l->file;
          line = l->line;
          function = l->function;
          g_ptr_array_add (locs, loc_key (c, shm->fail_module, shm->fail_pc));
        }
      const char *kind = assertion ? "assertion" : "crash";
      if (!first_time (c, kind, locs))
        return;
      g_autofree char *expl = NULL;
      if (assertion && shm->fail_expr[0] != '\0')
        expl = g_strdup_printf ("Thread %u fails the assertion '%s'.", shm->fail_tid, shm->fail_expr);
      else if (assertion)
        expl = g_strdup_printf ("Thread %u aborts the program.", shm->fail_tid);
      else
        expl = g_strdup_printf ("Thread %u crashes with %s.", shm->fail_tid,
                                g_strsignal (signalled ? WTERMSIG (ws) : (int) shm->fail_signal));
      g_autoptr (AugurFinding) f = augur_finding_new (assertion ? AUGUR_FINDING_ASSERTION
                                                                : AUGUR_FINDING_CRASH, NULL, expl);
      guint64 count = 0;
      for (guint k = 0; k < n; k++)
        count += steps[k].tid == shm->fail_tid;
      augur_finding_add_thread (f, shm->fail_tid);
      augur_finding_add_access (f, shm->fail_tid, count,
                                assertion ? AUGUR_OP_ASSERT_FAIL : AUGUR_OP_FAULT,
                                file, line, function, NULL);
      add_schedule (c, f, steps, n, ev);
      if (n > 0)
        augur_finding_mark_bug_step (f, n - 1);
      keep (c, f);
      return;
    }

  if (killed)
    {
      g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
      if (n > 0)
        g_ptr_array_add (locs, loc_key (c, steps[n - 1].module, steps[n - 1].pc));
      if (!first_time (c, "hang", locs))
        return;
      g_autoptr (AugurFinding) f = augur_finding_new (
        AUGUR_FINDING_HANG, NULL,
        "The execution made no progress before the watchdog fired (a blocking call augur "
        "does not model, or an endless loop without visible operations).");
      if (n > 0)
        add_access (c, f, &steps[n - 1], ev[n - 1]);
      add_schedule (c, f, steps, n, ev);
      keep (c, f);
    }
}

static Ctx *
ctx_new (const char *const *argv, const AugurExploreOptions *opts, const char *mode)
{
  Ctx *c = g_new0 (Ctx, 1);
  g_autofree char *exe = g_find_program_in_path (argv[0]);
  c->results = augur_results_new (exe != NULL ? exe : argv[0], "explore");
  augur_results_set_argv (c->results, argv);
  augur_results_set_mode (c->results, mode);
  g_autofree char *cwd = g_get_current_dir ();
  augur_results_set_source_dir (c->results, cwd);
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  augur_results_set_started (c->results, now);
  c->exe = g_strdup (exe != NULL ? exe : argv[0]);
  c->sym = augur_symbolizer_new ();
  augur_symbolizer_add_module (c->sym, 0, c->exe, 0);
  c->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->opts = opts;
  return c;
}

static void
ctx_free (Ctx *c)
{
  if (c->results != NULL)
    augur_results_unref (c->results);
  augur_exec_names_free (c->names);
  augur_symbolizer_free (c->sym);
  g_free (c->exe);
  g_hash_table_unref (c->seen);
  g_free (c);
}

static void
prepare_shm (AugurSchedShm *shm, const AugurExploreOptions *o, const AugurSchedStep *prefix,
             guint n_prefix, const AugurSchedStep *sleep, guint n_sleep)
{
  shm->prefix_len = n_prefix;
  for (guint k = 0; k < n_prefix; k++)
    shm->prefix[k] = prefix[k].tid;
  memcpy (shm->expect, prefix, n_prefix * sizeof *prefix);
  shm->check_prefix = 1;
  n_sleep = MIN (n_sleep, AUGUR_SCHED_MAX_SLEEP);
  memcpy (shm->sleep, sleep, n_sleep * sizeof *sleep);
  shm->n_sleep = n_sleep;
  shm->max_steps = MIN (o->max_steps ? o->max_steps : 200000u, AUGUR_SCHED_MAX_STEPS);
  shm->flags = o->sync_only ? AUGUR_SCHED_F_NO_ACCESSES : 0;
}

static void
progress (const AugurExploreOptions *o, const AugurExploreStats *st, guint findings, gint64 t0,
          gint64 *last, gboolean final)
{
  if (!o->progress)
    return;
  gint64 now = g_get_monotonic_time ();
  if (!final && (now - t0 < G_USEC_PER_SEC || now - *last < G_USEC_PER_SEC / 2))
    return;
  if (final && *last == 0)
    return;
  *last = now;
  double secs = (now - t0) / 1e6;
  fprintf (stderr, "\raugur explore: %" G_GUINT64_FORMAT " executions (%.0f/s), %"
           G_GUINT64_FORMAT " blocked, %u finding%s%s",
           st->executions, secs > 0 ? (st->executions + st->blocked) / secs : 0.0, st->blocked,
           findings, findings == 1 ? "" : "s", final ? "\n" : "   ");
  fflush (stderr);
}

static const char *
mode_name (AugurExploreMode m)
{
  switch (m)
    {
    case AUGUR_EXPLORE_MODE_DPOR: return "dpor";
    case AUGUR_EXPLORE_MODE_PCT: return "pct";
    case AUGUR_EXPLORE_MODE_PREEMPT: return "preempt";
    default: return "optimal";
    }
}

AugurResults *
augur_explore (const char *const *argv, const AugurExploreOptions *o, AugurExploreStats *st,
               GError **error)
{
  memset (st, 0, sizeof *st);
  gint64 t0 = g_get_monotonic_time (), last = 0;
  g_autoptr (AugurExecutor) own = NULL;
  AugurExecutor *ex = o->executor;
  if (ex == NULL)
    ex = own = augur_executor_new (argv, o->show_output, error);
  if (ex == NULL)
    return NULL;
  Ctx *c = ctx_new (argv, o, mode_name (o->mode));
  c->shm = augur_executor_shm (ex);
  AugurPruneInfo pi;
  augur_prune_fill (c->shm, c->exe, o->facts, &pi);
  st->pruned_sites = pi.n_sites;
  st->pruned_ranges = pi.n_ranges;
  st->prune_overflow = pi.overflow;
  if (pi.overflow)
    g_printerr ("augur explore: %s: more than %u pruned PC ranges: static pruning is off\n",
                c->exe, AUGUR_SCHED_MAX_PRUNED);
  /* dpor also finds the data races of every mode; preempt chooses the
   * schedules of its mode instead of it */
  g_autoptr (AugurDpor) dpor = augur_dpor_new_kind (o->mode == AUGUR_EXPLORE_MODE_DPOR
                                                    ? AUGUR_DPOR_CLASSIC : AUGUR_DPOR_SOURCE);
  g_autoptr (AugurPreempt) preempt = o->mode == AUGUR_EXPLORE_MODE_PREEMPT
                                       ? augur_preempt_new ((guint) MIN (o->bound, G_MAXUINT)) : NULL;
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  double exec_timeout = o->exec_timeout > 0 ? o->exec_timeout : 10.0;
  gboolean pct = o->mode == AUGUR_EXPLORE_MODE_PCT;
  /* A fixed prefix: the first execution follows its threads unchecked;
   * once followed, its steps are the prefix every later execution checks. */
  guint fixed = MIN (o->prefix_len, AUGUR_SCHED_MAX_STEPS);
  gboolean fixed_unchecked = fixed > 0;
  g_array_set_size (prefix, fixed);
  for (guint k = 0; k < fixed; k++)
    g_array_index (prefix, AugurSchedStep, k).tid = (guint16) o->prefix[k];
  augur_dpor_set_fixed (dpor, fixed);
  guint64 pct_runs = o->bound ? o->bound : 1000;
  gboolean ok = TRUE;
  guint64 run = 0;
  guint pct_steps = 100;   /* PCT's k: the longest execution seen so far */

  for (;; run++)
    {
      if (pct && run >= pct_runs)
        {
          st->complete = FALSE;
          break;
        }
      if (o->timeout > 0 && g_get_monotonic_time () - t0 > (gint64) (o->timeout * 1e6))
        {
          st->timed_out = TRUE;
          augur_results_add_bound_hit (c->results, "time");
          break;
        }
      AugurSchedShm *shm = c->shm;
      prepare_shm (shm, o, (const AugurSchedStep *) prefix->data, prefix->len,
                   (const AugurSchedStep *) sleep->data, sleep->len);
      if (fixed_unchecked)
        shm->check_prefix = 0;
      shm->random_seed = pct ? (guint32) (o->seed * 1000003u + run + 1) : 0;
      shm->pct_depth = o->depth ? o->depth : 3;
      shm->pct_steps = pct_steps;
      gboolean killed = FALSE;
      if (!augur_executor_run (ex, exec_timeout, &killed, error))
        {
          ok = FALSE;
          break;
        }
      new_execution (c);
      guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
      const AugurSchedStep *steps = shm->steps;
      guint32 status = shm->status;
      if (g_getenv ("AUGUR_DEBUG_STEPS") != NULL)
        {
          g_printerr ("run %" G_GUINT64_FORMAT ": prefix %u sleep %u status %u n %u diverged_at %u\n",
                      run, shm->prefix_len, shm->n_sleep, status, n, shm->diverged_at);
          for (guint k = 0; k < n; k++)
            g_printerr ("  %u: t%u op%u ev%u obj %" G_GINT64_MODIFIER "x arg %" G_GINT64_MODIFIER "x pc %x%s\n", k,
                        steps[k].tid, steps[k].op, steps[k].ev_kind, steps[k].obj, steps[k].arg, steps[k].pc,
                        k < shm->prefix_len && shm->prefix[k] != steps[k].tid ? " !!" : "");
          if (status == AUGUR_SST_DIVERGED)
            g_printerr ("  expected t%u ev%u pc %x\n", shm->prefix[shm->diverged_at],
                        shm->expect[shm->diverged_at].ev_kind, shm->expect[shm->diverged_at].pc);
          for (guint t = 0; t < 8; t++)
            if (shm->threads[t].state)
              g_printerr ("  thread %u state %u pending op%u ev%u pc %x arg %" G_GINT64_MODIFIER "x\n", t, shm->threads[t].state,
                          shm->threads[t].pending.op, shm->threads[t].pending.ev_kind, shm->threads[t].pending.pc, shm->threads[t].pending.arg);
        }
      if (killed)
        st->watchdog++;
      if (n > pct_steps)
        pct_steps = n;
      if (fixed_unchecked && (status == AUGUR_SST_INFEASIBLE || status == AUGUR_SST_DIVERGED))
        {
          st->prefix_diverged = TRUE;
          st->prefix_diverged_at = shm->diverged_at;
          if (o->on_execution != NULL)
            o->on_execution (shm, killed, o->user_data);
          break;
        }
      if (fixed_unchecked && n >= fixed)
        {
          /* pct replays these; dpor's prefixes come from its own copy */
          memcpy (prefix->data, steps, fixed * sizeof *steps);
          fixed_unchecked = FALSE;
        }
      if (status == AUGUR_SST_INFEASIBLE)
        {
          st->infeasible++;
          augur_dpor_drop_execution (dpor);
        }
      else if (status == AUGUR_SST_DIVERGED)
        {
          st->diverged++;
          augur_dpor_drop_execution (dpor);
        }
      else
        {
          if (status == AUGUR_SST_SLEEP_BLOCKED)
            st->blocked++;
          else
            st->executions++;
          if (status == AUGUR_SST_STEP_BOUND)
            {
              st->step_bound++;
              augur_results_add_bound_hit (c->results, "steps");
            }
          if (status == AUGUR_SST_TOO_MANY_THREADS)
            augur_results_add_bound_hit (c->results, "threads");
          RaceData rd = { c, NULL };
          augur_dpor_add_execution (dpor, steps, n, on_race, &rd);
          if (preempt != NULL)
            augur_preempt_add_execution (preempt, steps, n);
          if (status != AUGUR_SST_SLEEP_BLOCKED)
            ending_findings (c, steps, n, killed, &rd.ev);
          if (status != AUGUR_SST_SLEEP_BLOCKED && o->on_complete != NULL)
            o->on_complete (steps, n, o->on_complete_data);
          g_free (rd.ev);
        }
      progress (o, st, augur_results_get_n_findings (c->results), t0, &last, FALSE);
      if (o->on_execution != NULL && !o->on_execution (shm, killed, o->user_data))
        {
          st->stopped = TRUE;
          break;
        }
      if (st->diverged > 20 && st->diverged * 10 > st->executions + st->blocked)
        {
          g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC,
                       "%s does not follow the schedules it is given (%" G_GUINT64_FORMAT
                       " diverged executions): it behaves nondeterministically (time, "
                       "randomness, input) or uses synchronisation augur does not model",
                       argv[0], st->diverged);
          ok = FALSE;
          break;
        }
      if (pct)
        continue;
      if (preempt != NULL ? !augur_preempt_next (preempt, prefix)
                          : !augur_dpor_next (dpor, prefix, sleep))
        {
          st->complete = TRUE;
          break;
        }
    }
  if (preempt != NULL && augur_preempt_bound_reached (preempt))
    {
      st->preemption_bound_hit = TRUE;
      augur_results_add_bound_hit (c->results, "preemptions");
    }
  st->seconds = (g_get_monotonic_time () - t0) / 1e6;
  progress (o, st, augur_results_get_n_findings (c->results), t0, &last, TRUE);
  augur_results_set_executions (c->results, st->executions);
  augur_results_set_duration (c->results, st->seconds);
  save (c);
  AugurResults *r = ok ? augur_results_ref (c->results) : NULL;
  ctx_free (c);
  return r;
}

AugurResults *
augur_explore_replay (const char *const *argv, const guint *threads, guint n,
                      const AugurExploreOptions *o, GError **error)
{
  g_autoptr (AugurExecutor) ex = augur_executor_new (argv, o->show_output, error);
  if (ex == NULL)
    return NULL;
  Ctx *c = ctx_new (argv, o, "replay");
  c->shm = augur_executor_shm (ex);
  AugurPruneInfo pi;
  augur_prune_fill (c->shm, c->exe, o->facts, &pi);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_array_set_size (prefix, MIN (n, AUGUR_SCHED_MAX_STEPS));
  for (guint k = 0; k < prefix->len; k++)
    g_array_index (prefix, AugurSchedStep, k).tid = (guint16) threads[k];
  prepare_shm (c->shm, o, (const AugurSchedStep *) prefix->data, prefix->len, NULL, 0);
  c->shm->check_prefix = 0;
  c->shm->random_seed = 0;
  gboolean killed = FALSE;
  if (!augur_executor_run (ex, o->exec_timeout > 0 ? o->exec_timeout : 10.0, &killed, error))
    {
      ctx_free (c);
      return NULL;
    }
  new_execution (c);
  guint32 status = c->shm->status;
  if (status == AUGUR_SST_DIVERGED || status == AUGUR_SST_INFEASIBLE)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC,
                   "%s did not follow the stored schedule (step %u of %u)", argv[0],
                   c->shm->diverged_at + 1, n);
      ctx_free (c);
      return NULL;
    }
  guint ns = MIN (c->shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  g_autoptr (AugurDpor) dpor = augur_dpor_new ();
  RaceData rd = { c, NULL };
  augur_dpor_add_execution (dpor, c->shm->steps, ns, on_race, &rd);
  ending_findings (c, c->shm->steps, ns, killed, &rd.ev);
  g_free (rd.ev);
  augur_results_set_executions (c->results, 1);
  AugurResults *r = augur_results_ref (c->results);
  ctx_free (c);
  return r;
}
