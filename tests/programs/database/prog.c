/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * database — the two-class database of the inspect paper (Yang, Chen,
 * Gopalakrishnan, Kirby; its Figure 3).  Operations of one class may run
 * together, operations of different classes may not.  The first thread of a
 * class takes `lock` while holding `mutex`; the last one releases it, also
 * under `mutex`.  When B's first operation waits for `lock` (held by A) while
 * holding `mutex`, A can never take `mutex` to finish: deadlock.
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int a_count, b_count;

static void *
class_a (void *unused)
{
  pthread_mutex_lock (&mutex);
  a_count++;
  if (a_count == 1)
    pthread_mutex_lock (&lock);
  pthread_mutex_unlock (&mutex);
  pthread_mutex_lock (&mutex);          /* [deadlock] */
  a_count--;
  if (a_count == 0)
    pthread_mutex_unlock (&lock);
  pthread_mutex_unlock (&mutex);
  return NULL;
}

static void *
class_b (void *unused)
{
  pthread_mutex_lock (&mutex);
  b_count++;
  if (b_count == 1)
    pthread_mutex_lock (&lock);         /* [deadlock] */
  pthread_mutex_unlock (&mutex);
  pthread_mutex_lock (&mutex);
  b_count--;
  if (b_count == 0)
    pthread_mutex_unlock (&lock);
  pthread_mutex_unlock (&mutex);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, class_a, NULL);
  pthread_create (&b, NULL, class_b, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
