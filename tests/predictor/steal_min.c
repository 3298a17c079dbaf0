/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * steal_min — each thread reads a counter with a plain read (a work-
 * stealing loop's scan for the least one), then takes from it with
 * __sync_fetch_and_add.  A remote update between the read and the add is
 * not lost: the add reads what it updates.  No R-W-W is predicted whose
 * local write is the add; on `hits`, updated with a plain read and write,
 * R-W-W is (test-predict.sh).
 */
#include <pthread.h>

static long counter;
static long hits;

static void *
steal (void *arg)
{
  (void) arg;
  for (int round = 0; round < 2; round++)
    {
      if (counter >= 0)
        __sync_fetch_and_add (&counter, 1);
      long h = hits;
      hits = h + 1;
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, steal, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return hits == 4 ? 0 : 1;
}
