/* The reader loads the published pointer, then its field; the writer
 * swaps the pointer, clears the old field and frees the old block.  The
 * reader may see the pointer before the swap and the field after the
 * clear: an atomicity violation whose explanation must call the free a
 * free (it said "writes"), besides the use after free. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct foo
{
  volatile int a;
};
static struct foo *_Atomic gp;

static void *
reader (void *arg)
{
  (void) arg;
  struct foo *p = gp;
  int v = p->a;
  assert (v != 0);
  return NULL;
}

static void *
writer (void *arg)
{
  (void) arg;
  struct foo *n = malloc (sizeof *n);
  n->a = 2;
  struct foo *old = __atomic_exchange_n (&gp, n, __ATOMIC_SEQ_CST);
  old->a = 0;
  free (old);
  return NULL;
}

int
main (void)
{
  struct foo *f = malloc (sizeof *f);
  f->a = 1;
  gp = f;
  pthread_t r, w;
  pthread_create (&r, NULL, reader, NULL);
  pthread_create (&w, NULL, writer, NULL);
  pthread_join (r, NULL);
  pthread_join (w, NULL);
  free (gp);
  return 0;
}
