/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * null_store — the pusher takes the queue's rear under the lock, unlocks,
 * and links a job after it: if main emptied the queue first, the store
 * goes through NULL.  The crash is at the store, in the program's code
 * (not "outside" it, at the unlock before it): the runtime's access hook
 * must not fault first reading what the store overwrites (test-abort.sh).
 */
#include <pthread.h>

struct job { struct job *prev; };
static struct job *rear;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
pusher (void *arg)
{
  pthread_mutex_lock (&m);
  struct job *r = rear;
  pthread_mutex_unlock (&m);
  r->prev = arg;   /* [crash] */
  return NULL;
}

int
main (void)
{
  static struct job first, job;
  rear = &first;
  pthread_t t;
  pthread_create (&t, NULL, pusher, &job);
  pthread_mutex_lock (&m);
  rear = NULL;
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
