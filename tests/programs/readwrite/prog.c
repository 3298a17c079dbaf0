/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * readwrite — after the "readwrite" program of ConcBugAssist's evaluation
 * (its Table 1: an SV-COMP reader-writer lock protocol, 5 threads, an order
 * violation).  The lock is hand-made from two flags: a writer may enter when
 * no writer and no reader is in, a reader when no writer is in.  Each side
 * tests the other's flag and then sets its own as two separate steps, so a
 * reader and a writer (or two writers) can both test before either sets, and
 * a reader sees a half-written record.  (The flags are volatile, as in such
 * hand-made locks, which keeps every test and set in the compiled code but
 * makes none of them atomic.)  Each reader checks that the record's two
 * halves agree.
 */
#include <assert.h>
#include <pthread.h>

static volatile int writing, readers;
static pthread_mutex_t readers_lock = PTHREAD_MUTEX_INITIALIZER;
static int x, y;                                /* one record: x == y */

static void *
writer (void *arg)
{
  int v = (int) (long) arg;
  if (writing == 0 && readers == 0)             /* [atomicity-violation] [data-race] */
    {
      writing = 1;                              /* [atomicity-violation] [data-race] */
      x = v;                                    /* [data-race] */
      y = v;
      writing = 0;
    }
  return NULL;
}

static void *
reader (void *unused)
{
  if (writing == 0)                             /* [data-race] */
    {
      pthread_mutex_lock (&readers_lock);
      readers++;                                /* [data-race] */
      pthread_mutex_unlock (&readers_lock);
      int a = x;                                /* [data-race] */
      int b = y;
      assert (a == b);                          /* [assertion] */
      pthread_mutex_lock (&readers_lock);
      readers--;
      pthread_mutex_unlock (&readers_lock);
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
