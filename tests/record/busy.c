/* SPDX-License-Identifier: GPL-3.0-or-later
 * busy.c — three threads increment a counter and an array without a lock:
 * enough races for the predictor to ask Z3 hundreds of questions and for
 * the explorer to run until its budget is spent, so that
 * tests/record/test-signals.sh can stop `augur check` in each stage. */
#include <pthread.h>
#include <stdio.h>

int counter;
int data[64];

static void *
worker (void *arg)
{
  for (int i = 0; i < 30; i++)
    {
      counter++;
      data[i % 64] += i;
    }
  return arg;
}

int
main (void)
{
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", counter);
  return 0;
}
