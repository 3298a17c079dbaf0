/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * two_functions — two functions each have a static `hits`, and only the
 * first one's is raced (the second's is under a lock): the race is on
 * "hits (in count_open)", the function telling which `hits` it is; the
 * static array, the program's only `slots`, is plain "slots[1]".
 */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void
count_open (long me)
{
  static int slots[4];
  static int hits;
  hits++;
  slots[1] += (int) me;
}

static void
count_close (void)
{
  static int hits;
  pthread_mutex_lock (&m);
  hits++;
  pthread_mutex_unlock (&m);
}

static void *
worker (void *arg)
{
  count_open ((long) arg);
  count_close ();
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return 0;
}
