/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-deadlock-text.c — the prose of a deadlock or a hang
 * (explore-private.h): what each stuck thread waits for (a lock, held by
 * whom, in which mode, since where; a condition signal that never comes,
 * and whether the threads that could send it exited; a thread, a
 * semaphore, a barrier; a loop, and what in it another thread could
 * change), and a normal mutex locked again by its holder.
 */
#include "config.h"

#include "explorer/explore-private.h"

#include "common/augur-ops.h"

#include "explorer/dpor.h"
#include "explorer/steps.h"

/* What a thread blocked at a step waits for, in a deadlock's prose. */
static const char *const waits_text[] = {
  [AUGUR_OPS_WAITS_NONE] = "waits for a lock",
  [AUGUR_OPS_WAITS_LOCK] = "waits for a lock",
  [AUGUR_OPS_WAITS_COND] = "waits for a condition signal that never comes",
  [AUGUR_OPS_WAITS_THREAD] = "joins a thread that never ends",
  [AUGUR_OPS_WAITS_SEM] = "waits on a semaphore at zero",
  [AUGUR_OPS_WAITS_BARRIER] = "waits at a barrier",
  [AUGUR_OPS_WAITS_ONCE] = "waits for a pthread_once routine that another thread runs",
  [AUGUR_OPS_WAITS_SIGNAL] = "waits for a signal that never comes",
};

/* "f.c:9" where steps[k] was made, or "f.c:30 (through uv_cond_signal at
 * f.c:9)" when it was made in a thin wrapper (wrapper-site.h). */
static char *
step_site (Ctx *c, const AugurSchedStep *steps, guint n, guint k)
{
  AugurWrapperExec x = explore_findings_wrapper_exec (c, steps, n);
  return augur_wrapper_site_text (&x, steps[k].module, steps[k].pc,
                                  augur_wrapper_step_callers (&x, k));
}

/* What holder @u of a lock adds to " held by thread 3": " since f.c:12
 * (step 7)" where it took the lock it still holds (steps[@since]; "since
 * f.c:30 (through take at f.c:12; step 7)" in a thin wrapper), if the
 * steps show it, and ", which exited holding it". */
static void
holder_text (Ctx *c, const AugurSchedStep *steps, guint n, guint u, gint since, GString *e)
{
  if (since >= 0 && (guint) since < n)
    {
      AugurWrapperExec x = explore_findings_wrapper_exec (c, steps, n);
      g_autofree char *at = NULL;
      g_autofree char *through = NULL;
      augur_wrapper_site (&x, steps[since].module, steps[since].pc,
                          augur_wrapper_step_callers (&x, (guint) since), &at, &through);
      g_string_append_printf (e, " since %s (%s%sstep %d)", at, through != NULL ? through : "",
                              through != NULL ? "; " : "", since);
    }
  if (u < MIN (c->shm->n_threads, AUGUR_SCHED_MAX_THREADS)
      && c->shm->threads[u].state == AUGUR_STH_EXITED)
    g_string_append (e, ", which exited holding it");
}

/* " held by thread 3 since f.c:12 (step 7)", and ", which exited holding
 * it" when it did: @owner holds @lock (0: not a lock the steps take). */
static void
held_by_text (Ctx *c, const AugurSchedStep *steps, guint n, guint owner, guint64 lock, GString *e)
{
  gboolean shared = FALSE;
  g_string_append_printf (e, " held by thread %u", owner);
  holder_text (c, steps, n, owner,
               lock != 0 ? augur_steps_lock_held_since (steps, n, owner, lock, &shared) : -1, e);
}

/* A waiter a signal woke, stuck taking its mutex back: " thread 1 was
 * woken on `c` at f.c:8 by the broadcast at f.c:9 (thread 2) and waits
 * to take `m` back, held by thread 0;" */
static void
woken_wait_text (Ctx *c, const AugurSchedStep *steps, guint n, guint t, GString *e)
{
  const AugurSchedThread *th = &c->shm->threads[t];
  guint k = th->waker - 1;
  g_autofree char *cond = augur_exec_names_at (explore_findings_names_of (c), n, th->pending.obj);
  g_autofree char *mutex = augur_exec_names_at (explore_findings_names_of (c), n, th->pending.arg);
  AugurWrapperExec x = explore_findings_wrapper_exec (c, steps, n);
  g_autofree char *where = augur_wrapper_site_text (&x, th->pending.module, th->pending.pc,
                                                    &th->callers);
  g_string_append_printf (e, " thread %u was woken on `%s` at %s", t,
                          cond != NULL ? cond : "a condition", where);
  if (k < n)
    {
      g_autofree char *at = step_site (c, steps, n, k);
      g_string_append_printf (e, " by the %s at %s (thread %u)",
                              steps[k].op == AUGUR_SOP_BROADCAST ? "broadcast" : "signal", at,
                              steps[k].tid);
    }
  g_string_append_printf (e, " and waits to take `%s` back,", mutex != NULL ? mutex : "its mutex");
  if (th->owner != G_MAXUINT32)
    held_by_text (c, steps, n, th->owner, th->pending.arg, e);
  g_string_append_c (e, ';');
}

/* Do stuck threads @t and @u wait on the same condition at the same place
 * (the same wait, called from the same places): then a signal that woke @u
 * and found it waiting there again would have found @t no better off, and
 * a broadcast instead of it would not have helped. */
static gboolean
same_wait (Ctx *c, guint t, guint u)
{
  if (u >= MIN (c->shm->n_threads, AUGUR_SCHED_MAX_THREADS))
    return FALSE;
  const AugurSchedThread *a = &c->shm->threads[t], *b = &c->shm->threads[u];
  if (b->state != AUGUR_STH_BLOCKED || b->waker != 0 || b->pending.op != a->pending.op
      || b->pending.obj != a->pending.obj || b->pending.module != a->pending.module
      || b->pending.pc != a->pending.pc || b->callers.n != a->callers.n)
    return FALSE;
  for (guint k = 0; k < a->callers.n && k < AUGUR_SCHED_MAX_CALLERS; k++)
    if (a->callers.module[k] != b->callers.module[k] || a->callers.pc[k] != b->callers.pc[k])
      return FALSE;
  return TRUE;
}

/* The step at which thread @u exited in steps[0..n), or -1. */
static gint
exit_step (const AugurSchedStep *steps, guint n, guint u)
{
  for (guint k = n; k-- > 0;)
    if (steps[k].tid == u && steps[k].op == AUGUR_SOP_EXIT)
      return (gint) k;
  return -1;
}

/* " (step 11; its last step was at f.c:15)" for thread @u's exit at
 * steps[@k] (an exit has no place of its own), " (step 11)" if none. */
static void
exit_text (Ctx *c, const AugurSchedStep *steps, guint n, guint u, guint k, GString *e)
{
  for (guint j = k; j-- > 0;)
    if (steps[j].tid == u && steps[j].pc != 0)
      {
        g_autofree char *at = step_site (c, steps, n, j);
        g_string_append_printf (e, " (step %u; its last step was at %s)", k, at);
        return;
      }
  g_string_append_printf (e, " (step %u)", k);
}

/* Who could have signalled condition @cond, thread @t's wait of steps[@w]
 * (with its mutex), and has exited: the threads that signalled it in
 * steps[0..n), or, when none did, the other threads that took the wait's
 * mutex (a condition's signaller holds its mutex to change what the
 * waiter waits for).  When every one of them exited, appends ", and
 * thread 2, the only thread that signalled `c` in this execution, exited
 * before thread 0 waited (step 9; its last step was at f.c:20)" (or ",
 * and the other threads that took `m` all exited: thread 1 (step 9; ...),
 * thread 2 (step 12; ...)") to @e. */
static void
exited_signallers_text (Ctx *c, const AugurSchedStep *steps, guint n, guint t, guint w, GString *e)
{
  guint64 cond = steps[w].obj, mutex = steps[w].arg;
  guint T = MIN (c->shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  gboolean who[AUGUR_SCHED_MAX_THREADS] = { FALSE };
  gboolean signalled = FALSE;
  for (guint k = 0; k < n; k++)
    if (steps[k].obj == cond && steps[k].tid < T
        && (steps[k].op == AUGUR_SOP_SIGNAL || steps[k].op == AUGUR_SOP_BROADCAST))
      signalled = who[steps[k].tid] = TRUE;
  for (guint k = 0; k < n && !signalled && mutex != 0; k++)
    {
      guint64 lock = 0;
      if (steps[k].tid != t && steps[k].tid < T
          && augur_ops_step_lock (&steps[k], &lock) == AUGUR_OPS_LOCK_ACQUIRE && lock == mutex)
        who[steps[k].tid] = TRUE;
    }
  guint count = 0, last = 0;
  for (guint u = 0; u < T; u++)
    if (who[u])
      {
        if (exit_step (steps, n, u) < 0)
          return;   /* one of them may still do it */
        count++;
        last = u;
      }
  if (count == 0)
    return;
  g_autofree char *obj = augur_exec_names_at (explore_findings_names_of (c), n,
                                              signalled ? cond : mutex);
  g_autofree char *what = signalled
    ? g_strdup_printf ("signalled `%s` in this execution", obj != NULL ? obj : "it")
    : g_strdup_printf ("took `%s`", obj != NULL ? obj : "its mutex");
  if (count == 1)
    {
      guint k = (guint) exit_step (steps, n, last);
      g_string_append_printf (e, ", and thread %u, the only %sthread that %s, exited", last,
                              signalled ? "" : "other ", what);
      if (k < w)
        g_string_append_printf (e, " before thread %u waited", t);
      exit_text (c, steps, n, last, k, e);
      return;
    }
  g_string_append_printf (e, ", and the %sthreads that %s all exited", signalled ? "" : "other ",
                          what);
  const char *sep = ": ";
  for (guint u = 0; u < T; u++)
    if (who[u])
      {
        g_string_append_printf (e, "%sthread %u", sep, u);
        exit_text (c, steps, n, u, (guint) exit_step (steps, n, u), e);
        sep = ", ";
      }
}

/* Why thread @t, blocked in a condition wait, is never woken, from the
 * execution's steps: a signal that woke another thread waiting on the same
 * condition, a signal that came before it waited, or none at all.  The
 * other thread woken is one pthread_cond_signal for two waiters only if it
 * does not wait at the same place again (same_wait): when it does, what
 * the signal announced did not let it go on either (unless the two wait
 * there for different things, a turn each, which the steps do not tell).  Appends " thread T
 * ...;" to @e; returns the step of that signal, G_MAXUINT if there is none. */
static guint
cond_wait_text (Ctx *c, const AugurSchedStep *steps, guint n, guint t, GString *e)
{
  if (c->shm->threads[t].waker != 0)
    {
      woken_wait_text (c, steps, n, t, e);
      return G_MAXUINT;
    }
  guint w = n;
  for (guint k = n; k-- > 0;)
    if (steps[k].tid == t && steps[k].op == AUGUR_SOP_COND_WAIT)
      {
        w = k;
        break;
      }
  if (w == n)
    {
      g_string_append_printf (e, " thread %u %s;", t, waits_text[AUGUR_OPS_WAITS_COND]);
      return G_MAXUINT;
    }
  uint64_t cond = steps[w].obj;
  g_autofree char *obj = explore_findings_object_of (c, steps, w);
  g_autofree char *where = step_site (c, steps, n, w);
  g_string_append_printf (e, " thread %u waits on `%s` at %s", t, obj != NULL ? obj : "a condition",
                          where);
  /* the last signal after the wait: whom it woke */
  for (guint k = n; k-- > w + 1;)
    if (steps[k].obj == cond && steps[k].op == AUGUR_SOP_SIGNAL
        && !(steps[k].xflags & AUGUR_SXF_NO_WAITER))
      {
        g_autofree char *at = step_site (c, steps, n, k);
        guint woken = G_MAXUINT;
        for (guint m = k + 1; m < n && woken == G_MAXUINT; m++)
          if (steps[m].op == AUGUR_SOP_COND_WAKE && augur_sched_step_waker (&steps[m]) == k + 1)
            woken = steps[m].tid;
        if (woken != G_MAXUINT && same_wait (c, t, woken))
          g_string_append_printf (e, ", and no signal came after the one at %s (thread %u), "
                                  "which woke thread %u: thread %u waits at the same place "
                                  "again, so unless the two wait there for different things, "
                                  "a broadcast would not have helped, and the wake-up this "
                                  "thread needs never came;", at, steps[k].tid,
                                  woken, woken);
        else if (woken != G_MAXUINT)
          g_string_append_printf (e, ", but the signal at %s (thread %u) woke thread %u, which "
                                  "waited on it too, and no signal came after it: one "
                                  "pthread_cond_signal for two waiters;", at, steps[k].tid, woken);
        else
          g_string_append_printf (e, ", but the signal at %s (thread %u) woke another waiter, "
                                  "and no signal came after it;", at, steps[k].tid);
        return k;
      }
  /* none after it: the last one before it found nobody waiting */
  for (guint k = w; k-- > 0;)
    if (steps[k].obj == cond
        && (steps[k].op == AUGUR_SOP_SIGNAL || steps[k].op == AUGUR_SOP_BROADCAST))
      {
        g_autofree char *at = step_site (c, steps, n, k);
        g_string_append_printf (e, " for a signal that never comes: the last one, at %s "
                                "(thread %u), came before it waited", at, steps[k].tid);
        exited_signallers_text (c, steps, n, t, w, e);
        g_string_append_c (e, ';');
        return k;
      }
  g_string_append (e, " for a signal that never comes: nothing signals it in this execution");
  exited_signallers_text (c, steps, n, t, w, e);
  g_string_append_c (e, ';');
  return G_MAXUINT;
}

/* " thread 1 waits for `m` at f.c:30 (through take at f.c:12)" when the
 * request is in a thin wrapper (wrapper-site.h), else " thread 1 waits
 * for `m` at f.c:12 (called at f.c:30)": which lock, where, and the call
 * that led there. */
static void
lock_request_text (Ctx *c, guint n, guint t, GString *e)
{
  const AugurSchedThread *th = &c->shm->threads[t];
  g_autofree char *lock = augur_exec_names_at (explore_findings_names_of (c), n, th->pending.obj);
  AugurWrapperExec x = explore_findings_wrapper_exec (c, c->shm->steps, n);
  g_autofree char *where = NULL;
  g_autofree char *through = NULL;
  augur_wrapper_site (&x, th->pending.module, th->pending.pc, &th->callers, &where, &through);
  g_autofree char *from = through == NULL && th->callers.n > 0
                            ? explore_findings_loc_key (c, th->callers.module[0], th->callers.pc[0])
                            : NULL;
  g_autofree char *call = through != NULL ? g_strdup_printf (" (%s)", through)
                          : from != NULL  ? g_strdup_printf (" (called at %s)", from)
                                          : g_strdup ("");
  g_string_append_printf (e, " thread %u waits for `%s` at %s%s", t, lock != NULL ? lock : "a lock",
                          where, call);
}

/* A thread blocked on a rwlock: the mode it asks for, and who holds the
 * lock in which mode since where (" main waits for `lk` at f.c:9 to lock
 * it for writing, held for reading by thread 1 since f.c:6, which exited
 * holding it, and by main itself since f.c:8;").  The runtime knows a
 * writer only; the readers come from the steps.  FALSE when they show no
 * holder. */
static gboolean
rwlock_wait_text (Ctx *c, const AugurSchedStep *steps, guint n, guint t, GString *e)
{
  const AugurSchedStep *p = &c->shm->threads[t].pending;
  if (p->op != AUGUR_SOP_RDLOCK && p->op != AUGUR_SOP_WRLOCK)
    return FALSE;
  g_autoptr (GString) holders = g_string_new (NULL);
  gboolean read = FALSE;
  guint T = MIN (c->shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  for (guint u = 0; u < T; u++)
    {
      gboolean r = FALSE;
      gint since = augur_steps_lock_held_since (steps, n, u, p->obj, &r);
      if (since < 0)
        continue;
      read = r;
      g_string_append_printf (holders, "%s by thread %u%s", holders->len > 0 ? ", and" : "",
                              u, u == t ? " itself" : "");
      holder_text (c, steps, n, u, since, holders);
    }
  if (holders->len == 0)
    return FALSE;
  lock_request_text (c, n, t, e);
  g_string_append_printf (e, " to lock it for %s, held for %s%s;",
                          p->op == AUGUR_SOP_WRLOCK ? "writing" : "reading",
                          read ? "reading" : "writing", holders->str);
  return TRUE;
}

/* How likely another thread is to change @loc, which awaiting thread @t
 * re-reads, by steps[0..n)'s writes of it after @t first read it (those
 * before are its setup): 0, another thread wrote it (it changes while @t
 * loops); 1, none did (it has not changed since, or the reads are no
 * steps); 2, only @t did (its own variable, which it waits for no other
 * thread to change), or @t never read it and only stored to it (an atomic
 * store counts as a re-read, for the read-modify-writes that read: a
 * worker's own `seen_off`, marked busy and cleared in each iteration). */
static guint
await_rank (const AugurSchedStep *steps, guint n, guint t, guint64 loc)
{
  guint first = n;
  gboolean others = FALSE, own = FALSE, stores = FALSE, others_since_store = FALSE;
  for (guint k = 0; k < n; k++)
    {
      const AugurSchedStep *s = &steps[k];
      if (first == n && s->tid == t && s->op == AUGUR_SOP_READ && s->obj == loc)
        first = k;
      if (s->op != AUGUR_SOP_WRITE || loc < s->obj || loc >= s->obj + augur_sched_step_size (s))
        continue;
      if (s->tid != t && first < n)
        others = TRUE;
      else if (s->tid == t && first < n)
        own = TRUE;
      else if (s->tid == t)
        stores |= s->obj == loc && s->ev_kind == AUGUR_EV_ATOMIC_STORE;
      else if (stores)
        others_since_store = TRUE;
    }
  if (first == n && stores)
    return others_since_store ? 0 : 2;
  return others ? 0 : own ? 2 : 1;
}

/* The locations awaiting thread @t re-read (up to three), as @e's
 * "T0.alloc1+24, T0.alloc1 or T0.alloc1+56": those another thread changes
 * while it loops first, then those it may (none changes them), and those
 * only @t writes left out, unless nothing else is left; newly allocated,
 * *@n_objs of them. */
static char *
await_objects_text (Ctx *c, const AugurSchedStep *steps, guint n, guint t, guint *n_objs)
{
  const AugurSchedThread *th = &c->shm->threads[t];
  guint64 objs[3] = { th->await_obj, th->await_also[0], th->await_also[1] };
  guint all = objs[2] != 0 ? 3 : objs[1] != 0 ? 2 : 1;
  guint rank[3] = { 0 };
  gboolean any_other = FALSE;
  for (guint k = 0; k < all; k++)
    {
      rank[k] = await_rank (steps, n, t, objs[k]);
      any_other |= rank[k] < 2;
    }
  guint64 kept[3];
  *n_objs = 0;
  for (guint r = 0; r <= 2; r++)
    for (guint k = 0; k < all; k++)
      if (rank[k] == r && (r < 2 || !any_other))
        kept[(*n_objs)++] = objs[k];
  GString *o = g_string_new (NULL);
  for (guint k = 0; k < *n_objs; k++)
    {
      g_autofree char *name = augur_exec_names_at (explore_findings_names_of (c), n, kept[k]);
      g_string_append_printf (o, "%s%s", k == 0 ? "" : k + 1 == *n_objs ? " or " : ", ", name);
    }
  return g_string_free (o, FALSE);
}

/* What stuck thread @t waits for, appended to @e ("thread 1 waits for
 * `m` at f.c:12, held by thread 2;"); a condition wait's signal that
 * woke another waiter or came too early goes into @signals. */
void
explore_deadlock_stuck_text (Ctx *c, const AugurSchedStep *steps, guint n, guint t, GString *e,
                             GArray *signals)
{
  const AugurSchedThread *th = &c->shm->threads[t];
  if (th->state == AUGUR_STH_AWAITING)
    {
      g_autofree char *where = explore_findings_loc_key (c, th->pending.module,
                                                         th->await_pc);
      g_autofree char *obj = NULL;
      guint n_objs = 1;
      if (th->await_obj == AUGUR_SCHED_CLOCK_OBJ)
        obj = g_strdup ("the time");
      else if (th->await_obj != 0)
        /* every location it re-read: the loop's condition is not always
         * the first */
        obj = await_objects_text (c, steps, n, t, &n_objs);
      if (obj != NULL
          && augur_exec_names_is_channel (explore_findings_names_of (c), n, th->await_obj))
        /* a read of an empty channel, or a write to a full pipe */
        g_string_append_printf (e, " thread %u waits at %s on %s (for data to read, or for "
                                "room to write), and no other thread can write or read %s;",
                                t, where, obj, n_objs > 1 ? "them" : "it");
      else if (obj != NULL)
        g_string_append_printf (e, " thread %u waits in a loop at %s for %s to change, and "
                                "no other thread can change %s;", t, where, obj,
                                n_objs > 1 ? "them" : "it");
      else
        g_string_append_printf (e, " thread %u waits in a loop at %s that reads nothing "
                                "another thread could change;", t, where);
      return;
    }
  /* the event's own, where the scheduler's op is shared (a
   * sigwait is an OTHER step, as a pthread_once is) */
  AugurOpsWaits waits = augur_ops_op (augur_ops_event (th->pending.ev_kind)->op)->waits;
  if (waits == AUGUR_OPS_WAITS_NONE)
    waits = augur_ops_sched (th->pending.op)->waits;
  const char *what = waits_text[waits < G_N_ELEMENTS (waits_text) ? waits : 0];
  if (waits == AUGUR_OPS_WAITS_COND)
    {
      guint k = cond_wait_text (c, steps, n, t, e);
      if (k != G_MAXUINT)
        g_array_append_val (signals, k);
    }
  else if (waits == AUGUR_OPS_WAITS_LOCK && rwlock_wait_text (c, steps, n, t, e))
    return;
  else if (th->owner != G_MAXUINT32 && waits == AUGUR_OPS_WAITS_LOCK)
    {
      lock_request_text (c, n, t, e);
      g_string_append_c (e, ',');
      held_by_text (c, steps, n, th->owner, th->pending.obj, e);
      g_string_append_c (e, ';');
    }
  else if (th->owner != G_MAXUINT32 && waits != AUGUR_OPS_WAITS_THREAD)
    {
      g_string_append_printf (e, " thread %u %s", t, what);
      held_by_text (c, steps, n, th->owner, 0, e);
      g_string_append_c (e, ';');
    }
  else
    g_string_append_printf (e, " thread %u %s;", t, what);
}

/* "Main locks `p->lock` at x.c:11, a normal mutex it already holds (it
 * locked it at x.c:8, step 1), and blocks for ever."  Locks in a thin
 * wrapper are named by their callers: "at x.c:39 (through my_lock at
 * x.c:14), ... (it locked it at x.c:28 through my_lock at x.c:14, step 7)". */
char *
explore_deadlock_self_lock_text (Ctx *c, const AugurSchedStep *steps, guint n, guint t)
{
  const AugurSchedThread *th = &c->shm->threads[t];
  const AugurSchedStep *p = &th->pending;
  g_autofree char *who = augur_thread_name (t);
  g_autofree char *obj = augur_exec_names_at (explore_findings_names_of (c), n, p->obj);
  AugurWrapperExec x = explore_findings_wrapper_exec (c, steps, n);
  g_autofree char *at = augur_wrapper_site_text (&x, p->module, p->pc, &th->callers);
  gint locked = -1;
  for (guint k = n; k-- > 0;)
    if (steps[k].tid == t && steps[k].obj == p->obj
        && steps[k].op == AUGUR_SOP_LOCK)
      {
        locked = (gint) k;
        break;
      }
  g_autofree char *before = NULL;
  g_autofree char *through = NULL;
  if (locked >= 0)
    augur_wrapper_site (&x, steps[locked].module, steps[locked].pc,
                        augur_wrapper_step_callers (&x, (guint) locked), &before, &through);
  g_autofree char *since = before != NULL
    ? g_strdup_printf (" (it locked it at %s%s%s, step %d)", before, through != NULL ? " " : "",
                       through != NULL ? through : "", locked) : g_strdup ("");
  char *text = g_strdup_printf ("%s locks `%s` at %s, a normal mutex it already holds%s, "
                                "and blocks for ever: a normal mutex does not count its "
                                "owner's locks.", who, obj != NULL ? obj : "a mutex", at, since);
  text[0] = g_ascii_toupper (text[0]);
  return text;
}

/* The first race of an execution that augur reports (its pair of
 * instructions and address in c->race_addrs): its steps i < j, j ==
 * G_MAXUINT if none. */
typedef struct {
  Ctx *c;
  guint i, j;
} FirstRace;

static void
first_race (const AugurSchedStep *steps, guint n, guint i, guint j, gpointer data)
{
  FirstRace *r = data;
  (void) n;
  if (j > r->j || (j == r->j && i >= r->i))
    return;
  guint64 a = (guint64) steps[i].module << 32 | steps[i].pc;
  guint64 b = (guint64) steps[j].module << 32 | steps[j].pc;
  guint64 key[3] = { MIN (a, b), MAX (a, b), steps[j].obj };
  if (!g_hash_table_contains (r->c->race_addrs, key))
    return;
  r->i = i;
  r->j = j;
}

/* " This execution also races on `q.head` at f.c:9 and f.c:20 before the
 * deadlock: the lost wake-up may be its consequence.", if any: a race the
 * execution ran before it ended stuck may have corrupted what the threads
 * wait for (an entry of a queue lost, so the wake-up a waiter needs never
 * comes), and is then the cause to look at, not the waits.  Only when a
 * stuck thread waits on a condition: a lock-order deadlock is its locks'.
 * The races of
 * the execution are found again by a pass of their own: the search's pass
 * does not look at a replayed prefix again. */
void
explore_deadlock_race_text (Ctx *c, const AugurSchedStep *steps, guint n, const char *what,
                            GString *e)
{
  gboolean cond = FALSE;
  for (guint t = 0; t < MIN (c->shm->n_threads, AUGUR_SCHED_MAX_THREADS); t++)
    if (augur_sched_thread_stuck (c->shm->threads[t].state)
        && augur_ops_sched (c->shm->threads[t].pending.op)->waits == AUGUR_OPS_WAITS_COND)
      cond = TRUE;
  if (!cond)
    return;
  FirstRace r = { c, G_MAXUINT, G_MAXUINT };
  g_autoptr (AugurDpor) dpor = augur_dpor_new ();
  augur_dpor_add_execution (dpor, steps, n, first_race, &r);
  if (r.j == G_MAXUINT)
    return;
  g_autofree char *obj = explore_findings_object_of (c, steps, steps[r.i].obj > steps[r.j].obj
                                                                 ? r.i : r.j);
  g_autofree char *on = obj != NULL ? g_strdup_printf (" on `%s`", obj) : g_strdup ("");
  g_autofree char *at_i = explore_findings_loc_key (c, steps[r.i].module, steps[r.i].pc);
  g_autofree char *at_j = explore_findings_loc_key (c, steps[r.j].module, steps[r.j].pc);
  g_autofree char *at = g_strcmp0 (at_i, at_j) == 0 ? g_strdup (at_i)
                                                    : g_strdup_printf ("%s and %s", at_i, at_j);
  g_string_append_printf (e, " This execution also races%s at %s before the %s: the lost "
                          "wake-up may be its consequence.", on, at, what);
}

/* A wait a signal handler may end: a handler may write a pipe, post a
 * semaphore or set a flag (async-signal-safe), not unlock, signal a
 * condition or end a thread. */
static gboolean
handler_may_end (const AugurSchedThread *th)
{
  if (th->state == AUGUR_STH_AWAITING)
    return TRUE;
  switch (th->pending.op)
    {
    case AUGUR_SOP_LOCK:
    case AUGUR_SOP_RDLOCK:
    case AUGUR_SOP_WRLOCK:
    case AUGUR_SOP_COND_WAIT:
    case AUGUR_SOP_COND_WAKE:
    case AUGUR_SOP_BARRIER_ARRIVE:
    case AUGUR_SOP_BARRIER_LEAVE:
    case AUGUR_SOP_JOIN:
      return FALSE;
    default:
      return th->pending.ev_kind != AUGUR_EV_ONCE;
    }
}

char *
explore_deadlock_outside (Ctx *c, const AugurSchedShm *shm, guint *tid)
{
  if (shm->status != AUGUR_SST_DEADLOCK || shm->outside_sig == 0)
    return NULL;
  guint T = MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  for (guint t = 0; t < T; t++)
    if (augur_sched_thread_stuck (shm->threads[t].state) && handler_may_end (&shm->threads[t]))
      {
        g_autofree char *at = explore_findings_loc_key (c, shm->outside_sig_module,
                                                        shm->outside_sig_pc);
        const char *name = sigabbrev_np (shm->outside_sig);
        *tid = t;
        return name != NULL ? g_strdup_printf ("SIG%s, whose handler is at %s", name, at)
                            : g_strdup_printf ("signal %u, whose handler is at %s",
                                               (guint) shm->outside_sig, at);
      }
  return NULL;
}
