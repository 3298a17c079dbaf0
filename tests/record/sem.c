/* SPDX-License-Identifier: GPL-3.0-or-later
 * sem.c — post, wait, trywait on an empty semaphore, timedwait and
 * clockwait timing out, and a ping-pong between main and a thread (main
 * takes the pong after the join, so the thread's exit cannot race it). */
#include <errno.h>
#include <semaphore.h>
#include <pthread.h>
#include "record-util.h"

static sem_t ping, pong;
int ball;

static void *
player (void *arg)
{
  sem_wait (&ping);
  ball++;
  sem_post (&pong);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  struct timespec when = past ();
  sem_init (&ping, 0, 0);
  sem_init (&pong, 0, 1);

  if (sem_wait (&pong) != 0)
    return 10;
  if (sem_trywait (&pong) != -1 || errno != EAGAIN)
    return 11;
  if (sem_timedwait (&pong, &when) != -1 || errno != ETIMEDOUT)
    return 12;
  if (sem_clockwait (&pong, CLOCK_MONOTONIC, &when) != -1 || errno != ETIMEDOUT)
    return 13;

  t = spawn (player, NULL);
  wait_sem_waiters (&ping, 1);
  ball = 1;
  sem_post (&ping);
  pthread_join (t, NULL);
  sem_wait (&pong);

  sem_destroy (&ping);
  sem_destroy (&pong);
  return ball == 2 ? 0 : 14;
}
