/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * confirm_errno — confirm_exit's lost update in a program whose main
 * parses its argument the careful way, clearing and testing errno around
 * strtol, before it starts the threads.  errno is libc's thread-local
 * variable: under the explorer every fiber shares its address (each with
 * its own value), so accesses there are no steps; they must not be events
 * of the recorded run either, or every predicted schedule leaves the
 * replay at main's first errno and is "not realisable" (lbzip2's option
 * parsing hid its predictions that way).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long total;

static void *
deposit (void *arg)
{
  long cur = total;
  total = cur + (long) arg;
  return NULL;
}

int
main (int argc, char **argv)
{
  errno = 0;
  long amount = strtol (argc > 1 ? argv[1] : "10", NULL, 10);
  if (errno != 0 || amount <= 0)
    return 2;
  pthread_t a, b;
  pthread_create (&a, NULL, deposit, (void *) amount);
  pthread_create (&b, NULL, deposit, (void *) amount);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  if (total != 2 * amount)
    {
      printf ("lost update: %ld\n", total);
      return 1;
    }
  return 0;
}
