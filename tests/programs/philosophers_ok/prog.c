/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * philosophers_ok — the fix of philosophers: every philosopher takes the
 * LOWER-numbered of its two forks first.  A global order on the forks means
 * no cycle of waiting can form, so every schedule finishes.
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
    pthread_cond_wait (&fork_free[f], &fork_lock[f]);
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
  int a = id, b = (id + 1) % N;
  int left = a < b ? a : b, right = a < b ? b : a;
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
