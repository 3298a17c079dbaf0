/* SPDX-License-Identifier: GPL-3.0-or-later
 * once.c — pthread_once runs the routine in the first caller (main) and
 * not in a thread that calls it later; a nested once inside the routine. */
#include "record-util.h"
#include <pthread.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_once_t inner = PTHREAD_ONCE_INIT;
int runs, inner_runs;

static void
init_inner (void)
{
  inner_runs++;
}

static void
init (void)
{
  pthread_once (&inner, init_inner);
  runs++;
}

static void *
late (void *arg)
{
  pthread_once (&once, init);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_once (&once, init);
  t = spawn (late, NULL);
  pthread_join (t, NULL);
  pthread_once (&once, init);
  return runs == 1 && inner_runs == 1 ? 0 : 10;
}
