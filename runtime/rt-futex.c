/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-futex.c — futexes the program uses itself, through syscall(SYS_futex,
 * ...) (lock and channel libraries that build on the kernel's primitive
 * rather than on pthread).
 *
 * Recording, every call is the kernel's.  Under the controlled scheduler a
 * FUTEX_WAIT that blocked would block the whole execution: the program's
 * threads are fibers of one OS thread (or real threads of which only the
 * token holder runs), so no other thread could ever wake it.  A wait is
 * therefore modelled by what the kernel promises: it reads the word (an
 * atomic 32-bit load of the program's, at the call: a step); if the word is
 * not the expected value it fails with EAGAIN, as the kernel's does;
 * otherwise it yields (a step) and returns 0, a wake-up that no FUTEX_WAKE
 * caused, which the kernel allows and every correct caller re-checks in a
 * loop.  That loop only re-reads the word, so the scheduler's loop
 * detection (rt-sched-await.c, Await) makes the thread wait until another
 * thread writes the word, and reports a hang if none ever does.
 *
 * A wait with a timeout yields, then reads the word again (a second
 * step): changed, the wait returns 0 (woken); unchanged, it fails with
 * ETIMEDOUT.  The explorer orders that second read against the writes of
 * the word like any other access, so both endings are explored: woken by
 * the write, or timed out before it.  A caller that gives up on ETIMEDOUT
 * goes on; one that retries waits for the word's next write as above.
 *
 * What this model cannot find: a waiter left asleep because the word was
 * changed but FUTEX_WAKE was never called (a lost wake-up in the futex
 * protocol itself) wakes here at the write.  FUTEX_WAKE and the other
 * operations are the kernel's (a wake finds nobody waiting in the kernel
 * and returns 0); the priority-inheritance and requeue operations are not
 * modelled.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

/* FUTEX_WAIT or FUTEX_WAIT_BITSET on @word for @val, with a timeout if
 * @timed, by the program at @ra. */
static long
futex_wait (const volatile uint32_t *word, uint32_t val, int timed, uintptr_t ra)
{
  uint32_t now = rt_atomic_load32_at (word, __ATOMIC_SEQ_CST, ra);
  if (now != val)
    {
      errno = EAGAIN;
      return -1;
    }
  rt_sched_yield (ra);
  if (!timed)
    return 0;
  /* woken if the word was written meanwhile, else timed out */
  now = rt_atomic_load32_at (word, __ATOMIC_SEQ_CST, ra);
  if (now != val)
    return 0;
  errno = ETIMEDOUT;
  return -1;
}

/* A futex call through syscall() (rt-syscall.c asks): 1 and its result
 * in *@r when it is a wait under the scheduler. */
int
rt_futex_call (const long a[6], uintptr_t ra, long *r)
{
  if (!rt_sched_is_on () || rt_self.off_access != 0)
    return 0;
  int cmd = (int) a[1] & FUTEX_CMD_MASK;
  if ((cmd != FUTEX_WAIT && cmd != FUTEX_WAIT_BITSET) || a[0] == 0)
    return 0;
  *r = futex_wait ((const volatile uint32_t *) (uintptr_t) a[0], (uint32_t) a[2], a[3] != 0, ra);
  return 1;
}
