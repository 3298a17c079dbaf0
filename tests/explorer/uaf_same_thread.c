/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Uses of freed memory by the thread that freed it, after every other
 * thread is joined: `tasks`, a pool whose destroy frees its task array,
 * and main then logs into a new block of the same size and writes a task
 * slot; `mutex`, a queue whose mutex main destroys and frees with its
 * struct, allocates a block of that size, and locks the freed mutex.  On
 * real threads (forked executions) glibc handed the freed block to the
 * next malloc of its size at once: the write was one to the new block
 * (complete, no finding), the lock one of an uninitialised mutex
 * (test-destroy-misuse.sh).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct task
{
  void (*fn) (void *);
  void *arg;
};

struct pool
{
  pthread_mutex_t lock;
  pthread_cond_t cond;
  struct task *tasks;
  char *log;
  int stop;
  pthread_t th[2];
};

static void *
worker (void *arg)
{
  struct pool *p = arg;
  pthread_mutex_lock (&p->lock);
  while (!p->stop)
    pthread_cond_wait (&p->cond, &p->lock);
  pthread_mutex_unlock (&p->lock);
  return NULL;
}

static void
pool_destroy (struct pool *p)
{
  pthread_mutex_lock (&p->lock);
  p->stop = 1;
  pthread_cond_broadcast (&p->cond);
  pthread_mutex_unlock (&p->lock);
  for (int i = 0; i < 2; i++)
    pthread_join (p->th[i], NULL);
  free (p->tasks);
}

static int
tasks (void)
{
  struct pool *p = calloc (1, sizeof *p);
  pthread_mutex_init (&p->lock, NULL);
  pthread_cond_init (&p->cond, NULL);
  p->tasks = calloc (4, sizeof *p->tasks);
  for (int i = 0; i < 2; i++)
    pthread_create (&p->th[i], NULL, worker, p);
  pool_destroy (p);
  p->log = malloc (4 * sizeof *p->tasks);
  p->log[0] = '\0';
  p->tasks[0].arg = p;   /* use after free */
  pthread_cond_destroy (&p->cond);
  pthread_mutex_destroy (&p->lock);
  free (p->log);
  free (p);
  return 0;
}

struct queue
{
  pthread_mutex_t lock;
  int n;
};

static void *
producer (void *arg)
{
  struct queue *q = arg;
  pthread_mutex_lock (&q->lock);
  q->n++;
  pthread_mutex_unlock (&q->lock);
  return NULL;
}

static int
mutex (void)
{
  struct queue *q = malloc (sizeof *q);
  pthread_mutex_init (&q->lock, NULL);
  q->n = 0;
  pthread_t t;
  pthread_create (&t, NULL, producer, q);
  pthread_join (t, NULL);
  pthread_mutex_destroy (&q->lock);
  free (q);
  struct queue *next = malloc (sizeof *next);
  memset (next, 0, sizeof *next);
  pthread_mutex_lock (&q->lock);   /* use after destroy, after free */
  pthread_mutex_unlock (&q->lock);
  free (next);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc > 1 && strcmp (argv[1], "mutex") == 0)
    return mutex ();
  return tasks ();
}
