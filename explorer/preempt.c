/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * preempt.c — preemption-bounded depth-first search over whole executions;
 * see preempt.h for the model.
 *
 * Invariant: node k describes the state before step k of the current
 * execution (d->steps); `preemptions` counts the preemptions of steps
 * 0..k-1, and `cost` is 1 if the step taken at k is itself a preemption.
 */
#include "config.h"

#include "explorer/preempt.h"

#include "explorer/enabled.h"
#include "explorer/tidset.h"

typedef struct {
  AugurTidSet done;        /* threads tried here (or left out by the bound) */
  AugurTidSet alternatives; /* threads that may run here; valid if `known` */
  guint32 preemptions;     /* before this step */
  guint8  cost;            /* the step taken here preempts */
  guint8  prev_can_run;    /* the previous step's thread could run here */
  guint8  known;
} PreemptNode;

struct _AugurPreempt {
  guint bound;
  GArray *steps;           /* AugurSchedStep: the current execution */
  GArray *nodes;           /* PreemptNode, node k = the state before step k */
  AugurEnabled *enabled;   /* of d->steps, owned */
  GArray *log;             /* AugurSchedEnabled: the runtime's log of the execution added next */
  guint32 log_lost_at;
  gboolean have_log;
  guint prefix_len;        /* of the execution requested last (0: the first) */
  gboolean bound_reached;
};

static void
node_clear (gpointer data)
{
  PreemptNode *nd = data;
  augur_tidset_clear (&nd->done);
  augur_tidset_clear (&nd->alternatives);
}

void
augur_preempt_set_enabled_log (AugurPreempt *p, const AugurSchedEnabled *log, guint n,
                               guint32 lost_at)
{
  g_array_set_size (p->log, 0);
  if (log != NULL)
    g_array_append_vals (p->log, log, n);
  p->log_lost_at = lost_at;
  p->have_log = log != NULL;
}

AugurPreempt *
augur_preempt_new (guint bound)
{
  AugurPreempt *p = g_new0 (AugurPreempt, 1);
  p->bound = bound;
  p->steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  p->nodes = g_array_new (FALSE, TRUE, sizeof (PreemptNode));
  g_array_set_clear_func (p->nodes, node_clear);
  p->log = g_array_new (FALSE, FALSE, sizeof (AugurSchedEnabled));
  return p;
}

void
augur_preempt_free (AugurPreempt *p)
{
  if (p == NULL)
    return;
  g_array_unref (p->steps);
  g_array_unref (p->nodes);
  g_array_unref (p->log);
  augur_enabled_free (p->enabled);
  g_free (p);
}

gboolean
augur_preempt_bound_reached (AugurPreempt *p)
{
  return p->bound_reached;
}

void
augur_preempt_add_execution (AugurPreempt *p, const AugurSchedStep *steps, guint n)
{
  guint L = MIN (p->prefix_len, n);
  g_array_set_size (p->steps, 0);
  g_array_append_vals (p->steps, steps, n);
  augur_enabled_free (p->enabled);
  p->enabled = augur_enabled_new ((const AugurSchedStep *) p->steps->data, n);
  if (p->have_log)
    augur_enabled_set_log (p->enabled, (const AugurSchedEnabled *) p->log->data, p->log->len,
                           p->log_lost_at);
  if (p->nodes->len > L)
    g_array_set_size (p->nodes, L);
  /* after the prefix the runtime runs the current thread while it can:
   * another thread's step there means the previous one could not run */
  guint leaf = n > 0 && steps[n - 1].op == AUGUR_SOP_END ? n : n + 1;
  for (guint k = p->nodes->len; k < leaf; k++)
    {
      PreemptNode nd = { 0 };
      if (k < n)
        augur_tidset_add (&nd.done, steps[k].tid);
      if (k > 0)
        {
          const PreemptNode *prev = &g_array_index (p->nodes, PreemptNode, k - 1);
          nd.preemptions = prev->preemptions + prev->cost;
          nd.prev_can_run = k < n && steps[k].tid == steps[k - 1].tid;
        }
      g_array_append_val (p->nodes, nd);
    }
}

void
augur_preempt_drop_execution (AugurPreempt *p)
{
  (void) p;   /* the branch is marked done; the old execution stays current */
}

gboolean
augur_preempt_next (AugurPreempt *p, GArray *prefix)
{
  const AugurSchedStep *s = (const AugurSchedStep *) p->steps->data;
  for (guint k = p->nodes->len; k-- > 0;)
    {
      PreemptNode *nd = &g_array_index (p->nodes, PreemptNode, k);
      if (!nd->known)
        {
          augur_enabled_add_mask (p->enabled, k, &nd->alternatives);
          nd->known = TRUE;
        }
      for (guint q = augur_tidset_next (&nd->alternatives, 0); q != AUGUR_TID_NONE;
           q = augur_tidset_next (&nd->alternatives, q + 1))
        {
          if (augur_tidset_has (&nd->done, q))
            continue;
          augur_tidset_add (&nd->done, q);
          guint cost = k > 0 && nd->prev_can_run && q != s[k - 1].tid;
          /* no switch right before a free libc makes for itself: it may
           * hold a lock of libc's that the other thread would wait for */
          if (cost && k < p->steps->len && (s[k].xflags & AUGUR_SXF_FOREIGN))
            continue;
          if (nd->preemptions + cost > p->bound)
            {
              p->bound_reached = TRUE;
              continue;
            }
          nd->cost = (guint8) cost;
          g_array_set_size (prefix, 0);
          g_array_append_vals (prefix, s, k);
          AugurSchedStep branch = { 0 };
          branch.tid = (guint16) q;
          g_array_append_val (prefix, branch);
          g_array_set_size (p->nodes, k + 1);
          p->prefix_len = k + 1;
          return TRUE;
        }
    }
  return FALSE;
}
