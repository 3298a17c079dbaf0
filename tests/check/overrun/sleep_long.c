/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sleep_long — a correct program that sleeps 100 s in a worker before it
 * hands a value to main under a mutex.  Nothing is wrong with it: augur
 * must neither wait the 100 s nor call the sleep a hang.
 */
#include <assert.h>
#include <pthread.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int value;

static void *
late (void *arg)
{
  (void) arg;
  sleep (100);
  pthread_mutex_lock (&lock);
  value = 42;
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, late, NULL);
  pthread_join (t, NULL);
  pthread_mutex_lock (&lock);
  assert (value == 42);
  pthread_mutex_unlock (&lock);
  pthread_mutex_destroy (&lock);
  return 0;
}
