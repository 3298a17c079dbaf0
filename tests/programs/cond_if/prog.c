/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cond_if — a consumer waits for an item with `if` instead of `while`
 * around pthread_cond_wait.  POSIX lets a wait return without a signal (a
 * spurious wake-up), and a signal meant for one waiter may be taken by
 * another; the consumer then takes an item that is not there.
 */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int items;

static void *
consumer (void *unused)
{
  pthread_mutex_lock (&m);
  if (items == 0)
    pthread_cond_wait (&c, &m);                 /* should be a while loop */
  assert (items > 0);                           /* [assertion] */
  items--;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
producer (void *unused)
{
  pthread_mutex_lock (&m);
  items++;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, consumer, NULL);
  pthread_create (&b, NULL, producer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
