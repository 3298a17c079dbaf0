/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * misuse-finding.c — a misuse's finding, with the operation that misuses
 * and the earlier one that makes it a misuse (see misuse-finding.h).
 *
 * The runtime reports a misuse with its thread, call site, object and the
 * number of steps taken when it saw it; the operation itself is the last
 * step of that thread at that call site by then.  The earlier operation is
 * found by walking the steps back from it: the release that made a second
 * unlock a double unlock, the acquisition by the thread that holds a lock,
 * the creation of a thread still running when main returns ...
 */
#include "config.h"

#include "explorer/misuse-finding.h"

#include "common/augur-ops.h"
#include "explorer/steps.h"
#include "common/source-label.h"

typedef struct {
  AugurSymbolizer *sym;
  AugurExecNames *names;
  const AugurSchedStep *steps;
  guint n;
  const guint64 *ev;
  const AugurWrapperExec *wx;   /* the steps with their callers */
} Exec;

/* Is steps[k] a call that would acquire (@what) or release the mutex
 * (or lock) at @obj, and did it succeed?  A call that failed (a lock of a
 * destroyed mutex, a condition wait refused to a thread that does not
 * hold its mutex) took or released nothing. */
static gboolean
lock_call (const AugurSchedStep *s, guint64 obj, AugurOpsLock what, gboolean failed)
{
  guint64 lock;
  return augur_ops_step_lock (s, &lock) == what && lock == obj
         && ((s->flags & AUGUR_SF_FAILED) != 0) == failed;
}

static gboolean
acquires (const AugurSchedStep *s, guint64 obj)
{
  return lock_call (s, obj, AUGUR_OPS_LOCK_ACQUIRE, FALSE);
}

static gboolean
releases (const AugurSchedStep *s, guint64 obj)
{
  return lock_call (s, obj, AUGUR_OPS_LOCK_RELEASE, FALSE);
}

/* The operation that misused: the last step of the reporting thread at
 * the reported call site, up to the step the runtime was at. */
static gint
misusing_step (const Exec *x, const AugurSchedMisuse *m)
{
  guint upto = MIN (x->n, m->step + 1);
  for (guint k = upto; k > 0; k--)
    {
      const AugurSchedStep *s = &x->steps[k - 1];
      if (s->tid == m->tid && s->pc == m->pc && s->module == m->module)
        return (gint) k - 1;
    }
  return -1;
}

static gint
last_step (const Exec *x, guint before, gboolean (*pred) (const AugurSchedStep *, gconstpointer),
           gconstpointer data)
{
  for (guint k = MIN (before, x->n); k > 0; k--)
    if (pred (&x->steps[k - 1], data))
      return (gint) k - 1;
  return -1;
}

typedef struct {
  guint64 obj;
  guint tid;         /* G_MAXUINT: any */
  guint64 other;     /* a mutex the step must not wait with */
} Want;

static gboolean
is_release (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return releases (s, w->obj) || acquires (s, w->obj);   /* stops at an acquisition */
}

static gboolean
is_own_lock_op (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return s->tid == w->tid && (releases (s, w->obj) || acquires (s, w->obj));
}

static gboolean
is_acquire_by_other (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return acquires (s, w->obj) && (w->tid == G_MAXUINT || s->tid != w->tid);
}

static gboolean
is_lock_op (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return acquires (s, w->obj) || releases (s, w->obj);
}

static gboolean
is_wait_other_mutex (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return (s->op == AUGUR_SOP_COND_WAIT || s->op == AUGUR_SOP_COND_WAKE) && s->obj == w->obj
         && s->arg != w->other;
}

/* a condition wait on @obj by a thread other than @tid */
static gboolean
is_wait_by_other (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return s->op == AUGUR_SOP_COND_WAIT && s->obj == w->obj && s->tid != w->tid;
}

/* an arrival at the barrier @obj by a thread other than @tid */
static gboolean
is_arrival_by_other (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return s->op == AUGUR_SOP_BARRIER_ARRIVE && s->obj == w->obj && s->tid != w->tid;
}

static gboolean
is_create_of (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return s->op == AUGUR_SOP_CREATE && s->arg == w->obj;
}

static gboolean
is_init_of (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return s->op == AUGUR_SOP_INIT && s->obj == w->obj;
}

static gboolean
is_main_exit (const AugurSchedStep *s, gconstpointer data)
{
  (void) data;
  return (s->op == AUGUR_SOP_EXIT || s->op == AUGUR_SOP_END) && s->tid == 0;
}

static gboolean
is_use_of (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return (acquires (s, w->obj) || releases (s, w->obj)) && s->tid != w->tid;
}

/* a lock of @obj that failed, by thread @tid (G_MAXUINT: any) */
static gboolean
is_failed_lock (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return lock_call (s, w->obj, AUGUR_OPS_LOCK_ACQUIRE, TRUE)
         && (w->tid == G_MAXUINT || s->tid == w->tid);
}

static gboolean
is_destroy_of (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return s->op == AUGUR_SOP_DESTROY && s->obj == w->obj;
}

static gboolean
is_free_of (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return (s->xflags & AUGUR_SXF_FREE) && s->obj == w->obj;
}

static const char *
verb (const AugurSchedStep *s)
{
  if (s->op == AUGUR_SOP_EXIT && s->tid == 0)
    return "returns";
  /* a call on a lock or a semaphore that failed is a read of it: the
   * call's verb */
  const AugurOpsEvent *ev = augur_ops_event (s->ev_kind);
  AugurSchedOp op = s->op;
  if (op == AUGUR_SOP_READ && ev->sop != AUGUR_SOP_NONE && ev->object != AUGUR_OPS_OBJ_MEMORY
      && ev->object != AUGUR_OPS_OBJ_NONE)
    op = ev->sop;
  const char *verb = augur_ops_sched (op)->verb;
  return verb != NULL ? verb : "uses";
}

/* The object of steps[k] in backquotes, for prose; a thread's own name. */
static char *
object_text (const Exec *x, guint k, guint64 obj)
{
  const AugurSchedStep *s = &x->steps[k];
  if (s->op == AUGUR_SOP_CREATE || s->op == AUGUR_SOP_JOIN)
    return s->arg < AUGUR_SCHED_MAX_THREADS ? augur_thread_name ((guint) s->arg)
                                            : g_strdup ("a thread");
  g_autofree char *name = x->names != NULL && obj != 0 ? augur_exec_names_at (x->names, k, obj) : NULL;
  return name != NULL ? g_strdup_printf ("`%s`", name) : g_strdup ("an object");
}

/* "at x.c:9 (step 14)", "at x.c:30 (through take at x.c:9; step 14)" for a
 * call in a thin wrapper, or "(step 14)" where the place is unknown */
static char *
at_step (const Exec *x, guint k)
{
  const AugurSource *l = augur_symbolizer_lookup (x->sym, x->steps[k].module, x->steps[k].pc);
  if (l->file == NULL)
    return g_strdup_printf ("(step %u)", k);
  g_autofree char *outer = NULL;
  g_autofree char *through = NULL;
  augur_wrapper_site (x->wx, x->steps[k].module, x->steps[k].pc,
                      augur_wrapper_step_callers (x->wx, k), &outer, &through);
  if (through != NULL)
    return g_strdup_printf ("at %s (%s; step %u)", outer, through, k);
  return g_strdup_printf ("at %s (step %u)", outer, k);
}

/* "thread 2 unlocks `m` at x.c:9 (step 14)"; @obj: the object named (a
 * condition wait names its mutex when that is the point), by its name just
 * before step @named (a destroyed or freed object: when it still was) */
static char *
describe_named (const Exec *x, guint k, guint64 obj, guint named)
{
  const AugurSchedStep *s = &x->steps[k];
  g_autofree char *who = augur_thread_name (s->tid);
  g_autofree char *what = object_text (x, named, obj);
  g_autofree char *at = at_step (x, k);
  if (s->op == AUGUR_SOP_EXIT)
    return g_strdup_printf ("%s %s %s", who, verb (s), at);
  /* a condition wait named by its mutex (a wait with a destroyed one) */
  if ((s->op == AUGUR_SOP_COND_WAIT || s->op == AUGUR_SOP_COND_WAKE) && obj == s->arg && obj != s->obj)
    {
      g_autofree char *cond = object_text (x, named, s->obj);
      return g_strdup_printf ("%s %s %s with %s %s", who, verb (s), cond, what, at);
    }
  return g_strdup_printf ("%s %s %s %s", who, verb (s), what, at);
}

static char *
describe (const Exec *x, guint k, guint64 obj)
{
  return describe_named (x, k, obj, k);
}

/* "main at x.c:9 (step 14)": who did steps[k], and where */
static char *
by_at (const Exec *x, guint k)
{
  g_autofree char *who = augur_thread_name (x->steps[k].tid);
  g_autofree char *at = at_step (x, k);
  return g_strdup_printf ("%s %s", who, at);
}

static void
add_access (const Exec *x, AugurFinding *f, guint k)
{
  const AugurSchedStep *s = &x->steps[k];
  const AugurSource *l = augur_symbolizer_lookup (x->sym, s->module, s->pc);
  augur_finding_add_thread (f, s->tid);
  if (l->file == NULL)
    return;   /* main's return: a bug step, nothing to show as code */
  g_auto (GStrv) held = augur_steps_locks_held (x->names, x->steps, k, s->tid);
  /* a call made in a thin wrapper: at the wrapper's caller */
  augur_wrapper_add_access (x->wx, f, s->tid, x->ev[k], augur_steps_op (s), s->module, s->pc,
                            augur_wrapper_step_callers (x->wx, k), (const char *const *) held);
}

/* The kind of lock steps[k] uses, as the finding names it. */
static const char *
lock_kind (const Exec *x, gint k)
{
  if (k >= 0 && augur_ops_event (x->steps[k].ev_kind)->object == AUGUR_OPS_OBJ_RWLOCK)
    return "rwlock";
  if (k >= 0 && augur_ops_event (x->steps[k].ev_kind)->object == AUGUR_OPS_OBJ_SPIN)
    return "spinlock";
  return "mutex";
}

/* ------------------------------------------------------------------ */
/* One explanation per kind of misuse (rules[] below) */

/* A misuse being explained.  An explanation finds the earlier operation
 * (e) and returns the sentence; it may also name another step as the one
 * that misuses (k), the object's kind, and where the schedule ends. */
typedef struct {
  Exec x;
  const AugurSchedMisuse *m;
  gint k;                      /* the operation that misused, -1: not among the steps */
  gint e;                      /* the earlier operation, -1: none */
  guint64 obj;                 /* what the sentence is about */
  const char *object_kind;
  char *did;                   /* "main unlocks `m` at x.c:9 (step 14)", NULL: k < 0 */
  char *who;                   /* the reporting thread */
  guint end;                   /* the schedule shown ends here */
} Misuse;

/* what misused: the step, else the thread */
static const char *
did_or_who (const Misuse *u)
{
  return u->did != NULL ? u->did : u->who;
}

/* the last step before the misusing one that @pred accepts (@obj, @tid:
 * the Want), -1: none or no misusing step */
static gint
earlier (const Misuse *u, gboolean (*pred) (const AugurSchedStep *, gconstpointer), guint64 obj,
         guint tid, guint64 other)
{
  Want w = { obj, tid, other };
  return u->k >= 0 ? last_step (&u->x, (guint) u->k, pred, &w) : -1;
}

/* An unlock while nobody holds the lock, which no lock took before: a
 * lock that failed (a destroyed mutex) is no lock, and is named so. */
static char *
nobody_locked (Misuse *u)
{
  u->e = earlier (u, is_failed_lock, u->obj, G_MAXUINT, 0);
  if (u->e < 0)
    return g_strdup_printf ("%s while nobody holds it: it was never locked.", did_or_who (u));
  g_autofree char *tried = describe (&u->x, (guint) u->e, u->obj);
  return g_strdup_printf ("%s while nobody holds it: no lock of it succeeded (%s, and failed).",
                          did_or_who (u), tried);
}

static char *
explain_double_unlock (Misuse *u)
{
  const Exec *x = &u->x;
  /* the caller's own unlock is the first of the two when the caller has
   * not locked it since (others may have locked and unlocked it in
   * between: that is not the bug) */
  u->e = earlier (u, is_own_lock_op, u->obj, u->m->tid, 0);
  u->object_kind = lock_kind (x, u->k);
  if (u->e >= 0 && releases (&x->steps[u->e], u->obj))
    {
      g_autofree char *first = at_step (x, (guint) u->e);
      return g_strdup_printf ("Double unlock: %s while nobody holds it: %s unlocked it already %s "
                              "and has not locked it since.", u->did, u->who, first);
    }
  u->e = earlier (u, is_release, u->obj, G_MAXUINT, 0);
  if (u->e >= 0 && !releases (&x->steps[u->e], u->obj))
    u->e = -1;
  if (u->e < 0)
    return nobody_locked (u);
  g_autofree char *first = by_at (x, (guint) u->e);
  return g_strdup_printf ("Double unlock: %s while nobody holds it: it was unlocked already, by "
                          "%s, and nobody locked it since.", u->did, first);
}

/* an unlock or destroy of a lock another thread holds (@unlock: an unlock) */
static char *
explain_held (Misuse *u, gboolean unlock)
{
  const Exec *x = &u->x;
  u->e = earlier (u, is_acquire_by_other, u->obj, unlock ? u->m->tid : G_MAXUINT, 0);
  u->object_kind = lock_kind (x, u->e >= 0 ? u->e : u->k);
  if (u->e < 0)
    return g_strdup_printf (unlock ? "%s, which another thread holds." : "%s while a thread holds it.",
                            did_or_who (u));
  g_autofree char *held = at_step (x, (guint) u->e);
  g_autofree char *holder = augur_thread_name (x->steps[u->e].tid);
  return g_strdup_printf ("%s while %s holds it: %s locked it %s and has not unlocked it since.",
                          did_or_who (u), holder, holder, held);
}

static char *
explain_unlock_not_owner (Misuse *u)
{
  return explain_held (u, TRUE);
}

static char *
explain_destroy_held (Misuse *u)
{
  return explain_held (u, FALSE);
}

/* The latest wait (@is_wait) of another thread before the misusing step
 * that its own @wake step did not end; -1: none. */
static gint
waiting_since (const Misuse *u, gboolean (*is_wait) (const AugurSchedStep *, gconstpointer),
               AugurSchedOp wake)
{
  const Exec *x = &u->x;
  for (gint k = u->k; k > 0;)
    {
      Want w = { u->obj, u->m->tid, 0 };
      gint e = last_step (x, (guint) k, is_wait, &w);
      if (e < 0)
        return -1;
      gboolean woken = FALSE;
      for (guint j = (guint) e + 1; j < (guint) u->k && !woken; j++)
        woken = x->steps[j].tid == x->steps[e].tid && x->steps[j].op == wake;
      if (!woken)
        return e;
      k = e;
    }
  return -1;
}

/* A destroy while a thread waits on the object (@object_kind): the wait
 * by another thread that its own @wake step did not end, where it
 * @began, and what it means (@rest). */
static char *
destroy_while_waited (Misuse *u, const char *object_kind,
                      gboolean (*is_wait) (const AugurSchedStep *, gconstpointer), AugurSchedOp wake,
                      const char *began, const char *rest)
{
  u->object_kind = object_kind;
  u->e = waiting_since (u, is_wait, wake);
  if (u->e < 0)
    return g_strdup_printf ("%s while a thread waits on it.", did_or_who (u));
  g_autofree char *since = at_step (&u->x, (guint) u->e);
  g_autofree char *waiter = augur_thread_name (u->x.steps[u->e].tid);
  return g_strdup_printf ("%s while %s waits on it: it %s %s, %s", did_or_who (u), waiter, began,
                          since, rest);
}

static char *
explain_destroy_waited (Misuse *u)
{
  return destroy_while_waited (u, "condition", is_wait_by_other, AUGUR_SOP_COND_WAKE,
                               "began waiting", "and no signal or broadcast has woken it since.");
}

static char *
explain_destroy_waited_barrier (Misuse *u)
{
  return destroy_while_waited (u, "barrier", is_arrival_by_other, AUGUR_SOP_BARRIER_LEAVE, "arrived",
                               "and the barrier's count of threads has not been reached since: "
                               "destroy a barrier only once no thread can wait on it any more.");
}

static char *
explain_cond_two_mutexes (Misuse *u)
{
  const Exec *x = &u->x;
  u->e = earlier (u, is_wait_other_mutex, u->obj, G_MAXUINT, u->k >= 0 ? x->steps[u->k].arg : 0);
  u->object_kind = "condition";
  if (u->k < 0 || u->e < 0)
    return g_strdup_printf ("%s with another mutex than before: one condition variable must be "
                            "used with one mutex.", did_or_who (u));
  g_autofree char *m2 = object_text (x, (guint) u->k, x->steps[u->k].arg);
  g_autofree char *m1 = object_text (x, (guint) u->e, x->steps[u->e].arg);
  g_autofree char *first = by_at (x, (guint) u->e);
  return g_strdup_printf ("%s with mutex %s, but %s waited on it with mutex %s: one condition "
                          "variable must be used with one mutex.", u->did, m2, first, m1);
}

/* the report's obj is the mutex; the step's object is the condition */
static char *
explain_wait_not_owner (Misuse *u)
{
  const Exec *x = &u->x;
  gint k = u->k;
  u->e = earlier (u, is_lock_op, u->obj, G_MAXUINT, 0);
  gint tried = earlier (u, is_failed_lock, u->obj, u->m->tid, 0);
  if (tried > u->e)
    {
      /* its own lock failed since (a destroyed mutex): that is why */
      u->e = tried;
      g_autofree char *mutex = object_text (x, (guint) tried, u->obj);
      g_autofree char *wait = k >= 0 ? describe (x, (guint) k, x->steps[k].obj) : NULL;
      g_autofree char *lock = describe (x, (guint) tried, u->obj);
      return g_strdup_printf ("%s with mutex %s, which it does not hold: %s, and failed.",
                              wait != NULL ? wait : u->who, mutex, lock);
    }
  g_autofree char *mutex = k >= 0 ? object_text (x, (guint) k, u->obj) : g_strdup ("its mutex");
  g_autofree char *wait = k >= 0 ? describe (x, (guint) k, x->steps[k].obj) : NULL;
  g_autofree char *last = u->e >= 0 ? describe (x, (guint) u->e, u->obj) : NULL;
  const char *waits = wait != NULL ? wait : u->who;
  if (last != NULL && releases (&x->steps[u->e], u->obj) && x->steps[u->e].tid == u->m->tid)
    return g_strdup_printf ("%s with mutex %s without holding it: it unlocked it before (%s).",
                            waits, mutex, last);
  if (last != NULL && acquires (&x->steps[u->e], u->obj))
    return g_strdup_printf ("%s with mutex %s, which it does not hold: %s.", waits, mutex, last);
  u->e = -1;
  return g_strdup_printf ("%s with mutex %s, which it never locked.", waits, mutex);
}

/* the report's obj is the thread still running; its pc where it was
 * created.  The thread runs on, or ended without being joined: then other
 * schedules of the same trace let main return first. */
static char *
explain_main_returns (Misuse *u)
{
  const Exec *x = &u->x;
  Want w = { u->obj, G_MAXUINT, 0 };
  guint upto = MIN (x->n, u->m->step + 1);
  u->e = last_step (x, upto, is_create_of, &w);
  u->k = last_step (x, upto, is_main_exit, NULL);
  u->object_kind = "thread";
  u->end = x->n;
  g_autofree char *t = augur_thread_name ((guint) u->obj);
  g_autofree char *ret = u->k >= 0 ? describe (x, (guint) u->k, 0) : g_strdup ("main returns");
  g_autofree char *made = u->e >= 0 ? at_step (x, (guint) u->e) : NULL;
  g_autofree char *created = made != NULL ? g_strdup_printf (", created %s,", made) : g_strdup ("");
  return g_strdup_printf ("%s while %s%s may still run (nothing made main wait for its end): it is "
                          "killed with the process, whatever it had left to do.", ret, t, created);
}

/* the init is the operation named; the program's end makes it a leak */
static char *
explain_not_destroyed (Misuse *u)
{
  const Exec *x = &u->x;
  Want w = { u->obj, G_MAXUINT, 0 };
  gint init = last_step (x, MIN (x->n, u->m->step + 1), is_init_of, &w);
  u->end = x->n;
  u->k = init;
  if (init < 0)
    {
      u->e = -1;
      return g_strdup ("A mutex is initialised and never destroyed before the program ends.");
    }
  u->e = x->n > 0 ? (gint) x->n - 1 : -1;
  g_autofree char *made = describe (x, (guint) init, u->obj);
  return g_strdup_printf ("%s and nobody destroys it before the program ends (step %d): harmless "
                          "where mutexes hold no resources (glibc), a leak where they do.", made,
                          u->e);
}

static char *
explain_double_join (Misuse *u)
{
  u->object_kind = "thread";
  return g_strdup_printf ("%s, which was joined (or detached) already: its thread id may belong "
                          "to another thread by now.", did_or_who (u));
}

static char *
explain_self_join (Misuse *u)
{
  u->object_kind = "thread";
  return g_strdup_printf ("%s, and that thread is itself: it cannot wait for its own end. glibc "
                          "returns EDEADLK "
                          "at once and nothing is joined (POSIX leaves it undefined), so what "
                          "the caller meant to do after the join (free what the thread used, "
                          "count it as ended) is done while it still runs, or not at all.",
                          did_or_who (u));
}

static char *
explain_recursive_lock (Misuse *u)
{
  u->e = earlier (u, is_acquire_by_other, u->obj, G_MAXUINT, 0);
  if (u->e < 0)
    return g_strdup_printf ("%s, which it already holds; a normal mutex blocks for ever.",
                            did_or_who (u));
  g_autofree char *first = at_step (&u->x, (guint) u->e);
  return g_strdup_printf ("%s again: it locked it %s and still holds it; a normal mutex blocks "
                          "for ever.", did_or_who (u), first);
}

/* a barrier has no holder and no use before an init: an init is a misuse
 * only while it is initialised */
static char *
explain_init_barrier (Misuse *u)
{
  u->object_kind = "barrier";
  u->e = earlier (u, is_init_of, u->obj, G_MAXUINT, 0);
  if (u->e < 0)
    return g_strdup_printf ("%s again: it is initialised already and not destroyed: initialise "
                            "a barrier once, or destroy it first, when no thread can wait on it "
                            "any more.", did_or_who (u));
  g_autofree char *inited = by_at (&u->x, (guint) u->e);
  return g_strdup_printf ("%s again: it was initialised by %s and not destroyed since: initialise "
                          "a barrier once, or destroy it first, when no thread can wait on it any "
                          "more.", did_or_who (u), inited);
}

static char *
explain_init_in_use (Misuse *u)
{
  const Exec *x = &u->x;
  if (u->k >= 0 && augur_ops_event (x->steps[u->k].ev_kind)->object == AUGUR_OPS_OBJ_BARRIER)
    return explain_init_barrier (u);
  u->e = earlier (u, is_use_of, u->obj, u->m->tid, 0);
  g_autofree char *used = u->e >= 0 ? by_at (x, (guint) u->e) : NULL;
  gint before = earlier (u, is_init_of, u->obj, u->m->tid, 0);
  if (before >= 0)
    {
      /* initialised already and used since: a re-initialisation of a live
       * lock, not a lock reached before its first init */
      g_autofree char *inited = at_step (x, (guint) before);
      g_autofree char *since = used != NULL ? g_strdup_printf (", and used since, by %s", used)
                                            : g_strdup (" and is held");
      return g_strdup_printf ("%s again: re-initialised while in use. It was initialised %s%s: "
                              "initialise it once, or destroy it first, when no thread can use "
                              "it any more.", did_or_who (u), inited, since);
    }
  if (used != NULL)
    return g_strdup_printf ("%s while it may be in use: it was used before the init, by %s; "
                            "initialise a lock before any thread can reach it.", did_or_who (u),
                            used);
  return g_strdup_printf ("%s while it is held: initialise a lock before any thread can reach it, "
                          "and only once.", did_or_who (u));
}

/* The kind of object steps[k] uses, as the finding names it. */
static const char *
object_kind_of (const Exec *x, gint k)
{
  switch (k >= 0 ? augur_ops_event (x->steps[k].ev_kind)->object : AUGUR_OPS_OBJ_NONE)
    {
    case AUGUR_OPS_OBJ_COND: return "condition";
    case AUGUR_OPS_OBJ_BARRIER: return "barrier";
    case AUGUR_OPS_OBJ_SEM: return "semaphore";
    default: return lock_kind (x, k);
    }
}

/* The last destroy of u's object before it: u->e, the object named as
 * it was then (a struct freed since leaves its address to other names);
 * who destroyed it where, or NULL if no destroy is in the schedule. */
static char *
last_destroy (Misuse *u)
{
  const Exec *x = &u->x;
  u->e = earlier (u, is_destroy_of, u->obj, G_MAXUINT, 0);
  u->object_kind = object_kind_of (x, u->k);
  if (u->k >= 0 && x->steps[u->k].op == AUGUR_SOP_COND_WAIT && x->steps[u->k].arg == u->obj)
    u->object_kind = "mutex";   /* the wait's mutex was destroyed */
  if (u->e < 0)
    return NULL;
  g_free (u->did);
  u->did = describe_named (x, (guint) u->k, u->obj, (guint) u->e);
  return by_at (x, (guint) u->e);
}

/* What follows a use after destroy in its execution, which the explorer
 * does not report apart (explorer/after-destroy.h) */
static const char *
after_destroy_text (const Misuse *u)
{
  if (g_strcmp0 (u->object_kind, "mutex") == 0)
    return " On glibc a lock or unlock of a destroyed mutex fails (EINVAL) and excludes no "
           "thread: the misuses of it after this one, and the data races between threads whose "
           "calls on it failed before the race, follow from this bug and are not reported apart.";
  return " The misuses of it after this one follow from this bug and are not reported apart.";
}

static char *
explain_use_after_destroy (Misuse *u)
{
  g_autofree char *gone = last_destroy (u);
  if (gone == NULL)
    return g_strdup_printf ("%s after it was destroyed.%s", did_or_who (u), after_destroy_text (u));
  return g_strdup_printf ("%s after it was destroyed, by %s: a destroy must wait until no thread "
                          "can use the object any more.%s", u->did, gone, after_destroy_text (u));
}

/* the earlier destroy is the last one before: an init in between would
 * have made the object live again (rt-sched-destroy.c) */
static char *
explain_double_destroy (Misuse *u)
{
  g_autofree char *first = last_destroy (u);
  if (first == NULL)
    return g_strdup_printf ("%s, which was destroyed already and not initialised since.",
                            did_or_who (u));
  return g_strdup_printf ("Double destroy: %s, which was destroyed already, by %s, and not "
                          "initialised since: destroy an object once, or initialise it again "
                          "before the next destroy.", u->did, first);
}

/* the refused free is not a step: its call site is shown */
static char *
explain_double_free (Misuse *u)
{
  Want w = { u->obj, G_MAXUINT, 0 };
  u->e = last_step (&u->x, MIN (u->x.n, u->m->step + 1), is_free_of, &w);
  u->k = -1;
  u->object_kind = "block";
  if (u->e < 0)
    return g_strdup_printf ("%s frees a block that was freed already.", u->who);
  g_autofree char *first = by_at (&u->x, (guint) u->e);
  return g_strdup_printf ("%s frees a block that was freed already, by %s.", u->who, first);
}

static gboolean
is_free_around (const AugurSchedStep *s, gconstpointer data)
{
  const Want *w = data;
  return (s->xflags & AUGUR_SXF_FREE) && w->obj - s->obj < MAX (s->size, 1u);
}

/* The waiter's call is no step (it has not returned): its call site is
 * shown; the free is the step the runtime was at. */
static char *
explain_free_waited (Misuse *u)
{
  const Exec *x = &u->x;
  Want w = { u->obj, G_MAXUINT, 0 };
  u->k = -1;
  u->e = last_step (x, MIN (x->n, u->m->step + 1), is_free_around, &w);
  const AugurSource *l = augur_symbolizer_lookup (x->sym, u->m->module, u->m->pc);
  g_autofree char *base = l->file != NULL ? augur_source_label (l->file) : NULL;
  g_autofree char *at = base != NULL ? g_strdup_printf (" at %s:%u", base, l->line) : g_strdup ("");
  if (u->e < 0)
    return g_strdup_printf ("%s waits for an object%s whose memory is freed meanwhile.", u->who, at);
  g_autofree char *what = object_text (x, (guint) u->e, u->obj);
  g_autofree char *freer = augur_thread_name (x->steps[u->e].tid);
  g_autofree char *freed_at = at_step (x, (guint) u->e);
  return g_strdup_printf ("%s waits for %s%s while %s frees the block that holds it %s: whatever "
                          "wakes the waiter, and in whichever order, its call then reads or "
                          "writes freed memory, which may already hold another object. Free a "
                          "block only once no thread can wait on anything in it.",
                          u->who, what, at, freer, freed_at);
}

static char *
explain_invalid_free (Misuse *u)
{
  u->k = -1;
  u->object_kind = "block";
  return g_strdup_printf ("%s frees memory that malloc did not return (a global or a variable on "
                          "a stack).", u->who);
}

static char *
explain_uninit_mutex (Misuse *u)
{
  return g_strdup_printf ("%s, a mutex in heap memory that was never initialised (no "
                          "pthread_mutex_init in this execution).", did_or_who (u));
}

static char *
explain_uninit_cond (Misuse *u)
{
  u->object_kind = "condition";
  return g_strdup_printf ("%s, a condition variable in heap memory that was never initialised (no "
                          "pthread_cond_init in this execution).", did_or_who (u));
}

static char *
explain_uninit_barrier (Misuse *u)
{
  u->object_kind = "barrier";
  return g_strdup_printf ("%s, a barrier that was never initialised (no pthread_barrier_init "
                          "succeeded on it): glibc divides by its count of 0.", did_or_who (u));
}

static char *
explain_other (Misuse *u)
{
  return g_strdup_printf ("%s misuses the threads API.", did_or_who (u));
}

/* Which step names the finding's object. */
enum {
  NAMED_AT_STEP = 0,   /* the misusing step, else the earlier one */
  NAMED_BEFORE,        /* the earlier one, else the misusing one (a destroyed object) */
  NAMED_THREAD,        /* the object is a thread: its name */
  NAMED_NOTHING,
};

typedef struct {
  const char *subkind;           /* the finding's sub-kind */
  AugurOp     op;                /* what the call site does, when it is not among the steps */
  guint8      named;             /* NAMED_* */
  char     *(*explain) (Misuse *u);
  gboolean    no_step;           /* the misusing call is never a step (a refused free, a
                                  * call still waiting) */
} MisuseRule;

static const MisuseRule rules[] = {
  [0] = { "misuse", AUGUR_OP_INIT, NAMED_AT_STEP, explain_other },
  [AUGUR_MISUSE_UNLOCK_NOT_OWNER] = { "unlock-not-owner", AUGUR_OP_UNLOCK, NAMED_AT_STEP,
                                      explain_unlock_not_owner },
  [AUGUR_MISUSE_UNLOCK_UNLOCKED] = { "double-unlock", AUGUR_OP_UNLOCK, NAMED_AT_STEP,
                                     explain_double_unlock },
  [AUGUR_MISUSE_DESTROY_HELD] = { "destroy-held-mutex", AUGUR_OP_DESTROY, NAMED_AT_STEP,
                                  explain_destroy_held },
  [AUGUR_MISUSE_DOUBLE_JOIN] = { "double-join", AUGUR_OP_JOIN, NAMED_NOTHING, explain_double_join },
  [AUGUR_MISUSE_SELF_JOIN] = { "self-join", AUGUR_OP_JOIN, NAMED_NOTHING, explain_self_join },
  [AUGUR_MISUSE_RECURSIVE_LOCK] = { "recursive-lock", AUGUR_OP_LOCK, NAMED_AT_STEP,
                                    explain_recursive_lock },
  [AUGUR_MISUSE_COND_TWO_MUTEXES] = { "cond-two-mutexes", AUGUR_OP_WAIT, NAMED_AT_STEP,
                                      explain_cond_two_mutexes },
  [AUGUR_MISUSE_MAIN_RETURNS] = { "main-returns-with-threads", AUGUR_OP_CREATE, NAMED_THREAD,
                                  explain_main_returns },
  [AUGUR_MISUSE_NOT_DESTROYED] = { "not-destroyed", AUGUR_OP_INIT, NAMED_AT_STEP,
                                   explain_not_destroyed },
  [AUGUR_MISUSE_WAIT_NOT_OWNER] = { "wait-without-mutex", AUGUR_OP_WAIT, NAMED_AT_STEP,
                                    explain_wait_not_owner },
  [AUGUR_MISUSE_UNINIT_MUTEX] = { "uninitialised-mutex", AUGUR_OP_LOCK, NAMED_AT_STEP,
                                  explain_uninit_mutex },
  [AUGUR_MISUSE_UNINIT_COND] = { "uninitialised-cond", AUGUR_OP_WAIT, NAMED_AT_STEP,
                                 explain_uninit_cond },
  [AUGUR_MISUSE_INIT_IN_USE] = { "init-in-use", AUGUR_OP_INIT, NAMED_AT_STEP, explain_init_in_use },
  [AUGUR_MISUSE_USE_AFTER_DESTROY] = { "use-after-destroy", AUGUR_OP_LOCK, NAMED_BEFORE,
                                       explain_use_after_destroy },
  [AUGUR_MISUSE_DOUBLE_FREE] = { "double-free", AUGUR_OP_FREE, NAMED_AT_STEP, explain_double_free,
                                   TRUE },
  [AUGUR_MISUSE_INVALID_FREE] = { "invalid-free", AUGUR_OP_FREE, NAMED_AT_STEP,
                                  explain_invalid_free, TRUE },
  /* found by the explorer (memcheck.h), not reported by the runtime */
  [AUGUR_MISUSE_USE_AFTER_FREE] = { "use-after-free", AUGUR_OP_INIT, NAMED_AT_STEP, explain_other },
  [AUGUR_MISUSE_DESTROY_WAITED] = { "destroy-waited-cond", AUGUR_OP_DESTROY, NAMED_AT_STEP,
                                    explain_destroy_waited },
  [AUGUR_MISUSE_UNINIT_BARRIER] = { "uninitialised-barrier", AUGUR_OP_BARRIER_ENTER, NAMED_AT_STEP,
                                    explain_uninit_barrier },
  [AUGUR_MISUSE_DESTROY_WAITED_BARRIER] = { "destroy-waited-barrier", AUGUR_OP_DESTROY,
                                            NAMED_AT_STEP, explain_destroy_waited_barrier },
  [AUGUR_MISUSE_DOUBLE_DESTROY] = { "double-destroy", AUGUR_OP_DESTROY, NAMED_BEFORE,
                                    explain_double_destroy },
  [AUGUR_MISUSE_FREE_WAITED] = { "use-after-free", AUGUR_OP_LOCK_REQUEST, NAMED_BEFORE,
                                  explain_free_waited, TRUE },
};

static const MisuseRule *
rule_of (guint32 kind)
{
  return &rules[kind < G_N_ELEMENTS (rules) && rules[kind].subkind != NULL ? kind : 0];
}

const char *
augur_misuse_subkind (guint32 kind)
{
  return rule_of (kind)->subkind;
}

char *
augur_misuse_site_key (const AugurWrapperExec *x, const AugurSchedMisuse *m)
{
  Exec e = { x->sym, NULL, x->steps, x->n, NULL, x };
  gint k = rule_of (m->kind)->no_step ? -1 : misusing_step (&e, m);
  g_autofree char *outer = NULL;
  g_autofree char *through = NULL;
  augur_wrapper_site (x, m->module, m->pc, k >= 0 ? augur_wrapper_step_callers (x, (guint) k) : NULL,
                      &outer, &through);
  return g_steal_pointer (&outer);
}

/* ------------------------------------------------------------------ */
/* The finding */

static void
set_object (AugurFinding *f, const Misuse *u, const MisuseRule *r)
{
  gint named = u->k >= 0 ? u->k : u->e;
  if (r->named == NAMED_BEFORE && u->e >= 0)
    named = u->e;
  if (r->named == NAMED_THREAD || r->named == NAMED_NOTHING)
    named = -1;
  if (named >= 0 && u->obj != 0 && u->x.names != NULL)
    {
      g_autofree char *name = augur_exec_names_at (u->x.names, (guint) named, u->obj);
      augur_finding_set_object (f, name, u->object_kind);
    }
  else if (r->named == NAMED_THREAD)
    {
      g_autofree char *t = augur_thread_name ((guint) u->obj);
      augur_finding_set_object (f, t, u->object_kind);
    }
}

/* The two operations as accesses, in the order they ran, and the schedule
 * up to the later of them, both marked. */
static void
add_operations (AugurFinding *f, const Misuse *u, const MisuseRule *r)
{
  const Exec *x = &u->x;
  gint k = u->k, e = u->e;
  guint n = x->n, end = u->end;
  if (e >= 0 && (guint) e < n && e != k && (k < 0 || e < k))
    add_access (x, f, (guint) e);
  if (k >= 0)
    add_access (x, f, (guint) k);
  else
    {
      /* not a step (the steps were cut, or the misuse is no call): the
       * reported call site, as the event after the thread's last step
       * (tied to none of them), unless it is the thread's own earlier
       * operation's */
      const AugurSource *l = augur_symbolizer_lookup (x->sym, u->m->module, u->m->pc);
      augur_finding_add_thread (f, u->m->tid);
      guint64 next = 0;
      for (guint j = 0; j < n; j++)
        next += x->steps[j].tid == u->m->tid;
      gboolean same = FALSE;
      if (e >= 0 && (guint) e < n)
        {
          const AugurSource *el = augur_symbolizer_lookup (x->sym, x->steps[e].module, x->steps[e].pc);
          same = x->steps[e].tid == u->m->tid && el->line == l->line
                 && g_strcmp0 (el->file, l->file) == 0;
        }
      if (!same)
        augur_finding_add_access (f, u->m->tid, next, r->op, l->file, l->line, l->function, NULL);
    }
  if (e >= 0 && (guint) e < n && k >= 0 && e > k)
    add_access (x, f, (guint) e);
  if (e >= 0 && (guint) e >= end)
    end = (guint) e + 1;
  if (k >= 0 && (guint) k >= end)
    end = (guint) k + 1;
  augur_steps_add_schedule (x->sym, x->names, f, x->steps, end, x->ev);
  if (k >= 0)
    augur_finding_mark_bug_step (f, (guint) k);
  if (e >= 0 && (guint) e < end)
    augur_finding_mark_bug_step (f, (guint) e);
  if (k < 0 && e < 0 && end > 0)
    augur_finding_mark_bug_step (f, end - 1);
}

AugurFinding *
augur_misuse_finding_new (const AugurWrapperExec *x, AugurExecNames *names, const guint64 *ev,
                          const AugurSchedMisuse *m)
{
  Misuse u = { { x->sym, names, x->steps, x->n, ev, x }, m, -1, -1, m->obj, "mutex", NULL, NULL,
               MIN (x->n, m->step + 1) };
  u.k = misusing_step (&u.x, m);
  u.did = u.k >= 0 ? describe (&u.x, (guint) u.k, u.obj) : NULL;
  u.who = augur_thread_name (m->tid);
  const MisuseRule *r = rule_of (m->kind);
  g_autofree char *text = r->explain (&u);
  /* a sentence starts with a capital, but "main" is the function's name */
  if (text[0] >= 'a' && text[0] <= 'z' && !g_str_has_prefix (text, "main "))
    text[0] = (char) (text[0] - 'a' + 'A');
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_MISUSE, r->subkind, text);
  set_object (f, &u, r);
  add_operations (f, &u, r);
  g_free (u.did);
  g_free (u.who);
  return f;
}
