/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * divergence.c — where an execution left its schedule (see divergence.h).
 */
#include "config.h"

#include "explorer/divergence.h"

#include "common/augur-ops.h"
#include "common/source-label.h"

/* "read at format.c:120 (zlog_format_gen)": what a step does and where */
static char *
step_text (AugurSymbolizer *sym, guint8 ev_kind, guint module, guint32 pc)
{
  const char *what = augur_ops_event (ev_kind)->name;
  if (what == NULL)
    what = "a step";
  const AugurSource *at = sym != NULL && pc != 0 ? augur_symbolizer_lookup (sym, module, pc) : NULL;
  if (at == NULL || at->file == NULL || at->line == 0)
    return g_strdup_printf ("%s (pc 0x%x of module %u)", what, pc, module);
  g_autofree char *file = augur_source_label (at->file);
  if (at->function != NULL)
    return g_strdup_printf ("%s at %s:%u (%s)", what, file, at->line, at->function);
  return g_strdup_printf ("%s at %s:%u", what, file, at->line);
}

/* Is @obj (0: none) a lock or condition variable that the run destroyed
 * or initialised again while in use, or that a thread unlocked or waited
 * on without holding, before step @k?  (The misuses whose state augur
 * models least surely: a replay may part from its schedule there.) */
static gboolean
misused_before (const AugurSchedShm *shm, guint k, guint64 obj)
{
  if (obj == 0)
    return FALSE;
  for (guint i = 0; i < MIN (shm->n_misuse, AUGUR_SCHED_MAX_MISUSE); i++)
    {
      const AugurSchedMisuse *m = &shm->misuse[i];
      if (m->obj != obj || m->step > k)
        continue;
      switch (m->kind)
        {
        case AUGUR_MISUSE_DESTROY_HELD:
        case AUGUR_MISUSE_INIT_IN_USE:
        case AUGUR_MISUSE_DESTROY_WAITED:
        case AUGUR_MISUSE_USE_AFTER_DESTROY:
        case AUGUR_MISUSE_DOUBLE_DESTROY:
        case AUGUR_MISUSE_UNLOCK_NOT_OWNER:
        case AUGUR_MISUSE_UNLOCK_UNLOCKED:
        case AUGUR_MISUSE_WAIT_NOT_OWNER:
          return TRUE;
        default:
          break;
        }
    }
  return FALSE;
}

static gboolean
step_misused (const AugurSchedShm *shm, guint k, const AugurSchedStep *s)
{
  if (s->op == AUGUR_SOP_READ || s->op == AUGUR_SOP_WRITE)
    return FALSE;
  return misused_before (shm, k, s->obj)
         || (augur_sched_op_is_cond (s->op) && misused_before (shm, k, s->arg));
}

char *
augur_divergence_text (AugurSymbolizer *sym, const AugurSchedShm *shm, gboolean *at_misuse)
{
  *at_misuse = FALSE;
  if (shm->status != AUGUR_SST_DIVERGED || shm->diverged_at >= shm->prefix_len
      || shm->diverged_at >= AUGUR_SCHED_MAX_STEPS)
    return NULL;
  guint k = shm->diverged_at;
  guint t = shm->prefix[k];
  const AugurSchedStep *want = &shm->expect[k];
  *at_misuse = shm->check_prefix && step_misused (shm, k, want);
  g_autofree char *wanted = shm->check_prefix
                               ? step_text (sym, want->ev_kind, want->module, want->pc)
                               : g_strdup ("next step");
  if (t >= AUGUR_SCHED_MAX_THREADS)
    return g_strdup_printf ("at step %u, thread %u was to do the %s and there was no such "
                            "thread", k, t, wanted);
  const AugurSchedThread *th = &shm->threads[t];
  if (th->state == AUGUR_STH_EXITED || th->state == AUGUR_STH_UNUSED)
    return g_strdup_printf ("at step %u, thread %u was to do the %s and %s", k, t, wanted,
                            th->state == AUGUR_STH_EXITED ? "had ended" : "did not exist yet");
  g_autofree char *did = step_text (sym, th->pending.ev_kind, th->pending.module, th->pending.pc);
  *at_misuse = *at_misuse || step_misused (shm, k, &th->pending);
  return g_strdup_printf ("at step %u, thread %u was to do the %s and was about to do the %s "
                          "instead%s", k, t, wanted, did,
                          th->state == AUGUR_STH_ENABLED ? "" : ", where it was blocked");
}

const char *
augur_explore_divergence_cause (gboolean at_misuse, gboolean examples)
{
  if (at_misuse)
    return "that step uses a lock or condition variable the run had destroyed or initialised "
           "again while it was in use (or unlocked, or waited on, without holding it): a misuse "
           "whose effects augur's replay may not reproduce, not the program's time or input";
  return examples ? "what the program did before that point differed from the run the schedule "
                    "came from (time, input, files, addresses)"
                  : "what the program did before that point differed from the run the schedule "
                    "came from";
}
