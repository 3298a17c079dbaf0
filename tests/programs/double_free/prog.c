/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * double_free — two threads tear down a shared cache with a check-then-act
 * on its pointer: both can see it set, and both free it.  glibc usually
 * aborts on the second free; here the free is caught before glibc sees it.
 */
#include <pthread.h>
#include <stdlib.h>

static char *cache;

static void *
teardown (void *unused)
{
  char *c = cache;                              /* [data-race] */
  if (c != NULL)
    {
      free (c);                                 /* [misuse:double-free] */
      cache = NULL;                             /* [data-race] */
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  cache = malloc (32);
  pthread_create (&a, NULL, teardown, NULL);
  pthread_create (&b, NULL, teardown, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
