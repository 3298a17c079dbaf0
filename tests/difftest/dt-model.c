/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-model.c — the abstract machine and its exhaustive enumeration; see
 * dt-model.h for what it models.
 *
 * A thread is at operation `pc`, at step `sub` of it (an increment, a wait
 * block, a trylock and the reads of the final state take several steps).
 * Past its last operation a worker's next step is its EXIT; main's are the
 * reads of the final state, then its EXIT.  The machine state is a small
 * flat struct, copied at every branch of the depth-first enumeration.
 */
#include "config.h"

#include "tests/difftest/dt-model.h"

#include <string.h>

enum { TH_UNBORN = 0, TH_ALIVE, TH_EXITED };
enum { MISUSE_COND_TWO = 1, MISUSE_MAIN_RETURNS = 2 };

typedef struct {
  guint8 state;
  guint8 tid;               /* the runtime's number: threads are numbered as created */
  guint8 pc;
  guint8 sub;
  guint8 waiting;           /* between WAIT and WAKE, on cond wait_cv */
  guint8 wait_cv;
  guint8 signalled;
  guint32 wait_seq;
  gint32 regs[DT_MAX_REGS];
  gint32 tmp;               /* the value an increment read */
  gint32 code;              /* the final state read so far */
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
  guint8 child_tid[DT_MAX_THREADS];  /* worker -> the runtime's number, 0: none yet */
  MThread th[DT_MAX_THREADS];
} MState;

typedef struct {
  const DtProgram *p;
  int n_vars;
  guint64 max;
  DtModelResult *res;
  GString *path;            /* the schedule so far */
} Model;

/* ---- the steps ---- */

static gboolean
cond_holds (const DtOp *op, const MThread *th, const MState *s)
{
  gint32 v = op->on_reg ? th->regs[op->reg] : s->vars[op->var];
  return op->ne ? v != op->v : v == op->v;
}

static void
add_code (const Model *m, MThread *th, guint i, gint32 v)
{
  gint32 scale = 1;
  for (guint k = 0; k < i; k++)
    scale *= DT_VALUE_BASE;
  th->code += CLAMP (v, 0, DT_VALUE_BASE - 1) * scale;
  (void) m;
}

/* The end of the process: the outcome string, as dt-outcome.c writes it. */
static char *
ending (const MState *s, const char *what)
{
  GString *o = g_string_new (what);
  if (s->misuse & MISUSE_COND_TWO)
    g_string_append (o, " misuse:cond-two-mutexes");
  if (s->misuse & MISUSE_MAIN_RETURNS)
    g_string_append (o, " misuse:main-returns");
  return g_string_free (o, FALSE);
}

/* Runs thread t's code up to its next step (register assertions and
 * crashes run here).  Returns the outcome if the process ended. */
static char *
settle (const Model *m, MState *s, guint t)
{
  MThread *th = &s->th[t];
  while (th->pc < m->p->n_ops[t])
    {
      const DtOp *op = &m->p->ops[t][th->pc];
      if ((op->kind == DT_OP_ASSERT || op->kind == DT_OP_CRASH) && op->on_reg)
        {
          gboolean ok = cond_holds (op, th, s);
          if (op->kind == DT_OP_CRASH)
            ok = !ok;
          if (!ok)
            {
              g_autofree char *what = op->kind == DT_OP_ASSERT ? g_strdup_printf ("assert A%u", op->n)
                                                               : g_strdup ("crash");
              return ending (s, what);
            }
          th->pc++;
          continue;
        }
      if (op->kind == DT_OP_EXIT && th->sub == m->n_vars)
        {
          g_autofree char *what = g_strdup_printf ("exit %d", th->code);
          return ending (s, what);
        }
      /* the runtime numbers a thread when its creator reaches
       * pthread_create (rt_thread_prepare), before the CREATE step */
      if (op->kind == DT_OP_CREATE && s->child_tid[op->n] == 0)
        s->child_tid[op->n] = s->next_tid++;
      break;
    }
  return NULL;
}

/* Whether thread t's next step can run. */
static gboolean
enabled (const Model *m, const MState *s, guint t)
{
  const MThread *th = &s->th[t];
  if (th->state != TH_ALIVE)
    return FALSE;
  if (th->pc >= m->p->n_ops[t])
    return TRUE;   /* reads of the final state, EXIT */
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
      if (th->sub == 0)
        return s->owner[op->n] < 0;
      if (th->sub == 3)
        return (th->signalled || op->kind == DT_OP_TIMED_WAIT) && s->owner[op->n] < 0;
      return TRUE;
    default:
      return TRUE;
    }
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

/* Runs thread t's next step (enabled) and the code after it.  Returns the
 * outcome if the process ended. */
static char *
step (const Model *m, MState *s, guint t)
{
  MThread *th = &s->th[t];
  if (th->pc >= m->p->n_ops[t])
    {
      if (t != 0)
        {
          th->state = TH_EXITED;   /* the worker's EXIT */
          return NULL;
        }
      if (th->sub < m->n_vars)
        {
          add_code (m, th, th->sub, s->vars[th->sub]);
          th->sub++;
          return NULL;
        }
      /* main's EXIT: returning ends the threads still alive */
      for (guint u = 1; u < DT_MAX_THREADS; u++)
        if (s->th[u].state == TH_ALIVE)
          s->misuse |= MISUSE_MAIN_RETURNS;
      g_autofree char *what = g_strdup_printf ("exit %d", th->code);
      return ending (s, what);
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
      next = FALSE;
      switch (th->sub)
        {
        case 0:   /* lock */
          s->owner[op->n] = (gint8) t;
          th->sub = 1;
          break;
        case 1:   /* read the predicate */
          th->sub = s->vars[op->var] == op->v ? 4 : 2;
          break;
        case 2:   /* WAIT: release, enqueue */
          if (s->cond_mutex[op->cv] >= 0 && s->cond_mutex[op->cv] != op->n)
            s->misuse |= MISUSE_COND_TWO;
          s->cond_mutex[op->cv] = (gint8) op->n;
          s->owner[op->n] = -1;
          th->waiting = 1;
          th->wait_cv = op->cv;
          th->signalled = 0;
          th->wait_seq = ++s->wait_seq;
          th->sub = 3;
          break;
        case 3:   /* WAKE: signalled (or timed out), the mutex re-acquired */
          s->owner[op->n] = (gint8) t;
          th->waiting = 0;
          th->signalled = 0;
          th->sub = op->kind == DT_OP_WAIT_WHILE ? 1 : 4;
          break;
        default:  /* unlock */
          s->owner[op->n] = -1;
          next = TRUE;
          break;
        }
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
        c->tid = s->child_tid[op->n];
        th->pc++;
        th->sub = 0;
        /* the new thread runs to its first step inside the create */
        char *end = settle (m, s, op->n);
        if (end != NULL)
          return end;
        return settle (m, s, t);
      }
    case DT_OP_JOIN:
      break;
    case DT_OP_ASSERT:
    case DT_OP_CRASH:
      {
        gboolean ok = cond_holds (op, th, s);
        if (op->kind == DT_OP_CRASH)
          ok = !ok;
        if (!ok)
          {
            g_autofree char *what = op->kind == DT_OP_ASSERT ? g_strdup_printf ("assert A%u", op->n)
                                                             : g_strdup ("crash");
            return ending (s, what);
          }
        break;
      }
    case DT_OP_EXIT:
      /* exit (STATE): one read per variable, then the end (settle) */
      add_code (m, th, th->sub, s->vars[th->sub]);
      th->sub++;
      next = FALSE;
      break;
    default:
      break;
    }
  if (next)
    {
      th->pc++;
      th->sub = 0;
    }
  return settle (m, s, t);
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

static void
explore (Model *m, const MState *s)
{
  gboolean any = FALSE;
  for (guint t = 0; t < m->p->n_threads && !m->res->over_limit; t++)
    {
      if (!enabled (m, s, t))
        continue;
      any = TRUE;
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
  if (!any)
    {
      /* every live thread waits: the runtime lists them all as blocked */
      GString *o = g_string_new ("deadlock ");
      guint bits = 0;
      for (guint t = 0; t < m->p->n_threads; t++)
        if (s->th[t].state == TH_ALIVE)
          bits |= 1u << s->th[t].tid;
      for (guint tid = 0, first = 1; tid < DT_MAX_THREADS; tid++)
        if (bits & (1u << tid))
          {
            g_string_append_printf (o, "%s%u", first ? "" : ",", tid);
            first = 0;
          }
      g_autofree char *what = g_string_free (o, FALSE);
      record (m, ending (s, what));
    }
}

void
dt_model_explore (const DtProgram *p, guint64 max_schedules, DtModelResult *res)
{
  memset (res, 0, sizeof *res);
  res->outcomes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  Model m = { p, dt_program_n_vars (p), max_schedules, res, g_string_new (NULL) };
  MState s;
  memset (&s, 0, sizeof s);
  memset (s.owner, -1, sizeof s.owner);
  memset (s.cond_mutex, -1, sizeof s.cond_mutex);
  s.rw_writer = -1;
  s.th[0].state = TH_ALIVE;
  s.next_tid = 1;
  char *end = settle (&m, &s, 0);
  if (end != NULL)
    record (&m, end);
  else
    explore (&m, &s);
  g_string_free (m.path, TRUE);
}

void
dt_model_result_clear (DtModelResult *res)
{
  g_clear_pointer (&res->outcomes, g_hash_table_unref);
}
