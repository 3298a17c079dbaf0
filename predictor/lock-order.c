/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock-order.c — a recorded run's lock-order inversions (see
 * lock-order.h).
 */
#include "config.h"

#include "predictor/lock-order.h"

#include <string.h>

#include "common/augur-ops.h"
#include "common/lock-graph.h"

char *
augur_pred_lock_order_pair_key (const char *a, const char *b)
{
  return strcmp (a, b) <= 0 ? g_strconcat (a, "\x1f", b, NULL) : g_strconcat (b, "\x1f", a, NULL);
}

/* A trylock returns at once: it cannot wait in a deadlock. */
static gboolean
blocking (const AugurRecord *r)
{
  return augur_ops_event_blocks (r->kind, r->aux);
}

/* Where event g took its lock, with the functions that called the one
 * taking it (the trace's CALLERS records, after the call of a function
 * inlined there) in @frames (borrowed strings). */
static void
site (const AugurPredModel *m, AugurSymbolizer *sym, guint32 g, AugurLockSite *s,
      AugurFrame frames[AUGUR_TRACE_MAX_CALLERS + 1])
{
  AugurSource src;
  augur_pred_model_source (m, sym, g, &src);
  s->lock = augur_pred_model_object_name (m, g);
  s->file = src.file;
  s->line = src.line;
  s->function = src.function;
  s->event = m->tidx[g];
  guint8 module[AUGUR_TRACE_MAX_CALLERS];
  guint32 pc[AUGUR_TRACE_MAX_CALLERS];
  guint got = augur_trace_event_callers (m->trace, g, module, pc);
  s->callers = frames;
  const AugurRecord *r = augur_trace_event (m->trace, g);
  s->n_callers = augur_lock_site_frames (sym, r->module, r->pc, module, pc, got, frames);
}

guint
augur_pred_lock_order (const AugurPredModel *m, AugurSymbolizer *sym, GHashTable *feasible,
                       AugurResults *out)
{
  g_autoptr (AugurLockGraph) graph = augur_lock_graph_new ();
  for (guint t = 0; t < m->n_threads; t++)
    {
      GArray *nests = m->threads[t].nests;
      for (guint i = 0; i < nests->len; i++)
        {
          const AugurPredNest *nest = &g_array_index (nests, AugurPredNest, i);
          if (!blocking (augur_trace_event (m->trace, nest->q)))
            continue;
          AugurLockSite outer, inner;
          AugurFrame outer_frames[AUGUR_TRACE_MAX_CALLERS + 1];
          AugurFrame inner_frames[AUGUR_TRACE_MAX_CALLERS + 1];
          site (m, sym, nest->p, &outer, outer_frames);
          site (m, sym, nest->q, &inner, inner_frames);
          if (outer.lock == NULL || inner.lock == NULL)
            continue;
          g_auto (GStrv) held = augur_pred_model_locks_held (m, nest->q);
          augur_lock_graph_add (graph, t, &outer, &inner, (const char *const *) held);
        }
    }
  g_autoptr (GPtrArray) found = augur_lock_graph_findings (graph, NULL);
  for (guint i = 0; i < found->len; i++)
    {
      AugurFinding *f = g_ptr_array_index (found, i);
      g_auto (GStrv) locks = g_strsplit (augur_finding_get_object_id (f), ", ", -1);
      const char *why;
      if (g_strv_length (locks) != 2)
        why = "The predictor asks Z3 about two locks at a time: this cycle was not checked.";
      else
        {
          g_autofree char *key = augur_pred_lock_order_pair_key (locks[0], locks[1]);
          why = feasible != NULL && g_hash_table_contains (feasible, key)
                  ? "Z3 found a reordering of the recorded run that deadlocks here (a "
                    "prediction, for re-execution to confirm)."
                  : "No reordering of the recorded run consistent with its data flow and "
                    "synchronisation deadlocks here (Z3): a hazard if the inputs or the code "
                    "change, not a deadlock of this run.";
        }
      g_autofree char *e = g_strconcat (augur_finding_get_explanation (f), " ", why, NULL);
      augur_finding_set_explanation (f, e);
      augur_results_add_finding (out, f);
    }
  return found->len;
}
