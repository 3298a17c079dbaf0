/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * steps.c — the explorer's steps as results show them; see steps.h.
 * Shared by the exploration (explore.c) and the confirmation of
 * predictions (confirm.c), whose findings carry explorer schedules.
 */
#include "config.h"

#include "explorer/steps.h"

#include "common/augur-ops.h"

AugurOp
augur_step_op (const AugurSchedStep *s)
{
  AugurOp op = augur_ops_sched (s->op)->op;
  gboolean atomic = (s->flags & AUGUR_SF_ATOMIC) != 0;
  switch (op)
    {
    case AUGUR_OP_READ:
      if (s->ev_kind == AUGUR_EV_TIME)
        return AUGUR_OP_TIME;
      return atomic ? AUGUR_OP_ATOMIC_LOAD : AUGUR_OP_READ;
    case AUGUR_OP_WRITE:
      if (!atomic)
        return AUGUR_OP_WRITE;
      return s->ev_kind == AUGUR_EV_ATOMIC_STORE ? AUGUR_OP_ATOMIC_STORE : AUGUR_OP_ATOMIC_RMW;
    case AUGUR_OP_N_OPS:
      return AUGUR_OP_INIT;   /* no operation (never logged) */
    default:
      break;
    }
  /* the call says more than the step: a trylock, a detach */
  if ((s->op == AUGUR_SOP_LOCK && s->ev_kind == AUGUR_EV_MUTEX_TRYLOCK)
      || (s->op == AUGUR_SOP_OTHER && s->ev_kind == AUGUR_EV_THREAD_DETACH))
    return augur_ops_event (s->ev_kind)->op;
  return op;
}

char *
augur_step_object (AugurExecNames *names, const AugurSchedStep *steps, guint k)
{
  const AugurSchedStep *s = &steps[k];
  if (!augur_ops_sched (s->op)->names_object)
    return NULL;
  if (s->ev_kind == AUGUR_EV_TIME)
    return g_strdup ("the clock");
  if (s->obj == 0 || names == NULL)
    return NULL;
  return augur_exec_names_at (names, k, s->obj);
}

AugurExecNames *
augur_steps_names (AugurSymbolizer *sym, const AugurSchedObjectEvent *events, guint n_events,
                   guint32 lost_at)
{
  return augur_exec_names_new (sym, events, MIN (n_events, AUGUR_SCHED_MAX_OBJECTS), lost_at);
}

guint64 *
augur_steps_event_indices (const AugurSchedStep *steps, guint n)
{
  guint64 count[AUGUR_SCHED_MAX_THREADS] = { 0 };
  guint64 *ev = g_new (guint64, n + 1);
  for (guint k = 0; k < n; k++)
    ev[k] = count[steps[k].tid % AUGUR_SCHED_MAX_THREADS]++;
  ev[n] = 0;
  return ev;
}

char **
augur_steps_locks_held (AugurExecNames *names, const AugurSchedStep *steps, guint upto, guint tid)
{
  g_autoptr (GArray) held = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint k = 0; k < upto; k++)
    {
      const AugurSchedStep *s = &steps[k];
      if (s->tid != tid)
        continue;
      gboolean ok = !(s->flags & AUGUR_SF_FAILED);
      switch (s->op)
        {
        case AUGUR_SOP_LOCK: case AUGUR_SOP_RDLOCK: case AUGUR_SOP_WRLOCK:
          if (ok)
            g_array_append_val (held, s->obj);
          break;
        case AUGUR_SOP_COND_WAKE:
          g_array_append_val (held, s->arg);
          break;
        case AUGUR_SOP_UNLOCK: case AUGUR_SOP_RWUNLOCK:
          /* a recursive mutex is held until its last unlock */
          for (guint i = held->len; ok && i-- > 0;)
            if (g_array_index (held, guint64, i) == s->obj)
              {
                g_array_remove_index (held, i);
                break;
              }
          break;
        case AUGUR_SOP_COND_WAIT:
          /* releases the mutex however often it was locked */
          for (guint i = held->len; i-- > 0;)
            if (g_array_index (held, guint64, i) == s->arg)
              g_array_remove_index (held, i);
          break;
        default:
          break;
        }
    }
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < held->len; i++)
    {
      guint64 addr = g_array_index (held, guint64, i);
      if (addr == 0)
        continue;
      char *name = names != NULL ? augur_exec_names_at (names, upto, addr)
                                 : g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", addr);
      if (g_ptr_array_find_with_equal_func (out, name, g_str_equal, NULL))
        g_free (name);
      else
        g_ptr_array_add (out, name);
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

void
augur_steps_add_schedule (AugurSymbolizer *sym, AugurExecNames *names, AugurFinding *f,
                          const AugurSchedStep *steps, guint n, const guint64 *ev)
{
  for (guint k = 0; k < n; k++)
    {
      const AugurSchedStep *s = &steps[k];
      const AugurSource *l = augur_symbolizer_lookup (sym, s->module, s->pc);
      g_autofree char *obj = augur_step_object (names, steps, k);
      gint peer = (s->op == AUGUR_SOP_CREATE || s->op == AUGUR_SOP_JOIN) && s->arg < AUGUR_SCHED_MAX_THREADS
                    ? (gint) s->arg : -1;
      augur_finding_add_step (f, s->tid, ev[k], augur_step_op (s), obj, peer, l->file, l->line,
                              l->function);
    }
}
