/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched.c — the controlled scheduler: one thread runs at a time, and the
 * explorer decides who, at every visible operation.  Protocol and shared
 * page: common/augur-sched-format.h.
 *
 * Active only when AUGUR_SCHED is set (then nothing is recorded into a
 * trace).  The process becomes a fork server in main's wrapper, before
 * main runs: each execution is a fork()ed child, which starts with only
 * the main thread, as the explorer expects.
 *
 * The token.  Every thread has a futex word `wake`.  A thread reaching a
 * visible operation publishes it (pending) and, if it holds the token,
 * chooses the next step itself (choose()) and hands the token over; else it
 * waits for the token.  The chosen step is appended to steps[] *before* it
 * executes; the intercept's after-hook completes it (a CAS that failed is a
 * read, a trylock that failed only probed) and updates the model of the
 * objects.  Only the token holder touches the model, so it needs no lock.
 *
 * Blocking is decided by the model (mutex owners, rwlock readers/writer,
 * condition waiters, semaphore values, barrier arrivals, exited threads),
 * never by the OS: a real call is only made once the model says it will
 * not block.  Condition waits and barrier waits are not passed to libc at
 * all: they are split into two steps (WAIT/WAKE, ARRIVE/LEAVE) and
 * emulated, so a signal sent before the wait is lost, as it is in libc.
 *
 * The execution server.  A fork costs about a millisecond on a small VM,
 * more than a whole execution of most test programs.  So where it can, the
 * fork server forks once, an execution server, which runs execution after
 * execution in one process: the program's threads are fibers of its one
 * OS thread (rt-fiber.h), a hand-over is a fiber switch, and between two
 * executions the memory is put back as it was when the server started
 * (rt-snapshot.h).  The server reads the commands and answers them itself;
 * the fork server only watches it, answers for an execution the server
 * died in (a crash, an abort, the watchdog) and starts a new one.  An
 * execution that needs real threads (pthread_cancel, pthread_kill, cleanup
 * handlers, fork, the program's own mmap/munmap/mremap/mprotect, or a
 * program with __thread variables, exit handlers or destructors of its
 * own) makes the fork server go back to a fork per execution, from that
 * execution on.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-sched.h"
#include "runtime/rt-snapshot.h"
#include "runtime/rt-thread.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#include "common/augur-sched-format.h"

int rt_sched_on;
int rt_sched_mode;                /* AUGUR_SCHED was given */
static AugurSchedShm *shm;
static int cmd_fd = -1, status_fd = -1;
static uint32_t stop_step = UINT32_MAX;

#define NONE UINT32_MAX
#define MAXT AUGUR_SCHED_MAX_THREADS

typedef struct {
  int wake;                 /* futex: 1 = your turn */
  int parked;               /* futex: 1 once its first operation is published */
  int state;                /* AUGUR_STH_UNUSED / ENABLED(live) / EXITED */
  int has_pending;
  int token;                /* this thread holds the token (only it writes this) */
  int try_op;               /* the pending acquisition does not block */
  AugurSchedStep pending;
  uint32_t last_step;       /* index of the step it executes now */
  /* condition wait */
  uint64_t wait_cond;
  int signalled;
  uint32_t waker;           /* step + 1 */
  uint64_t wait_seq;
  /* barrier */
  int barrier_released;
  int joined;
  uint32_t create_pc;       /* where it was created (misuse reports) */
  uint8_t create_module;
} SThread;

static SThread th[MAXT];
static uint32_t cur;              /* holder of the token */
static uint32_t filtered;         /* steps [prefix_len-1, filtered) applied to the sleep set */
static uint32_t n_sleep;
static AugurSchedStep sleep_set[AUGUR_SCHED_MAX_SLEEP];
static uint64_t wait_seq;
/* PCT state (random_seed != 0) */
static uint64_t pct_rng;
static uint32_t pct_d;
static uint32_t pct_prio[MAXT];
static uint32_t pct_change[16];

static uint32_t
pct_next (void)
{
  pct_rng ^= pct_rng << 13;
  pct_rng ^= pct_rng >> 7;
  pct_rng ^= pct_rng << 17;
  return (uint32_t) (pct_rng >> 11);
}

/* ------------------------------------------------------------------ */
/* Objects: open addressing by address (child-private memory). */

enum { OBJ_FREE = 0, OBJ_MUTEX, OBJ_RWLOCK, OBJ_COND, OBJ_BARRIER, OBJ_OTHER };

typedef struct {
  uint64_t addr;
  uint8_t kind;
  uint8_t type;             /* AUGUR_MUTEX_* */
  uint8_t inited;           /* explicitly initialised, not yet destroyed */
  uint32_t owner;           /* mutex owner / rwlock writer */
  uint32_t count;           /* recursion / readers */
  uint64_t cond_mutex;
  uint32_t barrier_count, arrived;
  uint32_t init_pc;
  uint8_t init_module;
  uint32_t init_tid;
  uint8_t init_seen;        /* an init of any kind was seen in this execution */
  uint8_t uninit_reported;
} SObj;

#define NOBJ 4096u
static SObj objs[NOBJ];
/* slots in use, so that the end of an execution does not walk (and fault
 * in) the whole table */
static uint16_t objs_used[NOBJ];
static uint32_t n_objs_used;

static SObj *
obj_get (uint64_t addr, int kind)
{
  uint32_t h = (uint32_t) ((addr * 0x9e3779b97f4a7c15ull) >> 52) & (NOBJ - 1);
  for (uint32_t k = 0; k < NOBJ; k++)
    {
      SObj *o = &objs[(h + k) & (NOBJ - 1)];
      if (o->addr == addr && o->kind != OBJ_FREE)
        return o;
      if (o->kind == OBJ_FREE)
        {
          if (kind == OBJ_FREE)
            return NULL;
          memset (o, 0, sizeof *o);
          objs_used[n_objs_used++] = (uint16_t) ((h + k) & (NOBJ - 1));
          o->addr = addr;
          o->kind = (uint8_t) kind;
          o->owner = NONE;
          o->type = AUGUR_MUTEX_DEFAULT;
          return o;
        }
    }
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Futexes and ending */

static long
futex (int *addr, int op, int val)
{
  return syscall (SYS_futex, addr, op, val, NULL, NULL, 0);
}

static void
wait_turn (uint32_t me)
{
  while (!__atomic_load_n (&th[me].wake, __ATOMIC_ACQUIRE))
    futex (&th[me].wake, FUTEX_WAIT_PRIVATE, 0);
  th[me].wake = 0;
}

static void
give_turn (uint32_t t)
{
  __atomic_store_n (&th[t].wake, 1, __ATOMIC_RELEASE);
  futex (&th[t].wake, FUTEX_WAKE_PRIVATE, 1);
}

static void
snapshot_threads (void)
{
  for (uint32_t t = 0; t < MAXT; t++)
    {
      AugurSchedThread *s = &shm->threads[t];
      s->state = (uint8_t) th[t].state;
      s->owner = NONE;
      if (th[t].state == AUGUR_STH_ENABLED && th[t].has_pending)
        {
          s->pending = th[t].pending;
          s->state = AUGUR_STH_BLOCKED;
          uint64_t m = th[t].pending.op == AUGUR_SOP_COND_WAKE ? th[t].pending.arg : th[t].pending.obj;
          SObj *o = obj_get (m, OBJ_FREE);
          if (o != NULL)
            s->owner = o->owner;
          if (th[t].pending.op == AUGUR_SOP_JOIN)
            s->owner = (uint32_t) th[t].pending.arg;
        }
    }
}

/* Ends the execution now: status, then the process, without running any
 * of the program's exit handlers. */
static void __attribute__ ((noreturn))
end_now (uint32_t status)
{
  __atomic_store_n (&shm->status, status, __ATOMIC_RELEASE);
  if (rt_fibers)
    rt_fiber_to_server ();
  syscall (SYS_exit_group, 0);
  __builtin_unreachable ();
}

static void
misuse (uint32_t kind, uint32_t tid, uint32_t pc, uint8_t module, uint64_t obj)
{
  uint32_t n = shm->n_misuse;
  if (n >= AUGUR_SCHED_MAX_MISUSE)
    return;
  AugurSchedMisuse *m = &shm->misuse[n];
  m->kind = kind;
  m->step = shm->n_steps ? shm->n_steps - 1 : 0;
  m->tid = tid;
  m->pc = pc;
  m->module = module;
  m->obj = obj;
  shm->n_misuse = n + 1;
}

/* The start of the main heap, found once in the fork server: [heap] in
 * /proc/self/maps, or, before the heap exists, the program break (where
 * it will start). */
static uintptr_t heap_lo;

static void
find_heap (void)
{
  char buf[8192];
  heap_lo = (uintptr_t) sbrk (0);
  int fd = open ("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  size_t len = 0;
  ssize_t r;
  while (len + 1 < sizeof buf && (r = read (fd, buf + len, sizeof buf - 1 - len)) > 0)
    len += (size_t) r;
  close (fd);
  buf[len] = '\0';
  for (char *line = buf; line != NULL && *line != '\0';)
    {
      char *nl = line;
      while (*nl != '\0' && *nl != '\n')
        nl++;
      int is_heap = nl - line >= 6 && nl[-1] == ']' && nl[-2] == 'p' && nl[-3] == 'a'
                    && nl[-4] == 'e' && nl[-5] == 'h' && nl[-6] == '[';
      if (is_heap)
        {
          uintptr_t v = 0;
          for (const char *c = line; *c != '-'; c++)
            v = v * 16 + (uintptr_t) (*c <= '9' ? *c - '0' : (*c | 0x20) - 'a' + 10);
          heap_lo = v;
          return;
        }
      line = *nl != '\0' ? nl + 1 : NULL;
    }
}

/* A mutex or condition variable used without any init in this execution:
 * only reported for the main heap, where no static initialiser can have
 * set it up (the seed's "uninitialised" misuse; pfscan's queue). */
static void
check_initialised (SObj *o, uint32_t kind, const AugurSchedStep *s)
{
  if (o == NULL || o->init_seen || o->uninit_reported || heap_lo == 0)
    return;
  uintptr_t a = (uintptr_t) o->addr;
  if ((a < heap_lo || a >= (uintptr_t) sbrk (0)) && !rt_arena_contains ((const void *) a))
    return;
  o->uninit_reported = 1;
  misuse (kind, rt_self.tid, s->pc, s->module, o->addr);
}

/* ------------------------------------------------------------------ */
/* Enabledness and choice */

static int
sem_value (uint64_t addr)
{
  int v = 0;
  rt_guard_enter ();
  sem_getvalue ((sem_t *) (uintptr_t) addr, &v);
  rt_guard_leave ();
  return v;
}

static int
enabled (uint32_t t)
{
  SThread *s = &th[t];
  if (s->state != AUGUR_STH_ENABLED || !s->has_pending)
    return 0;
  const AugurSchedStep *p = &s->pending;
  SObj *o;
  switch (p->op)
    {
    case AUGUR_SOP_LOCK:
      if (s->try_op)
        return 1;
      o = obj_get (p->obj, OBJ_FREE);
      if (o == NULL || o->owner == NONE)
        return 1;
      if (o->owner == t)
        return o->type == AUGUR_MUTEX_RECURSIVE || o->type == AUGUR_MUTEX_ERRORCHECK;
      return 0;
    case AUGUR_SOP_RDLOCK:
      if (s->try_op)
        return 1;
      o = obj_get (p->obj, OBJ_FREE);
      return o == NULL || o->owner == NONE;
    case AUGUR_SOP_WRLOCK:
      if (s->try_op)
        return 1;
      o = obj_get (p->obj, OBJ_FREE);
      return o == NULL || (o->owner == NONE && o->count == 0);
    case AUGUR_SOP_COND_WAKE:
      if (!s->signalled && !(p->flags & AUGUR_SF_TIMED))
        return 0;
      o = obj_get (p->arg, OBJ_FREE);
      return o == NULL || o->owner == NONE;
    case AUGUR_SOP_SEM_WAIT:
      return s->try_op || sem_value (p->obj) > 0;
    case AUGUR_SOP_BARRIER_LEAVE:
      return s->barrier_released;
    case AUGUR_SOP_JOIN:
      return p->arg >= MAXT || th[p->arg].state != AUGUR_STH_ENABLED;
    case AUGUR_SOP_OTHER:
      /* pthread_once waits while another thread runs the routine */
      if (p->ev_kind != AUGUR_EV_ONCE)
        return 1;
      o = obj_get (p->obj, OBJ_FREE);
      return o == NULL || o->owner == NONE || o->owner == t;
    default:
      return 1;
    }
}

static int
asleep (uint32_t t)
{
  for (uint32_t k = 0; k < n_sleep; k++)
    if (sleep_set[k].tid == t)
      return 1;
  return 0;
}

/* Wake the sleep-set entries that executed steps depend on. */
static void
filter_sleep (void)
{
  uint32_t n = shm->n_steps;
  uint32_t from = shm->prefix_len > 0 ? shm->prefix_len - 1 : 0;
  if (filtered < from)
    filtered = from;
  for (; filtered < n; filtered++)
    {
      const AugurSchedStep *e = &shm->steps[filtered];
      uint32_t w = 0;
      for (uint32_t k = 0; k < n_sleep; k++)
        if (sleep_set[k].tid != e->tid && !augur_sched_dependent (e, &sleep_set[k]))
          sleep_set[w++] = sleep_set[k];
      n_sleep = w;
    }
}

static uint32_t
choose (void)
{
  filter_sleep ();
  uint32_t k = shm->n_steps;
  if (k >= shm->max_steps)
    {
      snapshot_threads ();
      end_now (AUGUR_SST_STEP_BOUND);
    }
  if (k < shm->prefix_len)
    {
      uint32_t p = shm->prefix[k];
      if (p >= MAXT || !enabled (p))
        {
          shm->diverged_at = k;
          snapshot_threads ();
          end_now (k + 1 == shm->prefix_len ? AUGUR_SST_INFEASIBLE : AUGUR_SST_DIVERGED);
        }
      if (shm->check_prefix && k + 1 < shm->prefix_len
          && (shm->expect[k].ev_kind != th[p].pending.ev_kind
              || shm->expect[k].pc != th[p].pending.pc))
        {
          shm->diverged_at = k;
          snapshot_threads ();
          end_now (AUGUR_SST_DIVERGED);
        }
      return p;
    }
  if (shm->random_seed != 0)
    {
      /* PCT: the highest-priority enabled thread; at change point j the
       * running thread drops to priority j */
      for (uint32_t j = 0; j + 1 < pct_d && j < 16; j++)
        if (pct_change[j] == k && cur < MAXT)
          pct_prio[cur] = j;
      uint32_t best = NONE;
      for (uint32_t t = 0; t < MAXT; t++)
        if (enabled (t) && !asleep (t) && (best == NONE || pct_prio[t] > pct_prio[best]))
          best = t;
      if (best != NONE)
        return best;
    }
  if (enabled (cur) && !asleep (cur))
    return cur;
  int any_enabled = 0;
  for (uint32_t t = 0; t < MAXT; t++)
    if (enabled (t))
      {
        if (!asleep (t))
          return t;
        any_enabled = 1;
      }
  snapshot_threads ();
  end_now (any_enabled ? AUGUR_SST_SLEEP_BLOCKED : AUGUR_SST_DEADLOCK);
}

/* Logs thread next's pending operation as the next step. */
static void
append_step (uint32_t next)
{
  uint32_t k = shm->n_steps;
  AugurSchedStep *s = &shm->steps[k];
  *s = th[next].pending;
  s->tid = (uint16_t) next;
  if (s->op == AUGUR_SOP_OTHER && s->ev_kind == AUGUR_EV_ONCE)
    {
      /* a once whose routine another thread ran: ordered after it */
      SObj *o = obj_get (s->obj, OBJ_FREE);
      if (o != NULL && o->count != 0)
        {
          s->flags |= AUGUR_SF_ONCE_DONE;
          s->size = o->count;
        }
    }
  th[next].last_step = k;
  __atomic_store_n (&shm->n_steps, k + 1, __ATOMIC_RELEASE);
}

/* The token holder picks the next step, logs it and hands the token over.
 * Returns once `me` may run again (at once if it was chosen), unless `me`
 * has left the scheduler (exited), in which case it returns at once. */
static void
schedule (uint32_t me)
{
  uint32_t next = choose ();
  append_step (next);
  if (next == me)
    return;
  cur = next;
  th[me].token = 0;
  if (rt_fibers)
    rt_fiber_switch (me, next);
  else
    {
      give_turn (next);
      wait_turn (me);
    }
  th[me].token = 1;
}

/* pthread_once's routine starts and ends in the calling thread, which holds
 * the token: while it runs, the other callers of that once are blocked
 * (enabled()); when it returns, their ONCE steps are ordered after its
 * last step (AUGUR_SF_ONCE_DONE). */
void
rt_sched_once_begin (const void *control)
{
  uint32_t me = rt_self.tid;
  if (!rt_sched_is_on () || me >= MAXT)
    return;
  SObj *o = obj_get ((uint64_t) (uintptr_t) control, OBJ_OTHER);
  if (o != NULL)
    o->owner = me;
}

void
rt_sched_once_end (const void *control)
{
  uint32_t me = rt_self.tid;
  if (!rt_sched_is_on () || me >= MAXT)
    return;
  SObj *o = obj_get ((uint64_t) (uintptr_t) control, OBJ_OTHER);
  if (o != NULL)
    {
      o->owner = NONE;
      o->count = th[me].last_step + 1;
    }
}

/* A visible operation of the calling thread. */
static void
sched_point (const AugurSchedStep *op, int try_op)
{
  uint32_t me = rt_self.tid;
  if (me >= MAXT || th[me].state != AUGUR_STH_ENABLED)
    return;
  SThread *t = &th[me];
  int saved_errno = errno;
  t->pending = *op;
  t->pending.tid = (uint16_t) me;
  t->try_op = try_op;
  t->has_pending = 1;
  if (!t->parked)
    {
      __atomic_store_n (&t->parked, 1, __ATOMIC_RELEASE);
      if (!rt_fibers)
        futex (&t->parked, FUTEX_WAKE_PRIVATE, 1);
    }
  /* Not `cur == me`: a new thread may be chosen (and cur set) between its
   * publishing and this test; only a thread that holds the token chooses. */
  if (t->token)
    schedule (me);
  else
    {
      /* a new thread, parked: on fibers, back to its creator */
      if (rt_fibers)
        rt_fiber_switch (me, cur);
      else
        wait_turn (me);
      t->token = 1;
    }
  t->has_pending = 0;
  if (RT_UNLIKELY (t->last_step == stop_step))
    raise (SIGTRAP);
  errno = saved_errno;
}

static AugurSchedStep *
my_step (void)
{
  uint32_t me = rt_self.tid;
  if (me >= MAXT)
    return NULL;
  return &shm->steps[th[me].last_step];
}

static void
make_step (AugurSchedStep *s, uint8_t op, uint8_t ev_kind, uint64_t obj, uint32_t size,
           uintptr_t ra)
{
  AugurRecord r;
  memset (s, 0, sizeof *s);
  rt_pc (ra, &r);
  s->op = op;
  s->ev_kind = ev_kind;
  s->obj = obj;
  s->size = size;
  s->pc = r.pc;
  s->module = r.module;
}

/* ------------------------------------------------------------------ */
/* Object events: what gives addresses their names (augur-sched-format.h).
 * Only the running thread writes them (the token holder, or a new thread
 * before its first step while its creator waits for it to park), so a
 * few plain stores do. */

void
rt_sched_object (uint8_t kind, uint32_t tid, uint32_t aux, uint64_t addr, uint64_t arg)
{
  uint32_t n = shm->n_objects;
  /* a block freed before any step could touch it names nothing: the pair
   * goes (allocation numbers still count it), and free(malloc()) loops
   * do not fill the log */
  if (kind == AUGUR_EV_FREE && n > 0 && shm->objects[n - 1].kind == AUGUR_EV_ALLOC
      && shm->objects[n - 1].addr == addr && shm->objects[n - 1].step == shm->n_steps)
    {
      shm->n_objects = n - 1;
      return;
    }
  if (RT_UNLIKELY (n >= AUGUR_SCHED_MAX_OBJECTS))
    {
      if (shm->objects_lost_at == UINT32_MAX)
        shm->objects_lost_at = shm->n_steps;
      return;
    }
  AugurSchedObjectEvent *e = &shm->objects[n];
  e->step = shm->n_steps;
  e->kind = kind;
  e->tid = tid;
  e->aux = aux;
  e->addr = addr;
  e->arg = arg;
  shm->n_objects = n + 1;
}

/* pthread_getattr_np mallocs, and a thread's first malloc maps it a new
 * 64 MiB arena: too much for every thread of every execution.  glibc puts
 * a thread's descriptor, which the thread pointer points to, a fixed
 * distance below the top of the stacks it allocates (aligned down from
 * the top, whose alignment glibc keeps), so the distance is measured once,
 * by the first thread of the exploration, and kept in the page. */
uint64_t
rt_sched_stack_top (void)
{
  if (rt_fibers)
    return rt_fiber_stack_top (rt_self.tid);
  uint64_t tp = (uint64_t) (uintptr_t) __builtin_thread_pointer ();
  uint64_t d = shm->stack_top_from_tp;
  if (RT_LIKELY (d != 0))
    return tp + d;
  uint64_t top = rt_thread_stack_top ();
  if (top > tp)
    shm->stack_top_from_tp = top - tp;
  return top;
}

/* ------------------------------------------------------------------ */
/* Hooks: accesses */

/* Is this access's pc (as make_step computes it: return address of the
 * hook's call minus one, an offset in the executable) in a range static
 * analysis pruned?  Binary search of the sorted, disjoint ranges. */
static RT_NOINLINE int
pruned_pc (uintptr_t ra)
{
  uintptr_t pc = ra - 1;
  if (pc - rt_exe_lo >= rt_exe_size)
    return 0;   /* not the executable's code (or ra unknown) */
  uint32_t off = (uint32_t) (pc - rt_exe_bias);
  uint32_t lo = 0, hi = shm->n_pruned;
  if (hi > AUGUR_SCHED_MAX_PRUNED)
    hi = AUGUR_SCHED_MAX_PRUNED;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (off < shm->pruned[mid].lo)
        hi = mid;
      else if (off >= shm->pruned[mid].hi)
        lo = mid + 1;
      else
        return 1;
    }
  return 0;
}

void
rt_sched_access (uint8_t kind, const void *addr, size_t size, uintptr_t ra)
{
  if (shm->flags & AUGUR_SCHED_F_NO_ACCESSES)
    return;
  /* one predictable branch when the explorer pruned nothing */
  if (RT_UNLIKELY (shm->n_pruned != 0) && pruned_pc (ra))
    return;
  AugurSchedStep s;
  int write = kind == AUGUR_EV_WRITE || kind == AUGUR_EV_WRITE_RANGE;
  make_step (&s, write ? AUGUR_SOP_WRITE : AUGUR_SOP_READ, kind, (uint64_t) (uintptr_t) addr,
             (uint32_t) (size > UINT32_MAX ? UINT32_MAX : size), ra);
  if (kind == AUGUR_EV_READ_RANGE || kind == AUGUR_EV_WRITE_RANGE)
    s.flags |= AUGUR_SF_RANGE;
  sched_point (&s, 0);
}

void
rt_sched_atomic (uint8_t kind, const volatile void *addr, unsigned size, uintptr_t ra)
{
  if (kind == AUGUR_EV_FENCE)
    return;
  AugurSchedStep s;
  make_step (&s, kind == AUGUR_EV_ATOMIC_LOAD ? AUGUR_SOP_READ : AUGUR_SOP_WRITE, kind,
             (uint64_t) (uintptr_t) addr, size ? size : 16, ra);
  s.flags |= AUGUR_SF_ATOMIC;
  sched_point (&s, 0);
}

void
rt_sched_cas_result (int ok)
{
  AugurSchedStep *s = my_step ();
  if (s != NULL && !ok)
    s->op = AUGUR_SOP_READ;
}

/* ------------------------------------------------------------------ */
/* Hooks: synchronisation (from rt_sync_before / rt_sync_after) */

static uint8_t
sync_op (const RtSync *op, int *try_op)
{
  *try_op = 0;
  switch (op->rec.kind)
    {
    case AUGUR_EV_MUTEX_LOCK:
    case AUGUR_EV_MUTEX_TIMEDLOCK:
      return AUGUR_SOP_LOCK;
    case AUGUR_EV_MUTEX_TRYLOCK:
      *try_op = 1;
      return AUGUR_SOP_LOCK;
    case AUGUR_EV_SPIN_LOCK:
      *try_op = op->rec.aux == AUGUR_TRY_TRY;
      return AUGUR_SOP_LOCK;
    case AUGUR_EV_MUTEX_UNLOCK:
    case AUGUR_EV_SPIN_UNLOCK:
      return AUGUR_SOP_UNLOCK;
    case AUGUR_EV_RWLOCK_RDLOCK:
      *try_op = op->rec.aux == AUGUR_TRY_TRY;
      return AUGUR_SOP_RDLOCK;
    case AUGUR_EV_RWLOCK_WRLOCK:
      *try_op = op->rec.aux == AUGUR_TRY_TRY;
      return AUGUR_SOP_WRLOCK;
    case AUGUR_EV_RWLOCK_UNLOCK:
      return AUGUR_SOP_RWUNLOCK;
    case AUGUR_EV_COND_SIGNAL:
      return AUGUR_SOP_SIGNAL;
    case AUGUR_EV_COND_BROADCAST:
      return AUGUR_SOP_BROADCAST;
    case AUGUR_EV_SEM_WAIT:
      *try_op = op->rec.aux != AUGUR_TRY_BLOCKING;
      return AUGUR_SOP_SEM_WAIT;
    case AUGUR_EV_SEM_POST:
      return AUGUR_SOP_SEM_POST;
    case AUGUR_EV_THREAD_CREATE:
      return AUGUR_SOP_CREATE;
    case AUGUR_EV_THREAD_JOIN:
      return AUGUR_SOP_JOIN;
    case AUGUR_EV_MUTEX_INIT:
    case AUGUR_EV_RWLOCK_INIT:
    case AUGUR_EV_COND_INIT:
    case AUGUR_EV_BARRIER_INIT:
    case AUGUR_EV_SEM_INIT:
    case AUGUR_EV_SPIN_INIT:
      return AUGUR_SOP_INIT;
    case AUGUR_EV_MUTEX_DESTROY:
    case AUGUR_EV_RWLOCK_DESTROY:
    case AUGUR_EV_COND_DESTROY:
    case AUGUR_EV_BARRIER_DESTROY:
    case AUGUR_EV_SEM_DESTROY:
    case AUGUR_EV_SPIN_DESTROY:
      return AUGUR_SOP_DESTROY;
    case AUGUR_EV_ALLOC:
    case AUGUR_EV_FREE:
      return AUGUR_SOP_NONE;   /* invisible */
    default:
      return AUGUR_SOP_OTHER;
    }
}

void
rt_sched_sync_before (RtSync *op)
{
  int try_op;
  uint8_t sop = sync_op (op, &try_op);
  if (sop == AUGUR_SOP_NONE)
    {
      /* before the real free: the block may be handed out again at once */
      if (op->rec.kind == AUGUR_EV_FREE)
        rt_sched_object (AUGUR_EV_FREE, op->rec.tid, 0, op->rec.addr, 0);
      return;
    }
  AugurSchedStep s;
  memset (&s, 0, sizeof s);
  s.op = sop;
  s.ev_kind = op->rec.kind;
  s.pc = op->rec.pc;
  s.module = op->rec.module;
  s.obj = op->rec.addr;
  s.size = 1;
  if (op->rec.kind == AUGUR_EV_MUTEX_TIMEDLOCK)
    s.flags |= AUGUR_SF_TIMED;
  if (sop == AUGUR_SOP_CREATE || sop == AUGUR_SOP_JOIN)
    {
      s.arg = op->rec.addr;   /* the peer's id */
      s.obj = 0;
    }
  if (sop == AUGUR_SOP_JOIN && op->rec.addr == RT_TID_NONE)
    {
      s.arg = NONE;
      sched_point (&s, 0);
      misuse (AUGUR_MISUSE_DOUBLE_JOIN, rt_self.tid, s.pc, s.module, 0);
      return;
    }
  if (sop == AUGUR_SOP_CREATE && op->rec.addr >= MAXT)
    {
      snapshot_threads ();
      end_now (AUGUR_SST_TOO_MANY_THREADS);
    }
  sched_point (&s, try_op);
  uint32_t me = rt_self.tid;
  if (sop == AUGUR_SOP_CREATE)
    {
      SThread *c = &th[op->rec.addr];
      memset (c, 0, sizeof *c);
      c->state = AUGUR_STH_ENABLED;
      c->last_step = NONE;
      c->create_pc = s.pc;
      c->create_module = s.module;
      if (shm->random_seed != 0)
        pct_prio[op->rec.addr] = pct_d + pct_next () % 1000000u;
      uint32_t n = (uint32_t) op->rec.addr + 1;
      if (n > shm->n_threads)
        shm->n_threads = n;
    }
  else if (sop == AUGUR_SOP_LOCK && op->rec.kind != AUGUR_EV_SPIN_LOCK)
    check_initialised (obj_get (s.obj, OBJ_MUTEX), AUGUR_MISUSE_UNINIT_MUTEX, &s);
  else if (sop == AUGUR_SOP_UNLOCK)
    {
      SObj *o = obj_get (s.obj, OBJ_MUTEX);
      if (op->rec.kind == AUGUR_EV_MUTEX_UNLOCK)
        check_initialised (o, AUGUR_MISUSE_UNINIT_MUTEX, &s);
      if (o->owner != me)
        {
          misuse (o->owner == NONE ? AUGUR_MISUSE_UNLOCK_UNLOCKED : AUGUR_MISUSE_UNLOCK_NOT_OWNER,
                  me, s.pc, s.module, s.obj);
          o->owner = NONE;
          o->count = 0;
        }
      else if (--o->count == 0)
        o->owner = NONE;
    }
  else if (sop == AUGUR_SOP_DESTROY)
    {
      if (op->rec.kind == AUGUR_EV_MUTEX_DESTROY || op->rec.kind == AUGUR_EV_COND_DESTROY)
        {
          int cond = op->rec.kind == AUGUR_EV_COND_DESTROY;
          check_initialised (obj_get (s.obj, cond ? OBJ_COND : OBJ_MUTEX),
                             cond ? AUGUR_MISUSE_UNINIT_COND : AUGUR_MISUSE_UNINIT_MUTEX, &s);
        }
      SObj *o = obj_get (s.obj, OBJ_FREE);
      if (o != NULL)
        {
          if ((o->kind == OBJ_MUTEX && o->owner != NONE)
              || (o->kind == OBJ_RWLOCK && (o->owner != NONE || o->count != 0)))
            misuse (AUGUR_MISUSE_DESTROY_HELD, me, s.pc, s.module, s.obj);
          o->inited = 0;
        }
    }
  else if (sop == AUGUR_SOP_SIGNAL || sop == AUGUR_SOP_BROADCAST)
    {
      check_initialised (obj_get (s.obj, OBJ_COND), AUGUR_MISUSE_UNINIT_COND, &s);
      uint32_t k = th[me].last_step;
      for (;;)
        {
          uint32_t best = NONE;
          for (uint32_t t = 0; t < MAXT; t++)
            if (th[t].state == AUGUR_STH_ENABLED && th[t].wait_cond == s.obj && !th[t].signalled
                && (best == NONE || th[t].wait_seq < th[best].wait_seq))
              best = t;
          if (best == NONE)
            break;
          th[best].signalled = 1;
          th[best].waker = k + 1;
          if (sop == AUGUR_SOP_SIGNAL)
            break;
        }
    }
  else if (sop == AUGUR_SOP_INIT)
    {
      int kind = OBJ_OTHER;
      switch (op->rec.kind)
        {
        case AUGUR_EV_MUTEX_INIT:
        case AUGUR_EV_SPIN_INIT:
          kind = OBJ_MUTEX;
          break;
        case AUGUR_EV_RWLOCK_INIT:
          kind = OBJ_RWLOCK;
          break;
        case AUGUR_EV_COND_INIT:
          kind = OBJ_COND;
          break;
        case AUGUR_EV_BARRIER_INIT:
          kind = OBJ_BARRIER;
          break;
        default:
          break;
        }
      SObj *o = obj_get (s.obj, kind);
      o->kind = (uint8_t) kind;
      o->init_seen = 1;
      o->owner = NONE;
      o->count = 0;
      o->cond_mutex = 0;
      o->arrived = 0;
      if (op->rec.kind == AUGUR_EV_MUTEX_INIT)
        {
          o->type = (uint8_t) op->rec.arg;
          o->inited = 1;
          o->init_pc = s.pc;
          o->init_module = s.module;
          o->init_tid = me;
        }
      if (op->rec.kind == AUGUR_EV_BARRIER_INIT)
        o->barrier_count = (uint32_t) op->rec.arg;
    }
}

void
rt_sched_sync_after (RtSync *op, int64_t result)
{
  if (op->rec.kind == AUGUR_EV_ALLOC)
    {
      rt_sched_object (AUGUR_EV_ALLOC, op->rec.tid, op->rec.aux, op->rec.addr, op->rec.arg);
      return;
    }
  int try_op;
  uint8_t sop = sync_op (op, &try_op);
  uint32_t me = rt_self.tid;
  if (me >= MAXT)
    return;
  AugurSchedStep *s = &shm->steps[th[me].last_step];
  switch (sop)
    {
    case AUGUR_SOP_CREATE:
      {
        uint32_t c = (uint32_t) op->rec.addr;
        if (result != 0)
          {
            th[c].state = AUGUR_STH_UNUSED;
            s->flags |= AUGUR_SF_FAILED;
            break;
          }
        /* the child runs to its first visible operation, then parks */
        if (rt_fibers)
          rt_fiber_switch (me, c);
        while (!__atomic_load_n (&th[c].parked, __ATOMIC_ACQUIRE))
          futex (&th[c].parked, FUTEX_WAIT_PRIVATE, 0);
        break;
      }
    case AUGUR_SOP_JOIN:
      if (result == 0 && op->rec.addr < MAXT)
        th[op->rec.addr].joined = 1;
      break;
    case AUGUR_SOP_LOCK:
      {
        SObj *o = obj_get (s->obj, OBJ_MUTEX);
        if (result == 0)
          {
            o->owner = me;
            o->count++;
          }
        else if (try_op)
          s->op = AUGUR_SOP_TRYLOCK_FAIL;
        else
          s->flags |= AUGUR_SF_FAILED;
        break;
      }
    case AUGUR_SOP_RDLOCK:
    case AUGUR_SOP_WRLOCK:
      {
        SObj *o = obj_get (s->obj, OBJ_RWLOCK);
        o->kind = OBJ_RWLOCK;
        if (result != 0)
          {
            s->op = AUGUR_SOP_TRYLOCK_FAIL;
            break;
          }
        if (sop == AUGUR_SOP_WRLOCK)
          o->owner = me;
        else
          o->count++;
        break;
      }
    case AUGUR_SOP_RWUNLOCK:
      {
        SObj *o = obj_get (s->obj, OBJ_RWLOCK);
        if (o->owner == me)
          o->owner = NONE;
        else if (o->count > 0)
          o->count--;
        else
          misuse (AUGUR_MISUSE_UNLOCK_UNLOCKED, me, s->pc, s->module, s->obj);
        break;
      }
    case AUGUR_SOP_SEM_WAIT:
      if (result != 0)
        s->op = AUGUR_SOP_READ;
      break;
    default:
      break;
    }
}

/* ------------------------------------------------------------------ */
/* Condition variables and barriers: emulated */

RT_DEFINE_REAL (pthread_mutex_lock, NULL)
RT_DEFINE_REAL (pthread_mutex_unlock, NULL)

int
rt_sched_cond_wait (void *c, void *m, int timed, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  AugurSchedStep s;
  make_step (&s, AUGUR_SOP_COND_WAIT, AUGUR_EV_COND_WAIT, (uint64_t) (uintptr_t) c, 1, ra);
  s.arg = (uint64_t) (uintptr_t) m;
  if (timed)
    s.flags |= AUGUR_SF_TIMED;
  sched_point (&s, 0);
  SObj *mo = obj_get (s.arg, OBJ_MUTEX);
  SObj *co = obj_get (s.obj, OBJ_COND);
  check_initialised (co, AUGUR_MISUSE_UNINIT_COND, &s);
  check_initialised (mo, AUGUR_MISUSE_UNINIT_MUTEX, &s);
  if (co->cond_mutex != 0 && co->cond_mutex != s.arg)
    misuse (AUGUR_MISUSE_COND_TWO_MUTEXES, me, s.pc, s.module, s.obj);
  co->cond_mutex = s.arg;
  if (mo->owner != me)
    {
      misuse (AUGUR_MISUSE_WAIT_NOT_OWNER, me, s.pc, s.module, s.arg);
      return EPERM;
    }
  uint32_t count = mo->count;
  mo->owner = NONE;
  mo->count = 0;
  th[me].wait_cond = s.obj;
  th[me].signalled = 0;
  th[me].waker = 0;
  th[me].wait_seq = ++wait_seq;
  for (uint32_t k = 0; k < count; k++)
    get_real_pthread_mutex_unlock () (m);

  s.op = AUGUR_SOP_COND_WAKE;
  s.ev_kind = AUGUR_EV_COND_WAKE;
  sched_point (&s, 0);
  int r = th[me].signalled ? 0 : ETIMEDOUT;
  AugurSchedStep *done = my_step ();
  done->size = th[me].waker;
  if (r != 0)
    done->flags |= AUGUR_SF_TIMEOUT;
  th[me].wait_cond = 0;
  th[me].signalled = 0;
  for (uint32_t k = 0; k < count; k++)
    get_real_pthread_mutex_lock () (m);
  mo = obj_get (s.arg, OBJ_MUTEX);
  mo->owner = me;
  mo->count = count;
  return r;
}

int
rt_sched_barrier_wait (void *b, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  AugurSchedStep s;
  make_step (&s, AUGUR_SOP_BARRIER_ARRIVE, AUGUR_EV_BARRIER_ENTER, (uint64_t) (uintptr_t) b, 1, ra);
  sched_point (&s, 0);
  SObj *o = obj_get (s.obj, OBJ_BARRIER);
  int serial = 0;
  th[me].barrier_released = 0;
  if (++o->arrived >= (o->barrier_count ? o->barrier_count : 1))
    {
      uint32_t k = th[me].last_step;
      for (uint32_t t = 0; t < MAXT; t++)
        if (th[t].state == AUGUR_STH_ENABLED && th[t].has_pending
            && th[t].pending.op == AUGUR_SOP_BARRIER_LEAVE && th[t].pending.obj == s.obj
            && !th[t].barrier_released)
          {
            th[t].barrier_released = 1;
            th[t].waker = k + 1;
          }
      th[me].barrier_released = 1;
      th[me].waker = k + 1;
      o->arrived = 0;
      serial = 1;
    }
  s.op = AUGUR_SOP_BARRIER_LEAVE;
  s.ev_kind = AUGUR_EV_BARRIER_LEAVE;
  sched_point (&s, 0);
  AugurSchedStep *done = my_step ();
  done->size = th[me].waker;
  th[me].barrier_released = 0;
  return serial ? PTHREAD_BARRIER_SERIAL_THREAD : 0;
}

/* ------------------------------------------------------------------ */
/* Thread and process ends */

static void check_not_destroyed (void);

static void
hand_off_final (uint32_t me)
{
  /* `me` leaves the scheduler: give the token to someone else. */
  th[me].state = AUGUR_STH_EXITED;
  th[me].has_pending = 0;
  int live = 0;
  for (uint32_t t = 0; t < MAXT && !live; t++)
    live = th[t].state == AUGUR_STH_ENABLED || th[t].state == AUGUR_STH_BLOCKED;
  if (!live)
    {
      /* the last thread ends (main called pthread_exit earlier): libc
       * exits the process with status 0, a normal end, not a deadlock */
      check_not_destroyed ();
      rt_sched_process_exit ();
      if (rt_fibers)
        rt_fiber_to_server ();
      return;
    }
  uint32_t next = choose ();
  append_step (next);
  cur = next;
  th[me].token = 0;
  if (rt_fibers)
    rt_fiber_finish (me, next);
  give_turn (next);
}

void
rt_sched_thread_exit (uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (me >= MAXT || th[me].state != AUGUR_STH_ENABLED)
    return;
  AugurSchedStep s;
  make_step (&s, AUGUR_SOP_EXIT, AUGUR_EV_THREAD_EXIT, 0, 0, ra);
  sched_point (&s, 0);
  hand_off_final (me);
}

static void
check_not_destroyed (void)
{
  for (uint32_t u = 0; u < n_objs_used; u++)
    {
      const SObj *o = &objs[objs_used[u]];
      if (o->kind == OBJ_MUTEX && o->inited)
        misuse (AUGUR_MISUSE_NOT_DESTROYED, o->init_tid, o->init_pc, o->init_module, o->addr);
    }
}

void
rt_sched_main_return (void)
{
  if (!rt_sched_on || rt_self.tid != 0)
    return;
  AugurSchedStep s;
  make_step (&s, AUGUR_SOP_EXIT, AUGUR_EV_THREAD_EXIT, 0, 0, 0);
  sched_point (&s, 0);
  for (uint32_t t = 1; t < MAXT; t++)
    if (th[t].state == AUGUR_STH_ENABLED)
      {
        misuse (AUGUR_MISUSE_MAIN_RETURNS, 0, th[t].create_pc, th[t].create_module, t);
        break;
      }
  check_not_destroyed ();
  rt_sched_process_exit ();
}

void
rt_sched_process_exit (void)
{
  if (!rt_sched_on)
    return;
  __atomic_store_n (&rt_sched_on, 0, __ATOMIC_RELEASE);
  __atomic_store_n (&rt_active, 0, __ATOMIC_RELEASE);
  if (shm->status == AUGUR_SST_RUNNING)
    shm->status = AUGUR_SST_DONE;
}

/* __assert_fail: the location of the failed assertion, then libc's. */
RT_EXPORT void
__assert_fail (const char *expr, const char *file, unsigned line, const char *function)
{
  typedef void (*AssertFail) (const char *, const char *, unsigned, const char *);
  static AssertFail real;
  if (real == NULL)
    real = (AssertFail) rt_real ("__assert_fail", NULL);
  if (rt_sched_on && shm != NULL)
    {
      __atomic_store_n (&rt_sched_on, 0, __ATOMIC_RELEASE);
      shm->fail_tid = rt_self.tid;
      shm->fail_line = line;
      AugurRecord r;
      rt_pc (RT_RA (), &r);
      shm->fail_pc = r.pc;
      shm->fail_module = r.module;
      strncpy (shm->fail_file, file ? file : "", sizeof shm->fail_file - 1);
      strncpy (shm->fail_function, function ? function : "", sizeof shm->fail_function - 1);
      strncpy (shm->fail_expr, expr ? expr : "", sizeof shm->fail_expr - 1);
      shm->status = AUGUR_SST_ASSERT;
    }
  real (expr, file, line, function);
  __builtin_unreachable ();
}

static void
on_crash (int sig, siginfo_t *info, void *context)
{
  (void) info;
  if (shm->status == AUGUR_SST_RUNNING || shm->status == AUGUR_SST_DONE)
    {
      ucontext_t *uc = context;
      AugurRecord r;
      rt_pc ((uintptr_t) uc->uc_mcontext.gregs[REG_RIP] + 1, &r);
      shm->fail_tid = rt_self.tid;
      shm->fail_pc = r.pc;
      shm->fail_module = r.module;
      shm->fail_signal = (uint32_t) sig;
      shm->status = sig == SIGABRT ? AUGUR_SST_ASSERT : AUGUR_SST_CRASH;
    }
  else if (shm->status == AUGUR_SST_ASSERT)
    shm->fail_signal = (uint32_t) sig;
  signal (sig, SIG_DFL);
  raise (sig);
}

/* ------------------------------------------------------------------ */
/* Start-up and the fork server */

bool
rt_sched_init (const char *env)
{
  char *end;
  long memfd = strtol (env, &end, 10);
  if (*end == ',')
    {
      cmd_fd = (int) strtol (end + 1, &end, 10);
      if (*end == ',')
        status_fd = (int) strtol (end + 1, &end, 10);
    }
  void *p = mmap (NULL, sizeof (AugurSchedShm), PROT_READ | PROT_WRITE, MAP_SHARED, (int) memfd, 0);
  if (p == MAP_FAILED)
    return false;
  shm = p;
  if (shm->magic != AUGUR_SCHED_MAGIC || shm->version != AUGUR_SCHED_VERSION)
    return false;
  close ((int) memfd);
  const char *stop = getenv (AUGUR_ENV_SCHED_STOP);
  if (stop != NULL)
    stop_step = (uint32_t) strtoul (stop, NULL, 10);
  rt_sched_mode = 1;
  return true;
}

static void
on_child_exit (int status, void *data)
{
  (void) status;
  (void) data;
  rt_sched_process_exit ();
}

/* What ends an execution from outside the scheduler: a fatal signal, and
 * exit handlers (a libc-internal exit). */
static void
install_handlers (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_sigaction = on_crash;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  static const int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP };
  for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
    if (sigs[k] != SIGTRAP || stop_step == UINT32_MAX)
      sigaction (sigs[k], &sa, NULL);
  on_exit (on_child_exit, NULL);
}

static void
child_start (void)
{
  memset (th, 0, sizeof th);
  th[0].state = AUGUR_STH_ENABLED;
  th[0].parked = 1;
  th[0].token = 1;
  th[0].last_step = NONE;
  cur = 0;
  n_sleep = shm->n_sleep < AUGUR_SCHED_MAX_SLEEP ? shm->n_sleep : AUGUR_SCHED_MAX_SLEEP;
  memcpy (sleep_set, shm->sleep, n_sleep * sizeof sleep_set[0]);
  filtered = 0;
  shm->n_threads = 1;
  shm->n_objects = 0;
  shm->objects_lost_at = UINT32_MAX;
  if (shm->random_seed != 0)
    {
      pct_rng = shm->random_seed * 0x9e3779b97f4a7c15ull + 1;
      pct_d = shm->pct_depth ? shm->pct_depth : 3;
      for (uint32_t j = 0; j < 16; j++)
        pct_change[j] = shm->prefix_len + 1 + pct_next () % (shm->pct_steps ? shm->pct_steps : 100);
      pct_prio[0] = pct_d + pct_next () % 1000000u;
    }
  rt_self.tid = 0;
  if (rt_fibers)
    {
      /* the crash handlers and the exit handler are the server's, set
       * before its snapshot */
      rt_thread_table_set (rt_fiber_handle (0), 0);
      __atomic_store_n (&rt_active, 1, __ATOMIC_RELEASE);
      __atomic_store_n (&rt_sched_on, 1, __ATOMIC_RELEASE);
      return;   /* main's THREAD_START: rt_call_main */
    }
  install_handlers ();
  /* Small thread stacks unless the program asks: a new thread's stack is
   * mapped and faulted in once per execution (AUGUR_SCHED_STACK to change). */
  const char *stack = getenv ("AUGUR_SCHED_STACK");
  size_t stack_size = stack != NULL ? strtoul (stack, NULL, 10) : 256u << 10;
  if (stack_size >= 16384)
    {
      pthread_attr_t a;
      if (pthread_attr_init (&a) == 0)
        {
          if (pthread_attr_setstacksize (&a, stack_size) == 0)
            pthread_setattr_default_np (&a);
          pthread_attr_destroy (&a);
        }
    }
  rt_self.tid = 0;
  __atomic_store_n (&rt_active, 1, __ATOMIC_RELEASE);
  __atomic_store_n (&rt_sched_on, 1, __ATOMIC_RELEASE);
  /* main's stack top and thread pointer, as rt_init records them */
  extern void *__libc_stack_end;
  rt_thread_start_record (0, 0, 0, (uint64_t) (uintptr_t) __libc_stack_end, 0);
}

/* The page's per-execution fields, before each execution. */
static void
reset_page (void)
{
  shm->status = AUGUR_SST_RUNNING;
  shm->n_steps = 0;
  shm->n_misuse = 0;
  shm->n_threads = 1;
  shm->diverged_at = 0;
  shm->fail_tid = 0;
  shm->fail_line = 0;
  shm->fail_pc = 0;
  shm->fail_signal = 0;
  shm->fail_file[0] = shm->fail_function[0] = shm->fail_expr[0] = '\0';
  shm->wait_status = 0;
}

static void
answer (void)
{
  while (write (status_fd, "x", 1) < 0 && errno == EINTR)
    ;
}

/* Waits for one command byte; exits when the explorer has gone. */
static void
next_command (void)
{
  for (;;)
    {
      char c;
      ssize_t n = read (cmd_fd, &c, 1);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          shm->server_state = AUGUR_SERVER_GONE;
          syscall (SYS_exit_group, 0);
        }
      return;
    }
}

/* One execution in a forked child; the child returns from here to run
 * main, the fork server comes back once it has answered. */
static bool
fork_one (void)
{
  reset_page ();
  fflush (NULL);
  pid_t pid = fork ();
  if (pid == 0)
    {
      close (cmd_fd);
      close (status_fd);
      child_start ();
      return true;
    }
  shm->child_pid = pid;
  int st = 0;
  if (pid > 0)
    while (waitpid (pid, &st, 0) < 0 && errno == EINTR)
      ;
  else
    st = 127 << 8;
  shm->wait_status = st;
  answer ();
  return false;
}

static RtMainFunc srv_main;
static int srv_argc;
static char **srv_argv, **srv_envp;

static void
main_fiber (void *data)
{
  (void) data;
  child_start ();
  int st = rt_call_main (srv_main, srv_argc, srv_argv, srv_envp);
  rt_sched_main_return ();
  shm->wait_status = (st & 0xff) << 8;
  rt_fiber_to_server ();
}

/* A program that forks in an execution: the child would be a copy of the
 * server, commands and all.  That execution and the later ones are run
 * as forked processes with real threads instead. */
static void
fork_prepare (void)
{
  if (rt_fibers)
    rt_sched_need_threads ();
}

/* rt_thread_measure_depth, in a child: a real thread leaves its stack and
 * its malloc arena mapped (glibc keeps both for the next thread), and the
 * server must not carry 8 MiB of them in its snapshot.  Once per
 * exploration, kept in the page. */
static uint64_t
thread_depth (void)
{
  if (shm->thread_depth != 0)
    return shm->thread_depth;
  pid_t pid = fork ();
  if (pid == 0)
    {
      shm->thread_depth = rt_thread_measure_depth ();
      syscall (SYS_exit_group, 0);
    }
  if (pid > 0)
    while (waitpid (pid, NULL, 0) < 0 && errno == EINTR)
      ;
  return shm->thread_depth;
}

/* The execution server (a child of the fork server): never returns. */
static void __attribute__ ((noreturn))
serve (void)
{
  const void *keep[2];
  size_t keep_size[2];
  void *lo;
  if (!rt_fiber_setup (&lo, &keep_size[0]))
    goto no_fibers;
  keep[0] = lo;
  if (!rt_arena_setup (&lo, &keep_size[1]))
    goto no_fibers;
  keep[1] = lo;
  install_handlers ();
  pthread_atfork (fork_prepare, NULL, NULL);
  rt_thread_set_depth (thread_depth ());
  if (!rt_snapshot_take (keep, keep_size, 2, srv_argc, srv_argv))
    goto no_fibers;
  for (;;)
    {
      next_command ();
      reset_page ();
      shm->child_pid = getpid ();
      shm->server_state = AUGUR_SERVER_RUNNING;
      rt_fiber_run_main (main_fiber, NULL);
      __atomic_store_n (&rt_sched_on, 0, __ATOMIC_RELEASE);
      __atomic_store_n (&rt_active, 0, __ATOMIC_RELEASE);
      fflush (NULL);
      shm->fiber_executions++;
      shm->server_state = AUGUR_SERVER_IDLE;
      answer ();
      /* while the explorer reads the result, this process puts itself
       * back for the next one */
      rt_snapshot_restore ();
    }
no_fibers:
  shm->no_fibers = 1;
  syscall (SYS_exit_group, 0);
  __builtin_unreachable ();
}

void
rt_sched_need_threads (void)
{
  shm->no_fibers = 1;
  syscall (SYS_exit_group, 0);
  __builtin_unreachable ();
}

bool
rt_sched_held_by_other (const void *mutex)
{
  if (!rt_fibers)
    return false;
  SObj *o = obj_get ((uint64_t) (uintptr_t) mutex, OBJ_FREE);
  return o != NULL && o->owner != NONE && o->owner != rt_self.tid;
}

void
rt_sched_exit (int status)
{
  if (!rt_fibers || !rt_sched_on)
    return;
  rt_sched_process_exit ();
  shm->wait_status = (status & 0xff) << 8;
  rt_fiber_to_server ();
}

void
rt_sched_before_main (RtMainFunc main_fn, int argc, char **argv, char **envp)
{
  if (!rt_sched_mode)
    return;
  shm->exe_bias = rt_exe_bias;
  if (cmd_fd < 0)
    {
      reset_page ();
      free (malloc (1));
      find_heap ();
      child_start ();
      return;
    }
  /* tell the explorer the server is up (a program not built with augur-cc
   * never says so) */
  while (write (status_fd, "R", 1) < 0 && errno == EINTR)
    ;
  /* The fork server: pinned to the CPU it runs on, so that the hand-offs
   * between the child's threads stay on one CPU. */
  /* initialise malloc here once, not in every execution */
  free (malloc (1));
  find_heap ();
  cpu_set_t set;
  CPU_ZERO (&set);
  int cpu = sched_getcpu ();
  CPU_SET (cpu >= 0 ? cpu : 0, &set);
  sched_setaffinity (0, sizeof set, &set);
  srv_main = main_fn;
  srv_argc = argc;
  srv_argv = argv;
  srv_envp = envp;
  shm->no_fibers = !rt_fiber_possible () || stop_step != UINT32_MAX;
  for (;;)
    {
      if (shm->no_fibers)
        {
          next_command ();
          if (fork_one ())
            return;
          continue;
        }
      shm->server_state = AUGUR_SERVER_IDLE;
      fflush (NULL);
      pid_t pid = fork ();
      if (pid == 0)
        serve ();
      int st = 0;
      if (pid > 0)
        while (waitpid (pid, &st, 0) < 0 && errno == EINTR)
          ;
      else
        shm->no_fibers = 1;
      if (shm->server_state == AUGUR_SERVER_GONE)
        syscall (SYS_exit_group, 0);
      if (shm->server_state != AUGUR_SERVER_RUNNING)
        continue;   /* killed between executions, or no fibers here */
      if (shm->no_fibers)
        {
          /* the execution needs real threads: the same one again */
          if (fork_one ())
            return;
          continue;
        }
      /* it died in an execution: the answer is how */
      shm->wait_status = st;
      answer ();
    }
}
