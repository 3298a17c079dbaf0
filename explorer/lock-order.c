/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock-order.c — the explorer's lock-order graph across executions (see
 * lock-order.h).
 */
#include "config.h"

#include "explorer/lock-order.h"
#include "explorer/wrapper-site.h"

#include <string.h>

#include "common/augur-ops.h"
#include "common/lock-graph.h"
#include "explorer/steps.h"

#define DATA_KEY "augur-lock-order"

typedef struct {
  AugurLockGraph *graph;
  GHashTable *fed;        /* call-site signatures already fed */
  GHashTable *reported;   /* inversion key -> AugurFinding* (a ref) in the results */
} State;

static void
state_free (gpointer p)
{
  State *s = p;
  augur_lock_graph_free (s->graph);
  g_hash_table_unref (s->fed);
  g_hash_table_unref (s->reported);
  g_free (s);
}

typedef struct {
  guint64 addr;
  guint step;
} Held;

/* Does steps[k] take a lock, and which? */
static gboolean
any_acquire (const AugurSchedStep *s, guint64 *lock)
{
  return augur_ops_step_lock (s, lock) == AUGUR_OPS_LOCK_ACQUIRE;
}

/* ... and may it wait for ever to take it (not a trylock, nor a timed
 * lock, which gives up)? */
static gboolean
blocking_acquire (const AugurSchedStep *s, guint64 *lock)
{
  return any_acquire (s, lock) && !(s->xflags & AUGUR_SXF_TRY)
         && augur_ops_event (s->ev_kind)->block != AUGUR_OPS_BLOCK_NEVER;
}

static gboolean
release (const AugurSchedStep *s, guint64 *lock)
{
  return augur_ops_step_lock (s, lock) == AUGUR_OPS_LOCK_RELEASE;
}

typedef struct {
  AugurSymbolizer *sym;
  const AugurSchedShm *shm;
  const AugurSchedStep *steps;
  const guint64 *ev;
  AugurExecNames *names;   /* made when first needed */
} Exec;

static char *
lock_name (Exec *x, guint k, guint64 addr)
{
  if (x->names == NULL)
    x->names = augur_steps_names (x->sym, x->shm->objects, x->shm->n_objects,
                                  x->shm->objects_lost_at);
  return augur_exec_names_at (x->names, k, addr);
}

/* The functions that called the one where steps[k] took its lock (the
 * runtime's callers[k], after the call a wrapper inlined there was
 * inlined at) into @frames (borrowed strings); how many. */
static guint
callers_of (Exec *x, guint k, AugurFrame frames[AUGUR_WRAPPER_MAX_CALLERS])
{
  return augur_wrapper_callers (x->sym, x->steps[k].module, x->steps[k].pc, &x->shm->callers[k],
                                frames);
}

/* Steps k's acquisition of @lock with @held (its thread's other locks) */
static gboolean
feed (State *st, Exec *x, guint k, guint64 lock, GArray *held)
{
  const AugurSchedStep *s = &x->steps[k];
  GString *sig = g_string_new (NULL);
  g_string_append_printf (sig, "%u:%x<", s->module, s->pc);
  for (guint i = 0; i < held->len; i++)
    {
      const AugurSchedStep *h = &x->steps[g_array_index (held, Held, i).step];
      g_string_append_printf (sig, "%u:%x,", h->module, h->pc);
    }
  g_string_append_printf (sig, "T%u", s->tid);
  if (g_hash_table_contains (st->fed, sig->str))
    {
      g_string_free (sig, TRUE);
      return FALSE;
    }
  g_hash_table_add (st->fed, g_string_free (sig, FALSE));

  const AugurSource *li = augur_symbolizer_lookup (x->sym, s->module, s->pc);
  g_autofree char *inner_name = lock_name (x, k, lock);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < held->len; i++)
    {
      const Held *h = &g_array_index (held, Held, i);
      g_ptr_array_add (names, lock_name (x, h->step, h->addr));
    }
  g_ptr_array_add (names, NULL);
  AugurFrame inner_frames[AUGUR_WRAPPER_MAX_CALLERS], outer_frames[AUGUR_WRAPPER_MAX_CALLERS];
  AugurLockSite inner = { inner_name, li->file, li->line, li->function, x->ev[k], inner_frames,
                          callers_of (x, k, inner_frames) };
  gboolean changed = FALSE;
  for (guint i = 0; i < held->len; i++)
    {
      const Held *h = &g_array_index (held, Held, i);
      const AugurSchedStep *hs = &x->steps[h->step];
      const AugurSource *lo = augur_symbolizer_lookup (x->sym, hs->module, hs->pc);
      AugurLockSite outer = { g_ptr_array_index (names, i), lo->file, lo->line, lo->function,
                              x->ev[h->step], outer_frames,
                              callers_of (x, h->step, outer_frames) };
      changed |= augur_lock_graph_add (st->graph, s->tid, &outer, &inner,
                                       (const char *const *) names->pdata);
    }
  return changed;
}

void
augur_lock_order_add_execution (AugurResults *results, AugurSymbolizer *sym,
                                const AugurSchedShm *shm, const AugurSchedStep *steps, guint n,
                                const guint64 *ev)
{
  State *st = augur_results_get_data (results, DATA_KEY);
  if (st == NULL)
    {
      st = g_new0 (State, 1);
      st->graph = augur_lock_graph_new ();
      st->fed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      st->reported = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) augur_finding_unref);
      augur_results_set_data (results, DATA_KEY, st, state_free);
    }
  Exec x = { sym, shm, steps, ev, NULL };
  guint T = MAX (1u, MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS));
  g_autofree GArray **held = g_new0 (GArray *, T);
  gboolean changed = FALSE;
  /* threads alive: an order taken while a thread is the only one (main's
   * set-up before its first create, its tear-down after the last join)
   * can meet no other thread's, which come after it or before */
  guint alive = 1;
  for (guint k = 0; k < n; k++)
    {
      const AugurSchedStep *s = &steps[k];
      if (s->op == AUGUR_SOP_CREATE)
        alive++;
      else if (s->op == AUGUR_SOP_EXIT && alive > 1)
        alive--;
      if (s->tid >= T)
        continue;
      guint64 lock;
      if (release (s, &lock))
        {
          GArray *h = held[s->tid];
          for (guint i = h != NULL ? h->len : 0; i-- > 0;)
            if (g_array_index (h, Held, i).addr == lock)
              {
                g_array_remove_index (h, i);
                break;
              }
          continue;
        }
      if (!any_acquire (s, &lock) || lock == 0)
        continue;
      if (held[s->tid] == NULL)
        held[s->tid] = g_array_new (FALSE, FALSE, sizeof (Held));
      guint64 dummy;
      if (held[s->tid]->len > 0 && alive > 1 && blocking_acquire (s, &dummy))
        changed |= feed (st, &x, k, lock, held[s->tid]);
      Held h = { lock, k };
      g_array_append_val (held[s->tid], h);
    }
  for (guint t = 0; t < T; t++)
    if (held[t] != NULL)
      g_array_unref (held[t]);
  if (x.names != NULL)
    augur_exec_names_free (x.names);
  if (!changed)
    return;

  g_autoptr (GPtrArray) found = augur_lock_graph_findings (
    st->graph, "It did not deadlock in the explored execution that showed it.");
  gboolean resort = FALSE;
  for (guint i = 0; i < found->len; i++)
    {
      AugurFinding *f = g_ptr_array_index (found, i);
      g_autofree char *key = augur_lock_graph_finding_key (f);
      AugurFinding *old = g_hash_table_lookup (st->reported, key);
      if (old == NULL)
        {
          augur_results_add_finding (results, f);
          g_hash_table_insert (st->reported, g_steal_pointer (&key), augur_finding_ref (f));
        }
      else if (augur_finding_get_severity (old) != augur_finding_get_severity (f))
        {
          /* a later execution took the locks without the gate */
          augur_finding_set_severity (old, augur_finding_get_severity (f));
          augur_finding_set_explanation (old, augur_finding_get_explanation (f));
          resort = TRUE;
        }
    }
  if (resort)
    {
      g_autoptr (GPtrArray) all = augur_results_steal_findings (results);
      for (guint i = 0; i < all->len; i++)
        augur_results_add_finding (results, g_ptr_array_index (all, i));
    }
}
