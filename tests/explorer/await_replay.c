/* A one-producer, one-consumer queue of two nodes in which the consumer
 * moves on to the next node as soon as the current one looks empty and the
 * producer has moved on, without looking at the current node again: an
 * item still to come there is skipped (the assertion).  The consumer's
 * wait is a loop that only re-reads memory, which the runtime parks
 * (Await); optimal DPOR's reversals then ask for one more iteration of
 * that loop at points where, in the new order, the loop looks like a
 * repeat.  The runtime must run it: refusing made 1,001 of 12,011
 * executions "diverge" and their branches were skipped
 * (tests/explorer/test-explore.sh). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#define CAP 2
#define ITEMS 4
typedef struct node {
  _Atomic size_t front, back;
  _Atomic int buf[CAP];
  struct node *next;
} Node;

static Node second, first = { .next = &second };
static Node *_Atomic enq = &first, *_Atomic deq = &first;

static void *
producer (void *arg)
{
  (void) arg;
  Node *n = atomic_load (&enq);
  for (int v = 1; v <= ITEMS; v++)
    {
      size_t b = atomic_load (&n->back);
      if (b == CAP)
        {
          n = n->next;
          b = 0;
        }
      atomic_store (&n->buf[b], v);
      atomic_store (&enq, n);
      atomic_fetch_add (&n->back, 1);
    }
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  int last = 0;
  for (int k = 0; k < ITEMS; k++)
    {
      Node *n = atomic_load (&deq);
      size_t f;
      for (;;)
        {
          f = atomic_load (&n->front);
          if (f >= atomic_load (&n->back))
            {
              /* empty here: the producer went on to the next node */
              if (n != atomic_load (&enq) && n->next != NULL)
                atomic_compare_exchange_strong (&deq, &n, n->next);
              n = atomic_load (&deq);
              continue;
            }
          int v = atomic_load (&n->buf[f]);
          if (atomic_compare_exchange_strong (&n->front, &f, f + 1))
            {
              assert (v == last + 1);
              last = v;
              break;
            }
        }
    }
  return NULL;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
