/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-syscall.c — system calls the program makes through syscall() rather
 * than through their libc functions.
 *
 * A futex (SYS_futex) is rt-futex.c's.
 *
 * io_uring is refused while augur records or explores: io_uring_setup
 * fails with ENOSYS, as on a kernel without io_uring, and the program
 * takes its plain system calls instead (libuv does: without the refusal
 * it added its event loop's descriptors to its epoll set through the
 * ring, where augur cannot see them, and a loop woken through its own
 * eventfd was a hang).  What a ring does happens in the kernel, in an
 * order no intercept sees; refusing it in both the recorded and the
 * explored runs keeps them on the same path.  A program run without
 * augur keeps its io_uring.  Not seen: rings set up by inline system
 * calls (liburing's own, without syscall()).
 */
#include "config.h"

#include "runtime/rt-internal.h"

#include <errno.h>
#include <stdarg.h>
#include <sys/syscall.h>
#include <unistd.h>

RT_DEFINE_REAL (syscall, NULL)

RT_EXPORT long
syscall (long number, ...)
{
  va_list ap;
  va_start (ap, number);
  long a[6];
  for (int k = 0; k < 6; k++)
    a[k] = va_arg (ap, long);
  va_end (ap);
  long r;
  if (number == SYS_futex && rt_futex_call (a, RT_RA (), &r))
    return r;
#ifdef SYS_io_uring_setup
  if (number == SYS_io_uring_setup && rt_is_active ())
    {
      errno = ENOSYS;
      return -1;
    }
#endif
  return get_real_syscall () (number, a[0], a[1], a[2], a[3], a[4], a[5]);
}
