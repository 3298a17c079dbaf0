/* Mutexes malloc'd by an init wrapper and destroyed and freed by a destroy
 * wrapper, as zstd's threading.c does with DEBUGLEVEL >= 1: main destroys
 * and frees c.b (line 36) while the worker may still use it.  The destroy
 * (line 14) and the free (line 15) are each the wrapper's one call of
 * their kind: both are named at main's call. */
#include <pthread.h>
#include <stdlib.h>

static void my_mutex_init (pthread_mutex_t **m)
{ *m = malloc (sizeof **m); pthread_mutex_init (*m, NULL); }

static void my_mutex_destroy (pthread_mutex_t **m)
{
  pthread_mutex_destroy (*m);
  free (*m);
}

struct ctx { pthread_mutex_t *a, *b; int x; } c;

static void *
worker (void *arg)
{
  pthread_mutex_lock (c.b);
  c.x = 1;
  pthread_mutex_unlock (c.b);
  return arg;
}

int
main (void)
{
  pthread_t t;
  my_mutex_init (&c.a);
  my_mutex_init (&c.b);
  pthread_create (&t, NULL, worker, NULL);
  my_mutex_destroy (&c.b);   /* the worker may still use c.b */
  pthread_join (t, NULL);
  my_mutex_destroy (&c.a);
  return 0;
}
