/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A thread destroys a mutex, frees the struct that holds it and exits;
 * another locks the mutex.  The one bug is the use of the destroyed,
 * freed mutex (use after destroy, use after free).  On real threads
 * (forked executions) the lock was also reported as one of an
 * uninitialised mutex: glibc's free wrote its list links over the
 * mutex's first words, and the thread's exit moved them to the arena's
 * lists, so the model took the mutex for a new object.  With `again`
 * the destroying thread allocates a block of the same size after the
 * free, which glibc served with the freed block.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct q
{
  pthread_mutex_t lock;
  int n;
};

static struct q *shared;
static void *_Atomic kept;
static int again;

static void *
a (void *arg)
{
  pthread_mutex_destroy (&shared->lock);
  free (shared);
  if (again)
    atomic_store (&kept, malloc (sizeof (struct q)));
  return arg;
}

static void *
b (void *arg)
{
  pthread_mutex_lock (&shared->lock);   /* use after destroy and free */
  shared->n++;
  pthread_mutex_unlock (&shared->lock);
  return arg;
}

int
main (int argc, char **argv)
{
  again = argc > 1 && strcmp (argv[1], "again") == 0;
  shared = malloc (sizeof *shared);
  pthread_mutex_init (&shared->lock, NULL);
  shared->n = 0;
  pthread_t ta, tb;
  pthread_create (&ta, NULL, a, NULL);
  pthread_create (&tb, NULL, b, NULL);
  pthread_join (ta, NULL);
  pthread_join (tb, NULL);
  free (atomic_load (&kept));
  return 0;
}
