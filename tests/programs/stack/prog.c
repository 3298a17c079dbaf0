/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stack — modelled on the stack program of the SV-COMP pthread set (the
 * family ConcBugAssist draws its first group from): a pusher and a popper
 * share a bounded stack whose push and pop each take the lock, but the popper
 * decides whether the stack is empty by reading `top` BEFORE taking the lock.
 * When it reads a stale non-zero `top`, another pop empties the stack first
 * and the locked pop underflows.
 */
#include <assert.h>
#include <pthread.h>

#define SIZE 4

static int items[SIZE];
static int top;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void
push (int v)
{
  pthread_mutex_lock (&m);
  if (top < SIZE)
    items[top++] = v;                           /* [data-race] */
  pthread_mutex_unlock (&m);
}

static void *
pusher (void *unused)
{
  push (1);
  return NULL;
}

static void *
popper (void *unused)
{
  if (top > 0)                                  /* [data-race] [atomicity-violation] */
    {
      pthread_mutex_lock (&m);
      assert (top > 0);                         /* [assertion] [atomicity-violation] */
      top--;                                    /* [data-race] [atomicity-violation] */
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t p, c1, c2;
  pthread_create (&p, NULL, pusher, NULL);
  pthread_create (&c1, NULL, popper, NULL);
  pthread_create (&c2, NULL, popper, NULL);
  pthread_join (p, NULL);
  pthread_join (c1, NULL);
  pthread_join (c2, NULL);
  return 0;
}
