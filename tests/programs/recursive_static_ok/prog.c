/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * recursive_static_ok — a recursive mutex set up by glibc's static
 * initialiser, with no pthread_mutex_init call: a function that holds it
 * calls another that takes it again.  Correct; a checker that treats every
 * statically initialised mutex as a normal one reports a self-deadlock.
 */
#define _GNU_SOURCE 1   /* the _NP initialisers */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static pthread_mutex_t e = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
static int items;

static void
add (void)
{
  pthread_mutex_lock (&m);
  items++;
  pthread_mutex_unlock (&m);
}

static void
add_two (void)
{
  pthread_mutex_lock (&m);
  add ();
  add ();
  pthread_mutex_unlock (&m);
}

static void *
worker (void *unused)
{
  add_two ();
  /* an error-checking mutex says EDEADLK instead of hanging */
  pthread_mutex_lock (&e);
  int again = pthread_mutex_lock (&e);
  pthread_mutex_unlock (&e);
  return again != 0 ? NULL : (void *) 1;
}

int
main (void)
{
  pthread_t a, b;
  void *ra, *rb;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, &ra);
  pthread_join (b, &rb);
  assert (items == 4 && ra == NULL && rb == NULL);
  return 0;
}
