/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * philosophers — dining philosophers in the style of the inspect paper's
 * Figure 7: forks are owned through an owner field, guarded by a mutex per
 * fork and waited for on a condition variable per fork.  Here every
 * philosopher takes its LEFT fork first, so with all of them holding their
 * left fork each waits forever for its right one: a global stall (every live
 * thread blocked in pthread_cond_wait).
 */
#include <pthread.h>
#include <stdint.h>

#define N 3

static pthread_mutex_t fork_lock[N];
static pthread_cond_t fork_free[N];
static int fork_owner[N];

static void
take (int f, int me)
{
  pthread_mutex_lock (&fork_lock[f]);
  while (fork_owner[f] != 0)
    pthread_cond_wait (&fork_free[f], &fork_lock[f]);   /* [deadlock] */
  fork_owner[f] = me;
  pthread_mutex_unlock (&fork_lock[f]);
}

static void
put (int f)
{
  pthread_mutex_lock (&fork_lock[f]);
  fork_owner[f] = 0;
  pthread_mutex_unlock (&fork_lock[f]);
  pthread_cond_signal (&fork_free[f]);
}

static void *
philosopher (void *arg)
{
  int id = (int) (intptr_t) arg;
  int left = id, right = (id + 1) % N;
  take (left, id + 1);
  take (right, id + 1);
  /* eat */
  put (right);
  put (left);
  return NULL;
}

int
main (void)
{
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    {
      pthread_mutex_init (&fork_lock[i], NULL);
      pthread_cond_init (&fork_free[i], NULL);
    }
  for (int i = 0; i < N; i++)
    pthread_create (&t[i], NULL, philosopher, (void *) (intptr_t) i);
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < N; i++)
    {
      pthread_mutex_destroy (&fork_lock[i]);
      pthread_cond_destroy (&fork_free[i]);
    }
  return 0;
}
