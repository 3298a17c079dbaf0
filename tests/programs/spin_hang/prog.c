/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * spin_hang — a consumer polls until the producer says it is done, but
 * the producer, on its error path, returns without saying so: the
 * consumer polls for ever.  The explorer sees a loop that only re-reads a
 * flag nobody will write: a hang.
 */
#include <pthread.h>
#include <unistd.h>

static volatile int done;
static int failed = 1;                          /* the producer's input is bad */

static void *
producer (void *unused)
{
  if (failed)
    return NULL;                                /* forgets to set done */
  done = 1;
  return NULL;
}

static void *
consumer (void *unused)
{
  while (!done)                                 /* [hang] */
    usleep (10);
  return NULL;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
