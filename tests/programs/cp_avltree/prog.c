/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cp_avltree — an AVL tree guarded by a reader-writer lock in the style of
 * libcprops' cp_avltree (one of the libcprops structures the inspect paper
 * drives with several threads).  Insertions take the write lock, but the
 * reader looks keys up without the lock, on the grounds that a lookup
 * changes nothing.  An insertion's rebalancing rotation moves nodes while
 * the reader walks past them, so the reader can take a branch that no
 * longer holds the key it wants and miss a key that is in the tree.  (The
 * driver inserts ascending keys, so only the left rotation is written out.)
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct Node {
  int key, height;
  struct Node *left, *right;
} Node;

static Node *root;
static pthread_rwlock_t tree_lock = PTHREAD_RWLOCK_INITIALIZER;

static int height (Node *n) { return n ? n->height : 0; }

static void
fix_height (Node *n)
{
  int l = height (n->left), r = height (n->right);
  n->height = (l > r ? l : r) + 1;
}

static Node *
rotate_left (Node *n)
{
  Node *r = n->right;
  n->right = r->left;                           /* [data-race] */
  r->left = n;
  fix_height (n);
  fix_height (r);
  return r;
}

static Node *
insert (Node *n, Node *x)
{
  if (n == NULL)
    return x;
  if (x->key < n->key)
    n->left = insert (n->left, x);
  else
    n->right = insert (n->right, x);
  fix_height (n);
  if (height (n->right) - height (n->left) > 1)  /* ascending keys only lean right */
    return rotate_left (n);
  return n;
}

static void
add (int key)
{
  Node *x = calloc (1, sizeof *x);
  x->key = key;
  x->height = 1;
  pthread_rwlock_wrlock (&tree_lock);
  root = insert (root, x);
  pthread_rwlock_unlock (&tree_lock);
}

static int
contains (int key)
{
  Node *n = root;
  while (n != NULL && n->key != key)
    n = key < n->key ? n->left : n->right;      /* [data-race] */
  return n != NULL;
}

static void *
writer (void *unused)
{
  for (int k = 50; k <= 70; k += 10)
    add (k);
  return NULL;
}

static void *
reader (void *unused)
{
  for (int k = 10; k <= 40; k += 10)
    assert (contains (k));                      /* [assertion] */
  return NULL;
}

int
main (void)
{
  for (int k = 10; k <= 40; k += 10)
    add (k);
  pthread_t w, r;
  pthread_create (&w, NULL, writer, NULL);
  pthread_create (&r, NULL, reader, NULL);
  pthread_join (w, NULL);
  pthread_join (r, NULL);
  return 0;
}
