/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * woken_held — the waiter is woken by the setter's broadcast, but main
 * has taken the mutex for good before the waiter gets it back: the waiter
 * is stuck re-taking the mutex, not waiting for a signal, and the
 * deadlock must say so and name the holder (test-lock-misuse.sh).
 */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int flag;

static void *
waiter (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  while (!flag)
    pthread_cond_wait (&c, &m);   /* [deadlock] */
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
setter (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  flag = 1;
  pthread_cond_broadcast (&c);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t w, s;
  pthread_create (&w, NULL, waiter, NULL);
  pthread_create (&s, NULL, setter, NULL);
  pthread_join (s, NULL);
  pthread_mutex_lock (&m);   /* never unlocked */
  pthread_join (w, NULL);
  return 0;
}
