/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-server.c — the controlled scheduler's start-up, its servers and
 * the failures of the program (rt-sched-private.h).
 *
 * Active only when AUGUR_SCHED is set (then nothing is recorded into a
 * trace).  The process becomes a fork server in main's wrapper, before
 * main runs: each execution is a fork()ed child, which starts with only
 * the main thread, as the explorer expects.
 *
 * The execution server.  A fork costs about a millisecond on a small VM,
 * more than a whole execution of most test programs.  So where it can, the
 * fork server forks once, an execution server, which runs execution after
 * execution in one process: the program's threads are fibers of its one
 * OS thread (rt-fiber.h), a hand-over is a fiber switch, and between two
 * executions the memory is put back as it was when the server started
 * (rt-snapshot.h).  The server reads the commands and answers them itself;
 * the fork server only watches it, answers for an execution the server
 * died in (a crash it could not catch, the watchdog) and starts a new
 * one.  An execution that needs real threads (pthread_cancel,
 * pthread_kill of a signal with no handler, cleanup handlers, fork, the program's own
 * mmap/munmap/mremap/mprotect, or a program with exit handlers registered
 * before main, rt-atexit.c) makes the fork server go back to a fork per
 * execution, from that execution on.  The exit handlers an execution
 * registers, then the program's destructors, run at its end, as steps
 * (rt-atexit.c, rt-fini.c).
 *
 * Failures.  A failed assertion, abort() or a fatal signal is recorded in
 * the page (failures[]) when it happens; then the failing thread asks for
 * the end of the process (an END step, rt-sched.c), and the other threads
 * may run on until nothing else can (their failures are recorded too).
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-snapshot.h"
#include "runtime/rt-thread.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#define shm rt_sched_shm

static int cmd_fd = -1, status_fd = -1;

/* ------------------------------------------------------------------ */
/* Failures, and the shared objects the steps name */

static void
copy_str (char *dst, size_t n, const char *src)
{
  size_t k = 0;
  if (src != NULL)
    for (; k + 1 < n && src[k] != '\0'; k++)
      dst[k] = src[k];
  dst[k] = '\0';
}

void
rt_sched_module (uint32_t index, uint64_t bias, const char *path, int instrumented)
{
  if (shm == NULL || index == 0)
    return;
  if (index <= AUGUR_SCHED_MAX_MODULES)
    {
      AugurSchedModule *m = &shm->modules[index - 1];
      copy_str (m->path, sizeof m->path, path);
      m->bias = bias;
      m->instrumented = instrumented != 0;
    }
  if (shm->n_modules < index)
    shm->n_modules = index;
}

void
rt_sched_add_failure (uint32_t status, uint32_t sig, uintptr_t ra, const char *file,
                      unsigned line, const char *function, const char *expr)
{
  uint32_t n = shm->n_failures;
  if (n >= AUGUR_SCHED_MAX_FAILURES)
    return;
  AugurSchedFailure *f = &shm->failures[n];
  memset (f, 0, sizeof *f);
  f->status = status;
  f->tid = rt_self.tid;
  f->line = line;
  f->signal = sig;
  f->step = shm->n_steps;
  AugurRecord r;
  rt_pc (ra, &r);
  f->pc = r.pc;
  f->module = r.module;
  copy_str (f->file, sizeof f->file, file);
  copy_str (f->function, sizeof f->function, function);
  copy_str (f->expr, sizeof f->expr, expr);
  shm->n_failures = n + 1;
}

/* glibc's message, for a failure that ends on fibers (where libc's
 * __assert_fail, which would print it and abort the server, is not run). */
static void
say_assertion (const char *expr, const char *file, unsigned line, const char *function)
{
  char buf[768];
  int n = snprintf (buf, sizeof buf, "%s: %s:%u: %s: Assertion `%s' failed.\n",
                    program_invocation_short_name, file ? file : "?", line,
                    function ? function : "?", expr ? expr : "?");
  if (n > 0)
    rt_sys_write (2, buf, (size_t) n < sizeof buf ? (size_t) n : sizeof buf - 1);
}

/* __assert_fail: the location of the failed assertion, then libc's. */
RT_EXPORT void
__assert_fail (const char *expr, const char *file, unsigned line, const char *function)
{
  typedef void (*AssertFail) (const char *, const char *, unsigned, const char *);
  static AssertFail real;
  if (real == NULL)
    real = (AssertFail) rt_real ("__assert_fail", NULL);
  if (rt_sched_is_on () && shm != NULL)
    {
      uintptr_t ra = RT_RA ();
      rt_sched_add_failure (AUGUR_SST_ASSERT, 0, ra, file, line, function, expr);
      if (rt_fibers)
        say_assertion (expr, file, line, function);
      rt_sched_end (AUGUR_SEND_ASSERT, 0, ra);
      rt_sched_process_exit ();
    }
  else if (shm != NULL && shm->n_failures == 0
           && (shm->status == AUGUR_SST_RUNNING || shm->status == AUGUR_SST_DONE))
    {
      /* outside the scheduler's view (a destructor function): its place
       * and expression, or libc's abort() leaves a bare SIGABRT, which
       * the explorer would take for an abort() of the program's own */
      rt_sched_add_failure (AUGUR_SST_ASSERT, 0, RT_RA (), file, line, function, expr);
      shm->status = shm->failures[0].status;
    }
  real (expr, file, line, function);
  __builtin_unreachable ();
}

RT_DEFINE_REAL (abort, NULL)

RT_EXPORT void
abort (void)
{
  if (rt_sched_is_on () && shm != NULL)
    {
      uintptr_t ra = RT_RA ();
      rt_sched_add_failure (AUGUR_SST_ASSERT, SIGABRT, ra, NULL, 0, NULL, NULL);
      rt_sched_end (AUGUR_SEND_ABORT, SIGABRT, ra);
      rt_sched_process_exit ();
    }
  get_real_abort () ();
  __builtin_unreachable ();
}

/* What a fault of the thread @me just recorded touched: through a null
 * pointer (an address in the first page), a load or a store (the x86
 * page fault's error code says which).  A fault in the runtime at the
 * address of the thread's pending access (an access hook reading the
 * value a store overwrites, rt_sched_point) is the program's access:
 * its place is the access's. */
static void
fault_place (int sig, const siginfo_t *info, const ucontext_t *uc, uint32_t me)
{
  uint32_t n = shm->n_failures;
  /* the kernel's address of the fault (not of a non-canonical one) */
  if ((sig != SIGSEGV && sig != SIGBUS) || info == NULL || info->si_code <= 0 || n == 0
      || n > AUGUR_SCHED_MAX_FAILURES)
    return;
  AugurSchedFailure *f = &shm->failures[n - 1];
  uintptr_t ip = (uintptr_t) uc->uc_mcontext.gregs[REG_RIP];
  uint64_t at = (uint64_t) (uintptr_t) info->si_addr;
  const AugurSchedStep *p = &rt_sth[me].pending;
  int in_pending = rt_sth[me].has_pending && at - p->obj < (p->size ? p->size : 1)
                   && (p->op == AUGUR_SOP_READ || p->op == AUGUR_SOP_WRITE);
  if (rt_module_is_runtime (ip + 1) && in_pending)
    {
      f->pc = p->pc;
      f->module = p->module;
    }
  if (at == ip || at >= AUGUR_SCHED_NULL_PAGE)
    return;
  int store = in_pending ? p->op == AUGUR_SOP_WRITE : (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
  f->fault = store ? AUGUR_FAULT_NULL_STORE : AUGUR_FAULT_NULL_LOAD;
}

void
rt_sched_on_crash (int sig, siginfo_t *info, void *context)
{
  ucontext_t *uc = context;
  uintptr_t ip = (uintptr_t) uc->uc_mcontext.gregs[REG_RIP];
  uintptr_t ra = ip + 1;
  /* a call through a bad pointer (NULL, a freed object's): the fault is
   * the fetch of the instruction at the target, so the place is the
   * call, whose return address the call has just pushed */
  if ((sig == SIGSEGV || sig == SIGBUS) && info != NULL && (uintptr_t) info->si_addr == ip)
    ra = *(const uintptr_t *) (uintptr_t) uc->uc_mcontext.gregs[REG_RSP];
  uint32_t me = rt_self.tid;
  if (rt_sched_is_on () && me < RT_MAXT && rt_sth[me].state == AUGUR_STH_ENABLED
      && !rt_sth[me].ending)
    {
      /* a signal of its own: recorded, then the others may run on */
      rt_sched_add_failure (sig == SIGABRT ? AUGUR_SST_ASSERT : AUGUR_SST_CRASH, (uint32_t) sig, ra,
                            NULL, 0, NULL, NULL);
      fault_place (sig, info, uc, me);
      rt_sched_end (AUGUR_SEND_SIGNAL, (uint32_t) sig, ra);
      rt_sched_process_exit ();
    }
  else if (shm->n_failures == 0 && (shm->status == AUGUR_SST_RUNNING || shm->status == AUGUR_SST_DONE))
    {
      /* outside the scheduler's view (a crash while ending) */
      rt_sched_add_failure (sig == SIGABRT ? AUGUR_SST_ASSERT : AUGUR_SST_CRASH, (uint32_t) sig, ra,
                            NULL, 0, NULL, NULL);
      shm->status = shm->failures[0].status;
    }
  else if (shm->n_failures > 0 && shm->failures[0].signal == 0)
    shm->failures[0].signal = (uint32_t) sig;
  struct sigaction dfl;
  memset (&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  rt_libc_sigaction (sig, &dfl, NULL);
  rt_sys_raise (sig);
}

/* ------------------------------------------------------------------ */
/* Start-up and the fork server */

bool
rt_sched_init (const char *env)
{
  char *end;
  long memfd = rt_libc_strtol (env, &end, 10);
  if (*end == ',')
    {
      cmd_fd = (int) rt_libc_strtol (end + 1, &end, 10);
      if (*end == ',')
        status_fd = (int) rt_libc_strtol (end + 1, &end, 10);
    }
  void *p = rt_sys_mmap (NULL, sizeof (AugurSchedShm), PROT_READ | PROT_WRITE, MAP_SHARED, (int) memfd, 0);
  if (p == MAP_FAILED)
    return false;
  shm = p;
  if (shm->magic != AUGUR_SCHED_MAGIC || shm->version != AUGUR_SCHED_VERSION)
    {
      /* built with another augur: say which version this one speaks */
      if (shm->magic == AUGUR_SCHED_MAGIC)
        {
          shm->version = AUGUR_SCHED_VERSION;
          shm->magic = AUGUR_SCHED_MAGIC_OTHER;
        }
      return false;
    }
  if (!rt_sched_tables_setup (NULL, NULL) || !rt_shadow_tables_setup (NULL, NULL))
    return false;
  rt_sys_close ((int) memfd);
  const char *stop = rt_libc_getenv (AUGUR_ENV_SCHED_STOP);
  if (stop != NULL)
    rt_sched_stop_step = (uint32_t) rt_libc_strtoul (stop, NULL, 10);
  rt_sched_mode = 1;
  return true;
}

static void main_returns_check (void);

/* exit() and the return from main, on real threads: the program's exit
 * handlers ran (as steps of the exiting thread; this one was registered
 * first, so it runs last), then the program's destructors (which libc
 * would run after this, unseen: rt-fini.c), now the process ends. */
static void
on_child_exit (int status, void *data)
{
  (void) data;
  if (rt_sched_is_on ())
    rt_fini_run ();
  main_returns_check ();
  rt_sched_end (AUGUR_SEND_EXIT, (uint32_t) status, 0);
  rt_sched_process_exit ();
}

/* What ends an execution from outside the scheduler: a fatal signal, and
 * exit handlers (a libc-internal exit).  SA_NODEFER: on fibers a crashed
 * fiber is left in its handler while the others run on, and one of them
 * may crash too. */
static void
install_handlers (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_sigaction = rt_sched_on_crash;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  static const int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP };
  for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
    if (sigs[k] != SIGTRAP || rt_sched_stop_step == UINT32_MAX)
      rt_libc_sigaction (sigs[k], &sa, NULL);
  on_exit (on_child_exit, NULL);
}

static void
child_start (void)
{
  rt_sched_start_execution ();
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
  /* Threads get the stacks they get natively (glibc's default follows
   * RLIMIT_STACK; only the pages they touch cost anything): a smaller one
   * would report the overflow of a program that runs natively as its
   * crash.  AUGUR_SCHED_STACK sets another. */
  const char *stack = rt_libc_getenv ("AUGUR_SCHED_STACK");
  size_t stack_size = stack != NULL ? rt_libc_strtoul (stack, NULL, 10) : 0;
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
  shm->n_failures = 0;
  shm->n_enabled = 0;
  shm->enabled_lost_at = UINT32_MAX;
  shm->clock_jumps = 0;
  shm->kernel_wait = 0;
  shm->world_wait_call = 0;
  shm->outside_sig = 0;
  shm->wait_status = 0;
}

static void
answer (void)
{
  while (rt_sys_write (status_fd, "x", 1) < 0 && errno == EINTR)
    ;
}

/* Waits for one command byte; exits when the explorer has gone. */
static void
next_command (void)
{
  for (;;)
    {
      char c;
      ssize_t n = rt_sys_read (cmd_fd, &c, 1);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          shm->server_state = AUGUR_SERVER_GONE;
          rt_snapshot_stats_write ();   /* the execution server's, if asked for */
          rt_sys_exit_group (0);
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
  rt_libc_fflush_all ();
  pid_t pid = rt_libc_fork ();
  if (pid == 0)
    {
      rt_sys_close (cmd_fd);
      rt_sys_close (status_fd);
      child_start ();
      return true;
    }
  shm->child_pid = pid;
  int st = 0;
  if (pid > 0)
    while (rt_sys_waitpid (pid, &st, 0) < 0 && errno == EINTR)
      ;
  else
    st = 127 << 8;
  shm->wait_status = st;
  answer ();
  return false;
}

/* The CPU for the fork server: the explorer's choice (AUGUR_ENV_SERVER_CPU)
 * when it runs several servers, else the one it starts on. */
static int
server_cpu (void)
{
  const char *s = rt_libc_getenv (AUGUR_ENV_SERVER_CPU);
  if (s != NULL && *s >= '0' && *s <= '9')
    {
      char *end;
      unsigned long cpu = rt_libc_strtoul (s, &end, 10);
      if (*end == '\0' && cpu < CPU_SETSIZE)
        return (int) cpu;
    }
  return rt_sys_getcpu ();
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
  rt_sched_main_return (st);
  /* libc would call exit (st): the exit handlers, then the end */
  rt_exit_handlers_run (st);
  rt_fini_run ();
  main_returns_check ();
  rt_sched_end (AUGUR_SEND_EXIT, (uint32_t) st, 0);
  /* not schedulable any more (it cannot happen): end as before */
  rt_sched_process_exit ();
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
    rt_sched_need_threads (AUGUR_FORKED_FORK);
}

/* The child of a fork the program makes in an execution is not part of
 * the exploration: no scheduler there (its parent's threads are gone). */
static void
after_fork_child (void)
{
  __atomic_store_n (&rt_sched_on, 0, __ATOMIC_RELEASE);
  __atomic_store_n (&rt_active, 0, __ATOMIC_RELEASE);
}

/* rt_thread_measure_depth, in a child: a real thread leaves its stack and
 * its malloc arena mapped (glibc keeps both for the next thread), and the
 * server must not carry 8 MiB of them in its snapshot.  Once per
 * exploration, kept in the page. */
static uint64_t
thread_depth (void)
{
  if (shm->thread_depth != 0 && shm->stack_top_from_tp != 0)
    return shm->thread_depth;
  /* also the stack top's distance from the thread pointer
   * (rt_sched_stack_top): pthread_getattr_np calls malloc, realloc and
   * free, which may be the program's own allocator, and in an execution
   * that would change the program's state in that execution only (a
   * thread-local cache filled in the first execution and not in the
   * next: a divergence) */
  pid_t pid = rt_libc_fork ();
  if (pid == 0)
    {
      shm->thread_depth = rt_thread_measure_depth ();
      shm->stack_top_from_tp = rt_thread_measured_top_from_tp ();
      rt_sys_exit_group (0);
    }
  if (pid > 0)
    while (rt_sys_waitpid (pid, NULL, 0) < 0 && errno == EINTR)
      ;
  return shm->thread_depth;
}

/* The execution server (a child of the fork server): never returns. */
static void __attribute__ ((noreturn))
serve (void)
{
  const void *keep[4];
  size_t keep_size[4];
  void *lo;
  uint32_t why = (uint32_t) rt_fiber_setup (&lo, &keep_size[0]);
  if (why != 0)
    goto no_fibers;
  why = AUGUR_FORKED_SETUP;
  keep[0] = lo;
  if (!rt_arena_setup (&lo, &keep_size[1]))
    goto no_fibers;
  keep[1] = lo;
  if (!rt_sched_tables_setup (&lo, &keep_size[2]))
    goto no_fibers;
  keep[2] = lo;
  if (!rt_shadow_tables_setup (&lo, &keep_size[3]))
    goto no_fibers;
  keep[3] = lo;
  install_handlers ();
  pthread_atfork (fork_prepare, NULL, NULL);
  rt_thread_set_depth (thread_depth ());
  rt_snapshot_server_fds (cmd_fd, status_fd);
  if (!rt_snapshot_take (keep, keep_size, 4, srv_argc, srv_argv))
    goto no_fibers;
  RtSnapshotStats *stats = rt_snapshot_stats ();
  int timed = stats->path != NULL;
  uint64_t t_wait = timed ? rt_snapshot_cpu_ns () : 0;
  pid_t self = rt_sys_getpid ();   /* the watchdog's target: this process, every execution */
  for (;;)
    {
      next_command ();
      uint64_t t_cmd = timed ? rt_snapshot_cpu_ns () : 0;
      reset_page ();
      shm->child_pid = self;
      shm->server_state = AUGUR_SERVER_RUNNING;
      rt_fiber_run_main (main_fiber, NULL);
      __atomic_store_n (&rt_sched_on, 0, __ATOMIC_RELEASE);
      __atomic_store_n (&rt_active, 0, __ATOMIC_RELEASE);
      rt_libc_fflush_all ();
      shm->fiber_executions++;
      shm->server_state = AUGUR_SERVER_IDLE;
      uint64_t t_answer = timed ? rt_snapshot_cpu_ns () : 0;
      answer ();
      uint64_t t_answered = timed ? rt_snapshot_cpu_ns () : 0;
      /* while the explorer reads the result, this process puts itself
       * back for the next one */
      rt_snapshot_restore ();
      stats->executions++;
      if (timed)
        {
          uint64_t t_ready = rt_snapshot_cpu_ns ();
          stats->ns_run += t_answer - t_cmd;
          stats->ns_ipc += (t_cmd - t_wait) + (t_answered - t_answer);
          stats->ns_restore += t_ready - t_answered;
          t_wait = t_ready;
        }
    }
no_fibers:
  shm->no_fibers = why;
  rt_sys_exit_group (0);
  __builtin_unreachable ();
}

void
rt_sched_need_threads (uint32_t why)
{
  shm->no_fibers = why;
  rt_sys_exit_group (0);
  __builtin_unreachable ();
}

/* An exit() (or main's return) has begun in this execution.  The exit
 * handlers run once: a second exit() (another thread's, or a handler's)
 * goes straight to the end of the process.  On fibers it is in the
 * snapshot's memory: 0 again in the next execution. */
static int exit_begun;

void
rt_sched_exit (int status, uintptr_t ra)
{
  if (!rt_sched_on)
    return;
  /* a second caller ends the process by an END step of its own, taken
   * when nothing else can run (it used to end it at once, unseen: the
   * others' steps were lost and the search said complete) */
  if (__atomic_exchange_n (&exit_begun, 1, __ATOMIC_ACQ_REL))
    {
      rt_sched_exit_now (status, ra);
      return;
    }
  if (!rt_fibers)
    return;   /* real threads: libc runs the exit handlers, then on_child_exit */
  rt_exit_handlers_run (status);
  rt_fini_run ();
  main_returns_check ();
  rt_sched_end (AUGUR_SEND_EXIT, (uint32_t) status, ra);
  rt_sched_process_exit ();
  shm->wait_status = (status & 0xff) << 8;
  rt_fiber_to_server ();
}

/* _exit, _Exit, quick_exit: no exit handlers (quick_exit's run first, as
 * steps), the process ends. */
void
rt_sched_exit_now (int status, uintptr_t ra)
{
  if (!rt_sched_on)
    return;
  main_returns_check ();
  rt_sched_end (AUGUR_SEND_EXIT, (uint32_t) status, ra);
  rt_sched_process_exit ();
  if (rt_fibers)
    {
      shm->wait_status = (status & 0xff) << 8;
      rt_fiber_to_server ();
    }
}

/* main returned (the step it was at), to be checked at the END: the
 * exit handlers and destructors in between may join the threads.  In the
 * snapshot's memory on fibers. */
static int main_returned;
static uint32_t main_return_step;

void
rt_sched_main_return (int status)
{
  (void) status;
  if (!rt_sched_on || rt_self.tid != 0)
    return;
  /* libc calls exit itself (on fibers main_fiber runs its part) */
  __atomic_store_n (&exit_begun, 1, __ATOMIC_RELEASE);
  main_returned = 1;
  main_return_step = shm->n_steps ? shm->n_steps - 1 : 0;
}

/* Before the END step of an execution whose main returned: a thread that
 * runs on, or that ended but that nobody joined (nor detached: that one's
 * end was left to itself on purpose), neither before main's return nor by
 * an exit handler or a destructor: its end is ordered before the end of
 * the process by nothing, so in another schedule of the same trace it is
 * still running (a property of the trace, not of the order that happened
 * to run, which DPOR does not keep).  Reported at main's return. */
static void
main_returns_check (void)
{
  if (!main_returned || !rt_sched_on)
    return;
  main_returned = 0;
  for (uint32_t t = 1; t < rt_sched_n_threads; t++)
    if (rt_sth[t].state == AUGUR_STH_ENABLED
        || (rt_sth[t].state == AUGUR_STH_EXITED && !rt_sth[t].joined))
      {
        uint32_t n = shm->n_misuse;
        rt_sched_misuse (AUGUR_MISUSE_MAIN_RETURNS, 0, rt_sth[t].create_pc, rt_sth[t].create_module, t);
        if (shm->n_misuse > n)
          shm->misuse[n].step = main_return_step;
        break;
      }
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
      rt_sched_find_heap ();
      thread_depth ();   /* as the fork server does: a replay runs as the explorer's executions did */
      child_start ();
      return;
    }
  /* The fork server: pinned to one CPU, so that the hand-offs between the
   * child's threads stay on it, and the explorer's thread that talks to it
   * pins itself to the same one (explorer/executor.h), which it reads here
   * after "R". */
  cpu_set_t set;
  CPU_ZERO (&set);
  int cpu = server_cpu ();
  if (cpu < 0)
    cpu = 0;
  CPU_SET (cpu, &set);
  shm->server_cpu = rt_sys_sched_setaffinity (0, sizeof set, &set) == 0 ? cpu : -1;
  /* tell the explorer the server is up (a program not built with augur-cc
   * never says so) */
  while (rt_sys_write (status_fd, "R", 1) < 0 && errno == EINTR)
    ;
  /* initialise malloc here once, not in every execution */
  free (malloc (1));
  rt_sched_find_heap ();
  pthread_atfork (NULL, NULL, after_fork_child);
  srv_main = main_fn;
  srv_argc = argc;
  srv_argv = argv;
  srv_envp = envp;
  /* once, here, in a child of its own: never in an execution */
  thread_depth ();
  shm->no_fibers = rt_sched_stop_step != UINT32_MAX ? AUGUR_FORKED_ASKED : (uint32_t) rt_fiber_why_not ();
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
      rt_libc_fflush_all ();
      pid_t pid = rt_libc_fork ();
      if (pid == 0)
        serve ();
      int st = 0;
      if (pid > 0)
        while (rt_sys_waitpid (pid, &st, 0) < 0 && errno == EINTR)
          ;
      else
        shm->no_fibers = AUGUR_FORKED_SETUP;
      if (shm->server_state == AUGUR_SERVER_GONE)
        rt_sys_exit_group (0);
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
