/* Thread 1 waits to lock o->m, held by main, and main unlocks it and
 * frees o at once: the waiter's lock then touches freed memory, whoever
 * wakes first.  With --malloc-reuse the block is handed out again at once
 * and holds a new mutex when the waiter locks: its lock step uses no
 * freed memory, only the wait itself shows the bug. */
#include <pthread.h>
#include <stdlib.h>

struct obj
{
  pthread_mutex_t m;
  int v;
};

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
  struct obj *o = malloc (sizeof *o), *p;
  pthread_mutex_init (&o->m, NULL);
  pthread_mutex_lock (&o->m);
  pthread_create (&t, NULL, locker, o);
  pthread_mutex_unlock (&o->m);
  free (o);
  p = malloc (sizeof *p);
  pthread_mutex_init (&p->m, NULL);
  pthread_join (t, NULL);
  pthread_mutex_destroy (&p->m);
  free (p);
  return 0;
}
