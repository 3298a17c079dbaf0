/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * hashtable — after the hashtable program of ConcBugAssist's evaluation (its
 * Table 1: a lock-striped hash set in the style of The Art of
 * Multiprocessor Programming, 3 threads, an atomicity violation).  Every
 * access to a bucket holds the bucket's lock, so there is no data race; but
 * add() asks contains() in one critical section and links the new node in
 * another.  Two threads adding the same key can both find it absent and both
 * insert it, leaving a duplicate in a set.  main checks the set.
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

static int
contains (int key)
{
  int h = key % BUCKETS, found = 0;
  pthread_mutex_lock (&lock[h]);
  for (Node *n = bucket[h]; n; n = n->next)     /* [atomicity-violation] */
    found |= n->key == key;
  pthread_mutex_unlock (&lock[h]);
  return found;
}

static void
add (int key)
{
  int h = key % BUCKETS;
  if (contains (key))
    return;
  Node *n = malloc (sizeof *n);
  n->key = key;
  pthread_mutex_lock (&lock[h]);
  n->next = bucket[h];
  bucket[h] = n;                                /* [atomicity-violation] */
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
  assert (fives == 1);                          /* [assertion] */
  return 0;
}
