/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * span-workload.c — races that span many steps, for bench-span: thread 0
 * writes x; threads 1 and 2 each write N elements of their own row of a
 * shared array (every write a step), then read x.  Both reads race with
 * the write, so optimal DPOR inserts two reversals of about N and 2N
 * steps at the same node, the second going down the first one's branch.
 *
 * Usage: span-workload N   (N <= 65536)
 */
#include <pthread.h>
#include <stdlib.h>

int x, seen[3];
int rows[3][65536];
static int n;

static void *
work (void *p)
{
  int k = (int) (long) p;
  if (k == 0)
    {
      x = 1;
      return NULL;
    }
  for (int i = 0; i < n; i++)
    rows[k][i] = i;
  seen[k] = x;
  return NULL;
}

int
main (int argc, char **argv)
{
  n = argc > 1 ? atoi (argv[1]) : 1000;
  if (n < 0 || n > 65536)
    return 2;
  pthread_t t[3];
  for (long k = 0; k < 3; k++)
    pthread_create (&t[k], NULL, work, (void *) k);
  for (int k = 0; k < 3; k++)
    pthread_join (t[k], NULL);
  return 0;
}
