/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * hashtable_ok — the fix of hashtable: add() searches the bucket and links
 * the new node in one critical section, so a key is inserted at most once.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#define BUCKETS 4

typedef struct Node {
  int key;
  struct Node *next;
} Node;

static Node *bucket[BUCKETS];
static pthread_mutex_t lock[BUCKETS] = {
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER
};

static void
add (int key)
{
  int h = key % BUCKETS, found = 0;
  pthread_mutex_lock (&lock[h]);
  for (Node *n = bucket[h]; n; n = n->next)
    found |= n->key == key;
  if (!found)
    {
      Node *n = malloc (sizeof *n);
      n->key = key;
      n->next = bucket[h];
      bucket[h] = n;
    }
  pthread_mutex_unlock (&lock[h]);
}

static void *
adder (void *arg)
{
  add (5);
  add ((int) (long) arg);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, adder, (void *) 2L);
  pthread_create (&b, NULL, adder, (void *) 3L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  int fives = 0;
  for (Node *n = bucket[5 % BUCKETS]; n; n = n->next)
    fives += n->key == 5;
  assert (fives == 1);
  return 0;
}
