/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * killed-run.c — the threads of an execution the watchdog killed (see
 * killed-run.h).
 */
#include "config.h"

#include "explorer/killed-run.h"

#include <string.h>

#include "explorer/explore-pool.h"

/* No thread's state is known: each is running, with nothing pending. */
static void
threads_unknown (AugurSchedShm *shm, guint from, guint to)
{
  for (guint t = from; t < to; t++)
    {
      memset (&shm->threads[t], 0, sizeof shm->threads[t]);
      shm->threads[t].state = AUGUR_STH_ENABLED;
      shm->threads[t].owner = G_MAXUINT32;
    }
}

static gboolean
same_step (const AugurSchedStep *a, const AugurSchedStep *b)
{
  return a->tid == b->tid && a->pc == b->pc && a->op == b->op && a->ev_kind == b->ev_kind;
}

gboolean
augur_killed_run_threads (AugurExecutor *ex, double timeout, gint64 hard, GError **error)
{
  AugurSchedShm *shm = augur_executor_shm (ex);
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  guint T = MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  threads_unknown (shm, 0, T);
  if (n == 0)
    return TRUE;
  gsize len;
  g_autofree guint8 *killed = augur_explore_pool_page_save (shm, &len);
  AugurSchedStep last = shm->steps[n - 1];
  AugurSchedStep before = n >= 2 ? shm->steps[n - 2] : last;
  shm->max_steps = n - 1;
  gboolean again = FALSE;
  if (!augur_executor_run_watched (ex, timeout, augur_executor_run_deadline (timeout, hard), &again,
                                   error))
    return FALSE;
  gboolean same = !again && shm->status == AUGUR_SST_STEP_BOUND && shm->n_steps == n - 1
                  && (n < 2 || same_step (&shm->steps[n - 2], &before));
  guint32 cut_status = shm->status, cut_steps = shm->n_steps;
  guint Tc = same ? MIN (MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS), T) : 0;
  g_autofree AugurSchedThread *threads = Tc > 0 ? g_memdup2 (shm->threads, Tc * sizeof *threads)
                                                : NULL;
  if (!augur_explore_pool_page_restore (shm, killed, len))
    g_return_val_if_reached (TRUE);
  if (Tc == 0)
    {
      g_debug ("the cut run of a killed execution did not follow it (status %u, %u of %u steps)",
               cut_status, cut_steps, n - 1);
      return TRUE;
    }
  memcpy (shm->threads, threads, Tc * sizeof *threads);
  /* the last step's thread took it and ran on: a thread it created has
   * not been seen since */
  if (last.tid < T)
    {
      threads_unknown (shm, last.tid, last.tid + 1u);
      if (last.op == AUGUR_SOP_EXIT)
        shm->threads[last.tid].state = AUGUR_STH_EXITED;
    }
  return TRUE;
}
