/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-fdtable.c — the process's table of descriptor numbers as shared
 * state.
 *
 * The kernel gives a new descriptor the lowest number that is free, so
 * which number an open (socket, pipe, dup, accept, ...) returns depends
 * on the order of the other threads' opens and closes: thread 1 closes
 * fd 5 while thread 2 opens a file, and thread 2's file is fd 5 or not.
 * A program that keeps descriptor numbers in tables (an event loop's map
 * of descriptors to handlers, a thread that closes a number another
 * thread reopened) behaves differently by that order, yet the table
 * lives in the kernel, where the explorer cannot see it: without a step
 * such calls are independent of each other, the search never reorders
 * them, and a program that fails in one order of a close and an open
 * was "complete" with no finding.
 *
 * So, under the scheduler, every call that makes or frees a descriptor
 * number is first a sequentially consistent fetch-and-add of one word of
 * the runtime's (augur_fd_table, named "descriptor table" in reports):
 * the explorer orders any two such calls of different threads both ways,
 * as any two atomic adds of one location.  The kernel's call follows the
 * step at once, with no other step between, so the order of the steps is
 * the order of the kernel's calls.  Recorded the same (an atomic add
 * in the trace), so that a predicted schedule has the steps the replay
 * makes, and the predictor keeps the order of such calls (each add reads
 * the one before it), in which the numbers are the recorded ones.
 *
 * The calls: close, close_range, dup, dup2, dup3, fcntl's F_DUPFD and
 * F_DUPFD_CLOEXEC, open, openat, creat (and their 64 and _2 variants),
 * socket, accept, accept4, epoll_create, epoll_create1, timerfd_create,
 * signalfd (a new one), memfd_create, inotify_init, inotify_init1,
 * fopen, freopen, fclose, opendir, closedir, tmpfile, mkstemp and
 * mkostemp; pipe, pipe2, socketpair and eventfd call rt_fdtable_step
 * from rt-fdio.c, and close, dup2 and dup3 from rt-signal.c.  Not
 * modelled: descriptors libc makes for itself inside other calls
 * (getaddrinfo's sockets, syslog's), which stay unordered.
 */
#include "config.h"

#include "common/augur-trace-format.h"
#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <unistd.h>

/* _FORTIFY_SOURCE's opens, which glibc declares only for fortified
 * programs */
extern int __open_2 (const char *path, int flags);
extern int __open64_2 (const char *path, int flags);
extern int __openat_2 (int dir, const char *path, int flags);
extern int __openat64_2 (int dir, const char *path, int flags);

static volatile uint32_t augur_fd_table;
static int fd_table_named;   /* put back with the rest of memory per execution */

void
rt_fdtable_step (uintptr_t ra)
{
  if (!rt_is_active () || rt_self.off_sync != 0)
    return;
  int saved_errno = errno;
  if (!__atomic_exchange_n (&fd_table_named, 1, __ATOMIC_RELAXED))
    {
      uint64_t addr = (uint64_t) (uintptr_t) &augur_fd_table;
      if (rt_sched_is_on ())
        rt_sched_object (AUGUR_EV_CHANNEL, rt_tid (), 0, addr, AUGUR_CHANNEL_FDTABLE);
      else
        rt_event (AUGUR_EV_CHANNEL, 0, ra, 0, addr, AUGUR_CHANNEL_FDTABLE);
    }
  rt_atomic_add32_at (&augur_fd_table, 1, __ATOMIC_SEQ_CST, ra);
  errno = saved_errno;
}

/* A call's mode argument, when its flags say there is one. */
#define RT_OPEN_MODE(flags, mode)                                          \
  do                                                                       \
    {                                                                      \
      if (((flags) & O_CREAT) != 0 || ((flags) & O_TMPFILE) == O_TMPFILE)  \
        {                                                                  \
          va_list ap_;                                                     \
          va_start (ap_, flags);                                           \
          (mode) = va_arg (ap_, mode_t);                                   \
          va_end (ap_);                                                    \
        }                                                                  \
    }                                                                      \
  while (0)

#define RT_FDTABLE_OPEN(name)                                              \
  RT_DEFINE_REAL (name, NULL)                                              \
  RT_EXPORT int                                                            \
  name (const char *path, int flags, ...)                                  \
  {                                                                        \
    mode_t mode = 0;                                                       \
    RT_OPEN_MODE (flags, mode);                                            \
    rt_fdtable_step (RT_RA ());                                            \
    return get_real_##name () (path, flags, mode);                         \
  }

#define RT_FDTABLE_OPENAT(name)                                            \
  RT_DEFINE_REAL (name, NULL)                                              \
  RT_EXPORT int                                                            \
  name (int dir, const char *path, int flags, ...)                         \
  {                                                                        \
    mode_t mode = 0;                                                       \
    RT_OPEN_MODE (flags, mode);                                            \
    rt_fdtable_step (RT_RA ());                                            \
    return get_real_##name () (dir, path, flags, mode);                    \
  }

/* A call with no variadic part: the step, then the real call. */
#define RT_FDTABLE_CALL(ret, name, params, args)                           \
  RT_DEFINE_REAL (name, NULL)                                              \
  RT_EXPORT ret                                                            \
  name params                                                              \
  {                                                                        \
    rt_fdtable_step (RT_RA ());                                            \
    return get_real_##name () args;                                        \
  }

RT_FDTABLE_OPEN (open)
RT_FDTABLE_OPEN (open64)
RT_FDTABLE_OPENAT (openat)
RT_FDTABLE_OPENAT (openat64)

/* _FORTIFY_SOURCE's opens, which check that a mode is given */
RT_FDTABLE_CALL (int, __open_2, (const char *path, int flags), (path, flags))
RT_FDTABLE_CALL (int, __open64_2, (const char *path, int flags), (path, flags))
RT_FDTABLE_CALL (int, __openat_2, (int dir, const char *path, int flags), (dir, path, flags))
RT_FDTABLE_CALL (int, __openat64_2, (int dir, const char *path, int flags), (dir, path, flags))

RT_FDTABLE_CALL (int, creat, (const char *path, mode_t mode), (path, mode))
RT_FDTABLE_CALL (int, creat64, (const char *path, mode_t mode), (path, mode))
RT_FDTABLE_CALL (int, dup, (int fd), (fd))
RT_FDTABLE_CALL (int, close_range, (unsigned int first, unsigned int last, int flags),
                 (first, last, flags))
RT_FDTABLE_CALL (int, socket, (int domain, int type, int protocol), (domain, type, protocol))
RT_FDTABLE_CALL (int, accept, (int fd, struct sockaddr *addr, socklen_t *len), (fd, addr, len))
RT_FDTABLE_CALL (int, accept4, (int fd, struct sockaddr *addr, socklen_t *len, int flags),
                 (fd, addr, len, flags))
RT_FDTABLE_CALL (int, epoll_create, (int size), (size))
RT_FDTABLE_CALL (int, epoll_create1, (int flags), (flags))
RT_FDTABLE_CALL (int, timerfd_create, (int clock, int flags), (clock, flags))
RT_FDTABLE_CALL (int, memfd_create, (const char *name, unsigned int flags), (name, flags))
RT_FDTABLE_CALL (int, inotify_init, (void), ())
RT_FDTABLE_CALL (int, inotify_init1, (int flags), (flags))
RT_FDTABLE_CALL (int, mkstemp, (char *tmpl), (tmpl))
RT_FDTABLE_CALL (int, mkostemp, (char *tmpl, int flags), (tmpl, flags))
RT_FDTABLE_CALL (FILE *, fopen, (const char *path, const char *mode), (path, mode))
RT_FDTABLE_CALL (FILE *, fopen64, (const char *path, const char *mode), (path, mode))
RT_FDTABLE_CALL (FILE *, freopen, (const char *path, const char *mode, FILE *f),
                 (path, mode, f))
RT_FDTABLE_CALL (int, fclose, (FILE *f), (f))
RT_FDTABLE_CALL (FILE *, tmpfile, (void), ())
RT_FDTABLE_CALL (DIR *, opendir, (const char *path), (path))
RT_FDTABLE_CALL (int, closedir, (DIR *d), (d))

/* signalfd makes a descriptor only when given -1 (otherwise it changes
 * the mask of one) */
RT_DEFINE_REAL (signalfd, NULL)
RT_EXPORT int
signalfd (int fd, const sigset_t *mask, int flags)
{
  if (fd == -1)
    rt_fdtable_step (RT_RA ());
  return get_real_signalfd () (fd, mask, flags);
}

/* fcntl's F_DUPFD and F_DUPFD_CLOEXEC make a descriptor; its third
 * argument is an int or a pointer, passed on as the register it came in
 * (as glibc's own fcntl does). */
#define RT_FDTABLE_FCNTL(name)                                             \
  RT_DEFINE_REAL (name, NULL)                                              \
  RT_EXPORT int                                                            \
  name (int fd, int cmd, ...)                                              \
  {                                                                        \
    va_list ap;                                                            \
    va_start (ap, cmd);                                                    \
    void *arg = va_arg (ap, void *);                                       \
    va_end (ap);                                                           \
    if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC)                          \
      rt_fdtable_step (RT_RA ());                                          \
    return get_real_##name () (fd, cmd, arg);                              \
  }

RT_FDTABLE_FCNTL (fcntl)
RT_FDTABLE_FCNTL (fcntl64)
