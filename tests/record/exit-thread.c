/* SPDX-License-Identifier: GPL-3.0-or-later
 * exit-thread.c — a thread calls exit(3) while main waits to join it: the
 * run ends with END(exit 3), after the thread's events. */
#include "record-util.h"
#include <pthread.h>
#include <stdlib.h>

int value;

static void *
quitter (void *arg)
{
  value = 2;
  exit (3);
}

int
main (void)
{
  pthread_t t;
  value = 1;
  t = spawn (quitter, NULL);
  pthread_join (t, NULL);
  return 0;
}
