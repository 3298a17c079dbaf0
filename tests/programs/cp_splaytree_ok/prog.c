/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cp_splaytree_ok — the fix of cp_splaytree: since a lookup splays, it takes
 * the tree's lock for writing, like any other operation that changes the tree.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct Node {
  int key;
  struct Node *left, *right;
} Node;

static Node *root;
static pthread_rwlock_t tree_lock = PTHREAD_RWLOCK_INITIALIZER;

static Node *
splay (Node *t, int key)       /* move the node with key (or the last one seen) to the root */
{
  if (t == NULL || t->key == key)
    return t;
  if (key < t->key)
    {
      Node *l = splay (t->left, key);
      if (l == NULL)
        return t;
      t->left = l->right;
      l->right = t;
      return l;
    }
  Node *r = splay (t->right, key);
  if (r == NULL)
    return t;
  t->right = r->left;
  r->left = t;
  return r;
}

static int
find (int key)
{
  pthread_rwlock_wrlock (&tree_lock);
  root = splay (root, key);
  int found = root != NULL && root->key == key;
  pthread_rwlock_unlock (&tree_lock);
  return found;
}

static int
count (Node *t)
{
  return t ? 1 + count (t->left) + count (t->right) : 0;
}

static void *
lookups (void *arg)
{
  find ((int) (long) arg);
  find (3);
  return NULL;
}

int
main (void)
{
  for (int k = 1; k <= 6; k++)  /* keys in order: a list down the left */
    {
      Node *n = calloc (1, sizeof *n);
      n->key = k;
      n->left = root;
      root = n;
    }
  pthread_t a, b;
  pthread_create (&a, NULL, lookups, (void *) 1L);
  pthread_create (&b, NULL, lookups, (void *) 2L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (count (root) == 6);
  return 0;
}
