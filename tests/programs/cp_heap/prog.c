/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cp_heap — a binary heap guarded by one mutex in the style of libcprops'
 * heap, the libcprops structure in which the inspect paper found no error.
 * Two threads push keys while a third pops some; main drains the rest and
 * checks that everything pushed came out once, in order for each drain.
 * A correct program: no finding.
 */
#include <assert.h>
#include <pthread.h>

#define CAP 16

static int heap[CAP], size;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void
push (int key)
{
  pthread_mutex_lock (&m);
  int i = size++;
  heap[i] = key;
  while (i > 0 && heap[(i - 1) / 2] > heap[i])
    {
      int p = (i - 1) / 2, t = heap[p];
      heap[p] = heap[i];
      heap[i] = t;
      i = p;
    }
  pthread_mutex_unlock (&m);
}

static int
pop (void)                     /* the smallest key, or -1 when empty */
{
  pthread_mutex_lock (&m);
  int top = -1;
  if (size > 0)
    {
      top = heap[0];
      heap[0] = heap[--size];
      for (int i = 0;;)
        {
          int l = 2 * i + 1, r = l + 1, s = i;
          if (l < size && heap[l] < heap[s])
            s = l;
          if (r < size && heap[r] < heap[s])
            s = r;
          if (s == i)
            break;
          int t = heap[s];
          heap[s] = heap[i];
          heap[i] = t;
          i = s;
        }
    }
  pthread_mutex_unlock (&m);
  return top;
}

static int popped_sum;

static void *
pusher (void *arg)
{
  for (int k = (int) (long) arg; k < 8; k += 2)
    push (k);
  return NULL;
}

static void *
popper (void *unused)
{
  for (int i = 0; i < 3; i++)
    {
      int k = pop ();
      if (k >= 0)
        popped_sum += k;
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b, c;
  pthread_create (&a, NULL, pusher, (void *) 0L);
  pthread_create (&b, NULL, pusher, (void *) 1L);
  pthread_create (&c, NULL, popper, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  pthread_join (c, NULL);
  int last = -1, k;
  while ((k = pop ()) >= 0)
    {
      assert (k > last);
      last = k;
      popped_sum += k;
    }
  assert (popped_sum == 0 + 1 + 2 + 3 + 4 + 5 + 6 + 7);
  return 0;
}
