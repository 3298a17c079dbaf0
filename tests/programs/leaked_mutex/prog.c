/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * leaked_mutex — the pthread misuse the inspect paper found in its
 * benchmarks: mutexes and condition variables initialised with
 * pthread_mutex_init/pthread_cond_init and never destroyed (a resource leak on
 * implementations that allocate for them), here in a per-request session
 * object freed without destroying its lock.
 */
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  pthread_mutex_t lock;
  int hits;
} Session;

static void *
serve (void *arg)
{
  Session *s = arg;
  pthread_mutex_lock (&s->lock);
  s->hits++;
  pthread_mutex_unlock (&s->lock);
  return NULL;
}

int
main (void)
{
  Session *s = malloc (sizeof *s);
  pthread_t t[2];
  pthread_mutex_init (&s->lock, NULL);          /* [misuse:not-destroyed] */
  s->hits = 0;
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, serve, s);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  int ok = s->hits == 2;
  free (s);
  return ok ? 0 : 1;
}
