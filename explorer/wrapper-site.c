/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * wrapper-site.c — a synchronisation call named outside its thin
 * wrappers (wrapper-site.h).
 */
#include "config.h"

#include "explorer/wrapper-site.h"

#include <string.h>

#include "common/augur-ops.h"
#include "common/lock-graph.h"
#include "common/source-label.h"

/* A call's frames, innermost (the call itself) first: at most the call,
 * the call of the function inlined where it is, and its callers */
#define MAX_FRAMES (1 + AUGUR_WRAPPER_MAX_CALLERS)

guint
augur_wrapper_callers (AugurSymbolizer *sym, guint module, guint32 pc,
                       const AugurSchedCallers *callers, AugurFrame *frames)
{
  return augur_lock_site_frames (sym, module, pc, callers->module, callers->pc,
                                 MIN (callers->n, AUGUR_SCHED_MAX_CALLERS), frames);
}

static guint
frames_of (const AugurWrapperExec *x, guint module, guint32 pc, const AugurSchedCallers *callers,
           AugurFrame frames[MAX_FRAMES])
{
  const AugurSource *l = augur_symbolizer_lookup (x->sym, module, pc);
  frames[0].file = (char *) l->file;
  frames[0].line = l->line;
  frames[0].function = (char *) l->function;
  if (callers == NULL || l->file == NULL || l->function == NULL)
    return 1;
  return 1 + augur_wrapper_callers (x->sym, module, pc, callers, frames + 1);
}

const AugurSchedCallers *
augur_wrapper_step_callers (const AugurWrapperExec *x, guint k)
{
  if (x->callers == NULL || k >= x->n
      || !augur_ops_sched_keeps_callers (x->steps[k].op, x->steps[k].xflags))
    return NULL;
  return &x->callers[k];
}

static gboolean
same_function (const AugurFrame *a, const AugurFrame *b)
{
  return g_strcmp0 (a->function, b->function) == 0 && g_strcmp0 (a->file, b->file) == 0;
}

/* @x's k-th call that keeps its callers: its steps, then its threads'
 * pending calls; NULL if it keeps none, and at @end past the last. */
static const AugurSchedStep *
call_of (const AugurWrapperExec *x, guint k, const AugurSchedCallers **callers, gboolean *end)
{
  *end = FALSE;
  *callers = NULL;
  if (k < x->n)
    {
      *callers = augur_wrapper_step_callers (x, k);
      return *callers != NULL ? &x->steps[k] : NULL;
    }
  if (k - x->n >= x->n_threads)
    {
      *end = TRUE;
      return NULL;
    }
  const AugurSchedThread *th = &x->threads[k - x->n];
  if (th->state != AUGUR_STH_BLOCKED
      || !augur_ops_sched_keeps_callers (th->pending.op, th->pending.xflags))
    return NULL;
  *callers = &th->callers;
  return &th->pending;
}

/* The frames of @x's k-th call if it is a free (@frees) or a
 * synchronisation call (not @frees), else none; FALSE past the last. */
static gboolean
call_frames (const AugurWrapperExec *x, guint k, gboolean frees, AugurFrame frames[MAX_FRAMES],
             guint *nf)
{
  *nf = 0;
  const AugurSchedCallers *c;
  gboolean end;
  const AugurSchedStep *s = call_of (x, k, &c, &end);
  if (s != NULL && ((s->xflags & AUGUR_SXF_FREE) != 0) == frees)
    *nf = frames_of (x, s->module, s->pc, c, frames);
  return !end;
}

/* Is the call at (@module, @pc) a free?  (A call site is a free or a
 * synchronisation call, never both.) */
static gboolean
is_free (const AugurWrapperExec *x, guint module, guint32 pc)
{
  const AugurSchedCallers *c;
  gboolean end = FALSE;
  for (guint k = 0; !end; k++)
    {
      const AugurSchedStep *s = call_of (x, k, &c, &end);
      if (s != NULL && s->module == module && s->pc == pc)
        return (s->xflags & AUGUR_SXF_FREE) != 0;
    }
  return FALSE;
}

static gboolean
same_frames (const AugurFrame *a, guint na, const AugurFrame *b, guint nb)
{
  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (a[i].line != b[i].line || g_strcmp0 (a[i].file, b[i].file) != 0)
      return FALSE;
  return TRUE;
}

/* Is @f's function a thin wrapper: did every synchronisation call of @x
 * (every free, if @frees) made in it or through it pass through @f's
 * line, and did they come to it along two call chains at least (else its
 * line alone says which call it was)?  Frees and synchronisation calls
 * are apart: a destroy wrapper frees what its init wrapper allocated
 * (zstd's ZSTD_pthread_mutex_destroy), and is a wrapper of both. */
static gboolean
thin (const AugurWrapperExec *x, const AugurFrame *f, gboolean frees)
{
  if (f->function == NULL || f->file == NULL)
    return FALSE;
  AugurFrame first[MAX_FRAMES];
  guint n_first = 0;
  gboolean seen = FALSE, two = FALSE;
  AugurFrame frames[MAX_FRAMES];
  guint nf;
  for (guint k = 0; call_frames (x, k, frees, frames, &nf); k++)
    for (guint i = 0; i < nf; i++)
      if (same_function (&frames[i], f))
        {
          if (frames[i].line != f->line)
            return FALSE;
          /* the chain that called it */
          if (!seen)
            {
              n_first = nf - i - 1;
              memcpy (first, frames + i + 1, n_first * sizeof *first);
              seen = TRUE;
            }
          else if (!same_frames (first, n_first, frames + i + 1, nf - i - 1))
            two = TRUE;
          break;
        }
  return two;
}

static char *
frame_text (const AugurFrame *f, guint module, guint32 pc)
{
  if (f->file == NULL)
    return g_strdup_printf ("pc%u:%x", module, pc);
  g_autofree char *base = augur_source_label (f->file);
  return g_strdup_printf ("%s:%u", base, f->line);
}

/* The first of @frames (of the call at @module, @pc) outside the thin
 * wrappers, one caller at a time */
static guint
outside (const AugurWrapperExec *x, guint module, guint32 pc, const AugurFrame *frames, guint nf)
{
  if (nf < 2)
    return 0;
  gboolean frees = is_free (x, module, pc);
  guint out = 0;
  while (out + 1 < nf && thin (x, &frames[out], frees))
    out++;
  return out;
}

void
augur_wrapper_add_access (const AugurWrapperExec *x, AugurFinding *f, guint thread, guint64 event,
                          AugurOp op, guint module, guint32 pc, const AugurSchedCallers *callers,
                          const char *const *held)
{
  AugurFrame frames[MAX_FRAMES];
  guint nf = frames_of (x, module, pc, callers, frames);
  guint out = outside (x, module, pc, frames, nf);
  augur_finding_add_access (f, thread, event, op, frames[out].file, frames[out].line,
                            frames[out].function, held);
  if (nf > out + 1)
    augur_finding_set_access_callers (f, augur_finding_get_n_accesses (f) - 1, frames + out + 1,
                                      nf - out - 1);
}

void
augur_wrapper_site (const AugurWrapperExec *x, guint module, guint32 pc,
                    const AugurSchedCallers *callers, char **outer, char **through)
{
  AugurFrame frames[MAX_FRAMES];
  guint nf = frames_of (x, module, pc, callers, frames);
  guint out = outside (x, module, pc, frames, nf);
  *through = NULL;
  if (out == 0)
    {
      *outer = frame_text (&frames[0], module, pc);
      return;
    }
  *outer = frame_text (&frames[out], module, pc);
  g_autoptr (GString) t = g_string_new ("through ");
  for (guint i = out; i-- > 0;)
    g_string_append_printf (t, "%s%s", frames[i].function, i > 0 ? ", " : "");
  g_autofree char *inner = frame_text (&frames[0], module, pc);
  g_string_append_printf (t, " at %s", inner);
  *through = g_string_free (g_steal_pointer (&t), FALSE);
}

char *
augur_wrapper_site_text (const AugurWrapperExec *x, guint module, guint32 pc,
                         const AugurSchedCallers *callers)
{
  g_autofree char *outer = NULL;
  g_autofree char *through = NULL;
  augur_wrapper_site (x, module, pc, callers, &outer, &through);
  if (through == NULL)
    return g_steal_pointer (&outer);
  return g_strdup_printf ("%s (%s)", outer, through);
}
