/* main checks a flag the worker sets, without waiting for it: the first
 * execution (main goes on) fails the assertion.  The worker then writes
 * slots only when a bit of the time-stamp counter is set: which accesses a
 * run makes depends on the TSC, which augur cannot replay, and the search
 * stops on the program's nondeterminism.  The failure it found before that
 * must still be printed and be the exit status (it was only in the
 * results file, exit 4). */
#include <assert.h>
#include <pthread.h>

static int ready;
int slot[8];   /* read by nobody: not static, or the compiler drops the stores */

static void *
work (void *arg)
{
  ready = 1;
  for (int i = 0; i < 8; i++)
    if ((__builtin_ia32_rdtsc () >> 4) & 1)
      slot[i] = 1;
  return arg;
}

int
main (void)
{
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create (&t[i], NULL, work, NULL);
  assert (ready);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  return 0;
}
