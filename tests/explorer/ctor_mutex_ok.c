/* A heap mutex initialised by a constructor, before main, as a C++ global
 * object's constructor does (`Pool *pool = new Pool;`): no execution sees
 * that init, and the lock was reported as a use of an uninitialised
 * mutex (SCTBench's stringbuffer).  Only a block the execution allocated
 * can hold a mutex nobody initialised. */
#include <pthread.h>
#include <stdlib.h>

struct box
{
  pthread_mutex_t m;
  int n;
};

static struct box *box;

__attribute__ ((constructor)) static void
setup (void)
{
  box = malloc (sizeof *box);
  pthread_mutex_init (&box->m, NULL);
  box->n = 0;
}

static void *
work (void *arg)
{
  pthread_mutex_lock (&box->m);
  box->n++;
  pthread_mutex_unlock (&box->m);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, work, NULL);
  work (NULL);
  pthread_join (t, NULL);
  return box->n == 2 ? 0 : 1;
}
