/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * wild_store — as null_store, but the emptied queue's rear is a bad
 * pointer that is not NULL (an unmapped address): the runtime reads what
 * a store overwrites before the store is scheduled, and that read faults
 * first; the crash is still the program's store (test-abort.sh).
 */
#include <pthread.h>
#include <stdint.h>

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
  rear = (struct job *) (uintptr_t) 0x8000;   /* below mmap_min_addr, past the null page */
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
