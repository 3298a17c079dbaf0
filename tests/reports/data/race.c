/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * race.c — test data for the reports: a counter that reader() reads
 * without the lock worker() takes when it writes it. */
#include <pthread.h>

static int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  pthread_mutex_lock (&m);
  counter++;                      /* "written" & 'locked' */
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *reader (void *arg)
{
  /* forgot the lock */
  int v = counter; /* <script>alert(1)</script> */
  return (void *) (long) v;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, reader, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
