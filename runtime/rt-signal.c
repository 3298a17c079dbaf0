/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-signal.c — how a run ends: the one END record, written on every exit
 * path without losing what came before.
 *
 *   - exit(), and return from main (glibc calls exit internally): an
 *     on_exit handler registered at start-up.  Handlers run in reverse
 *     order of registration and ours is registered before main and before
 *     glibc registers the destructor pass (_dl_fini), so it runs last of
 *     all: END(EXIT, status) follows every event of atexit handlers and
 *     destructors, and the status is the one exit() really received, even
 *     when libc calls exit itself.
 *   - _exit, _Exit, quick_exit: intercepted, END before the real call.
 *   - fatal signals (SEGV, BUS, FPE, ILL, TRAP, SYS, ABRT, and TERM, INT,
 *     HUP): a handler on the alternate signal stack (so a stack overflow is
 *     caught too) writes END(SIGNAL, sig), or END(ABORT, SIGABRT) for
 *     abort() and failed assertions, restores the default action and
 *     re-raises, so the process dies of the same signal with the same exit
 *     status and core dump as without augur.  The handler is installed only
 *     where the program left the default action; a handler the program
 *     installs later replaces it.
 *   - SIGKILL cannot be caught: the trace then simply has no END and no
 *     COMPLETE flag, and every record written so far is in the file.
 *
 * rt_end writes at most one END per run (the first caller wins), stops
 * recording, and closes the trace.  It is async-signal-safe: no locks that
 * the interrupted code could hold, no allocation, no dl_* calls (the END
 * record's PC is 0).
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-sched.h"
#include "runtime/rt-snapshot.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int rt_exit_status;
int rt_exit_status_known;
static int end_claimed;

bool
rt_end (uint32_t how, uint64_t status)
{
  if (!rt_is_active ())
    return false;
  if (__atomic_exchange_n (&end_claimed, 1, __ATOMIC_ACQ_REL))
    return false;
  AugurRecord r;
  memset (&r, 0, sizeof r);
  r.kind = AUGUR_EV_END;
  r.tid = rt_self.tid == RT_TID_NONE ? 0 : rt_self.tid;
  r.aux = how;
  r.arg = status;
  uint64_t seq = rt_emit_end (&r);   /* stops recording */
  if (seq == UINT64_MAX)
    return true;   /* trace full: left without COMPLETE */
  rt_trace_close (seq);
  return true;
}

static const int fatal_signals[] = {
  SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT, SIGTERM, SIGINT, SIGHUP,
};

static void
on_fatal (int sig, siginfo_t *info, void *context)
{
  (void) info;
  (void) context;
  int saved_errno = errno;
  rt_end (sig == SIGABRT ? AUGUR_END_ABORT : AUGUR_END_SIGNAL, (uint64_t) sig);
  /* Die as we would have without augur: default action, and the signal
   * again.  It stays pending (blocked while this handler runs) and is
   * delivered as the handler returns, before a faulting instruction could
   * run again. */
  struct sigaction dfl;
  memset (&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigemptyset (&dfl.sa_mask);
  rt_libc_sigaction (sig, &dfl, NULL);
  rt_sys_raise (sig);
  errno = saved_errno;
}

bool
rt_signal_is_runtime_handler (const struct sigaction *sa)
{
  return (sa->sa_flags & SA_SIGINFO)
         && (sa->sa_sigaction == on_fatal || sa->sa_sigaction == rt_sched_on_crash);
}

static void
on_exit_handler (int status, void *data)
{
  (void) data;
  rt_end (AUGUR_END_EXIT, (uint64_t) (uint32_t) status);
}

void
rt_signal_init (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fatal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset (&sa.sa_mask);
  for (size_t k = 0; k < sizeof fatal_signals / sizeof fatal_signals[0]; k++)
    sigaddset (&sa.sa_mask, fatal_signals[k]);
  for (size_t k = 0; k < sizeof fatal_signals / sizeof fatal_signals[0]; k++)
    {
      struct sigaction old;
      if (rt_libc_sigaction (fatal_signals[k], NULL, &old) != 0)
        continue;
      if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL)
        rt_libc_sigaction (fatal_signals[k], &sa, NULL);
    }
  on_exit (on_exit_handler, NULL);
}

RT_DEFINE_REAL (exit, NULL)
RT_DEFINE_REAL (_exit, NULL)
RT_DEFINE_REAL (_Exit, NULL)
RT_DEFINE_REAL (quick_exit, NULL)

/* Under the explorer's scheduler (rt-sched.c) the end of the process is
 * an END step, taken once no other thread can run: on fibers here; on
 * real threads exit() runs the program's exit handlers first (as steps)
 * and the scheduler's own exit handler takes the step. */
RT_EXPORT void
exit (int status)
{
  /* END is written by on_exit_handler, after the exit handlers ran. */
  rt_sched_exit (status, RT_RA ());
  rt_exit_status = status;
  rt_exit_status_known = 1;
  get_real_exit () (status);
  __builtin_unreachable ();
}

/* _exit, _Exit and quick_exit skip the atexit handlers (on_exit_handler
 * among them): the END step and the END record are taken here. */
static void
end_now (int status, uintptr_t ra)
{
  rt_sched_exit_now (status, ra);
  rt_end (AUGUR_END_EXIT, (uint64_t) (uint32_t) status);
}

RT_EXPORT void
_exit (int status)
{
  end_now (status, RT_RA ());
  get_real__exit () (status);
  __builtin_unreachable ();
}

RT_EXPORT void
_Exit (int status)
{
  end_now (status, RT_RA ());
  get_real__Exit () (status);
  __builtin_unreachable ();
}

RT_EXPORT void
quick_exit (int status)
{
  end_now (status, RT_RA ());
  get_real_quick_exit () (status);
  __builtin_unreachable ();
}

/* A program that changes a signal disposition in an execution of the
 * explorer's execution server: the next execution must start with the old
 * one again (rt-snapshot.c). */
RT_DEFINE_REAL (sigaction, NULL)
RT_DEFINE_REAL (signal, NULL)

RT_EXPORT int
sigaction (int sig, const struct sigaction *act, struct sigaction *old)
{
  if (act != NULL && rt_fibers)
    rt_snapshot_signals_dirty ();
  return get_real_sigaction () (sig, act, old);
}

RT_EXPORT sighandler_t
signal (int sig, sighandler_t handler)
{
  if (rt_fibers)
    rt_snapshot_signals_dirty ();
  return get_real_signal () (sig, handler);
}

/* Process state the next execution must find as it was (rt-snapshot.c):
 * a descriptor closed or replaced, the working directory, the umask.  Each
 * wrapper marks it changed, then calls the real function. */
#define RT_PROCESS_STATE_WRAPPER(ret, name, params, args) \
  RT_DEFINE_REAL (name, NULL) \
  RT_EXPORT ret name params \
  { \
    if (rt_fibers) \
      rt_snapshot_process_dirty (); \
    return get_real_##name () args; \
  }

/* The server keeps copies of the inherited descriptors at numbers the
 * program never opened (rt_snapshot_fd_kept): closing one fails as it
 * would natively, and making one a copy of another descriptor, which
 * natively succeeds, sends the executions to forked processes, where
 * the server's copies are not at stake. */
RT_DEFINE_REAL (close, NULL)
RT_EXPORT int
close (int fd)
{
  if (rt_fibers)
    {
      if (rt_snapshot_fd_kept (fd))
        {
          errno = EBADF;
          return -1;
        }
      rt_snapshot_process_dirty ();
    }
  rt_fdtable_step (RT_RA ());
  rt_fdio_before_close (fd, RT_RA ());
  return get_real_close () (fd);
}

static void
fd_target (int to)
{
  if (rt_fibers && rt_self.off_sync == 0 && rt_snapshot_fd_kept (to))
    rt_sched_need_threads (AUGUR_FORKED_FD_COPIES);
  if (rt_fibers)
    rt_snapshot_process_dirty ();
}

RT_DEFINE_REAL (dup2, NULL)
RT_EXPORT int
dup2 (int fd, int to)
{
  fd_target (to);
  rt_fdtable_step (RT_RA ());
  return get_real_dup2 () (fd, to);
}

RT_DEFINE_REAL (dup3, NULL)
RT_EXPORT int
dup3 (int fd, int to, int flags)
{
  fd_target (to);
  rt_fdtable_step (RT_RA ());
  return get_real_dup3 () (fd, to, flags);
}

RT_PROCESS_STATE_WRAPPER (int, chdir, (const char *path), (path))
RT_PROCESS_STATE_WRAPPER (int, fchdir, (int fd), (fd))
RT_PROCESS_STATE_WRAPPER (mode_t, umask, (mode_t mask), (mask))
