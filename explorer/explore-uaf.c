/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-uaf.c — the uses of freed memory an explored execution shows
 * (explore-private.h): of a freed heap block (memcheck.h), of a local of
 * a thread that has exited or of a function that has returned.
 */
#include "config.h"

#include "explorer/explore-private.h"

#include "common/augur-ops.h"
#include "explorer/memcheck.h"
#include "explorer/steps.h"
#include "common/objects.h"

typedef struct {
  Ctx *c;
  const guint64 *ev;
  guint n;   /* steps of the execution; after them, the stuck threads' pending ones */
  AugurWrapperExec wx;   /* the execution's steps[0..n), for the thin wrappers */
} UafData;

/* The callers of steps[k] (a free, a lock), or of a stuck thread's
 * pending call past the execution's steps; NULL if none are known. */
static const AugurSchedCallers *
callers_of (UafData *d, const AugurSchedStep *s, guint k)
{
  if (k < d->n)
    return augur_wrapper_step_callers (&d->wx, k);
  const AugurSchedThread *th = d->wx.threads != NULL && s->tid < d->wx.n_threads
                                 ? &d->wx.threads[s->tid] : NULL;
  return th != NULL && th->state == AUGUR_STH_BLOCKED ? &th->callers : NULL;
}

/* steps[k] (callers @callers) as @f's access with @op, named at its
 * call outside the thin wrappers (augur_wrapper_add_access): a free in
 * zstd's ZSTD_customFree at its caller's line. */
static void
add_access_outside (UafData *d, AugurFinding *f, const AugurSchedStep *steps, guint k, AugurOp op,
                    const AugurSchedCallers *callers)
{
  const AugurSchedStep *s = &steps[k];
  const AugurSource *l = augur_symbolizer_lookup (d->c->sym, s->module, s->pc);
  g_auto (GStrv) held = augur_steps_locks_held (explore_findings_names_of (d->c), steps, k, s->tid);
  augur_finding_add_thread (f, s->tid);
  if (l->file != NULL)
    augur_wrapper_add_access (&d->wx, f, s->tid, d->ev[k], op, s->module, s->pc, callers,
                              (const char *const *) held);
  else
    augur_finding_add_access (f, s->tid, d->ev[k], op, NULL, 0, l->function,
                              (const char *const *) held);
}

static const char *
use_verb (const AugurSchedStep *u)
{
  const char *verb = augur_ops_sched (u->op)->verb;
  return verb != NULL ? verb : "uses";
}

/* A use of freed memory (memcheck.h). */
static void
on_use_after_free (const AugurSchedStep *steps, guint n, guint fs, guint use, gpointer data)
{
  UafData *d = data;
  Ctx *c = d->c;
  const AugurSchedStep *fr = &steps[fs], *u = &steps[use];
  /* the "free" of a thread's stack is its exit step, whose pc is the
   * runtime's: it is shown at the thread's last step before, where its
   * frames (and the local's name) were still there */
  gboolean stack = fr->op == AUGUR_SOP_EXIT;
  guint at = fs;
  if (stack)
    for (guint k = fs; k-- > 0;)
      if (steps[k].tid == fr->tid)
        {
          at = k;
          break;
        }
  const AugurSchedStep *shown = &steps[at];
  /* a stuck thread's pending step (a lock of a mutex in a freed block
   * blocks for ever): not a step of the schedule */
  gboolean pending = use >= d->n;
  /* the free and the use, at their calls outside the thin wrappers (a
   * free in an allocator's wrapper at its caller's line), "through"
   * the wrappers kept for the text */
  const AugurSchedCallers *free_callers = stack ? NULL : callers_of (d, fr, fs);
  const AugurSchedCallers *use_callers = callers_of (d, u, use);
  g_autofree char *where_free = NULL, *free_through = NULL, *where_use = NULL, *use_through = NULL;
  augur_wrapper_site (&d->wx, shown->module, shown->pc, free_callers, &where_free, &free_through);
  augur_wrapper_site (&d->wx, u->module, u->pc, use_callers, &where_use, &use_through);
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (locs, g_strdup (where_use));
  g_ptr_array_add (locs, g_strdup (where_free));
  const char *sub = stack ? "dead-stack" : "use-after-free";
  g_autofree char *kind = g_strconcat ("misuse:", sub, NULL);
  if (!explore_findings_first_time (c, kind, locs))
    return;
  /* what the use touches, named while the block was still allocated */
  gboolean lock = u->op == AUGUR_SOP_LOCK || u->op == AUGUR_SOP_UNLOCK
                  || u->op == AUGUR_SOP_TRYLOCK_FAIL;
  g_autofree char *obj = u->obj != 0 ? augur_exec_names_at (explore_findings_names_of (c), at, u->obj)
                                     : NULL;
  g_autofree char *user = augur_thread_name (u->tid);
  g_autofree char *freer = augur_thread_name (fr->tid);
  g_autofree char *text = NULL;
  g_autofree char *use_at = use_through != NULL
                              ? g_strdup_printf ("%s (%s)", where_use, use_through)
                              : g_strdup (where_use);
  if (stack)
    text = g_strdup_printf (
      "%s %s %s at %s after %s, on whose stack it lies, exited (step %u; its last step was at %s): "
      "a thread's locals end with it, and its stack may be unmapped or given to the next thread. "
      "It may not crash.",
      user, use_verb (u), obj != NULL ? obj : "a local variable", use_at, freer, fs, where_free);
  else
    text = g_strdup_printf (
      "%s %s %s at %s after %s freed it at %s (%s%sstep %u): freed memory may be handed out "
      "again, and the access then reads or corrupts another object. %s",
      user, use_verb (u), obj != NULL ? obj : "a heap block", use_at, freer, where_free,
      free_through != NULL ? free_through : "", free_through != NULL ? "; " : "", fs,
      !pending ? "It may not crash."
      : u->op == AUGUR_SOP_LOCK ? "Here the lock blocks for ever: the freed memory still holds "
                                  "the mutex as it was, held."
                                : "Here the thread blocks there for ever.");
  text[0] = g_ascii_toupper (text[0]);
  g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_MISUSE, sub, text);
  if (obj != NULL)
    augur_finding_set_object (f, obj, lock ? "mutex" : stack ? "variable" : "block");
  if (stack)
    {
      const AugurSource *lf = augur_symbolizer_lookup (c->sym, shown->module, shown->pc);
      g_auto (GStrv) held = augur_steps_locks_held (explore_findings_names_of (c), steps, fs,
                                                    fr->tid);
      augur_finding_add_thread (f, fr->tid);
      augur_finding_add_access (f, fr->tid, d->ev[fs], AUGUR_OP_EXIT, lf->file, lf->line,
                                lf->function, (const char *const *) held);
    }
  else
    add_access_outside (d, f, steps, fs, AUGUR_OP_FREE, free_callers);
  add_access_outside (d, f, steps, use, augur_steps_op (u), use_callers);
  explore_findings_add_schedule (c, f, steps, MIN (d->n, use + 1), d->ev);
  augur_finding_mark_bug_step (f, fs);
  if (!pending)
    augur_finding_mark_bug_step (f, use);
  explore_findings_keep (c, f);
}

/* An access to a local of another thread's function that has returned
 * (AUGUR_SXF_DEAD_FRAME, runtime/rt-fiber.c): once per function that
 * makes it (a worker that reads its returned creator's struct does so at
 * every field: one finding). */
static void
dead_frame_findings (Ctx *c, const AugurSchedStep *steps, guint n, const guint64 *ev)
{
  for (guint k = 0; k < n; k++)
    {
      const AugurSchedStep *u = &steps[k];
      if (!(u->xflags & AUGUR_SXF_DEAD_FRAME))
        continue;
      g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *where = explore_findings_loc_key (c, u->module, u->pc);
      const AugurSource *src = augur_symbolizer_lookup (c->sym, u->module, u->pc);
      g_ptr_array_add (locs, g_strdup (src != NULL && src->function != NULL ? src->function : where));
      if (!explore_findings_first_time (c, "misuse:dead-frame", locs))
        continue;
      g_autofree char *user = augur_thread_name (u->tid);
      g_autofree char *text = g_strdup_printf (
        "%s %s memory at %s that is another thread's stack, below the function that thread is "
        "in: a local of a function that has returned.  A function's locals end when it returns "
        "(the calls that follow reuse the memory, and augur does not see their writes, so the "
        "orders in which the access came before the return were not all explored).  It may not "
        "crash.", user, use_verb (u), where);
      text[0] = g_ascii_toupper (text[0]);
      g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_MISUSE, "dead-frame", text);
      explore_findings_add_access (c, f, steps, k, ev);
      explore_findings_add_schedule (c, f, steps, k + 1, ev);
      augur_finding_mark_bug_step (f, k);
      explore_findings_keep (c, f);
    }
}

/* steps[0..n), then the pending operation of each stuck thread that
 * names an object; NULL when no thread has one. */
static GArray *
with_pending (const AugurSchedShm *shm, const AugurSchedStep *steps, guint n)
{
  GArray *a = NULL;
  guint T = MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  for (guint t = 0; t < T; t++)
    {
      const AugurSchedThread *th = &shm->threads[t];
      if (!augur_sched_thread_stuck (th->state) || th->pending.obj == 0
          || !augur_ops_sched (th->pending.op)->uses_obj)
        continue;
      if (a == NULL)
        {
          a = g_array_sized_new (FALSE, FALSE, sizeof (AugurSchedStep), n + T);
          g_array_append_vals (a, steps, n);
        }
      AugurSchedStep p = th->pending;
      p.tid = (guint16) t;
      g_array_append_val (a, p);
    }
  return a;
}

/* The uses of freed memory, as far as the allocations are known; in a
 * deadlock, the stuck threads' pending operations too (a lock of a mutex
 * freed while held blocks for ever: a use after free first). */
void
explore_uaf_findings (Ctx *c, const AugurSchedStep *steps, guint n, const guint64 *ev)
{
  AugurSchedShm *shm = c->shm;
  UafData ud = { c, ev, n, explore_findings_wrapper_exec (c, steps, n) };
  guint known = MIN (n, shm->objects_lost_at);
  g_autoptr (GArray) ext = shm->status == AUGUR_SST_DEADLOCK && known == n
                             ? with_pending (shm, steps, n) : NULL;
  g_autofree guint64 *ext_ev = ext != NULL ? augur_steps_event_indices (
                                               (const AugurSchedStep *) ext->data, ext->len)
                                           : NULL;
  if (ext != NULL)
    ud.ev = ext_ev;
  augur_memcheck_execution (ext != NULL ? (const AugurSchedStep *) ext->data : steps,
                            ext != NULL ? ext->len : known, shm->objects,
                            MIN (shm->n_objects, AUGUR_SCHED_MAX_OBJECTS), on_use_after_free, &ud);

  dead_frame_findings (c, steps, n, ev);
}
