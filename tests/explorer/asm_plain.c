/* A flag published and read with plain movs written in inline assembly,
 * as concurrencykit's x86-64 ck_pr_store and ck_pr_load are: no lock
 * prefix, so nothing in the disassembly tells them from the compiler's
 * own accesses.  augur-cc lists them from gcc's assembler listing
 * (.augur.asm); augur must name both and end "incomplete" (exit 6): the
 * reader's check fails when it runs first, an order never tried. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static unsigned flag;

static void *
writer (void *arg)
{
  (void) arg;
  __asm__ __volatile__ ("movl %1, %0" : "=m"(flag) : "r"(1u) : "memory");
  return NULL;
}

static void *
reader (void *arg)
{
  unsigned seen;
  (void) arg;
  __asm__ __volatile__ ("movl %1, %0" : "=r"(seen) : "m"(flag) : "memory");
  assert (seen == 1);
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
