/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * alloca.c — workers' slots in a block main allocates on its stack with
 * alloca; both workers bump the first slot without a lock.  No variable
 * is the block, and no load of a pointer to it is recorded (main's
 * `slots` never has its address taken): the race is on "alloca in main
 * (cfa-0x...)", the frame that holds it.
 */
#include <alloca.h>
#include <pthread.h>
#include <stdio.h>

static void *
work (void *p)
{
  int *slots = p;
  slots[0]++;
  return NULL;
}

int
main (int argc, char **argv)
{
  (void) argv;
  int n = argc + 1;
  int *slots = alloca (n * sizeof *slots);
  for (int k = 0; k < n; k++)
    slots[k] = 0;
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, work, slots);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  printf ("%d\n", slots[0]);
  return 0;
}
