/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * wait_idle — C-Thread-Pool's thpool_wait in small (survey 31, c4): each
 * worker counts itself working under `lock`, takes its job off the queue
 * (under `qlock`), does it, and counts itself idle again; main waits
 * under `lock` until nothing is queued (read without `qlock`: a race) and
 * nobody works, then reads the jobs' results.  A worker counted itself
 * working before it took its job, so main cannot see the queue empty and
 * nobody working before the job's write: no race on res.  The predictor
 * once let another worker's idle count (a third thread's section) run
 * without the section of the res[0] worker that it followed, past that
 * worker's window: it predicted one (test-predict.sh).
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static int res[2];
static int working, queued = 2;
static int *last;                                            /* the last one idle */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;     /* working, last */
static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;    /* queued */
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&lock);
  working++;
  pthread_mutex_unlock (&lock);
  pthread_mutex_lock (&qlock);
  queued--;
  pthread_mutex_unlock (&qlock);
  *(int *) arg = 1;                  /* the job */
  pthread_mutex_lock (&lock);
  working--;
  last = arg;
  if (working == 0)
    pthread_cond_signal (&idle);
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, &res[i]);
  pthread_mutex_lock (&lock);
  while (queued || working)          /* queued read without its lock */
    pthread_cond_wait (&idle, &lock);
  int *l = last;
  pthread_mutex_unlock (&lock);
  int r = res[0] + res[1];
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  assert (r == 2);
  if (l == &res[1])
    printf ("res[0]'s worker was idle first\n");
  return 0;
}
