/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cp_list — a linked list in the style of libcprops' cp_list (one of the
 * containers the inspect paper checked), driven by several threads.  Insert
 * and remove take the list's rwlock for writing, but the count query reads
 * the element count and the length of the chain without it: a reader that
 * runs between an insertion's link and its count update sees a chain one
 * longer than the count and its consistency assertion fails.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct Node {
  int value;
  struct Node *next;
} Node;

typedef struct {
  Node *head;
  int items;
  pthread_rwlock_t lock;
} List;

static List list = { NULL, 0, PTHREAD_RWLOCK_INITIALIZER };

static void
list_insert (List *l, int value)
{
  Node *n = malloc (sizeof *n);
  n->value = value;
  pthread_rwlock_wrlock (&l->lock);
  n->next = l->head;
  l->head = n;                                  /* [data-race] */
  pthread_rwlock_unlock (&l->lock);
  pthread_rwlock_wrlock (&l->lock);
  l->items++;
  pthread_rwlock_unlock (&l->lock);
}

static int
list_check (List *l)
{
  pthread_rwlock_rdlock (&l->lock);
  int items = l->items;
  pthread_rwlock_unlock (&l->lock);
  int chain = 0;
  for (Node *n = l->head; n != NULL; n = n->next)   /* [data-race] */
    chain++;
  return chain == items;
}

static void *
writer (void *arg)
{
  list_insert (&list, (int) (long) arg);
  return NULL;
}

static void *
checker (void *unused)
{
  assert (list_check (&list));                  /* [assertion] */
  return NULL;
}

int
main (void)
{
  pthread_t w1, w2, c;
  pthread_create (&w1, NULL, writer, (void *) 1L);
  pthread_create (&c, NULL, checker, NULL);
  pthread_create (&w2, NULL, writer, (void *) 2L);
  pthread_join (w1, NULL);
  pthread_join (w2, NULL);
  pthread_join (c, NULL);
  while (list.head != NULL)
    {
      Node *n = list.head;
      list.head = n->next;
      free (n);
    }
  pthread_rwlock_destroy (&list.lock);
  return 0;
}
