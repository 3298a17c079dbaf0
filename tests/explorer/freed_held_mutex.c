/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * freed_held_mutex — as mbrossard/threadpool's threadpool_free and a
 * threadpool_add after it: main locks the pool's mutex, destroys it while
 * holding it (glibc: EBUSY), frees the pool, and locks the mutex again.
 * The lock blocks for ever (the freed bytes still say "held by main"),
 * but what to report first is the use after free (test-lock-misuse.sh).
 */
#include <pthread.h>
#include <stdlib.h>

struct pool
{
  pthread_mutex_t lock;
  int count;
};

int
main (void)
{
  struct pool *p = malloc (sizeof *p);
  pthread_mutex_init (&p->lock, NULL);
  pthread_mutex_lock (&p->lock);
  pthread_mutex_destroy (&p->lock);   /* [misuse:destroy-held-mutex] */
  free (p);
  pthread_mutex_lock (&p->lock);      /* [misuse:use-after-free] [misuse:recursive-lock] */
  return 0;
}
