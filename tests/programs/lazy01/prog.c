/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lazy01 — modelled on the lazy01 program of the SV-COMP pthread set used in
 * ConcBugAssist's evaluation: two threads add 1 and 2 to a counter under a
 * lock; a third thread checks, under the same lock, that the counter never
 * reached 3.  Each update is atomic, but the checker is wrong whenever it runs
 * after both adders: the assertion fails in those orders only.
 */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static int data;

static void *
add1 (void *unused)
{
  pthread_mutex_lock (&mutex);
  data++;
  pthread_mutex_unlock (&mutex);
  return NULL;
}

static void *
add2 (void *unused)
{
  pthread_mutex_lock (&mutex);
  data += 2;
  pthread_mutex_unlock (&mutex);
  return NULL;
}

static void *
check (void *unused)
{
  pthread_mutex_lock (&mutex);
  assert (data < 3);                            /* [assertion] */
  pthread_mutex_unlock (&mutex);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2, t3;
  pthread_create (&t3, NULL, check, NULL);
  pthread_create (&t1, NULL, add1, NULL);
  pthread_create (&t2, NULL, add2, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  pthread_join (t3, NULL);
  return 0;
}
