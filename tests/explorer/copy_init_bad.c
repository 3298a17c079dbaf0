/* copy_init_ok's set-ups that are not: a block store that covers the
 * struct's name but not its lock (the lock's bytes are fresh heap zeros,
 * never written), and a block whose lock was copied from an initialiser,
 * freed, and handed out again (--malloc-reuse) with no set-up: both locks
 * are used uninitialised. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char name[32];
  pthread_mutex_t lock;
  int n;
} Named;

static const pthread_mutex_t lock_init = PTHREAD_MUTEX_INITIALIZER;

static void *
bump (void *arg)
{
  Named *b = arg;
  pthread_mutex_lock (&b->lock);
  b->n++;
  pthread_mutex_unlock (&b->lock);
  return NULL;
}

static void
run (Named *b)
{
  pthread_t t;
  pthread_create (&t, NULL, bump, b);
  pthread_mutex_lock (&b->lock);
  b->n++;
  pthread_mutex_unlock (&b->lock);
  pthread_join (t, NULL);
}

int
main (void)
{
  Named *a = malloc (sizeof *a);
  memcpy (a->name, "a queue with a name of 31 bytes", 32);
  a->n = 0;
  run (a);                               /* [misuse] lock never set up */

  Named *b = malloc (sizeof *b);
  b->lock = lock_init;
  b->n = 0;
  run (b);
  free (b);
  Named *c = malloc (sizeof *c);         /* b's block again */
  c->n = 0;
  run (c);                               /* [misuse] set up in b only */
  free (c);
  free (a);
  return 0;
}
