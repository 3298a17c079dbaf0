/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cond_if_ok — the fix of cond_if: the consumer waits in a `while` loop,
 * so a wake-up without an item (POSIX allows spurious ones) waits again.
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
  while (items == 0)
    pthread_cond_wait (&c, &m);
  assert (items > 0);
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
