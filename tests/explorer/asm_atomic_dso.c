/* asm_atomic.c with the inline-assembly atomic in a shared library built
 * with augur-cc (asm_atomic_lib.c), as a project's libtool library under
 * `make check-concurrency` is: augur must find it there too and end
 * "incomplete", never "complete". */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

int lib_fetch_add (int v);
int lib_load (void);

static void *
writer (void *arg)
{
  (void) arg;
  lib_fetch_add (1);
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  assert (lib_load () == 1);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, writer, NULL);
  pthread_create (&b, NULL, reader, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
