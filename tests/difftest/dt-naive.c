/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-naive.c — every schedule, depth first; see dt-naive.h.
 *
 * Invariant of walk(): @steps is a complete execution (owned by the
 * caller) whose steps before @from were forced; its subtrees at states
 * from..n-1 are still to be walked.  The recursion is as deep as an
 * execution is long (tens of steps here).
 */
#include "config.h"

#include "tests/difftest/dt-naive.h"

#include <string.h>

#include "explorer/mazurkiewicz.h"

typedef struct {
  AugurExecutor *ex;
  const DtNaiveOptions *opts;
  DtNaiveResult *res;
  GError **error;
  gboolean failed;
} Walk;

/* Runs steps[0..k) then thread @t (k = 0 and t = G_MAXUINT: the first
 * execution, nothing forced).  FALSE if the executor failed. */
static gboolean
run (Walk *w, const AugurSchedStep *steps, guint k, guint t, gboolean *killed)
{
  AugurSchedShm *shm = augur_executor_shm (w->ex);
  guint len = t == G_MAXUINT ? 0 : k + 1;
  shm->prefix_len = len;
  for (guint i = 0; i < k; i++)
    shm->prefix[i] = steps[i].tid;
  if (len > 0)
    shm->prefix[k] = (guint16) t;
  if (k > 0) /* steps is NULL for the first execution */
    memcpy (shm->expect, steps, k * sizeof *steps);
  shm->check_prefix = 1;
  shm->n_sleep = 0;
  shm->max_steps = w->opts->max_steps ? w->opts->max_steps : 10000;
  shm->flags = 0;
  /* as explorer/explore.c (prepare_shm) sets them, but for the enabled-set
   * log and the preempt mode's fairness switch, which change no choice
   * the walk makes: every thread is tried at every state */
  shm->flags2 = w->opts->no_spurious ? AUGUR_SCHED_F2_NO_SPURIOUS : 0;
  shm->exit_steps = 0;
  shm->random_seed = 0;
  return augur_executor_run (w->ex, w->opts->exec_timeout > 0 ? w->opts->exec_timeout : 10.0,
                             killed, w->error);
}

/* Bit t: thread t exists at state k of @steps (before step k). */
static guint64
existing (const AugurSchedStep *steps, guint k)
{
  guint64 m = 1;   /* main */
  for (guint i = 0; i < k; i++)
    {
      if (steps[i].op == AUGUR_SOP_CREATE && steps[i].arg < 64 && !(steps[i].flags & AUGUR_SF_FAILED))
        m |= (guint64) 1 << steps[i].arg;
      if (steps[i].op == AUGUR_SOP_EXIT && steps[i].tid < 64)
        m &= ~((guint64) 1 << steps[i].tid);
    }
  return m;
}

/* The threads a prefix could run at state @k (the last, or the one before
 * the END) are not those the runtime flagged as able to wake up
 * spuriously there. */
static void
note_flags (Walk *w, const AugurSchedStep *steps, guint k, guint64 ran, guint64 flagged)
{
  if (w->res->flag_mismatch++ > 0)
    return;
  g_autofree char *nf = augur_mazurkiewicz_normal_form (steps, k);
  w->res->flag_example = g_strdup_printf ("after %s: threads 0x%" G_GINT64_MODIFIER "x can run, "
                                          "flagged 0x%" G_GINT64_MODIFIER "x", nf, ran, flagged);
}

/* What an execution's page said at its end, kept for its walk. */
typedef struct {
  guint32 status;
  guint64 spurious;         /* bit t: the runtime flagged thread t (AugurSchedThread.spurious) */
} Leaf;

static void walk (Walk *w, const AugurSchedStep *steps, guint n, guint from, const Leaf *leaf);

/* Records the execution now in the page and walks its subtrees.  Returns
 * FALSE if the run was infeasible (the thread it asked for was not
 * enabled). */
static gboolean
take (Walk *w, gboolean killed, guint from)
{
  AugurSchedShm *shm = augur_executor_shm (w->ex);
  if (shm->status == AUGUR_SST_INFEASIBLE)
    {
      w->res->infeasible++;
      return FALSE;
    }
  if (!dt_collect_add (&w->res->all, shm, killed))
    return TRUE;   /* diverged: counted */
  if (w->res->all.executions > w->opts->max_schedules)
    {
      w->res->over_limit = TRUE;
      return TRUE;
    }
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  Leaf leaf = { shm->status, 0 };
  for (guint t = 0; t < MIN (shm->n_threads, 64u); t++)
    if (shm->threads[t].spurious)
      leaf.spurious |= (guint64) 1 << t;
  if (killed)
    leaf.status = AUGUR_SST_RUNNING;   /* nothing the runtime said */
  g_autofree AugurSchedStep *steps = g_memdup2 (shm->steps, (gsize) n * sizeof *steps);
  walk (w, steps, n, from, &leaf);
  return TRUE;
}

/* Tries every thread but @skip that exists at state @k of @steps; the
 * threads that could run there are returned as a bit set. */
static guint64
try_state (Walk *w, const AugurSchedStep *steps, guint k, guint skip)
{
  guint64 ran = 0;
  guint64 cand = existing (steps, k);
  if (skip < 64)
    cand &= ~((guint64) 1 << skip);
  while (cand != 0 && !w->failed && !w->res->over_limit)
    {
      guint t = (guint) __builtin_ctzll (cand);
      cand &= cand - 1;
      gboolean killed = FALSE;
      if (!run (w, steps, k, t, &killed))
        {
          w->failed = TRUE;
          break;
        }
      if (take (w, killed, k + 1))
        ran |= (guint64) 1 << t;
    }
  return ran;
}

static void
walk (Walk *w, const AugurSchedStep *steps, guint n, guint from, const Leaf *leaf)
{
  gboolean end = n > 0 && steps[n - 1].op == AUGUR_SOP_END;
  for (guint k = from; k < n && !w->failed && !w->res->over_limit; k++)
    {
      guint64 ran = try_state (w, steps, k, steps[k].tid);
      /* before the END nothing the scheduler would choose can run: what
       * a prefix can run there is a spurious wake-up, which the runtime
       * must flag for the explorer (explorer/explore.c, set_pending) */
      if (end && k == n - 1 && ran != leaf->spurious && !w->failed && !w->res->over_limit)
        note_flags (w, steps, k, ran, leaf->spurious);
    }
  /* the state after the last step of an execution that stopped with
   * nothing to choose (a deadlock): a prefix may still run a thread there,
   * a spurious wake-up, which the scheduler never makes by itself */
  if (end || leaf->status != AUGUR_SST_DEADLOCK || n >= AUGUR_SCHED_MAX_STEPS
      || w->failed || w->res->over_limit)
    return;
  guint64 ran = try_state (w, steps, n, G_MAXUINT);
  if (ran != leaf->spurious && !w->failed && !w->res->over_limit)
    note_flags (w, steps, n, ran, leaf->spurious);
}

gboolean
dt_naive_explore (AugurExecutor *ex, const DtNaiveOptions *opts, DtNaiveResult *res,
                  GError **error)
{
  memset (res, 0, sizeof *res);
  dt_collect_init (&res->all);
  Walk w = { ex, opts, res, error, FALSE };
  gboolean killed = FALSE;
  if (!run (&w, NULL, 0, G_MAXUINT, &killed))
    return FALSE;
  take (&w, killed, 0);
  return !w.failed;
}

void
dt_naive_result_clear (DtNaiveResult *res)
{
  dt_collect_clear (&res->all);
  g_clear_pointer (&res->flag_example, g_free);
}
