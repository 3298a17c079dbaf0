/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sleep_ok — a correct program that sleeps for a hundred seconds before it
 * takes its lock (a cache warming up, say).  Nothing is wrong with it; a
 * checker that lets the sleep take real time reports a hang.
 */
#include <pthread.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int warm;

static void *
warmer (void *unused)
{
  sleep (100);
  pthread_mutex_lock (&lock);
  warm = 1;
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, warmer, NULL);
  pthread_mutex_lock (&lock);
  int w = warm;
  pthread_mutex_unlock (&lock);
  pthread_join (t, NULL);
  return w < 0;
}
