/* reread's fix: main reads the flag only after the join.  Both threads
 * re-read an unchanged location through one helper (same instruction, same
 * object, nothing written between): a bounded loop and a straight-line
 * second call, neither a waiting loop, so there is no hang to report.  And
 * strcmp (s, s) reads s twice in one call: one step per range, both at the
 * call's pc, after the same call read s in the loop's previous iteration
 * (llvm_8441_ok finds a name in a table that holds that very string). */
#include <assert.h>
#include <pthread.h>
#include <string.h>

static const char *volatile pass_name = "gvn";
static volatile int n_names = 2;   /* not unrolled: one call site */

static int config = 7, done;

static __attribute__ ((noinline)) int
get (int *p)
{
  return __atomic_load_n (p, __ATOMIC_SEQ_CST);
}

static void *
worker (void *arg)
{
  int sum = 0;
  for (int i = 0; i < 3; i++)
    sum += get (&config);
  __atomic_store_n (&done, sum, __ATOMIC_SEQ_CST);
  return arg;
}

int
main (void)
{
  pthread_t t;
  int before = get (&config);
  pthread_create (&t, NULL, worker, NULL);
  int again = get (&config);
  pthread_join (t, NULL);
  assert (before == again && get (&done) == 21);
  const char *names[2] = { "mem2reg", pass_name };
  int found = -1;
  for (int k = 0; k < n_names; k++)
    if (strcmp (names[k], pass_name) == 0)
      found = k;
  assert (found == 1);
  return 0;
}
