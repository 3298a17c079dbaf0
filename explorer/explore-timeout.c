/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-timeout.c — what a failure's explanation says of the waits
 * with a timeout that timed out in its execution, and of a tryjoin that
 * found its thread running (EBUSY).
 *
 * Under augur time passes only as threads wait (runtime/rt-sched-await.c):
 * any timed wait may time out before the thread it waits for got to run,
 * as on a slow or loaded machine, and the explorer tries that.  A program
 * that takes such a timeout for impossible (libuv's tests abort when a
 * 1 s wait on a condition timed out) then fails, and its finding would
 * say only "main calls abort()".  So the explanation of a failure names
 * the last timed waits that timed out before it: where, on what, how long
 * the wait was, and what came too late (the signal, the unlock, the post
 * that the explorer ran after the timeout).  A timeout is the step that
 * moved the clock on by it (AUGUR_EV_TIME, arg = its length): a YIELD
 * after the timed-out call's own step at its call site
 * (rt_sched_timed_out), or a condition wait's timeout between its wait
 * and its wake-up, a read of the condition (rt_sched_cond_timeout); or a
 * COND_WAKE step with AUGUR_SF_TIMEOUT that has neither (its deadline had
 * passed).
 */
#include "config.h"

#include "explorer/explore-private.h"
#include "explorer/steps.h"

#define TIMEOUT_NOTE_MAX 3   /* timed waits named, the last ones */

static gboolean
clock_step (const AugurSchedStep *s)
{
  return s->ev_kind == AUGUR_EV_TIME && (s->xflags & AUGUR_SXF_CLOCK_JUMP) && s->arg != 0
         && (s->op == AUGUR_SOP_YIELD || (s->op == AUGUR_SOP_READ && s->obj != AUGUR_SCHED_CLOCK_OBJ));
}

/* The step of steps[k]'s thread next to it (@dir 1: after, -1: before, in
 * steps[0..n)), or -1. */
static gint
next_of_thread (const AugurSchedStep *steps, guint n, guint k, gint dir)
{
  for (gint i = (gint) k + dir; i >= 0 && i < (gint) n; i += dir)
    if (steps[i].tid == steps[k].tid)
      return i;
  return -1;
}

/* Is the timed-out wake-up steps[k] counted by its clock step (its
 * timeout's just before it, or the one just after it)? */
static gboolean
wake_has_clock_step (const AugurSchedStep *steps, guint n, guint k)
{
  gint i = next_of_thread (steps, k, k, -1), j = next_of_thread (steps, n, k, 1);
  return (i >= 0 && clock_step (&steps[i]) && steps[i].pc == steps[k].pc)
         || (j >= 0 && clock_step (&steps[j]) && steps[j].pc == steps[k].pc);
}

/* The call whose timeout steps[k] is (k itself, or the step before it of
 * its thread at its call site), or k. */
static guint
timed_call (const AugurSchedStep *steps, guint k)
{
  for (guint i = k; i-- > 0;)
    if (steps[i].tid == steps[k].tid)
      return steps[i].pc == steps[k].pc && steps[i].module == steps[k].module ? i : k;
  return k;
}

/* "1 s", "250 ms", "1.5 s", "2.25 ms", "40 us" */
static char *
duration_text (guint64 ns)
{
  if (ns >= G_GUINT64_CONSTANT (1000000000))
    return g_strdup_printf ("%g s", (double) ns / 1e9);
  if (ns >= 1000000u)
    return g_strdup_printf ("%g ms", (double) ns / 1e6);
  return g_strdup_printf ("%g us", (double) ns / 1e3);
}

/* What the wait at steps[w] waited for, done by another thread in
 * steps(to..n): the first signal of its condition, post of its semaphore,
 * release of its lock after its timeout; -1 if none. */
static gint
too_late (const AugurSchedStep *steps, guint n, guint w, guint to)
{
  const AugurSchedStep *s = &steps[w];
  gboolean cond = s->op == AUGUR_SOP_COND_WAKE || s->op == AUGUR_SOP_COND_WAIT;
  for (guint k = to + 1; k < n; k++)
    {
      const AugurSchedStep *x = &steps[k];
      if (x->tid == s->tid || x->obj != s->obj)
        continue;
      if (cond && (x->op == AUGUR_SOP_SIGNAL || x->op == AUGUR_SOP_BROADCAST))
        return (gint) k;
      if (s->ev_kind == AUGUR_EV_SEM_WAIT && x->op == AUGUR_SOP_SEM_POST)
        return (gint) k;
      if ((s->ev_kind == AUGUR_EV_MUTEX_TIMEDLOCK || s->ev_kind == AUGUR_EV_RWLOCK_RDLOCK
           || s->ev_kind == AUGUR_EV_RWLOCK_WRLOCK)
          && (x->op == AUGUR_SOP_UNLOCK || x->op == AUGUR_SOP_RWUNLOCK))
        return (gint) k;
    }
  return -1;
}

/* Did another thread signal the condition the wait that timed out at
 * steps[to] waited on while it waited? */
static gboolean
signalled_meanwhile (const AugurSchedStep *steps, guint to)
{
  for (guint k = to; k-- > 0;)
    {
      const AugurSchedStep *x = &steps[k];
      if (x->tid == steps[to].tid && x->op == AUGUR_SOP_COND_WAIT)
        return FALSE;
      if (x->obj == steps[to].obj && (x->op == AUGUR_SOP_SIGNAL || x->op == AUGUR_SOP_BROADCAST))
        return TRUE;
    }
  return FALSE;
}

/* One timed-out wait: steps[w] its call, steps[to] its timeout, @ns its
 * length (0: unknown). */
static void
append_one (Ctx *c, GString *e, const AugurSchedStep *steps, guint n, guint w, guint to, guint64 ns)
{
  const AugurSchedStep *s = &steps[w];
  gboolean cond = s->op == AUGUR_SOP_COND_WAKE || s->op == AUGUR_SOP_COND_WAIT;
  gboolean sem = s->ev_kind == AUGUR_EV_SEM_WAIT;
  gboolean lock = s->ev_kind == AUGUR_EV_MUTEX_TIMEDLOCK || s->ev_kind == AUGUR_EV_RWLOCK_RDLOCK
                  || s->ev_kind == AUGUR_EV_RWLOCK_WRLOCK;
  g_autofree char *at = explore_findings_loc_key (c, s->module, s->pc);
  g_autofree char *who = augur_thread_name (s->tid);
  g_autofree char *obj = cond || sem || lock ? explore_findings_object_of (c, steps, w) : NULL;
  /* the function it is in: a wrapper's (libuv's uv_cond_timedwait) says
   * which call of the program's it is */
  const AugurSource *l = augur_symbolizer_lookup (c->sym, s->module, s->pc);
  g_autofree char *in = l->function != NULL ? g_strdup_printf (" in %s()", l->function) : g_strdup ("");
  /* a timedjoin that timed out: a read of the thread's end (arg) */
  g_autofree char *peer = s->ev_kind == AUGUR_EV_THREAD_JOIN ? augur_thread_name ((guint) s->arg) : NULL;
  /* a poll's or epoll_wait's timeout returns 0, not ETIMEDOUT */
  if (peer != NULL)
    g_string_append_printf (e, " The timed join of %s at %s%s (%s) returned ETIMEDOUT", peer, at, in, who);
  else
    g_string_append_printf (e, " The %s%s%s%s at %s%s (%s) %s",
                            cond || sem ? "timed wait on " : lock ? "timed lock of " : "wait with a timeout",
                            obj != NULL ? "`" : "", obj != NULL ? obj : "", obj != NULL ? "`" : "", at,
                            in, who, obj != NULL ? "returned ETIMEDOUT" : "timed out");
  g_autofree char *len = ns != 0 ? duration_text (ns) : NULL;
  gint k = obj != NULL ? too_late (steps, n, w, to) : -1;
  if (len != NULL)
    g_string_append_printf (e, ": its %s timeout ran out", len);
  else
    g_string_append (e, ": its deadline had passed");
  for (guint i = to + 1; peer != NULL && i < n; i++)
    if (steps[i].op == AUGUR_SOP_EXIT && steps[i].tid == s->arg)
      {
        g_string_append_printf (e, " before %s ended", peer);
        break;
      }
  if (k >= 0)
    {
      g_autofree char *kat = explore_findings_loc_key (c, steps[k].module, steps[k].pc);
      g_autofree char *kwho = augur_thread_name (steps[k].tid);
      g_string_append_printf (e, " before %s %s it at %s", kwho,
                              cond ? "signalled" : sem ? "posted" : "released", kat);
    }
  else if (cond && !signalled_meanwhile (steps, to))
    g_string_append (e, " while no thread had signalled it");
  g_string_append_c (e, '.');
}

/* The last tryjoin before steps[upto] that failed with EBUSY (a read of
 * the thread's end that did not time out, rt-sched-join.c), if any. */
static void
append_tryjoin (Ctx *c, GString *e, const AugurSchedStep *steps, guint upto)
{
  guint k = upto;
  while (k-- > 0)
    if (steps[k].op == AUGUR_SOP_READ && steps[k].ev_kind == AUGUR_EV_THREAD_JOIN
        && !(steps[k].flags & AUGUR_SF_TIMEOUT))
      break;
  if (k == G_MAXUINT)
    return;
  g_autofree char *at = explore_findings_loc_key (c, steps[k].module, steps[k].pc);
  g_autofree char *who = augur_thread_name (steps[k].tid);
  g_autofree char *peer = augur_thread_name ((guint) steps[k].arg);
  const AugurSource *l = augur_symbolizer_lookup (c->sym, steps[k].module, steps[k].pc);
  g_autofree char *in = l->function != NULL ? g_strdup_printf (" in %s()", l->function) : g_strdup ("");
  g_string_append_printf (e, " The tryjoin of %s at %s%s (%s) returned EBUSY: %s had not ended yet.", peer,
                          at, in, who, peer);
}

char *
explore_timeout_note (Ctx *c, const char *text, const AugurSchedStep *steps, guint upto, guint n)
{
  /* the last timeouts before the failure, one per call site, the latest first */
  guint found[TIMEOUT_NOTE_MAX], at[TIMEOUT_NOTE_MAX];
  guint64 lens[TIMEOUT_NOTE_MAX];
  guint n_found = 0, more = 0;
  for (guint k = upto; k-- > 0;)
    {
      const AugurSchedStep *s = &steps[k];
      gboolean wake = s->op == AUGUR_SOP_COND_WAKE && (s->flags & AUGUR_SF_TIMEOUT);
      if (!wake && !clock_step (s))
        continue;
      /* a wake-up whose timeout has its clock step: that step counts */
      if (wake && wake_has_clock_step (steps, upto, k))
        continue;
      guint w = wake ? k : timed_call (steps, k);
      guint64 ns = wake ? 0 : s->arg;
      gboolean seen = FALSE;
      for (guint i = 0; i < n_found && !seen; i++)
        seen = steps[found[i]].pc == steps[w].pc && steps[found[i]].module == steps[w].module;
      if (seen)
        continue;
      if (n_found == TIMEOUT_NOTE_MAX)
        {
          more++;
          continue;
        }
      lens[n_found] = ns;
      at[n_found] = k;
      found[n_found++] = w;
    }
  GString *e = g_string_new (text);
  append_tryjoin (c, e, steps, upto);
  if (n_found == 0)
    return g_string_free (e, FALSE);
  for (guint i = 0; i < n_found; i++)
    append_one (c, e, steps, n, found[i], at[i], lens[i]);
  if (more > 0)
    g_string_append_printf (e, " (%u other timed wait%s timed out before.)", more, more > 1 ? "s" : "");
  g_string_append (e, " Under augur time passes only as threads wait, so a timeout may run out "
                      "before another thread gets to run, as on a loaded machine.");
  return g_string_free (e, FALSE);
}
