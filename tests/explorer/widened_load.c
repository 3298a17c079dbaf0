/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * widened_load — the worker reads two adjacent 4-byte fields in one
 * 8-byte load, as clang -O1 compiles `s->count == 0 && !s->stop`; main
 * writes only s->stop, without the lock.  The race is on s->stop, the
 * bytes where the two accesses meet, not on s->count where the load
 * begins (test-names.sh).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

struct state
{
  pthread_mutex_t m;
  int count;
  int stop;
};

typedef uint64_t __attribute__ ((may_alias)) wide_t;
static struct state *s;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&s->m);
  wide_t both = *(const wide_t *) &s->count;   /* count and stop at once */
  pthread_mutex_unlock (&s->m);
  return (void *) (uintptr_t) (both == 0);
}

int
main (void)
{
  pthread_t t;
  s = calloc (1, sizeof *s);
  pthread_mutex_init (&s->m, NULL);
  pthread_create (&t, NULL, worker, NULL);
  s->stop = 1;   /* [data-race] no lock */
  pthread_join (t, NULL);
  pthread_mutex_destroy (&s->m);
  free (s);
  return 0;
}
