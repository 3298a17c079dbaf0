/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stack_ok — the fix of stack: the popper tests for an empty stack under
 * the lock, in the same critical section as the pop.
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
    items[top++] = v;
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
  pthread_mutex_lock (&m);
  if (top > 0)
    {
      assert (top > 0);
      top--;
    }
  pthread_mutex_unlock (&m);
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
