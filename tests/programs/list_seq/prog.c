/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * list_seq — after the list-seq program of ConcBugAssist's evaluation (its
 * Table 1: the sorted linked-list set of The Art of Multiprocessor
 * Programming with its synchronisation stripped off, 3 threads, an
 * atomicity violation).  add() walks the list to the window pred < key <=
 * curr and then links the new node after pred; without the lock the walk
 * and the link are not one step.  Two threads adding neighbouring keys
 * find the same window, both link after pred, and the second link drops
 * the first node from the set.  main checks that both keys are in it.
 */
#include <assert.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct Node {
  int key;
  struct Node *next;
} Node;

static Node tail = { INT_MAX, NULL };
static Node head = { INT_MIN, &tail };

static int
add (int key)
{
  Node *pred = &head;
  Node *curr = pred->next;                      /* [atomicity-violation] [data-race] */
  while (curr->key < key)                       /* [data-race] */
    {
      pred = curr;
      curr = curr->next;                        /* [data-race] */
    }
  if (curr->key == key)                         /* [data-race] */
    return 0;
  Node *node = malloc (sizeof *node);
  node->key = key;                              /* [data-race] */
  node->next = curr;                            /* [data-race] */
  pred->next = node;                            /* [atomicity-violation] [data-race] */
  return 1;
}

static int
contains (int key)
{
  Node *curr = head.next;
  while (curr->key < key)
    curr = curr->next;
  return curr->key == key;
}

static void *
adder (void *arg)
{
  add ((int) (long) arg);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, adder, (void *) 1L);
  pthread_create (&b, NULL, adder, (void *) 2L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (contains (1) && contains (2));        /* [assertion] */
  return 0;
}
