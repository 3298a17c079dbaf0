/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock_order_dataflow — a lock-order inversion no schedule can turn into a
 * deadlock, because of the data flow (modelled on a parallel compressor
 * whose writer takes `use` then `have` while the reader thread takes
 * `have` then `use`, but only once the writer has published its block).
 *
 * The writer sets `published` while it holds both locks; the reader looks
 * at it under `have` and takes `use` only when it is set.  To deadlock,
 * the writer must hold `use` and wait for `have` — before it published —
 * while the reader holds `have` and waits for `use` — after it saw the
 * block published: impossible.  TSan and Helgrind report the inversion;
 * augur must report it as a warning (an inconsistent order, a hazard if
 * the code changes) and find no deadlock, no race.
 */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t use = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t have = PTHREAD_MUTEX_INITIALIZER;
static int published;   /* under `have` */
static int block;       /* under `use` */

static void *
writer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&use);                    /* [lock-order-inversion] */
  block = 42;
  pthread_mutex_lock (&have);                   /* [lock-order-inversion] */
  published = 1;
  pthread_mutex_unlock (&have);
  pthread_mutex_unlock (&use);
  return NULL;
}

static void *
reader (void *arg)
{
  int *got = arg;
  pthread_mutex_lock (&have);                   /* [lock-order-inversion] */
  if (published)
    {
      pthread_mutex_lock (&use);                /* [lock-order-inversion] */
      *got = block;
      pthread_mutex_unlock (&use);
    }
  pthread_mutex_unlock (&have);
  return NULL;
}

int
main (void)
{
  pthread_t w, r;
  int got = 0;
  pthread_create (&w, NULL, writer, NULL);
  /* natively the writer is usually done before the reader starts, so the
   * recorded run has both orders; the two threads still run concurrently */
  usleep (10000);
  pthread_create (&r, NULL, reader, &got);
  pthread_join (w, NULL);
  pthread_join (r, NULL);
  printf ("got %d\n", got);
  return 0;
}
