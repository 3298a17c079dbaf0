/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * predict-pool-workload.c — the realistic trace shape `make bench-predict`
 * records: a thread pool under load.  Main submits TASKS tasks (argv[1])
 * to a bounded queue (one mutex, two condition variables); 8 workers take
 * them and each runs a few operations on a hash table of 2,048 buckets
 * (4,096 shared words) guarded by 256 striped bucket locks, then completes
 * the task's future (256 futures, each its own mutex and condition
 * variable) that main waits on before it reuses the slot.  About 55 events
 * per task: 20,000 tasks make about 10^6 events, 200,000 about 10^7.
 *
 * Two bugs to predict, as a real pool has them: the workers bump a
 * statistics counter without a lock (a race and an R-W-R atomicity
 * violation), and the table's `n_items` is read outside its lock to decide
 * whether to take it (a check-then-act).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 8
#define BUCKETS 2048
#define STRIPES 256
#define QUEUE 64
#define FUTURES 256
#define OPS_PER_TASK 3

typedef struct {
  long key;
  long value;
} Bucket;

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t done_cv;
  int done;
  long result;
} Future;

static Bucket table[BUCKETS];
static pthread_mutex_t stripe[STRIPES];
static long n_items;                 /* under stripe[0] (and read unlocked: the bug) */
static long stats_ops;               /* no lock at all: the bug */

static Future futures[FUTURES];

typedef long QueueItem;
#define QUEUE_NONE (-1)
#include "predict-queue.h"

static long
table_update (long key, long delta)
{
  unsigned b = (unsigned) (key * 2654435761u) % BUCKETS;
  pthread_mutex_t *l = &stripe[b % STRIPES];
  pthread_mutex_lock (l);
  if (table[b].key != key)
    {
      table[b].key = key;
      table[b].value = 0;
    }
  table[b].value += delta;
  long v = table[b].value;
  pthread_mutex_unlock (l);
  return v;
}

static void
count_item (void)
{
  if (n_items < 1000000)             /* checked outside the lock */
    {
      pthread_mutex_lock (&stripe[0]);
      n_items = n_items + 1;
      pthread_mutex_unlock (&stripe[0]);
    }
}

static void *
worker (void *arg)
{
  (void) arg;
  for (;;)
    {
      long task = queue_take ();
      if (task < 0)
        return NULL;
      long sum = 0;
      for (int k = 0; k < OPS_PER_TASK; k++)
        sum += table_update (task * 7 + k * 131, k + 1);
      if (task % 64 == 0)
        {
          stats_ops = stats_ops + 1;
          count_item ();
        }
      Future *f = &futures[task % FUTURES];
      pthread_mutex_lock (&f->lock);
      f->result = sum;
      f->done = 1;
      pthread_cond_signal (&f->done_cv);
      pthread_mutex_unlock (&f->lock);
    }
}

/* Waits for the task that last used future slot f. */
static long
future_wait (Future *f)
{
  pthread_mutex_lock (&f->lock);
  while (!f->done)
    pthread_cond_wait (&f->done_cv, &f->lock);
  long r = f->result;
  f->done = 0;
  pthread_mutex_unlock (&f->lock);
  return r;
}

int
main (int argc, char **argv)
{
  long tasks = argc > 1 ? atol (argv[1]) : 20000;
  pthread_t t[WORKERS];
  for (int i = 0; i < STRIPES; i++)
    pthread_mutex_init (&stripe[i], NULL);
  for (int i = 0; i < FUTURES; i++)
    {
      pthread_mutex_init (&futures[i].lock, NULL);
      pthread_cond_init (&futures[i].done_cv, NULL);
    }
  for (long i = 0; i < WORKERS; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  long total = 0;
  for (long task = 0; task < tasks; task++)
    {
      if (task >= FUTURES)
        total += future_wait (&futures[task % FUTURES]);
      queue_put (task);
    }
  for (long task = tasks > FUTURES ? tasks - FUTURES : 0; task < tasks; task++)
    total += future_wait (&futures[task % FUTURES]);
  queue_close ();
  for (int i = 0; i < WORKERS; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld %ld\n", total, n_items, stats_ops);
  return 0;
}
