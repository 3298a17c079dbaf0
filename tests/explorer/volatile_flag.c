/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * volatile_flag — a handshake through a volatile flag: the worker writes
 * data and sets the flag, main spins on the flag and reads data.
 * volatile makes neither access atomic nor orders data's: two data races
 * [data-race], the one on the flag explained as volatile (test-unseen.sh).
 */
#include <pthread.h>

static volatile int flag;
static int data;

static void *
worker (void *arg)
{
  (void) arg;
  data = 42;
  flag = 1;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  while (!flag)
    ;
  int d = data;
  pthread_join (t, NULL);
  return d == 42 ? 0 : 1;
}
