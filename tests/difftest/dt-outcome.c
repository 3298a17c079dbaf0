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
    default: return "other";
    }
}

/* The assertion id in the failed expression `ok || !"A3"` (vm.c). */
static char *
assertion_name (const char *expr)
{
  const char *q = strstr (expr, "\"A");
  if (q != NULL && g_ascii_isdigit (q[2]))
    return g_strdup_printf ("assert A%c", q[2]);
  return g_strdup_printf ("assert '%s'", expr);
}

char *
dt_outcome_of (const AugurSchedShm *shm, gboolean killed)
{
  GString *s = g_string_new (NULL);
  int ws = shm->wait_status;
  if (killed)
    g_string_append (s, "hang");
  else
    switch (shm->status)
      {
      case AUGUR_SST_DONE:
        if (WIFEXITED (ws))
          g_string_append_printf (s, "exit %d", WEXITSTATUS (ws));
        else
          g_string_append_printf (s, "signal %d", WIFSIGNALED (ws) ? WTERMSIG (ws) : -1);
        break;
      case AUGUR_SST_ASSERT:
        {
          g_autofree char *a = assertion_name (shm->n_failures > 0 ? shm->failures[0].expr : "");
          g_string_append (s, a);
          break;
        }
      case AUGUR_SST_CRASH:
        g_string_append (s, "crash");
        break;
      case AUGUR_SST_DEADLOCK:
        g_string_append (s, "deadlock ");
        for (guint t = 0, first = 1; t < AUGUR_SCHED_MAX_THREADS; t++)
          if (shm->threads[t].state == AUGUR_STH_BLOCKED)
            {
              g_string_append_printf (s, "%s%u", first ? "" : ",", t);
              first = 0;
            }
        break;
      case AUGUR_SST_STEP_BOUND:
        g_string_append (s, "step-bound");
        break;
      case AUGUR_SST_TOO_MANY_THREADS:
        g_string_append (s, "too-many-threads");
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
  g_autoptr (GPtrArray) misuses = g_ptr_array_new ();
  for (guint k = 0; k < shm->n_misuse && k < AUGUR_SCHED_MAX_MISUSE; k++)
    {
      const char *name = misuse_name (shm->misuse[k].kind);
      if (!g_ptr_array_find_with_equal_func (misuses, name, g_str_equal, NULL))
        g_ptr_array_add (misuses, (gpointer) name);
    }
  g_ptr_array_sort (misuses, cmp_str_ptr);
  for (guint k = 0; k < misuses->len; k++)
    g_string_append_printf (s, " misuse:%s", (const char *) g_ptr_array_index (misuses, k));
  return g_string_free (s, FALSE);
}

void
dt_collect_init (DtCollect *c)
{
  memset (c, 0, sizeof *c);
  c->outcomes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  c->traces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  c->inconsistent = g_ptr_array_new_with_free_func (g_free);
}

void
dt_collect_clear (DtCollect *c)
{
  g_clear_pointer (&c->outcomes, g_hash_table_unref);
  g_clear_pointer (&c->traces, g_hash_table_unref);
  g_clear_pointer (&c->inconsistent, g_ptr_array_unref);
}

gboolean
dt_collect_add (DtCollect *c, const AugurSchedShm *shm, gboolean killed)
{
  if (shm->status == AUGUR_SST_DIVERGED)
    c->diverged++;
  char *outcome = dt_outcome_of (shm, killed);
  if (outcome == NULL)
    return FALSE;
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  char *nf = augur_mazurkiewicz_normal_form (shm->steps, n);
  c->executions++;
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
