/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * boop — after the "boop" program of ConcBugAssist's evaluation (its Table 1:
 * an SV-COMP pthread program, 3 threads, an atomicity violation; the paper
 * gives no more detail, so the scenario here is our own instance of that
 * kind).  Two workers take jobs from a shared pool: each checks that a job is
 * left and then takes it, as two separate unlocked accesses to `jobs`.  If
 * both see the last job before either takes it, the last job is run twice
 * (and the pool goes negative).  main checks how many jobs were run.
 */
#include <assert.h>
#include <pthread.h>

static int jobs = 3;
static int done;
static pthread_mutex_t done_lock = PTHREAD_MUTEX_INITIALIZER;

static void
run_job (void)
{
  pthread_mutex_lock (&done_lock);
  done++;
  pthread_mutex_unlock (&done_lock);
}

static void *
worker (void *unused)
{
  for (;;)
    {
      if (jobs <= 0)                            /* [atomicity-violation] [data-race] */
        break;
      jobs = jobs - 1;                          /* [atomicity-violation] [data-race] */
      run_job ();
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (done == 3);                           /* [assertion] */
  return 0;
}
