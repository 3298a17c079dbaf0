/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * spin_double_unlock — a table's buckets are guarded by spinlocks; its
 * "visit until the callback says stop" walks a bucket under its lock and,
 * when told to stop, unlocks it and breaks out of the inner loop, where
 * the unlock after the loop releases it a second time (the shape of a
 * bug fixed in a public C hash table).  The second unlock may release
 * the lock while a writer holds it, and let another in beside it.  The
 * stop is taken on the first visit: every run double-unlocks.
 */
#include <pthread.h>
#include <stdio.h>

struct bucket {
  pthread_spinlock_t lock;
  int keys[4];
  int n;
};

static struct bucket buckets[2];

/* 1: go on, 0: stop */
static int
is_positive (int key)
{
  return key > 0 ? 0 : 1;
}

static int
visit (int (*cb) (int))
{
  int visited = 0, stop = 0;
  for (int b = 0; b < 2 && !stop; b++)
    {
      pthread_spin_lock (&buckets[b].lock);
      for (int i = 0; i < buckets[b].n; i++)
        {
          visited++;
          if (cb (buckets[b].keys[i]) == 0)
            {
              pthread_spin_unlock (&buckets[b].lock);   /* [misuse:double-unlock] */
              stop = 1;
              break;
            }
        }
      pthread_spin_unlock (&buckets[b].lock);           /* [misuse:double-unlock] */
    }
  return visited;
}

static void *
writer (void *arg)
{
  struct bucket *b = &buckets[0];
  pthread_spin_lock (&b->lock);
  if (b->n < 4)
    b->keys[b->n++] = (int) (long) arg;
  pthread_spin_unlock (&b->lock);
  return NULL;
}

int
main (void)
{
  for (int b = 0; b < 2; b++)
    pthread_spin_init (&buckets[b].lock, PTHREAD_PROCESS_PRIVATE);
  buckets[0].keys[0] = 1;
  buckets[0].n = 1;
  pthread_t w;
  pthread_create (&w, NULL, writer, (void *) 2L);
  int v = visit (is_positive);
  pthread_join (w, NULL);
  for (int b = 0; b < 2; b++)
    pthread_spin_destroy (&buckets[b].lock);
  printf ("%d visited, %d keys\n", v, buckets[0].n);
  return 0;
}
