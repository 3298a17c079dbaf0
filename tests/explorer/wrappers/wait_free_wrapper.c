/* Thread 1 waits to lock o->m, held by main, and main unlocks it and
 * frees o at once through my_free (line 10), which frees the buffer too:
 * the waiter's wait on freed memory and the lock it then makes are one
 * use after free, of the free at main's line 32. */
#include <pthread.h>
#include <stdlib.h>

struct obj { pthread_mutex_t m; int *buf; };

static void my_free (void *p) { if (p != NULL) free (p); }

static void *
locker (void *arg)
{
  struct obj *o = arg;
  pthread_mutex_lock (&o->m);
  pthread_mutex_unlock (&o->m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  struct obj *o = malloc (sizeof *o);
  o->buf = calloc (4, sizeof *o->buf);
  pthread_mutex_init (&o->m, NULL);
  pthread_mutex_lock (&o->m);
  pthread_create (&t, NULL, locker, o);
  pthread_mutex_unlock (&o->m);
  my_free (o->buf);
  my_free (o);
  pthread_join (t, NULL);
  return 0;
}
