/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * predict-jobs-workload.c — the second realistic trace shape `make
 * bench-predict` records: a thread pool whose jobs carry their own data.
 * Main allocates each job, fills its inputs without a lock and submits it
 * to a bounded queue (one mutex, two condition variables); 8 workers take
 * jobs, read the inputs and write the output without a lock (the queue's
 * lock orders the hand-off), bump one of 64 hot counters under its own
 * lock and complete the job in one of 256 completion slots (a mutex and a
 * condition variable each); main waits on the slot, reads the output and
 * frees the job, whose memory the next jobs reuse (new shared locations
 * each time).  About 50 events a job: JOBS (argv[1]) = 20,000 makes about
 * 10^6 events, 200,000 about 10^7.
 *
 * This is the shape that costs a predictor: the job data is shared
 * without a common lock, so the lockset pruning keeps it; the vector
 * clocks order a hand-off only when the taker had to wait (locks are not
 * ordering edges); the rest is up to the data flow through the queue,
 * which Z3 decides.  One bug to predict, as real pools have: a statistic
 * of the jobs done is bumped without a lock.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 8
#define QUEUE 64
#define SLOTS 256
#define COUNTERS 64
#define INPUTS 4

typedef struct {
  long in[INPUTS];
  long out;
  int slot;
} Job;

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t done_cv;
  Job *done;
} Slot;

typedef Job *QueueItem;
#define QUEUE_NONE NULL
#include "predict-queue.h"

static Slot slots[SLOTS];
static struct {
  pthread_mutex_t lock;
  long value;
} counters[COUNTERS];
static long jobs_done;               /* no lock at all: the bug */

static void *
worker (void *arg)
{
  (void) arg;
  Job *j;
  while ((j = queue_take ()) != NULL)
    {
      long sum = 0;
      for (int k = 0; k < INPUTS; k++)
        sum += j->in[k] * (k + 1);
      j->out = sum;
      int c = (int) (sum % COUNTERS);
      pthread_mutex_lock (&counters[c].lock);
      counters[c].value += sum;
      pthread_mutex_unlock (&counters[c].lock);
      if (sum % 16 == 0)
        jobs_done = jobs_done + 1;
      Slot *s = &slots[j->slot];
      pthread_mutex_lock (&s->lock);
      s->done = j;
      pthread_cond_signal (&s->done_cv);
      pthread_mutex_unlock (&s->lock);
    }
  return NULL;
}

/* The job completed in slot s: waits for it, takes its output, frees it. */
static long
collect (Slot *s)
{
  pthread_mutex_lock (&s->lock);
  while (s->done == NULL)
    pthread_cond_wait (&s->done_cv, &s->lock);
  Job *j = s->done;
  s->done = NULL;
  pthread_mutex_unlock (&s->lock);
  long out = j->out;
  free (j);
  return out;
}

int
main (int argc, char **argv)
{
  long jobs = argc > 1 ? atol (argv[1]) : 20000;
  pthread_t t[WORKERS];
  for (int i = 0; i < SLOTS; i++)
    {
      pthread_mutex_init (&slots[i].lock, NULL);
      pthread_cond_init (&slots[i].done_cv, NULL);
    }
  for (int i = 0; i < COUNTERS; i++)
    pthread_mutex_init (&counters[i].lock, NULL);
  for (int i = 0; i < WORKERS; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  long total = 0;
  for (long n = 0; n < jobs; n++)
    {
      if (n >= SLOTS)
        total += collect (&slots[n % SLOTS]);
      Job *j = malloc (sizeof *j);
      for (int k = 0; k < INPUTS; k++)
        j->in[k] = n * 31 + k;
      j->slot = (int) (n % SLOTS);
      queue_put (j);
    }
  for (long n = jobs > SLOTS ? jobs - SLOTS : 0; n < jobs; n++)
    total += collect (&slots[n % SLOTS]);
  queue_close ();
  for (int i = 0; i < WORKERS; i++)
    pthread_join (t[i], NULL);
  long sum = 0;
  for (int i = 0; i < COUNTERS; i++)
    sum += counters[i].value;
  printf ("%ld %ld %ld\n", total, sum, jobs_done);
  return 0;
}
