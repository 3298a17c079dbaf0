/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A destructor function tells the worker to stop but does not join it:
 * main's return is still a misuse (nothing orders the worker's end before
 * the end of the process), reported at main's return.
 */
#include <pthread.h>

static int quit;
static pthread_t worker;

static void *
run (void *arg)
{
  while (!__atomic_load_n (&quit, __ATOMIC_ACQUIRE))
    ;
  return arg;
}

__attribute__ ((destructor)) static void
stop (void)
{
  __atomic_store_n (&quit, 1, __ATOMIC_RELEASE);
}

int
main (void)
{
  pthread_create (&worker, NULL, run, NULL);
  return 0;
}
