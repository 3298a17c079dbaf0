/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * confirm_exit — a wrong result without an assertion: the lost update of
 * tests/predictor/apache_21285, but the program reports a wrong total by
 * its exit status (3), as a test program would.  A nonzero exit after
 * the violation is harm.
 */
#include <pthread.h>
#include <stdio.h>

static long current_size;

static void *
cache_insert (void *arg)
{
  long cur = current_size;
  current_size = cur + (long) arg;
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, cache_insert, (void *) 100L);
  pthread_create (&t2, NULL, cache_insert, (void *) 200L);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  if (current_size != 300)
    {
      fprintf (stderr, "wrong total %ld\n", current_size);
      return 3;
    }
  return 0;
}
