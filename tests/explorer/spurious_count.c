/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * spurious_count — the shape of a worker pool whose workers count
 * themselves idle each time they find no work, inside the wait loop
 * (modelled on a pool seen in a public library after its fix for
 * spurious wake-ups).  The waiting loop is correct, but a worker that
 * wakes up spuriously after its work is done counts itself idle a second
 * time, so the pool's owner stops waiting while the other worker still
 * runs its task.  The failure needs the spurious wake-up; no interleaving
 * of the accesses to `idle` or `next` causes it alone, and diagnosis,
 * whose serialised runs have no spurious wake-ups, must not say one does.
 */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

#define N 2

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t startc = PTHREAD_COND_INITIALIZER;
static pthread_cond_t endc = PTHREAD_COND_INITIALIZER;
static int go, quit, idle, next, ntasks;
static int results[N];

static void *
worker (void *unused)
{
  (void) unused;
  pthread_mutex_lock (&m);
  for (;;)
    {
      while (next == ntasks || !go)
        {
          if (quit)
            {
              pthread_mutex_unlock (&m);
              return NULL;
            }
          idle++;
          pthread_cond_broadcast (&endc);
          pthread_cond_wait (&startc, &m);
        }
      int t = next++;
      pthread_mutex_unlock (&m);
      results[t] = 1;
      pthread_mutex_lock (&m);
    }
}

int
main (void)
{
  pthread_t th[N];
  for (int i = 0; i < N; i++)
    pthread_create (&th[i], NULL, worker, NULL);
  pthread_mutex_lock (&m);
  while (idle < N)
    pthread_cond_wait (&endc, &m);
  ntasks = N;
  idle = 0;
  go = 1;
  pthread_cond_broadcast (&startc);
  while (idle < N)
    pthread_cond_wait (&endc, &m);
  quit = 1;
  pthread_cond_broadcast (&startc);
  pthread_mutex_unlock (&m);
  int all = results[0] + results[1];
  assert (all == N);
  for (int i = 0; i < N; i++)
    pthread_join (th[i], NULL);
  return 0;
}
