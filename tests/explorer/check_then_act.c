/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check_then_act — two threads take an item from a pool if the pool looks
 * non-empty: the check and the take are each under the lock, but not
 * together.  When both see the last item, the pool underflows: explore
 * finds the failed assertion and diagnoses the atomicity violation (the
 * check at line 21, the other thread's take at line 26, the take at 26).
 */
#include <assert.h>
#include <pthread.h>

static int items = 1;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
take (void *unused)
{
  (void) unused;
  int available;
  pthread_mutex_lock (&m);
  available = items > 0;
  pthread_mutex_unlock (&m);
  if (available)
    {
      pthread_mutex_lock (&m);
      items--;
      assert (items >= 0);
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, take, NULL);
  pthread_create (&b, NULL, take, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
