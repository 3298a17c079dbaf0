/* SPDX-License-Identifier: GPL-3.0-or-later
 * Phases: main joins the first thread before it creates the next two, so
 * the first thread's write never overlaps the others'; the second and
 * third threads run together and their writes race. */
#include <pthread.h>

static int x;

static void *
first (void *arg)
{
  x = 1;
  return NULL;
}

static void *
second (void *arg)
{
  x = 2;
  return NULL;
}

static void *
third (void *arg)
{
  x = 3;
  return NULL;
}

int
main (void)
{
  pthread_t a, b, c;
  pthread_create (&a, NULL, first, NULL);
  pthread_join (a, NULL);
  pthread_create (&b, NULL, second, NULL);
  pthread_create (&c, NULL, third, NULL);
  pthread_join (b, NULL);
  pthread_join (c, NULL);
  return x;
}
