/* SPDX-License-Identifier: GPL-3.0-or-later
 * The start routine comes from a function whose body is not among the
 * sources: Eva cannot tell which function the thread runs, so the facts
 * are incomplete and nothing may be pruned. */
#include <pthread.h>

typedef void *(*routine_fn) (void *);
extern routine_fn lookup_routine (const char *name);

static int counter;

void *
worker (void *arg)
{
  counter++;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, lookup_routine ("worker"), NULL);
  counter++;
  pthread_join (t, NULL);
  return 0;
}
