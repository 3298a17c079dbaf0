/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * if_wait_data — a consumer waits for a flag with `if` instead of
 * `while` around pthread_cond_wait, then reads data that the producer
 * wrote before it set the flag, outside the lock.  Every execution in
 * which the wait returns because of the signal orders the write before
 * the read (through the mutex); a wait that returns without a signal, as
 * POSIX allows, lets the consumer read the data before it is written: a
 * data race that makes the assertion fail, and only a spurious wake-up
 * leads there, which the finding must say.
 */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;
static int data;

static void *
consumer (void *arg)
{
  pthread_mutex_lock (&m);
  if (!ready)
    pthread_cond_wait (&c, &m);                 /* should be a while loop */
  pthread_mutex_unlock (&m);
  assert (data == 42);                          /* [assertion] [data-race] */
  return arg;
}

static void *
producer (void *arg)
{
  data = 42;                                    /* [data-race] */
  pthread_mutex_lock (&m);
  ready = 1;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  return arg;
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
