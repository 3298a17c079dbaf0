/* A condition variable in malloc'd memory used without pthread_cond_init
 * (pfscan's bug in the inspect paper); its mutex is initialised. */
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  pthread_mutex_t m;
  pthread_cond_t c;
  int ready;
} Box;

static void *
producer (void *arg)
{
  Box *b = arg;
  pthread_mutex_lock (&b->m);
  b->ready = 1;
  pthread_cond_signal (&b->c);   /* [misuse:uninitialised-cond] */
  pthread_mutex_unlock (&b->m);
  return NULL;
}

int
main (void)
{
  Box *b = malloc (sizeof *b);
  pthread_mutex_init (&b->m, NULL);
  b->ready = 0;
  pthread_t t;
  pthread_create (&t, NULL, producer, b);
  pthread_mutex_lock (&b->m);
  while (!b->ready)
    pthread_cond_wait (&b->c, &b->m);
  pthread_mutex_unlock (&b->m);
  pthread_join (t, NULL);
  pthread_mutex_destroy (&b->m);
  free (b);
  return 0;
}
