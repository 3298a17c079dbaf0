/* misuse_uninit_cond fixed: the condition variable is initialised, and a
 * global one with PTHREAD_COND_INITIALIZER is never reported. */
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  pthread_mutex_t m;
  pthread_cond_t c;
  int ready;
} Box;

static pthread_mutex_t gm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gc = PTHREAD_COND_INITIALIZER;
static int gready;

static void *
producer (void *arg)
{
  Box *b = arg;
  pthread_mutex_lock (&b->m);
  b->ready = 1;
  pthread_cond_signal (&b->c);
  pthread_mutex_unlock (&b->m);
  pthread_mutex_lock (&gm);
  gready = 1;
  pthread_cond_signal (&gc);
  pthread_mutex_unlock (&gm);
  return NULL;
}

int
main (void)
{
  Box *b = malloc (sizeof *b);
  pthread_mutex_init (&b->m, NULL);
  pthread_cond_init (&b->c, NULL);
  b->ready = 0;
  pthread_t t;
  pthread_create (&t, NULL, producer, b);
  pthread_mutex_lock (&b->m);
  while (!b->ready)
    pthread_cond_wait (&b->c, &b->m);
  pthread_mutex_unlock (&b->m);
  pthread_mutex_lock (&gm);
  while (!gready)
    pthread_cond_wait (&gc, &gm);
  pthread_mutex_unlock (&gm);
  pthread_join (t, NULL);
  pthread_cond_destroy (&b->c);
  pthread_mutex_destroy (&b->m);
  free (b);
  return 0;
}
