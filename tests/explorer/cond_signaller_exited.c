/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cond_signaller_exited — main waits for two items, but the only producer
 * makes one, signals once and exits: whatever the order, main waits for
 * a signal that never comes.  The deadlock must say that the only thread
 * that signalled the condition has exited (test-lock-misuse.sh).
 */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t more = PTHREAD_COND_INITIALIZER;
static int items;

static void *
producer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  items++;
  pthread_cond_signal (&more);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, producer, NULL);
  pthread_mutex_lock (&m);
  while (items < 2)
    pthread_cond_wait (&more, &m);   /* [deadlock] */
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
