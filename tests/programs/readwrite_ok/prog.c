/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * readwrite_ok — the fix of readwrite: testing the other side's flag and
 * setting one's own happen under one mutex, so a writer excludes readers and
 * other writers, and readers exclude writers.
 */
#include <assert.h>
#include <pthread.h>

static volatile int writing, readers;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x, y;                                /* one record: x == y */

static void *
writer (void *arg)
{
  int v = (int) (long) arg, entered = 0;
  pthread_mutex_lock (&m);
  if (writing == 0 && readers == 0)
    entered = writing = 1;
  pthread_mutex_unlock (&m);
  if (entered)
    {
      x = v;
      y = v;
      pthread_mutex_lock (&m);
      writing = 0;
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

static void *
reader (void *unused)
{
  int entered = 0;
  pthread_mutex_lock (&m);
  if (writing == 0)
    {
      readers++;
      entered = 1;
    }
  pthread_mutex_unlock (&m);
  if (entered)
    {
      int a = x;
      int b = y;
      assert (a == b);
      pthread_mutex_lock (&m);
      readers--;
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[5];
  pthread_create (&t[0], NULL, writer, (void *) 1L);
  pthread_create (&t[1], NULL, reader, NULL);
  pthread_create (&t[2], NULL, writer, (void *) 2L);
  pthread_create (&t[3], NULL, reader, NULL);
  pthread_create (&t[4], NULL, reader, NULL);
  for (int i = 0; i < 5; i++)
    pthread_join (t[i], NULL);
  return 0;
}
