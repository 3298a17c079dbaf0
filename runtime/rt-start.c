/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-start.c — start-up: the decision to record, the trace header, the
 * __libc_start_main wrapper, fork, and the lookup of real functions.
 *
 * The runtime initialises from its ELF constructor, which the dynamic
 * linker runs before the executable's constructors and before any other
 * instrumented object's (they all depend on libaugur-rt), and again,
 * harmlessly, from every __tsan_init.  With AUGUR_TRACE unset it only
 * records that it is passive.  With it set it creates the trace, fills the
 * header (pid, the executable's absolute path and GNU build id), installs
 * the ending handlers and starts recording; and it removes AUGUR_TRACE from
 * the environment so that programs this one runs never write into the
 * trace.  A forked child stops recording at once (pthread_atfork): it
 * shares the mapping, but its events are not this run's.
 *
 * __libc_start_main is wrapped so that main's return value is known even
 * though glibc passes it to exit internally, without the PLT; END itself is
 * written by rt-signal.c's on_exit handler, which sees the final status.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"
#include "common/augur-sched-format.h"
#include "runtime/rt-fiber.h"

#include <pthread.h>
#include <stdlib.h>
#include <execinfo.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int rt_active;

extern uint8_t rt_exe_build_id[AUGUR_TRACE_BUILD_ID_MAX];
extern uint32_t rt_exe_build_id_len;
void rt_trace_set_program (const char *path, const uint8_t *build_id, uint32_t build_id_len);
void rt_mem_init (void);

static pid_t recording_pid;

void *
rt_real (const char *name, const char *version)
{
  rt_guard_enter ();
  void *f = version != NULL ? dlvsym (RTLD_NEXT, name, version) : dlsym (RTLD_NEXT, name);
  rt_guard_leave ();
  if (f == NULL)
    {
      static const char msg[] = "augur runtime: cannot find the real function in libc: ";
      ssize_t r = rt_sys_write (2, msg, sizeof msg - 1);
      r = rt_sys_write (2, name, strlen (name));
      r = rt_sys_write (2, "\n", 1);
      (void) r;
      abort ();
    }
  return f;
}

static void
fork_child (void)
{
  if (rt_sys_getpid () != recording_pid)
    rt_trace_forget ();
}

void
rt_init (void)
{
  static int state;   /* 0 not started, 1 running, 2 done */
  int expected = 0;
  if (!__atomic_compare_exchange_n (&state, &expected, 1, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE))
    return;
  rt_guard_enter ();
  rt_tls_scan ();
  const char *env = rt_libc_getenv (AUGUR_ENV_TRACE);
  const char *sched = rt_libc_getenv (AUGUR_ENV_SCHED);
  if (sched != NULL)
    {
      /* controlled execution (rt-sched.c): no trace; recording starts in
       * each execution the fork server makes */
      if (rt_sched_init (sched))
        {
          rt_module_init ();
          rt_mem_init ();
        }
      rt_libc_unsetenv (AUGUR_ENV_SCHED);
      env = NULL;
    }
  if (env != NULL)
    {
      static char path[4096];
      size_t n = strlen (env);
      if (n >= sizeof path)
        n = sizeof path - 1;
      memcpy (path, env, n);
      path[n] = '\0';
      rt_libc_unsetenv (AUGUR_ENV_TRACE);
      if (path[0] != '\0')
        {
          rt_module_init ();
          rt_mem_init ();
          if (rt_trace_open (path))
            {
              static char exe[AUGUR_TRACE_PATH_MAX];
              ssize_t len = rt_sys_readlink ("/proc/self/exe", exe, sizeof exe - 1);
              exe[len > 0 ? len : 0] = '\0';
              rt_trace_set_program (exe, rt_exe_build_id, rt_exe_build_id_len);
              rt_module_announce_exe (exe);
              recording_pid = rt_sys_getpid ();
              rt_signal_init ();
              pthread_atfork (NULL, NULL, fork_child);
              /* the constructor runs on the main thread; a __tsan_init
               * from a library dlopen'ed by another thread does not */
              if (rt_sys_gettid () == recording_pid)
                {
                  rt_self.tid = 0;
                  rt_self.live = 1;   /* the trace header counts it (rt_trace_open) */
                }
              rt_thread_setup_stacks ();
              __atomic_store_n (&rt_active, 1, __ATOMIC_RELEASE);
            }
        }
    }
  if (rt_is_active () || rt_sched_mode)
    {
      /* glibc loads libgcc_s (an unwinder, with allocations and a
       * pthread_once of its own) the first time a thread unwinds: at
       * pthread_exit, which now ends in the runtime's cleanup handler,
       * after the program's.  Done once here, where nothing is recorded. */
      void *frames[2];
      backtrace (frames, 2);
      rt_sched_find_unwinder ();
      rt_malloc_init ();
    }
  rt_guard_leave ();
  if (rt_is_active () && rt_self.tid == 0)
    {
      /* main's start: no parent (addr 0 is its own id); arg = top of its
       * stack, where the kernel put argv */
      extern void *__libc_stack_end;
      rt_thread_start_record (0, 0, 0, (uint64_t) (uintptr_t) __libc_stack_end, 0);
    }
  __atomic_store_n (&state, 2, __ATOMIC_RELEASE);
}

__attribute__ ((constructor (101))) static void
rt_constructor (void)
{
  rt_init ();
}

/* ------------------------------------------------------------------ */
/* __libc_start_main */

typedef RtMainFunc MainFunc;
typedef int (*StartMainFunc) (MainFunc, int, char **, void (*) (void), void (*) (void),
                              void (*) (void), void *);

static MainFunc program_main;

/* The top of main's stack minus rt_call_main's frame, when main_wrapper
 * calls it: on a fiber, main's stack slots are named from that frame plus
 * this, so that they get the names they have on the real stack. */
static uint64_t main_depth;

RT_NOINLINE int
rt_call_main (RtMainFunc fn, int argc, char **argv, char **envp)
{
  extern void *__libc_stack_end;
  uint64_t frame = (uint64_t) (uintptr_t) __builtin_frame_address (0);
  if (fn == NULL)
    {
      main_depth = (uint64_t) (uintptr_t) __libc_stack_end - frame;
      return 0;
    }
  if (rt_fibers)
    {
      rt_thread_start_record (0, 0, 0, frame + main_depth, 0);
      /* argv is not on the fiber: name it where it is */
      rt_sched_object (AUGUR_EV_THREAD_ARGS, 0, 0, (uint64_t) (uintptr_t) __libc_stack_end, 0);
    }
  else if (!rt_sched_is_on () && rt_is_active ())
    {
      /* main begins: what main's thread recorded before it came from
       * constructors, which the explorer's executions do not run as steps
       * (explorer/event-map.c skips them) */
      rt_event (AUGUR_EV_THREAD_ARGS, 0, 0, 0, (uint64_t) (uintptr_t) __libc_stack_end, 0);
    }
  if (rt_sched_is_on ())
    rt_shadow_use_static (0);
  return fn (argc, argv, envp);
}

static int
main_wrapper (int argc, char **argv, char **envp)
{
  rt_call_main (NULL, argc, argv, envp);
  rt_sched_before_main (program_main, argc, argv, envp);
  int status = rt_call_main (program_main, argc, argv, envp);
  rt_sched_main_return (status);
  rt_exit_status = status;
  rt_exit_status_known = 1;
  return status;
}

RT_EXPORT int
__libc_start_main (MainFunc main_fn, int argc, char **argv, void (*init) (void),
                   void (*fini) (void), void (*rtld_fini) (void), void *stack_end)
{
  StartMainFunc real = (StartMainFunc) rt_real ("__libc_start_main", NULL);
  if (!rt_is_active () && !rt_sched_mode)
    return real (main_fn, argc, argv, init, fini, rtld_fini, stack_end);
  program_main = main_fn;
  return real (main_wrapper, argc, argv, init, fini, rtld_fini, stack_end);
}
