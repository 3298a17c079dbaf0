/* Two threads take a and b in opposite orders through my_lock, as libuv
 * takes its locks through uv_mutex_lock: the deadlock's lock requests are
 * all at line 9, and only the callers (lines 17 and 28) say which they
 * were.  Plain static functions: inlined at -O2, calls at -O0. */
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

static void my_lock (pthread_mutex_t *m) { pthread_mutex_lock (m); }
static void my_unlock (pthread_mutex_t *m) { pthread_mutex_unlock (m); }

static void *
forward (void *arg)
{
  (void) arg;
  my_lock (&a);
  my_lock (&b);
  my_unlock (&b);
  my_unlock (&a);
  return NULL;
}

static void *
backward (void *arg)
{
  (void) arg;
  my_lock (&b);
  my_lock (&a);
  my_unlock (&a);
  my_unlock (&b);
  return NULL;
}

int
main (void)
{
  pthread_t x, y;
  pthread_create (&x, NULL, forward, NULL);
  pthread_create (&y, NULL, backward, NULL);
  pthread_join (x, NULL);
  pthread_join (y, NULL);
  return 0;
}
