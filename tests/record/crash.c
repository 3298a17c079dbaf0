/* SPDX-License-Identifier: GPL-3.0-or-later
 * crash.c — a thread dies of SIGSEGV; every event before it is in the
 * trace, followed by END(signal 11), and the exit status is the signal's. */
#include "record-util.h"
#include <pthread.h>
#include <stddef.h>

int before;
int *volatile nowhere = NULL;

static void *
crasher (void *arg)
{
  before = 2;
  *nowhere = 1;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  before = 1;
  t = spawn (crasher, NULL);
  pthread_join (t, NULL);
  return 0;
}
