/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * list_seq_ok — the coarse-grained list of The Art of Multiprocessor
 * Programming, the fix of list_seq: add() holds the list's lock from the
 * walk to the link, so no other add can change the window in between.
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
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int
add (int key)
{
  pthread_mutex_lock (&lock);
  Node *pred = &head;
  Node *curr = pred->next;
  while (curr->key < key)
    {
      pred = curr;
      curr = curr->next;
    }
  int added = 0;
  if (curr->key != key)
    {
      Node *node = malloc (sizeof *node);
      node->key = key;
      node->next = curr;
      pred->next = node;
      added = 1;
    }
  pthread_mutex_unlock (&lock);
  return added;
}

static int
contains (int key)
{
  pthread_mutex_lock (&lock);
  Node *curr = head.next;
  while (curr->key < key)
    curr = curr->next;
  int found = curr->key == key;
  pthread_mutex_unlock (&lock);
  return found;
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
  assert (contains (1) && contains (2));
  return 0;
}
