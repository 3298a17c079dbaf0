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

char *
augur_divergence_text (AugurSymbolizer *sym, const AugurSchedShm *shm)
{
  if (shm->status != AUGUR_SST_DIVERGED || shm->diverged_at >= shm->prefix_len
      || shm->diverged_at >= AUGUR_SCHED_MAX_STEPS)
    return NULL;
  guint k = shm->diverged_at;
  guint t = shm->prefix[k];
  const AugurSchedStep *want = &shm->expect[k];
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
  return g_strdup_printf ("at step %u, thread %u was to do the %s and was about to do the %s "
                          "instead%s", k, t, wanted, did,
                          th->state == AUGUR_STH_ENABLED ? "" : ", where it was blocked");
}
