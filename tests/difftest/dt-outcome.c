/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-outcome.c — outcomes and their sets; see dt-outcome.h.
 */
#include "config.h"

#include "tests/difftest/dt-outcome.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "explorer/mazurkiewicz.h"

static gint
cmp_str_ptr (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static const char *
misuse_name (guint32 kind)
{
  switch (kind)
    {
    case AUGUR_MISUSE_UNLOCK_NOT_OWNER: return "unlock-not-owner";
    case AUGUR_MISUSE_UNLOCK_UNLOCKED: return "double-unlock";
    case AUGUR_MISUSE_DESTROY_HELD: return "destroy-held";
    case AUGUR_MISUSE_DOUBLE_JOIN: return "double-join";
    case AUGUR_MISUSE_RECURSIVE_LOCK: return "recursive-lock";
    case AUGUR_MISUSE_COND_TWO_MUTEXES: return "cond-two-mutexes";
    case AUGUR_MISUSE_MAIN_RETURNS: return "main-returns";
    case AUGUR_MISUSE_NOT_DESTROYED: return "not-destroyed";
    case AUGUR_MISUSE_WAIT_NOT_OWNER: return "wait-not-owner";
    case AUGUR_MISUSE_UNINIT_MUTEX: return "uninit-mutex";
    case AUGUR_MISUSE_UNINIT_COND: return "uninit-cond";
    case AUGUR_MISUSE_INIT_IN_USE: return "init-in-use";
    case AUGUR_MISUSE_USE_AFTER_DESTROY: return "use-after-destroy";
    case AUGUR_MISUSE_DOUBLE_FREE: return "double-free";
    case AUGUR_MISUSE_INVALID_FREE: return "invalid-free";
    case AUGUR_MISUSE_USE_AFTER_FREE: return "use-after-free";
    case AUGUR_MISUSE_DESTROY_WAITED: return "destroy-waited-cond";
    case AUGUR_MISUSE_UNINIT_BARRIER: return "uninit-barrier";
    case AUGUR_MISUSE_DESTROY_WAITED_BARRIER: return "destroy-waited-barrier";
    case AUGUR_MISUSE_DOUBLE_DESTROY: return "double-destroy";
    case AUGUR_MISUSE_SELF_JOIN: return "self-join";
    default: return "other";
    }
}

/* One failure: "assert A3" (the id in the failed expression `ok || !"A3"`,
 * vm.c), "abort", "crash". */
static char *
failure_name (const AugurSchedFailure *f)
{
  if (f->status == AUGUR_SST_CRASH)
    return g_strdup ("crash");
  const char *q = strstr (f->expr, "\"A");
  if (q != NULL && g_ascii_isdigit (q[2]))
    return g_strdup_printf ("assert A%c", q[2]);
  if (f->expr[0] == '\0')
    return g_strdup ("abort");
  return g_strdup_printf ("assert '%s'", f->expr);
}

static void
add_unique (GPtrArray *set, char *s)
{
  if (g_ptr_array_find_with_equal_func (set, s, g_str_equal, NULL))
    g_free (s);
  else
    g_ptr_array_add (set, s);
}

/* "exit N" (see dt-outcome.h): the status asked for by the END that ran
 * (the last step). */
static void
append_exit (GString *s, const AugurSchedShm *shm)
{
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  const AugurSchedStep *last = n > 0 ? &shm->steps[n - 1] : NULL;
  int ws = shm->wait_status;
  if (last == NULL || last->op != AUGUR_SOP_END || last->arg != AUGUR_SEND_EXIT)
    {
      /* no END step: the last thread ended (never in vm.c) */
      g_string_append_printf (s, "ended %d", WIFEXITED (ws) ? WEXITSTATUS (ws) : -1);
      return;
    }
  g_string_append_printf (s, "exit %u", last->size);
  /* the process must end with the status of the END that ran */
  if (!WIFEXITED (ws) || (guint32) WEXITSTATUS (ws) != (last->size & 0xff))
    g_string_append_printf (s, " wait-status:%d", ws);
}

char *
dt_outcome_of (const AugurSchedShm *shm, gboolean killed)
{
  GString *s = g_string_new (NULL);
  int ws = shm->wait_status;
  guint nf = MIN (shm->n_failures, AUGUR_SCHED_MAX_FAILURES);
  if (killed)
    g_string_append (s, "hang");
  else if (nf > 0 && (shm->status == AUGUR_SST_ASSERT || shm->status == AUGUR_SST_CRASH
                      || shm->status == AUGUR_SST_DONE || shm->status == AUGUR_SST_EXIT_BOUND))
    {
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      for (guint k = 0; k < nf; k++)
        g_ptr_array_add (names, failure_name (&shm->failures[k]));
      g_ptr_array_sort (names, cmp_str_ptr);
      for (guint k = 0; k < names->len; k++)
        g_string_append_printf (s, "%s%s", k ? "+" : "", (const char *) g_ptr_array_index (names, k));
      if (shm->status == AUGUR_SST_EXIT_BOUND)
        g_string_append (s, " exit-bound");
    }
  else
    switch (shm->status)
      {
      case AUGUR_SST_DONE:
        if (WIFSIGNALED (ws))
          g_string_append_printf (s, "signal %d", WTERMSIG (ws));
        else
          append_exit (s, shm);
        break;
      case AUGUR_SST_ASSERT:
      case AUGUR_SST_CRASH:
        /* a failure status with no failure recorded */
        g_string_append_printf (s, "failed %u", shm->status);
        break;
      case AUGUR_SST_DEADLOCK:
        g_string_append (s, "deadlock ");
        for (guint t = 0, first = 1; t < MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS); t++)
          if (shm->threads[t].state == AUGUR_STH_BLOCKED)
            {
              g_string_append_printf (s, "%s%u", first ? "" : ",", t);
              first = 0;
            }
        break;
      case AUGUR_SST_STEP_BOUND:
        g_string_append (s, "step-bound");
        break;
      case AUGUR_SST_EXIT_BOUND:
        g_string_append (s, "exit-bound");
        break;
      case AUGUR_SST_TOO_MANY_THREADS:
        g_string_append (s, "too-many-threads");
        break;
      case AUGUR_SST_UNFAIR:
        g_string_append (s, "unfair");
        break;
      case AUGUR_SST_RUNNING:
        /* the process died without the runtime saying how */
        if (WIFSIGNALED (ws))
          g_string_append_printf (s, "signal %d", WTERMSIG (ws));
        else
          g_string_append_printf (s, "ended %d", WIFEXITED (ws) ? WEXITSTATUS (ws) : -1);
        break;
      default:
        g_string_free (s, TRUE);
        return NULL;
      }
  if (!killed)
    for (guint t = 0; t < MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS); t++)
      if (shm->threads[t].state == AUGUR_STH_AWAITING)
        g_string_append_printf (s, " await:%u", t);
  g_autoptr (GPtrArray) misuses = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < shm->n_misuse && k < AUGUR_SCHED_MAX_MISUSE; k++)
    add_unique (misuses, g_strdup (misuse_name (shm->misuse[k].kind)));
  g_ptr_array_sort (misuses, cmp_str_ptr);
  for (guint k = 0; k < misuses->len; k++)
    g_string_append_printf (s, " misuse:%s", (const char *) g_ptr_array_index (misuses, k));
  return g_string_free (s, FALSE);
}

char *
dt_outcome_strip (const char *outcome, gboolean *had)
{
  const char *m = strstr (outcome, DT_MAIN_RETURNS);
  if (had != NULL)
    *had = m != NULL;
  if (m == NULL)
    return g_strdup (outcome);
  return g_strdup_printf ("%.*s%s", (int) (m - outcome), outcome, m + strlen (DT_MAIN_RETURNS));
}

void
dt_collect_init (DtCollect *c)
{
  memset (c, 0, sizeof *c);
  c->outcomes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  c->full = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  c->traces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  c->inconsistent = g_ptr_array_new_with_free_func (g_free);
}

void
dt_collect_clear (DtCollect *c)
{
  g_clear_pointer (&c->outcomes, g_hash_table_unref);
  g_clear_pointer (&c->full, g_hash_table_unref);
  g_clear_pointer (&c->traces, g_hash_table_unref);
  g_clear_pointer (&c->main_returns, g_free);
  g_clear_pointer (&c->inconsistent, g_ptr_array_unref);
}

gboolean
dt_collect_add (DtCollect *c, const AugurSchedShm *shm, gboolean killed)
{
  if (shm->status == AUGUR_SST_DIVERGED)
    c->diverged++;
  g_autofree char *whole = dt_outcome_of (shm, killed);
  if (whole == NULL)
    return FALSE;
  gboolean main_returns = FALSE;
  char *outcome = dt_outcome_strip (whole, &main_returns);
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  /* the END step is left out of the trace's name: it is the last step of
   * every execution that has one, dependent with every step, and which
   * thread's it is follows from the rest (the lowest-numbered of those
   * that asked) */
  if (n > 0 && shm->steps[n - 1].op == AUGUR_SOP_END)
    n--;
  char *nf = augur_mazurkiewicz_normal_form (shm->steps, n);
  c->executions++;
  if (main_returns && c->main_returns == NULL)
    c->main_returns = g_strdup (nf);
  if (!g_hash_table_contains (c->full, whole))
    g_hash_table_insert (c->full, g_strdup (whole), g_strdup (nf));
  const char *before = g_hash_table_lookup (c->traces, nf);
  if (before != NULL)
    {
      c->duplicate_traces++;
      if (strcmp (before, outcome) != 0)
        g_ptr_array_add (c->inconsistent, g_strdup_printf ("%s: %s / %s", nf, before, outcome));
    }
  if (!g_hash_table_contains (c->outcomes, outcome))
    g_hash_table_insert (c->outcomes, g_strdup (outcome), g_strdup (nf));
  if (before == NULL)
    g_hash_table_insert (c->traces, nf, outcome);
  else
    {
      g_free (nf);
      g_free (outcome);
    }
  return TRUE;
}

const char **
dt_sorted_keys (GHashTable *set)
{
  guint n = 0;
  const char **keys = (const char **) g_hash_table_get_keys_as_array (set, &n);
  qsort (keys, n, sizeof *keys, cmp_str_ptr);
  return keys;
}
