/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * args.c — main's locals shared with the threads it starts: each worker
 * gets a pointer to its own job, and both also bump the first job's
 * counter without a lock (the race).  Its object must be named
 * `jobs[0].count`, main's local, not a stack offset.
 */
#include <pthread.h>
#include <stdio.h>

struct job {
  int id;
  int count;
};

static struct job *first;

static void *
work (void *p)
{
  struct job *j = p;
  j->id += 10;
  first->count++;
  return NULL;
}

int
main (void)
{
  struct job jobs[2] = { { 1, 0 }, { 2, 0 } };
  pthread_t t[2];
  first = &jobs[0];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, work, &jobs[k]);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  printf ("%d %d\n", jobs[0].count, jobs[1].id);
  return 0;
}
