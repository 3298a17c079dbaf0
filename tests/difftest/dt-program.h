/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-program.h — the little language of the differential tester's
 * programs (tests/difftest/): its model, its text syntax, its parser and
 * its well-formedness rules.  Header-only, plain C99, no libc calls: the
 * interpreter (vm.c, built with augur-cc, where every libc string call
 * would be a scheduling point) and the harness (GLib) include the same
 * definition, so a description means the same thing to both.  The
 * interpreter defines DT_PARSE_ATTR (to keep the parser's own memory
 * accesses out of the instrumentation) before including it.
 *
 * A program is 1 to DT_MAX_THREADS threads separated by '|': thread 0 is
 * main, threads 1.. are workers.  A thread is a list of operations
 * separated by spaces ("-" for none).  Shared state: DT_MAX_VARS ints
 * x0.., DT_MAX_MUTEXES mutexes, DT_MAX_CONDS condition variables, one
 * rwlock, one semaphore (at 0), all globals, all zero at the start; each
 * thread has DT_MAX_REGS private registers r0...  Operations:
 *
 *   cN         pthread_create worker N        jN   pthread_join worker N
 *   lM         pthread_mutex_lock mutex M     uM   pthread_mutex_unlock
 *   rK=xI      register K = xI (one read)
 *   xI=V       xI = constant V                xI=rK, xI=rK+V   (one write)
 *   xI++       xI = xI + 1 (a read, then a write: not atomic)
 *   xI+=V      atomic fetch-and-add (one atomic step)
 *   rK=tM      register K = 1 if pthread_mutex_trylock M succeeds (then
 *              it is unlocked at once), else 0
 *   rd, wr, ru pthread_rwlock_rdlock / wrlock / unlock of the rwlock
 *   P, V       sem_wait / sem_post of the semaphore
 *   wC.M:xI=V  lock M; while (xI != V) pthread_cond_wait (C, M); unlock M
 *   iC.M:xI=V  the same with `if` instead of `while`
 *   oC.M:xI=V  the `if` form with pthread_cond_timedwait (an hour away,
 *              but the runtime lets a timed wait time out at any time)
 *   sC, bC     pthread_cond_signal / pthread_cond_broadcast C
 *   aN:COND    assertion number N (0..DT_MAX_ASSERTS-1): assert (COND)
 *   k:COND     crash (a write through a null pointer) if COND holds
 *   e          exit (STATE): the process ends here
 * where COND is xI=V, xI!V (reads xI), rK=V or rK!V (reads no memory).
 * When main runs out of operations it returns STATE (threads it did not
 * join may still be running: returning ends them).  STATE, the exit
 * status, is the final value of every shared variable the program uses,
 * read in order x0, x1 ... and encoded in base DT_VALUE_BASE (values at
 * or above the base count as base - 1): dt_program_encode.
 *
 * Well-formed programs (dt_program_check) are what the generator makes
 * and the shrinker keeps: every worker is created exactly once, by a
 * thread of a lower number; only its creator joins it, once, after
 * creating it; a thread locks (or trylocks) only mutexes it does not
 * hold, unlocks only those it holds, starts a wait block holding none of
 * the block's mutex, takes the rwlock only when it does not hold it and
 * releases it only when it does;
 * `e` is a thread's last operation.  (A thread may end holding a lock.)
 */
#ifndef DT_PROGRAM_H
#define DT_PROGRAM_H

#include <stdint.h>

#ifndef DT_PARSE_ATTR
#define DT_PARSE_ATTR
#endif

#define DT_MAX_THREADS 4
#define DT_MAX_OPS 16      /* per thread */
#define DT_MAX_VARS 3
#define DT_MAX_MUTEXES 2
#define DT_MAX_CONDS 2
#define DT_MAX_REGS 2
#define DT_MAX_VALUE 9
#define DT_MAX_ASSERTS 8
#define DT_VALUE_BASE 6    /* DT_VALUE_BASE ** DT_MAX_VARS must be below 256 */

typedef enum {
  DT_OP_NONE = 0,
  DT_OP_CREATE,      /* n = worker */
  DT_OP_JOIN,        /* n = worker */
  DT_OP_LOCK,        /* n = mutex */
  DT_OP_UNLOCK,      /* n = mutex */
  DT_OP_LOAD,        /* reg = var */
  DT_OP_STORE,       /* var = v */
  DT_OP_STORE_REG,   /* var = reg + v */
  DT_OP_INC,         /* var++ */
  DT_OP_WAIT_WHILE,  /* n = mutex, cv = condition variable, cond on var */
  DT_OP_WAIT_IF,
  DT_OP_SIGNAL,      /* cv */
  DT_OP_BROADCAST,   /* cv */
  DT_OP_ASSERT,      /* n = assertion id, cond */
  DT_OP_CRASH,       /* cond */
  DT_OP_EXIT,
  DT_OP_ATOMIC_ADD,  /* var += v, atomically */
  DT_OP_TRYLOCK,     /* reg = trylock (mutex n) succeeded */
  DT_OP_RDLOCK,
  DT_OP_WRLOCK,
  DT_OP_RWUNLOCK,
  DT_OP_SEM_WAIT,
  DT_OP_SEM_POST,
  DT_OP_TIMED_WAIT,  /* as DT_OP_WAIT_IF, timed */
} DtOpKind;

/* One operation.  The condition of a wait, an assertion or a crash is
 * "var == v" (ne = 0) or "var != v" (ne = 1), on register `reg` instead
 * of variable `var` if on_reg. */
typedef struct {
  uint8_t kind;      /* DtOpKind */
  uint8_t n;         /* worker, mutex or assertion id */
  uint8_t cv;        /* condition variable */
  uint8_t var;
  uint8_t reg;
  uint8_t on_reg;
  uint8_t ne;
  uint8_t v;
} DtOp;

typedef struct {
  uint8_t n_threads;
  uint8_t n_ops[DT_MAX_THREADS];
  DtOp ops[DT_MAX_THREADS][DT_MAX_OPS];
} DtProgram;

/* ---- parsing ---- */

static inline DT_PARSE_ATTR int
dt_digit (const char **s, unsigned limit, uint8_t *out)
{
  char c = **s;
  if (c < '0' || c > '9' || (unsigned) (c - '0') >= limit)
    return 0;
  *out = (uint8_t) (c - '0');
  (*s)++;
  return 1;
}

static inline DT_PARSE_ATTR int
dt_char (const char **s, char c)
{
  if (**s != c)
    return 0;
  (*s)++;
  return 1;
}

/* xI=V, xI!V, rK=V, rK!V */
static inline DT_PARSE_ATTR int
dt_parse_cond (const char **s, DtOp *op)
{
  if (dt_char (s, 'x'))
    {
      op->on_reg = 0;
      if (!dt_digit (s, DT_MAX_VARS, &op->var))
        return 0;
    }
  else if (dt_char (s, 'r'))
    {
      op->on_reg = 1;
      if (!dt_digit (s, DT_MAX_REGS, &op->reg))
        return 0;
    }
  else
    return 0;
  if (dt_char (s, '='))
    op->ne = 0;
  else if (dt_char (s, '!'))
    op->ne = 1;
  else
    return 0;
  return dt_digit (s, DT_MAX_VALUE + 1, &op->v);
}

/* One operation at *s; 1 and *s past it, or 0. */
static inline DT_PARSE_ATTR int
dt_parse_op (const char **s, DtOp *op)
{
  DtOp z = { 0 };
  *op = z;
  char c = **s;
  (*s)++;
  switch (c)
    {
    case 'c':
      op->kind = DT_OP_CREATE;
      return dt_digit (s, DT_MAX_THREADS, &op->n) && op->n > 0;
    case 'j':
      op->kind = DT_OP_JOIN;
      return dt_digit (s, DT_MAX_THREADS, &op->n) && op->n > 0;
    case 'l':
      op->kind = DT_OP_LOCK;
      return dt_digit (s, DT_MAX_MUTEXES, &op->n);
    case 'u':
      op->kind = DT_OP_UNLOCK;
      return dt_digit (s, DT_MAX_MUTEXES, &op->n);
    case 's':
      op->kind = DT_OP_SIGNAL;
      return dt_digit (s, DT_MAX_CONDS, &op->cv);
    case 'b':
      op->kind = DT_OP_BROADCAST;
      return dt_digit (s, DT_MAX_CONDS, &op->cv);
    case 'e':
      op->kind = DT_OP_EXIT;
      return 1;
    case 'P':
      op->kind = DT_OP_SEM_WAIT;
      return 1;
    case 'V':
      op->kind = DT_OP_SEM_POST;
      return 1;
    case 'r':
      if (dt_char (s, 'd'))
        {
          op->kind = DT_OP_RDLOCK;
          return 1;
        }
      if (dt_char (s, 'u'))
        {
          op->kind = DT_OP_RWUNLOCK;
          return 1;
        }
      if (!dt_digit (s, DT_MAX_REGS, &op->reg) || !dt_char (s, '='))
        return 0;
      if (dt_char (s, 't'))
        {
          op->kind = DT_OP_TRYLOCK;
          return dt_digit (s, DT_MAX_MUTEXES, &op->n);
        }
      op->kind = DT_OP_LOAD;
      return dt_char (s, 'x') && dt_digit (s, DT_MAX_VARS, &op->var);
    case 'x':
      if (!dt_digit (s, DT_MAX_VARS, &op->var))
        return 0;
      if (dt_char (s, '+'))
        {
          if (dt_char (s, '='))
            {
              op->kind = DT_OP_ATOMIC_ADD;
              return dt_digit (s, DT_MAX_VALUE + 1, &op->v);
            }
          op->kind = DT_OP_INC;
          return dt_char (s, '+');
        }
      if (!dt_char (s, '='))
        return 0;
      if (dt_char (s, 'r'))
        {
          op->kind = DT_OP_STORE_REG;
          if (!dt_digit (s, DT_MAX_REGS, &op->reg))
            return 0;
          if (dt_char (s, '+'))
            return dt_digit (s, DT_MAX_VALUE + 1, &op->v);
          return 1;
        }
      op->kind = DT_OP_STORE;
      return dt_digit (s, DT_MAX_VALUE + 1, &op->v);
    case 'w':
      if (dt_char (s, 'r'))
        {
          op->kind = DT_OP_WRLOCK;
          return 1;
        }
      /* fall through */
    case 'i':
    case 'o':
      op->kind = c == 'w' ? DT_OP_WAIT_WHILE : c == 'i' ? DT_OP_WAIT_IF : DT_OP_TIMED_WAIT;
      if (!dt_digit (s, DT_MAX_CONDS, &op->cv) || !dt_char (s, '.')
          || !dt_digit (s, DT_MAX_MUTEXES, &op->n) || !dt_char (s, ':'))
        return 0;
      return dt_parse_cond (s, op) && !op->on_reg && !op->ne;
    case 'a':
      op->kind = DT_OP_ASSERT;
      return dt_digit (s, DT_MAX_ASSERTS, &op->n) && dt_char (s, ':') && dt_parse_cond (s, op);
    case 'k':
      op->kind = DT_OP_CRASH;
      return dt_char (s, ':') && dt_parse_cond (s, op);
    default:
      return 0;
    }
}

/* Parses @s into @p: 0, or -1 (syntax) or -2 (too many threads or
 * operations).  Does not check well-formedness. */
static inline DT_PARSE_ATTR int
dt_program_parse (const char *s, DtProgram *p)
{
  p->n_threads = 1;
  for (int t = 0; t < DT_MAX_THREADS; t++)
    p->n_ops[t] = 0;
  int t = 0;
  for (;;)
    {
      while (*s == ' ')
        s++;
      if (*s == '\0')
        return 0;
      if (*s == '|')
        {
          s++;
          if (++t >= DT_MAX_THREADS)
            return -2;
          p->n_threads = (uint8_t) (t + 1);
          continue;
        }
      if (*s == '-' && (s[1] == ' ' || s[1] == '|' || s[1] == '\0'))
        {
          s++;
          continue;
        }
      if (p->n_ops[t] >= DT_MAX_OPS)
        return -2;
      if (!dt_parse_op (&s, &p->ops[t][p->n_ops[t]]))
        return -1;
      if (*s != ' ' && *s != '|' && *s != '\0')
        return -1;
      p->n_ops[t]++;
    }
}

/* ---- well-formedness ---- */

/* 0 if @p follows the rules above, else a negative number naming the
 * first rule broken (for messages: dt_program_check_message). */
static inline DT_PARSE_ATTR int
dt_program_check (const DtProgram *p)
{
  int created_by[DT_MAX_THREADS];
  for (int w = 0; w < DT_MAX_THREADS; w++)
    created_by[w] = -1;
  for (int t = 0; t < p->n_threads; t++)
    {
      int held[DT_MAX_MUTEXES] = { 0 };
      int joined[DT_MAX_THREADS] = { 0 };
      int rw_held = 0;
      for (int k = 0; k < p->n_ops[t]; k++)
        {
          const DtOp *op = &p->ops[t][k];
          switch (op->kind)
            {
            case DT_OP_CREATE:
              if (op->n >= p->n_threads || op->n <= t)
                return -1;    /* a worker is created by a lower thread */
              if (created_by[op->n] >= 0)
                return -2;    /* created once */
              created_by[op->n] = t;
              break;
            case DT_OP_JOIN:
              if (op->n >= p->n_threads || created_by[op->n] != t || joined[op->n])
                return -3;    /* joined once, by its creator, after the create */
              joined[op->n] = 1;
              break;
            case DT_OP_LOCK:
              if (held[op->n])
                return -4;
              held[op->n] = 1;
              break;
            case DT_OP_TRYLOCK:
              if (held[op->n])
                return -4;
              break;
            case DT_OP_RDLOCK:
            case DT_OP_WRLOCK:
              if (rw_held)
                return -9;
              rw_held = 1;
              break;
            case DT_OP_RWUNLOCK:
              if (!rw_held)
                return -9;
              rw_held = 0;
              break;
            case DT_OP_UNLOCK:
              if (!held[op->n])
                return -5;
              held[op->n] = 0;
              break;
            case DT_OP_WAIT_WHILE:
            case DT_OP_WAIT_IF:
            case DT_OP_TIMED_WAIT:
              if (held[op->n])
                return -6;
              break;
            case DT_OP_EXIT:
              if (k + 1 != p->n_ops[t])
                return -7;
              break;
            default:
              break;
            }
        }
    }
  for (int w = 1; w < p->n_threads; w++)
    if (created_by[w] < 0)
      return -8;
  return 0;
}

static inline const char *
dt_program_check_message (int r)
{
  switch (r)
    {
    case -1: return "a worker must be created by a thread of a lower number";
    case -2: return "a worker is created twice";
    case -3: return "a worker is joined by a thread that did not create it, before it, or twice";
    case -4: return "a thread locks a mutex it holds";
    case -5: return "a thread unlocks a mutex it does not hold";
    case -6: return "a wait block starts with its mutex held";
    case -7: return "exit is not the last operation of its thread";
    case -8: return "a worker is never created";
    case -9: return "the rwlock is taken while held or released while not held";
    default: return "well-formed";
    }
}

/* The number of shared variables the program uses (x0 .. x(n-1) are
 * read for its final state), at least 1. */
static inline DT_PARSE_ATTR int
dt_program_n_vars (const DtProgram *p)
{
  int n = 1;
  for (int t = 0; t < p->n_threads; t++)
    for (int k = 0; k < p->n_ops[t]; k++)
      {
        const DtOp *op = &p->ops[t][k];
        int uses = 0;
        switch (op->kind)
          {
          case DT_OP_LOAD: case DT_OP_STORE: case DT_OP_STORE_REG: case DT_OP_INC:
          case DT_OP_WAIT_WHILE: case DT_OP_WAIT_IF: case DT_OP_TIMED_WAIT: case DT_OP_ATOMIC_ADD:
            uses = 1;
            break;
          case DT_OP_ASSERT: case DT_OP_CRASH:
            uses = !op->on_reg;
            break;
          default:
            break;
          }
        if (uses && op->var + 1 > n)
          n = op->var + 1;
      }
  return n;
}

#endif /* DT_PROGRAM_H */
