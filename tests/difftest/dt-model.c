/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-model.c — the abstract machine and its exhaustive enumeration; see
 * dt-model.h for what it models.
 *
 * A thread is at operation `pc`, at step `sub` of it (an increment, a wait
 * block, a trylock, exit and the reads of the final state take several
 * steps).  Past its last operation a worker's next step is its EXIT;
 * main's are the reads of the final state, then it asks for the END.  A
 * thread that asked for the END (`ending`) has no other step.  The machine
 * state is a small flat struct, copied at every branch of the depth-first
 * enumeration.
 *
 * Which threads can run mirrors runtime/rt-sched.c (choice_view, enabled,
 * chooseable, choose) and rt-sched-sync.c (rt_sched_obj_enabled,
 * may_wake_unsignalled): each thread's next step is possible (1),
 * impossible (0) or possible only as a spurious wake-up (2); an END only
 * when no thread that is not ending can take a step of kind 1, the END of
 * the lowest-numbered thread that asked.  The scheduler chooses by itself
 * only among kind 1 and that END ("chooseable"); a spurious wake-up runs
 * only when a prefix asks for it, which it may at any state (the
 * explorer asks at the end of an execution, the naive walk everywhere).
 * So a state where nothing is chooseable is a leaf (a deadlock, after the
 * clock jumps) and still has a branch per spurious wake-up, taken before
 * any jump (choose() jumps only for a thread that is not enabled).
 */
#include "config.h"

#include "tests/difftest/dt-model.h"

#include <string.h>

#include "tests/difftest/dt-outcome.h"

#define MAX_CLOCK_JUMPS 8   /* RT_MAX_JUMPS, runtime/rt-sched-await.c */

enum { TH_UNBORN = 0, TH_ALIVE, TH_EXITED };
enum { END_NONE = 0, END_EXIT, END_FAIL };
enum { FAIL_CRASH = DT_MAX_ASSERTS + 1 };   /* failure codes: 1 + assertion id, or this */
enum { MISUSE_COND_TWO = 1, MISUSE_MAIN_RETURNS = 2 };
/* the steps of a wait block (an untimed one starts at W_LOCK; W_TIMEOUT
 * only for a timed wait that may time out) */
enum { W_CLOCK = 0, W_LOCK, W_READ, W_WAIT, W_TIMEOUT, W_WAKE, W_UNLOCK };

typedef struct {
  guint8 state;
  guint8 tid;               /* the runtime's number: threads are numbered as created */
  guint8 pc;
  guint8 sub;
  guint8 waiting;           /* between WAIT and WAKE, on cond wait_cv */
  guint8 wait_cv;
  guint8 signalled;
  guint8 no_unsignalled;    /* woke unsignalled: the next wake needs a signal (or a jump) */
  guint8 timed_out;         /* its W_TIMEOUT timed out: no longer a waiter */
  guint8 wait_jumps;        /* clock jumps when the wait began */
  guint8 ending;            /* END_*: it asked for the END, its only step left */
  guint8 failure;           /* END_FAIL: 1 + assertion id, or FAIL_CRASH */
  guint8 joined;            /* another thread's JOIN of it ran */
  guint32 wait_seq;
  gint32 regs[DT_MAX_REGS];
  gint32 tmp;               /* the value an increment read */
  gint32 code;              /* the final state read so far: the exit status */
} MThread;

typedef struct {
  gint32 vars[DT_MAX_VARS];
  gint8 owner[DT_MAX_MUTEXES];      /* -1: free */
  gint8 rw_writer;                  /* -1: none */
  guint8 rw_readers;
  gint32 sem;
  gint8 cond_mutex[DT_MAX_CONDS];   /* mutex of the last wait, -1: none */
  guint32 wait_seq;
  guint8 misuse;
  guint8 next_tid;
  guint8 clock_jumps;
  MThread th[DT_MAX_THREADS];
} MState;

typedef struct {
  const DtProgram *p;
  int n_vars;
  gboolean no_spurious;
  guint64 max;
  DtModelResult *res;
  GString *path;            /* the schedule so far */
} Model;

static gboolean
is_wait (const DtOp *op)
{
  return op->kind == DT_OP_WAIT_WHILE || op->kind == DT_OP_WAIT_IF || op->kind == DT_OP_TIMED_WAIT;
}

/* Thread t moves to operation pc (its first step there). */
static void
enter_op (const Model *m, MThread *th, guint t, guint pc)
{
  th->pc = (guint8) pc;
  th->sub = 0;
  if (pc < m->p->n_ops[t])
    {
      const DtOp *op = &m->p->ops[t][pc];
      if (is_wait (op) && op->kind != DT_OP_TIMED_WAIT)
        th->sub = W_LOCK;   /* no clock read */
    }
}

static gboolean
cond_holds (const DtOp *op, const MThread *th, const MState *s)
{
  gint32 v = op->on_reg ? th->regs[op->reg] : s->vars[op->var];
  return op->ne ? v != op->v : v == op->v;
}

static void
add_code (MThread *th, guint i, gint32 v)
{
  gint32 scale = 1;
  for (guint k = 0; k < i; k++)
    scale *= DT_VALUE_BASE;
  th->code += CLAMP (v, 0, DT_VALUE_BASE - 1) * scale;
}

/* Thread t asks for the END (exit with th->code, or its failure). */
static void
ask_end (MThread *th, guint kind, guint failure)
{
  th->ending = (guint8) kind;
  th->failure = (guint8) failure;
}

/* An assertion or crash of thread t checked (its read, if any, done):
 * TRUE if it failed (the thread now asks for the END). */
static gboolean
check_op (MState *s, MThread *th, const DtOp *op)
{
  gboolean ok = cond_holds (op, th, s);
  if (op->kind == DT_OP_CRASH)
    ok = !ok;
  if (ok)
    return FALSE;
  ask_end (th, END_FAIL, op->kind == DT_OP_ASSERT ? 1u + op->n : FAIL_CRASH);
  return TRUE;
}

/* Runs thread t's code up to its next step: register assertions and
 * crashes, the END request after main's last read or exit's, the number
 * of a thread about to be created. */
static void
settle (const Model *m, MState *s, guint t)
{
  MThread *th = &s->th[t];
  if (th->ending)
    return;
  while (th->pc < m->p->n_ops[t])
    {
      const DtOp *op = &m->p->ops[t][th->pc];
      if ((op->kind == DT_OP_ASSERT || op->kind == DT_OP_CRASH) && op->on_reg)
        {
          if (check_op (s, th, op))
            return;
          enter_op (m, th, t, th->pc + 1u);
          continue;
        }
      if (op->kind == DT_OP_EXIT && th->sub == m->n_vars)
        {
          /* exit (STATE): no main-returns misuse, main did not return */
          ask_end (th, END_EXIT, 0);
          return;
        }
      return;
    }
  if (t == 0 && th->sub == m->n_vars)
    {
      /* main returns (runtime/rt-sched-server.c, rt_sched_main_return):
       * a worker created and not exited, or exited and not joined, is a
       * misuse */
      for (guint u = 1; u < DT_MAX_THREADS; u++)
        if (s->th[u].state == TH_ALIVE || (s->th[u].state == TH_EXITED && !s->th[u].joined))
          s->misuse |= MISUSE_MAIN_RETURNS;
      ask_end (th, END_EXIT, 0);
    }
}

/* Can thread t's next step (not an END) run: 0, 1, or 2 (only as a
 * spurious wake-up)?  rt_sched_obj_enabled. */
static int
base_enabled (const Model *m, const MState *s, guint t)
{
  const MThread *th = &s->th[t];
  if (th->state != TH_ALIVE || th->ending)
    return 0;
  if (th->pc >= m->p->n_ops[t])
    return 1;   /* reads of the final state, EXIT */
  const DtOp *op = &m->p->ops[t][th->pc];
  switch (op->kind)
    {
    case DT_OP_LOCK:
      return s->owner[op->n] < 0;
    case DT_OP_RDLOCK:
      return s->rw_writer < 0;
    case DT_OP_WRLOCK:
      return s->rw_writer < 0 && s->rw_readers == 0;
    case DT_OP_SEM_WAIT:
      return s->sem > 0;
    case DT_OP_JOIN:
      return s->th[op->n].state == TH_EXITED;
    case DT_OP_WAIT_WHILE:
    case DT_OP_WAIT_IF:
    case DT_OP_TIMED_WAIT:
      if (th->sub == W_LOCK)
        return s->owner[op->n] < 0;
      if (th->sub == W_WAKE)
        {
          int how;
          if (th->signalled || th->timed_out)
            how = 1;
          else if (op->kind == DT_OP_TIMED_WAIT)
            how = !th->no_unsignalled || s->clock_jumps > th->wait_jumps;
          else
            how = m->no_spurious || th->no_unsignalled ? 0 : 2;
          return how != 0 && s->owner[op->n] < 0 ? how : 0;
        }
      return 1;
    default:
      return 1;
    }
}

/* Threads that can take the next step, as bit sets: *@chooseable, those
 * the scheduler picks from by itself (rt-sched.c: choice_view,
 * chooseable), and *@spurious, the spurious wake-ups a prefix may ask for
 * (enabled, not chooseable). */
static void
enabled_sets (const Model *m, const MState *s, guint *chooseable, guint *spurious)
{
  guint n = m->p->n_threads;
  gboolean others = FALSE;
  gint first_ender = -1;
  *chooseable = 0;
  *spurious = 0;
  for (guint t = 0; t < n; t++)
    {
      int b = base_enabled (m, s, t);
      if (b == 1)
        {
          others = TRUE;
          *chooseable |= 1u << t;
        }
      else if (b == 2)
        *spurious |= 1u << t;
      /* the lowest-numbered thread that asked: the runtime's numbers,
       * which follow the order the creators reached pthread_create */
      if (s->th[t].state == TH_ALIVE && s->th[t].ending
          && (first_ender < 0 || s->th[t].tid < s->th[first_ender].tid))
        first_ender = (gint) t;
    }
  if (first_ender >= 0 && !others)
    *chooseable |= 1u << first_ender;
}

/* Nothing can run: does the virtual clock jump (rt-sched-await.c,
 * rt_sched_await_clock_jump)? */
static gboolean
clock_jump (const Model *m, MState *s)
{
  if (s->clock_jumps >= MAX_CLOCK_JUMPS)
    return FALSE;
  for (guint t = 0; t < m->p->n_threads; t++)
    {
      const MThread *th = &s->th[t];
      if (th->state == TH_ALIVE && !th->ending && th->pc < m->p->n_ops[t]
          && m->p->ops[t][th->pc].kind == DT_OP_TIMED_WAIT && th->sub == W_WAKE && !th->signalled)
        {
          s->clock_jumps++;
          return TRUE;
        }
    }
  return FALSE;
}

/* Wakes the waiters of cond @cv: the one that waited first, or all. */
static void
wake (MState *s, guint cv, gboolean all)
{
  for (;;)
    {
      gint best = -1;
      for (guint u = 0; u < DT_MAX_THREADS; u++)
        if (s->th[u].state == TH_ALIVE && s->th[u].waiting && s->th[u].wait_cv == cv
            && !s->th[u].signalled && (best < 0 || s->th[u].wait_seq < s->th[best].wait_seq))
          best = (gint) u;
      if (best < 0)
        return;
      s->th[best].signalled = 1;
      if (!all)
        return;
    }
}

static gint
cmp_str_ptr (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static void
append_misuses (const MState *s, GString *o)
{
  if (s->misuse & MISUSE_COND_TWO)
    g_string_append (o, " misuse:cond-two-mutexes");
  if (s->misuse & MISUSE_MAIN_RETURNS)
    g_string_append (o, DT_MAIN_RETURNS);
}

/* Thread @ender's END ran: the outcome, as dt-outcome.c writes it (the
 * failures of every thread, else the status the END asked for). */
static char *
ending (const MState *s, guint ender)
{
  GString *o = g_string_new (NULL);
  g_autoptr (GPtrArray) fails = g_ptr_array_new_with_free_func (g_free);
  for (guint t = 0; t < DT_MAX_THREADS; t++)
    {
      const MThread *th = &s->th[t];
      if (th->state == TH_ALIVE && th->ending == END_FAIL)
        g_ptr_array_add (fails, th->failure == FAIL_CRASH ? g_strdup ("crash")
                                                          : g_strdup_printf ("assert A%u", th->failure - 1u));
    }
  if (fails->len > 0)
    {
      g_ptr_array_sort (fails, cmp_str_ptr);
      for (guint k = 0; k < fails->len; k++)
        g_string_append_printf (o, "%s%s", k ? "+" : "", (const char *) g_ptr_array_index (fails, k));
    }
  else
    g_string_append_printf (o, "exit %d", s->th[ender].code);
  append_misuses (s, o);
  return g_string_free (o, FALSE);
}

/* Thread t's step past its last operation: a worker's EXIT, or a read of
 * the final state by main. */
static void
past_last_op (const Model *m, MState *s, guint t)
{
  MThread *th = &s->th[t];
  if (t != 0)
    th->state = TH_EXITED;
  else
    {
      add_code (th, th->sub, s->vars[th->sub]);
      th->sub++;
      settle (m, s, t);
    }
}

/* Thread t's next step in its wait block @op: TRUE if the block is done
 * after it (the unlock). */
static gboolean
wait_step (MState *s, MThread *th, guint t, const DtOp *op)
{
  switch (th->sub)
    {
    case W_CLOCK:   /* clock_gettime: a read of the virtual clock */
      th->sub = W_LOCK;
      break;
    case W_LOCK:
      s->owner[op->n] = (gint8) t;
      th->sub = W_READ;
      break;
    case W_READ:    /* the predicate */
      th->sub = s->vars[op->var] == op->v ? W_UNLOCK : W_WAIT;
      break;
    case W_WAIT:    /* release, enqueue */
      if (s->cond_mutex[op->cv] >= 0 && s->cond_mutex[op->cv] != op->n)
        s->misuse |= MISUSE_COND_TWO;
      s->cond_mutex[op->cv] = (gint8) op->n;
      s->owner[op->n] = -1;
      th->waiting = 1;
      th->wait_cv = op->cv;
      th->signalled = 0;
      th->wait_seq = ++s->wait_seq;
      th->wait_jumps = s->clock_jumps;
      /* a timed wait that may time out has a step for it first
       * (rt_sched_cond_timeout) */
      th->sub = op->kind == DT_OP_TIMED_WAIT && !th->no_unsignalled ? W_TIMEOUT : W_WAKE;
      break;
    case W_TIMEOUT: /* without the mutex (rt_sched_cond_timeout): unsignalled,
                     * it times out and leaves the waiters (a later signal
                     * wakes another); the time it moves the clock on by
                     * is nothing vm.c can see */
      if (!th->signalled)
        {
          th->timed_out = 1;
          th->waiting = 0;
        }
      th->sub = W_WAKE;
      break;
    case W_WAKE:    /* signalled, timed out or spurious; the mutex re-acquired */
      th->no_unsignalled = !th->signalled;
      s->owner[op->n] = (gint8) t;
      th->waiting = 0;
      th->signalled = 0;
      th->timed_out = 0;
      th->sub = op->kind == DT_OP_WAIT_WHILE ? W_READ : W_UNLOCK;
      break;
    default:        /* unlock */
      s->owner[op->n] = -1;
      return TRUE;
    }
  return FALSE;
}

/* Runs thread t's next step (enabled) and the code after it.  Returns the
 * outcome if it was the END. */
static char *
step (const Model *m, MState *s, guint t)
{
  MThread *th = &s->th[t];
  if (th->ending)
    return ending (s, t);
  if (th->pc >= m->p->n_ops[t])
    {
      past_last_op (m, s, t);
      return NULL;
    }
  const DtOp *op = &m->p->ops[t][th->pc];
  gboolean next = TRUE;     /* the operation is done after this step */
  switch (op->kind)
    {
    case DT_OP_LOAD:
      th->regs[op->reg] = s->vars[op->var];
      break;
    case DT_OP_STORE:
      s->vars[op->var] = op->v;
      break;
    case DT_OP_STORE_REG:
      s->vars[op->var] = th->regs[op->reg] + op->v;
      break;
    case DT_OP_INC:
      if (th->sub == 0)
        {
          th->tmp = s->vars[op->var];
          th->sub = 1;
          next = FALSE;
        }
      else
        s->vars[op->var] = th->tmp + 1;
      break;
    case DT_OP_ATOMIC_ADD:
      s->vars[op->var] += op->v;
      break;
    case DT_OP_LOCK:
      s->owner[op->n] = (gint8) t;
      break;
    case DT_OP_UNLOCK:
      s->owner[op->n] = -1;
      break;
    case DT_OP_TRYLOCK:
      if (th->sub == 0 && s->owner[op->n] < 0)
        {
          s->owner[op->n] = (gint8) t;
          th->regs[op->reg] = 1;
          th->sub = 1;
          next = FALSE;
        }
      else if (th->sub == 0)
        th->regs[op->reg] = 0;
      else
        s->owner[op->n] = -1;   /* the unlock after a successful trylock */
      break;
    case DT_OP_RDLOCK:
      s->rw_readers++;
      break;
    case DT_OP_WRLOCK:
      s->rw_writer = (gint8) t;
      break;
    case DT_OP_RWUNLOCK:
      if (s->rw_writer == (gint8) t)
        s->rw_writer = -1;
      else
        s->rw_readers--;
      break;
    case DT_OP_WAIT_WHILE:
    case DT_OP_WAIT_IF:
    case DT_OP_TIMED_WAIT:
      next = wait_step (s, th, t, op);
      break;
    case DT_OP_SIGNAL:
    case DT_OP_BROADCAST:
      wake (s, op->cv, op->kind == DT_OP_BROADCAST);
      break;
    case DT_OP_SEM_WAIT:
      s->sem--;
      break;
    case DT_OP_SEM_POST:
      s->sem++;
      break;
    case DT_OP_CREATE:
      {
        MThread *c = &s->th[op->n];
        memset (c, 0, sizeof *c);
        c->state = TH_ALIVE;
        /* the runtime numbers a thread at its CREATE step
         * (runtime/rt-thread.h) */
        c->tid = s->next_tid++;
        enter_op (m, c, op->n, 0);
        enter_op (m, th, t, th->pc + 1u);
        /* the new thread runs to its first step inside the create */
        settle (m, s, op->n);
        settle (m, s, t);
        return NULL;
      }
    case DT_OP_JOIN:
      s->th[op->n].joined = 1;
      break;
    case DT_OP_ASSERT:
    case DT_OP_CRASH:
      /* the read of the variable; the check runs with it */
      if (check_op (s, th, op))
        return NULL;
      break;
    case DT_OP_EXIT:
      /* exit (STATE): one read per variable, then the END (settle) */
      add_code (th, th->sub, s->vars[th->sub]);
      th->sub++;
      next = FALSE;
      break;
    default:
      break;
    }
  if (next)
    enter_op (m, th, t, th->pc + 1u);
  settle (m, s, t);
  return NULL;
}

/* ---- enumeration ---- */

static void
record (Model *m, char *outcome)
{
  m->res->schedules++;
  if (!g_hash_table_contains (m->res->outcomes, outcome))
    g_hash_table_insert (m->res->outcomes, outcome, g_strdup (m->path->str));
  else
    g_free (outcome);
  if (m->res->schedules > m->max)
    m->res->over_limit = TRUE;
}

static void explore (Model *m, const MState *s0);

/* Takes thread t's step from state @s and explores what follows. */
static void
branch (Model *m, const MState *s, guint t)
{
  MState next = *s;
  gsize len = m->path->len;
  g_string_append_printf (m->path, "%s%u", len > 0 ? "." : "", s->th[t].tid);
  char *end = step (m, &next, t);
  if (end != NULL)
    record (m, end);
  else
    explore (m, &next);
  g_string_truncate (m->path, len);
}

static void
explore (Model *m, const MState *s0)
{
  guint n = m->p->n_threads;
  guint set, spurious;
  enabled_sets (m, s0, &set, &spurious);
  /* every spurious wake-up possible here, asked for by a prefix: it is
   * enabled, so choose() takes it before any clock jump */
  for (guint t = 0; t < n && !m->res->over_limit; t++)
    if ((set | spurious) & (1u << t))
      branch (m, s0, t);
  if (set != 0)
    return;
  /* nothing the scheduler would choose: the clock jumps if a timed waiter
   * waits on it (then only what it enables is new), else a deadlock */
  MState s = *s0;
  while (set == 0 && clock_jump (m, &s))
    enabled_sets (m, &s, &set, &spurious);
  if (set != 0)
    {
      for (guint t = 0; t < n && !m->res->over_limit; t++)
        if (set & (1u << t))
          branch (m, &s, t);
      return;
    }
  if (m->res->over_limit)
    return;
  /* no END asked for (one would be chooseable) and nothing can run: the
   * runtime lists every live thread as blocked */
  GString *o = g_string_new ("deadlock ");
  guint bits = 0;
  for (guint t = 0; t < n; t++)
    if (s.th[t].state == TH_ALIVE)
      bits |= 1u << s.th[t].tid;
  for (guint tid = 0, first = 1; tid < DT_MAX_THREADS; tid++)
    if (bits & (1u << tid))
      {
        g_string_append_printf (o, "%s%u", first ? "" : ",", tid);
        first = 0;
      }
  append_misuses (&s, o);
  record (m, g_string_free (o, FALSE));
}

void
dt_model_explore (const DtProgram *p, gboolean no_spurious, guint64 max_schedules,
                  DtModelResult *res)
{
  memset (res, 0, sizeof *res);
  res->outcomes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  Model m = { p, dt_program_n_vars (p), no_spurious, max_schedules, res, g_string_new (NULL) };
  MState s;
  memset (&s, 0, sizeof s);
  memset (s.owner, -1, sizeof s.owner);
  memset (s.cond_mutex, -1, sizeof s.cond_mutex);
  s.rw_writer = -1;
  s.th[0].state = TH_ALIVE;
  s.next_tid = 1;
  enter_op (&m, &s.th[0], 0, 0);
  settle (&m, &s, 0);
  explore (&m, &s);
  g_string_free (m.path, TRUE);
}

void
dt_model_result_clear (DtModelResult *res)
{
  g_clear_pointer (&res->outcomes, g_hash_table_unref);
}
