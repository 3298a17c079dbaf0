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

const char *
augur_misuse_subkind (guint32 kind)
{
  switch (kind)
    {
    case AUGUR_MISUSE_UNLOCK_NOT_OWNER: return "unlock-not-owner";
    case AUGUR_MISUSE_UNLOCK_UNLOCKED: return "double-unlock";
    case AUGUR_MISUSE_DESTROY_HELD: return "destroy-held-mutex";
    case AUGUR_MISUSE_DOUBLE_JOIN: return "double-join";
    case AUGUR_MISUSE_RECURSIVE_LOCK: return "recursive-lock";
    case AUGUR_MISUSE_COND_TWO_MUTEXES: return "cond-two-mutexes";
    case AUGUR_MISUSE_MAIN_RETURNS: return "main-returns-with-threads";
    case AUGUR_MISUSE_NOT_DESTROYED: return "not-destroyed";
    case AUGUR_MISUSE_WAIT_NOT_OWNER: return "wait-without-mutex";
    case AUGUR_MISUSE_UNINIT_MUTEX: return "uninitialised-mutex";
    case AUGUR_MISUSE_UNINIT_COND: return "uninitialised-cond";
    case AUGUR_MISUSE_INIT_IN_USE: return "init-in-use";
    case AUGUR_MISUSE_USE_AFTER_DESTROY: return "use-after-destroy";
    case AUGUR_MISUSE_DOUBLE_FREE: return "double-free";
    case AUGUR_MISUSE_INVALID_FREE: return "invalid-free";
    case AUGUR_MISUSE_USE_AFTER_FREE: return "use-after-free";
    default: return "misuse";
    }
}

typedef struct {
  AugurSymbolizer *sym;
  AugurExecNames *names;
  const AugurSchedStep *steps;
  guint n;
  const guint64 *ev;
} Exec;

/* Does steps[k] acquire / release the mutex (or lock) at @obj? */
static gboolean
acquires (const AugurSchedStep *s, guint64 obj)
{
  guint64 lock;
  return augur_ops_step_lock (s, &lock) == AUGUR_OPS_LOCK_ACQUIRE && lock == obj;
}

static gboolean
releases (const AugurSchedStep *s, guint64 obj)
{
  guint64 lock;
  return augur_ops_step_lock (s, &lock) == AUGUR_OPS_LOCK_RELEASE && lock == obj;
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
  switch (s->op)
    {
    case AUGUR_SOP_LOCK: case AUGUR_SOP_WRLOCK: return "locks";
    case AUGUR_SOP_RDLOCK: return "read-locks";
    case AUGUR_SOP_UNLOCK: case AUGUR_SOP_RWUNLOCK: return "unlocks";
    case AUGUR_SOP_COND_WAIT: return "waits on";
    case AUGUR_SOP_COND_WAKE: return "wakes up on";
    case AUGUR_SOP_SIGNAL: return "signals";
    case AUGUR_SOP_BROADCAST: return "broadcasts";
    case AUGUR_SOP_INIT: return "initialises";
    case AUGUR_SOP_DESTROY: return "destroys";
    case AUGUR_SOP_JOIN: return "joins";
    case AUGUR_SOP_CREATE: return "creates";
    case AUGUR_SOP_EXIT: return s->tid == 0 ? "returns" : "exits";
    case AUGUR_SOP_READ: return "reads";
    case AUGUR_SOP_WRITE: return "writes";
    default: return "uses";
    }
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

/* "x.c:9 (step 14)", or "step 14" where the place is unknown */
static char *
at_step (const Exec *x, guint k)
{
  const AugurSource *l = augur_symbolizer_lookup (x->sym, x->steps[k].module, x->steps[k].pc);
  if (l->file == NULL)
    return g_strdup_printf ("(step %u)", k);
  g_autofree char *base = g_path_get_basename (l->file);
  return g_strdup_printf ("at %s:%u (step %u)", base, l->line, k);
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

/* What the reported call site does, when it is not among the steps. */
static AugurOp
misuse_op (guint32 kind)
{
  switch (kind)
    {
    case AUGUR_MISUSE_UNLOCK_NOT_OWNER: case AUGUR_MISUSE_UNLOCK_UNLOCKED:
      return AUGUR_OP_UNLOCK;
    case AUGUR_MISUSE_DESTROY_HELD:
      return AUGUR_OP_DESTROY;
    case AUGUR_MISUSE_DOUBLE_JOIN:
      return AUGUR_OP_JOIN;
    case AUGUR_MISUSE_RECURSIVE_LOCK: case AUGUR_MISUSE_UNINIT_MUTEX:
      return AUGUR_OP_LOCK;
    case AUGUR_MISUSE_COND_TWO_MUTEXES: case AUGUR_MISUSE_WAIT_NOT_OWNER:
    case AUGUR_MISUSE_UNINIT_COND:
      return AUGUR_OP_WAIT;
    case AUGUR_MISUSE_MAIN_RETURNS:
      return AUGUR_OP_CREATE;
    case AUGUR_MISUSE_DOUBLE_FREE: case AUGUR_MISUSE_INVALID_FREE:
      return AUGUR_OP_FREE;
    case AUGUR_MISUSE_USE_AFTER_DESTROY:
      return AUGUR_OP_LOCK;
    default:
      return AUGUR_OP_INIT;
    }
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
  augur_finding_add_access (f, s->tid, x->ev[k], augur_step_op (s), l->file, l->line,
                            l->function, (const char *const *) held);
}

static const char *
lock_kind (const Exec *x, gint k)
{
  if (k < 0)
    return "mutex";
  switch (x->steps[k].op)
    {
    case AUGUR_SOP_RDLOCK: case AUGUR_SOP_WRLOCK: case AUGUR_SOP_RWUNLOCK:
      return "rwlock";
    default:
      return "mutex";
    }
}

AugurFinding *
augur_misuse_finding_new (AugurSymbolizer *sym, AugurExecNames *names, const AugurSchedStep *steps,
                          guint n, const guint64 *ev, const AugurSchedMisuse *m)
{
  Exec x = { sym, names, steps, n, ev };
  gint k = misusing_step (&x, m);
  gint e = -1;                 /* the earlier operation */
  guint64 obj = m->obj;        /* what the sentence is about */
  const char *object_kind = "mutex";
  g_autofree char *text = NULL;
  g_autofree char *did = k >= 0 ? describe (&x, (guint) k, obj) : NULL;
  g_autofree char *who = augur_thread_name (m->tid);
  guint end = MIN (n, m->step + 1);   /* the schedule shown ends here */

  switch (m->kind)
    {
    case AUGUR_MISUSE_UNLOCK_UNLOCKED:
      {
        /* the caller's own unlock is the first of the two when the caller
         * has not locked it since (others may have locked and unlocked it
         * in between: that is not the bug) */
        Want mine = { obj, m->tid, 0 };
        e = k >= 0 ? last_step (&x, (guint) k, is_own_lock_op, &mine) : -1;
        object_kind = lock_kind (&x, k);
        if (e >= 0 && releases (&steps[e], obj))
          {
            g_autofree char *first = at_step (&x, (guint) e);
            text = g_strdup_printf ("Double unlock: %s while nobody holds it: %s unlocked it "
                                    "already %s and has not locked it since.", did, who, first);
            break;
          }
        Want w = { obj, G_MAXUINT, 0 };
        e = k >= 0 ? last_step (&x, (guint) k, is_release, &w) : -1;
        if (e >= 0 && !releases (&steps[e], obj))
          e = -1;
        g_autofree char *first = e >= 0 ? by_at (&x, (guint) e) : NULL;
        if (first != NULL)
          text = g_strdup_printf ("Double unlock: %s while nobody holds it: it was unlocked "
                                  "already, by %s, and nobody locked it since.", did, first);
        else
          text = g_strdup_printf ("%s while nobody holds it: it was never locked.",
                                  did != NULL ? did : who);
        break;
      }
    case AUGUR_MISUSE_UNLOCK_NOT_OWNER:
    case AUGUR_MISUSE_DESTROY_HELD:
      {
        gboolean unlock = m->kind == AUGUR_MISUSE_UNLOCK_NOT_OWNER;
        Want w = { obj, unlock ? m->tid : G_MAXUINT, 0 };
        e = k >= 0 ? last_step (&x, (guint) k, is_acquire_by_other, &w) : -1;
        object_kind = lock_kind (&x, e >= 0 ? e : k);
        g_autofree char *held = e >= 0 ? at_step (&x, (guint) e) : NULL;
        g_autofree char *holder = e >= 0 ? augur_thread_name (steps[e].tid) : NULL;
        if (held != NULL)
          text = g_strdup_printf ("%s while %s holds it: %s locked it %s and has not unlocked "
                                  "it since.", did != NULL ? did : who, holder, holder, held);
        else
          text = g_strdup_printf (unlock ? "%s, which another thread holds."
                                         : "%s while a thread holds it.",
                                  did != NULL ? did : who);
        break;
      }
    case AUGUR_MISUSE_COND_TWO_MUTEXES:
      {
        Want w = { obj, G_MAXUINT, k >= 0 ? steps[k].arg : 0 };
        e = k >= 0 ? last_step (&x, (guint) k, is_wait_other_mutex, &w) : -1;
        object_kind = "condition";
        if (k >= 0 && e >= 0)
          {
            g_autofree char *m2 = object_text (&x, (guint) k, steps[k].arg);
            g_autofree char *m1 = object_text (&x, (guint) e, steps[e].arg);
            g_autofree char *first = by_at (&x, (guint) e);
            text = g_strdup_printf ("%s with mutex %s, but %s waited on it with mutex %s: one "
                                    "condition variable must be used with one mutex.", did, m2,
                                    first, m1);
          }
        else
          text = g_strdup_printf ("%s with another mutex than before: one condition variable "
                                  "must be used with one mutex.", did != NULL ? did : who);
        break;
      }
    case AUGUR_MISUSE_WAIT_NOT_OWNER:
      {
        /* m->obj is the mutex; the step's object is the condition */
        Want w = { obj, G_MAXUINT, 0 };
        e = k >= 0 ? last_step (&x, (guint) k, is_lock_op, &w) : -1;
        g_autofree char *mutex = k >= 0 ? object_text (&x, (guint) k, obj) : g_strdup ("its mutex");
        g_autofree char *wait = k >= 0 ? describe (&x, (guint) k, steps[k].obj) : NULL;
        g_autofree char *last = e >= 0 ? describe (&x, (guint) e, obj) : NULL;
        if (last != NULL && releases (&steps[e], obj) && steps[e].tid == m->tid)
          text = g_strdup_printf ("%s with mutex %s without holding it: it unlocked it before "
                                  "(%s).", wait != NULL ? wait : who, mutex, last);
        else if (last != NULL && acquires (&steps[e], obj))
          text = g_strdup_printf ("%s with mutex %s, which it does not hold: %s.",
                                  wait != NULL ? wait : who, mutex, last);
        else
          {
            text = g_strdup_printf ("%s with mutex %s, which it never locked.",
                                    wait != NULL ? wait : who, mutex);
            e = -1;
          }
        break;
      }
    case AUGUR_MISUSE_MAIN_RETURNS:
      {
        /* m->obj is the thread still running; m->pc where it was created */
        Want w = { obj, G_MAXUINT, 0 };
        guint upto = MIN (n, m->step + 1);
        e = last_step (&x, upto, is_create_of, &w);
        k = last_step (&x, upto, is_main_exit, NULL);
        object_kind = "thread";
        g_autofree char *t = augur_thread_name ((guint) obj);
        g_autofree char *ret = k >= 0 ? describe (&x, (guint) k, 0) : g_strdup ("main returns");
        g_autofree char *made = e >= 0 ? at_step (&x, (guint) e) : NULL;
        /* the thread runs on, or ended without being joined: then other
         * schedules of the same trace let main return first */
        if (made != NULL)
          text = g_strdup_printf ("%s while %s, created %s, may still run (nothing made main "
                                  "wait for its end): it is killed with the process, whatever "
                                  "it had left to do.", ret, t, made);
        else
          text = g_strdup_printf ("%s while %s may still run (nothing made main wait for its "
                                  "end): it is killed with the process, whatever it had left "
                                  "to do.", ret, t);
        end = n;
        break;
      }
    case AUGUR_MISUSE_NOT_DESTROYED:
      {
        /* the init is the operation named; the program's end makes it a leak */
        Want w = { obj, G_MAXUINT, 0 };
        gint init = last_step (&x, MIN (n, m->step + 1), is_init_of, &w);
        end = n;
        e = n > 0 ? (gint) n - 1 : -1;
        k = init;
        g_autofree char *made = init >= 0 ? describe (&x, (guint) init, obj) : NULL;
        if (made != NULL)
          text = g_strdup_printf ("%s and nobody destroys it before the program ends (step %d): "
                                  "harmless where mutexes hold no resources (glibc), a leak "
                                  "where they do.", made, e);
        else
          text = g_strdup ("A mutex is initialised and never destroyed before the program ends.");
        if (init < 0)
          e = -1;
        break;
      }
    case AUGUR_MISUSE_DOUBLE_JOIN:
      object_kind = "thread";
      text = g_strdup_printf ("%s, which was joined (or detached) already: its thread id may "
                              "belong to another thread by now.", did != NULL ? did : who);
      break;
    case AUGUR_MISUSE_RECURSIVE_LOCK:
      {
        Want w = { obj, G_MAXUINT, 0 };
        e = k >= 0 ? last_step (&x, (guint) k, is_acquire_by_other, &w) : -1;
        g_autofree char *first = e >= 0 ? at_step (&x, (guint) e) : NULL;
        text = first != NULL
                 ? g_strdup_printf ("%s again: it locked it %s and still holds it; a normal "
                                    "mutex blocks for ever.", did != NULL ? did : who, first)
                 : g_strdup_printf ("%s, which it already holds; a normal mutex blocks for ever.",
                                    did != NULL ? did : who);
        break;
      }
    case AUGUR_MISUSE_INIT_IN_USE:
      {
        Want w = { obj, m->tid, 0 };
        e = k >= 0 ? last_step (&x, (guint) k, is_use_of, &w) : -1;
        g_autofree char *used = e >= 0 ? by_at (&x, (guint) e) : NULL;
        gint before = k >= 0 ? last_step (&x, (guint) k, is_init_of, &w) : -1;
        g_autofree char *inited = before >= 0 ? at_step (&x, (guint) before) : NULL;
        if (inited != NULL)
          /* initialised already and used since: a re-initialisation of a
           * live lock, not a lock reached before its first init */
          {
            g_autofree char *since = used != NULL ? g_strdup_printf (", and used since, by %s", used)
                                                  : g_strdup (" and is held");
            text = g_strdup_printf ("%s again: re-initialised while in use. It was initialised "
                                    "%s%s: initialise it once, or destroy it first, when no "
                                    "thread can use it any more.", did != NULL ? did : who,
                                    inited, since);
          }
        else if (used != NULL)
          text = g_strdup_printf ("%s while it may be in use: it was used before the init, by %s; "
                                  "initialise a lock before any thread can reach it.",
                                  did != NULL ? did : who, used);
        else
          text = g_strdup_printf ("%s while it is held: initialise a lock before any thread can "
                                  "reach it, and only once.", did != NULL ? did : who);
        break;
      }
    case AUGUR_MISUSE_USE_AFTER_DESTROY:
      {
        Want w = { obj, G_MAXUINT, 0 };
        e = k >= 0 ? last_step (&x, (guint) k, is_destroy_of, &w) : -1;
        object_kind = k >= 0 && (steps[k].op == AUGUR_SOP_SIGNAL || steps[k].op == AUGUR_SOP_BROADCAST
                                 || steps[k].op == AUGUR_SOP_COND_WAIT) ? "condition" : "mutex";
        g_autofree char *gone = e >= 0 ? by_at (&x, (guint) e) : NULL;
        if (e >= 0)
          {
            /* named as it was before the destroy (a struct freed since
             * leaves its address to other names) */
            g_free (did);
            did = describe_named (&x, (guint) k, obj, (guint) e);
          }
        text = gone != NULL
                 ? g_strdup_printf ("%s after it was destroyed, by %s: a destroy must wait until "
                                    "no thread can use the object any more.",
                                    did != NULL ? did : who, gone)
                 : g_strdup_printf ("%s after it was destroyed.", did != NULL ? did : who);
        break;
      }
    case AUGUR_MISUSE_DOUBLE_FREE:
    case AUGUR_MISUSE_INVALID_FREE:
      {
        Want w = { obj, G_MAXUINT, 0 };
        guint upto = MIN (n, m->step + 1);
        e = m->kind == AUGUR_MISUSE_DOUBLE_FREE ? last_step (&x, upto, is_free_of, &w) : -1;
        k = -1;   /* the refused free is not a step: its call site is shown */
        object_kind = "block";
        g_autofree char *first = e >= 0 ? by_at (&x, (guint) e) : NULL;
        if (m->kind == AUGUR_MISUSE_INVALID_FREE)
          text = g_strdup_printf ("%s frees memory that malloc did not return (a global or a "
                                  "variable on a stack).", who);
        else if (first != NULL)
          text = g_strdup_printf ("%s frees a block that was freed already, by %s.", who, first);
        else
          text = g_strdup_printf ("%s frees a block that was freed already.", who);
        break;
      }
    case AUGUR_MISUSE_UNINIT_MUTEX:
    case AUGUR_MISUSE_UNINIT_COND:
      object_kind = m->kind == AUGUR_MISUSE_UNINIT_COND ? "condition" : "mutex";
      text = g_strdup_printf ("%s, a %s in heap memory that was never initialised (no "
                              "pthread_%s_init in this execution).", did != NULL ? did : who,
                              m->kind == AUGUR_MISUSE_UNINIT_COND ? "condition variable"
                                                                  : "mutex",
                              m->kind == AUGUR_MISUSE_UNINIT_COND ? "cond" : "mutex");
      break;
    default:
      text = g_strdup_printf ("%s misuses the threads API.", did != NULL ? did : who);
      break;
    }

  /* a sentence starts with a capital, but "main" is the function's name */
  if (text[0] >= 'a' && text[0] <= 'z' && !g_str_has_prefix (text, "main "))
    text[0] = (char) (text[0] - 'a' + 'A');
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_MISUSE, augur_misuse_subkind (m->kind), text);
  gint named = k >= 0 ? k : e;
  if (m->kind == AUGUR_MISUSE_USE_AFTER_DESTROY && e >= 0)
    named = e;
  if (m->kind == AUGUR_MISUSE_MAIN_RETURNS || m->kind == AUGUR_MISUSE_DOUBLE_JOIN)
    named = -1;
  if (named >= 0 && obj != 0 && names != NULL)
    {
      g_autofree char *name = augur_exec_names_at (names, (guint) named, obj);
      augur_finding_set_object (f, name, object_kind);
    }
  else if (m->kind == AUGUR_MISUSE_MAIN_RETURNS)
    {
      g_autofree char *t = augur_thread_name ((guint) obj);
      augur_finding_set_object (f, t, object_kind);
    }

  /* the two operations in the order they ran */
  if (e >= 0 && (guint) e < n && e != k && (k < 0 || e < k))
    add_access (&x, f, (guint) e);
  if (k >= 0)
    add_access (&x, f, (guint) k);
  else
    {
      /* not a step (the steps were cut): the reported call site */
      const AugurSource *l = augur_symbolizer_lookup (sym, m->module, m->pc);
      augur_finding_add_thread (f, m->tid);
      augur_finding_add_access (f, m->tid, 0, misuse_op (m->kind), l->file, l->line, l->function,
                                NULL);
    }
  if (e >= 0 && (guint) e < n && k >= 0 && e > k)
    add_access (&x, f, (guint) e);
  if (e >= 0 && (guint) e >= end)
    end = (guint) e + 1;
  if (k >= 0 && (guint) k >= end)
    end = (guint) k + 1;
  augur_steps_add_schedule (sym, names, f, steps, end, ev);
  if (k >= 0)
    augur_finding_mark_bug_step (f, (guint) k);
  if (e >= 0 && (guint) e < end)
    augur_finding_mark_bug_step (f, (guint) e);
  if (k < 0 && e < 0 && end > 0)
    augur_finding_mark_bug_step (f, end - 1);
  return f;
}
