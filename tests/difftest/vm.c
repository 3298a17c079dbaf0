/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * vm.c — the differential tester's program: one interpreter, built once
 * with augur-cc, that runs the small pthreads program described by its
 * argument (the language of dt-program.h), so that thousands of generated
 * programs need no compiler.
 *
 *   vm 'x0=1 c1 j1 a0:x0=2 | l0 x0++ u0'
 *
 * What the explorer must see is real: every read and write of a shared
 * variable is a plain access of a global int (instrumented, so each one is
 * a scheduling point), every lock, wait, signal, create and join is the
 * pthread call (or sem_*), an assertion is assert(), a crash a write
 * through a null pointer, exit is exit().  What it must not see is the interpreter's own
 * bookkeeping (the parsed program, the registers): those functions carry
 * no_sanitize_thread, so their accesses are not instrumented and make no
 * steps.  Only load_var, store_var and add_var are instrumented.
 *
 * Exit status: the final state (dt-program.h, STATE); 250 for a bad
 * description.
 */
#undef NDEBUG
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define DT_PARSE_ATTR __attribute__ ((no_sanitize_thread))
#include "dt-program.h"

#define QUIET DT_PARSE_ATTR

static int shared[DT_MAX_VARS];
static pthread_mutex_t mutexes[DT_MAX_MUTEXES] = { PTHREAD_MUTEX_INITIALIZER,
                                                   PTHREAD_MUTEX_INITIALIZER };
static pthread_cond_t conds[DT_MAX_CONDS] = { PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER };
static pthread_rwlock_t rwlock = PTHREAD_RWLOCK_INITIALIZER;
static sem_t sem;
static pthread_t handles[DT_MAX_THREADS];
static DtProgram prog;
static int n_vars;
static int *volatile null_pointer;

/* The only instrumented code: one access of a shared variable each. */
static __attribute__ ((noinline)) int
load_var (int i)
{
  return shared[i];
}

static __attribute__ ((noinline)) void
store_var (int i, int v)
{
  shared[i] = v;
}

static __attribute__ ((noinline)) void
add_var (int i, int v)
{
  __atomic_fetch_add (&shared[i], v, __ATOMIC_SEQ_CST);
}

/* STATE: reads every variable the program uses. */
static QUIET int
encode (void)
{
  int code = 0, scale = 1;
  for (int i = 0; i < n_vars; i++)
    {
      int v = load_var (i);
      if (v >= DT_VALUE_BASE)
        v = DT_VALUE_BASE - 1;
      if (v < 0)
        v = 0;
      code += v * scale;
      scale *= DT_VALUE_BASE;
    }
  return code;
}

static QUIET int
holds (const DtOp *op, const int *regs)
{
  int value = op->on_reg ? regs[op->reg] : load_var (op->var);
  return op->ne ? value != op->v : value == op->v;
}

/* One assert() per id, so that the failure names the id (in its
 * expression, e.g. `ok || !"A3"`). */
static QUIET void
check (int id, int ok)
{
  switch (id)
    {
    case 0: assert (ok || !"A0"); break;
    case 1: assert (ok || !"A1"); break;
    case 2: assert (ok || !"A2"); break;
    case 3: assert (ok || !"A3"); break;
    case 4: assert (ok || !"A4"); break;
    case 5: assert (ok || !"A5"); break;
    case 6: assert (ok || !"A6"); break;
    default: assert (ok || !"A7"); break;
    }
}

static QUIET int
uses_semaphore (void)
{
  for (int t = 0; t < prog.n_threads; t++)
    for (int k = 0; k < prog.n_ops[t]; k++)
      if (prog.ops[t][k].kind == DT_OP_SEM_WAIT || prog.ops[t][k].kind == DT_OP_SEM_POST)
        return 1;
  return 0;
}

static void *worker (void *arg);

static QUIET void
run (int t)
{
  int regs[DT_MAX_REGS] = { 0, 0 };
  for (int k = 0; k < prog.n_ops[t]; k++)
    {
      const DtOp *op = &prog.ops[t][k];
      switch (op->kind)
        {
        case DT_OP_CREATE:
          if (pthread_create (&handles[op->n], NULL, worker, (void *) (intptr_t) op->n) != 0)
            abort ();
          break;
        case DT_OP_JOIN:
          pthread_join (handles[op->n], NULL);
          break;
        case DT_OP_LOCK:
          pthread_mutex_lock (&mutexes[op->n]);
          break;
        case DT_OP_UNLOCK:
          pthread_mutex_unlock (&mutexes[op->n]);
          break;
        case DT_OP_LOAD:
          regs[op->reg] = load_var (op->var);
          break;
        case DT_OP_STORE:
          store_var (op->var, op->v);
          break;
        case DT_OP_STORE_REG:
          store_var (op->var, regs[op->reg] + op->v);
          break;
        case DT_OP_INC:
          store_var (op->var, load_var (op->var) + 1);
          break;
        case DT_OP_WAIT_WHILE:
          pthread_mutex_lock (&mutexes[op->n]);
          while (load_var (op->var) != op->v)
            pthread_cond_wait (&conds[op->cv], &mutexes[op->n]);
          pthread_mutex_unlock (&mutexes[op->n]);
          break;
        case DT_OP_WAIT_IF:
          pthread_mutex_lock (&mutexes[op->n]);
          if (load_var (op->var) != op->v)
            pthread_cond_wait (&conds[op->cv], &mutexes[op->n]);
          pthread_mutex_unlock (&mutexes[op->n]);
          break;
        case DT_OP_TIMED_WAIT:
          {
            struct timespec until;
            clock_gettime (CLOCK_REALTIME, &until);
            until.tv_sec += 3600;
            pthread_mutex_lock (&mutexes[op->n]);
            if (load_var (op->var) != op->v)
              pthread_cond_timedwait (&conds[op->cv], &mutexes[op->n], &until);
            pthread_mutex_unlock (&mutexes[op->n]);
            break;
          }
        case DT_OP_ATOMIC_ADD:
          add_var (op->var, op->v);
          break;
        case DT_OP_TRYLOCK:
          regs[op->reg] = pthread_mutex_trylock (&mutexes[op->n]) == 0;
          if (regs[op->reg])
            pthread_mutex_unlock (&mutexes[op->n]);
          break;
        case DT_OP_RDLOCK:
          pthread_rwlock_rdlock (&rwlock);
          break;
        case DT_OP_WRLOCK:
          pthread_rwlock_wrlock (&rwlock);
          break;
        case DT_OP_RWUNLOCK:
          pthread_rwlock_unlock (&rwlock);
          break;
        case DT_OP_SEM_WAIT:
          while (sem_wait (&sem) != 0)
            ;
          break;
        case DT_OP_SEM_POST:
          sem_post (&sem);
          break;
        case DT_OP_SIGNAL:
          pthread_cond_signal (&conds[op->cv]);
          break;
        case DT_OP_BROADCAST:
          pthread_cond_broadcast (&conds[op->cv]);
          break;
        case DT_OP_ASSERT:
          check (op->n, holds (op, regs));
          break;
        case DT_OP_CRASH:
          if (holds (op, regs))
            *null_pointer = 1;
          break;
        case DT_OP_EXIT:
          exit (encode ());
        default:
          break;
        }
    }
}

static QUIET void *
worker (void *arg)
{
  run ((int) (intptr_t) arg);
  return NULL;
}

QUIET int
main (int argc, char **argv)
{
  if (argc != 2 || dt_program_parse (argv[1], &prog) != 0 || dt_program_check (&prog) != 0)
    {
      fprintf (stderr, "usage: vm 'PROGRAM' (tests/difftest/dt-program.h)\n");
      return 250;
    }
  n_vars = dt_program_n_vars (&prog);
  if (uses_semaphore ())
    sem_init (&sem, 0, 0);    /* main's first step, before any thread exists */
  run (0);
  return encode ();
}
