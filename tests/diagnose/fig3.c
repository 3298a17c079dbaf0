/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fig3 — the program of ConcBugAssist's Figure 3: two threads each set x
 * and y to their own value; main asserts they agree.  Two classes of
 * failing schedules: x = 0 then y = 1 wins, or x = 1 then y = 0 wins.
 */
#include <assert.h>
#include <pthread.h>

int x = 0;
int y = 0;

static void *
f1 (void *unused)
{
  x = 0;
  y = 0;
  return NULL;
}

static void *
f2 (void *unused)
{
  x = 1;
  y = 1;
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, f1, NULL);
  pthread_create (&t2, NULL, f2, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  assert (x == y);
  return 0;
}
