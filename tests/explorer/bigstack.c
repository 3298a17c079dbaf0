/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A thread that uses 3 MiB of stack, which runs natively (glibc gives a
 * thread the stack RLIMIT_STACK says, 8 MiB by default): explored with
 * real threads (its __thread variable makes it so) it must not crash on a
 * smaller stack of augur's.
 */
#include <pthread.h>
#include <string.h>

static __thread int calls;

static void *
deep (void *arg)
{
  (void) arg;
  char buf[3 << 20];
  memset (buf, 1, sizeof buf);
  calls++;
  return (void *) (long) buf[100];
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, deep, NULL);
  pthread_join (t, NULL);
  return 0;
}
