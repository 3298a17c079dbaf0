/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-atexit.c — the program's exit handlers (atexit, on_exit, and
 * __cxa_atexit, which glibc's atexit stub calls) under the explorer.
 *
 * Natively exit(), and the return from main (libc calls exit), runs the
 * exit handlers in reverse order of registration, on the exiting thread,
 * while the other threads may still run; one registered while they run
 * runs next.  On a forked execution libc does that, the handlers' events
 * are steps of the exiting thread, and the END step follows them (the
 * scheduler's own handler, registered before main, runs after them).
 *
 * The execution server ends an execution without exit().  So there, a
 * handler the program registers in an execution is not handed to libc but
 * kept in this file's table, which lies in the memory the snapshot puts
 * back (rt-snapshot.c): a handler registered in one execution is gone in
 * the next.  rt_exit_handlers_run runs the table at the end of the
 * execution, as libc would: last registered first, on the exiting fiber,
 * as steps, before the END step.
 *
 * What stays forked (rt_sched_need_threads, AUGUR_FORKED_EXIT_HANDLERS):
 *   - handlers registered before main (by a constructor, before the server
 *     starts): natively they run after the scheduler's own handler, after
 *     the END step, outside the scheduler's view, as destructors do; the
 *     server has no end of process to run them in, and a failed assertion
 *     there would end the server itself;
 *   - the end of an execution whose last thread leaves by pthread_exit
 *     (main called it earlier): libc then calls exit from the thread's
 *     end, again after the scheduler stopped (rt_sched_hand_off_final);
 *   - more than RT_EXIT_HANDLERS_MAX handlers in one execution.
 * Libc's and the runtime's own registrations go to libc as before.
 */
#include "config.h"

#include "runtime/rt-fiber.h"
#include "runtime/rt-sched.h"

#include <stdlib.h>

#define RT_EXIT_HANDLERS_MAX 64

typedef struct {
  void (*fn) (void);   /* one of the two below, by on_exit */
  void *arg;
  int on_exit;         /* fn (status, arg); else fn (arg) */
} ExitHandler;

/* The execution's handlers, oldest first (in the snapshot's memory) */
static ExitHandler handlers[RT_EXIT_HANDLERS_MAX];
static unsigned n_handlers;
/* A program handler was handed to libc before the server started */
static int before_server;

int
rt_exit_handlers_before_server (void)
{
  return before_server;
}

bool
rt_exit_handlers_pending (void)
{
  return n_handlers > 0;
}

/* A handler of the program's (the caller at ra is instrumented code): 1
 * if kept here for the execution server, 0 if libc is to keep it. */
static int
kept (uintptr_t ra, void (*fn) (void), void *arg, int on_exit)
{
  if (!rt_module_instrumented (ra))
    return 0;   /* libc's, the runtime's */
  if (!rt_fibers)
    {
      before_server = 1;   /* in a forked execution: that process's own */
      return 0;
    }
  if (n_handlers >= RT_EXIT_HANDLERS_MAX)
    rt_sched_need_threads (AUGUR_FORKED_EXIT_HANDLERS);
  handlers[n_handlers].fn = fn;
  handlers[n_handlers].arg = arg;
  handlers[n_handlers].on_exit = on_exit;
  n_handlers++;
  return 1;
}

void
rt_exit_handlers_run (int status)
{
  /* one at a time from the top: a handler registered meanwhile (by this
   * one, or by another thread while this one waits) runs next */
  while (n_handlers > 0)
    {
      ExitHandler h = handlers[--n_handlers];
      if (h.on_exit)
        ((void (*) (int, void *)) (void (*) (void)) h.fn) (status, h.arg);
      else
        ((void (*) (void *)) (void (*) (void)) h.fn) (h.arg);
    }
}

int __cxa_atexit (void (*fn) (void *), void *arg, void *dso);
RT_DEFINE_REAL (__cxa_atexit, NULL)
RT_DEFINE_REAL (on_exit, NULL)

/* atexit() is glibc's static stub around __cxa_atexit, linked into the
 * program: its call lands here with the program's return address. */
RT_EXPORT int
__cxa_atexit (void (*fn) (void *), void *arg, void *dso)
{
  if (kept (RT_RA (), (void (*) (void)) fn, arg, 0))
    return 0;
  return get_real___cxa_atexit () (fn, arg, dso);
}

RT_EXPORT int
on_exit (void (*fn) (int, void *), void *arg)
{
  if (kept (RT_RA (), (void (*) (void)) fn, arg, 1))
    return 0;
  return get_real_on_exit () (fn, arg);
}
