/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cp_hashlist_cond_ok — the fix of cp_hashlist_cond: the destructor destroys
 * the condition variable only in the mode that initialised it.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#define MODE_WAIT 1

typedef struct {
  int mode, items;
  pthread_mutex_t lock;
  pthread_cond_t changed;
} HashList;

static HashList *
hashlist_create (int mode)
{
  HashList *l = calloc (1, sizeof *l);
  l->mode = mode;
  pthread_mutex_init (&l->lock, NULL);
  if (mode & MODE_WAIT)
    pthread_cond_init (&l->changed, NULL);
  return l;
}

static void
hashlist_destroy (HashList *l)
{
  pthread_mutex_destroy (&l->lock);
  if (l->mode & MODE_WAIT)
    pthread_cond_destroy (&l->changed);
  free (l);
}

static void
hashlist_insert (HashList *l)
{
  pthread_mutex_lock (&l->lock);
  l->items++;
  if (l->mode & MODE_WAIT)
    pthread_cond_broadcast (&l->changed);
  pthread_mutex_unlock (&l->lock);
}

static void *
inserter (void *arg)
{
  for (int i = 0; i < 3; i++)
    hashlist_insert (arg);
  return NULL;
}

int
main (void)
{
  HashList *l = hashlist_create (0);
  pthread_t a, b;
  pthread_create (&a, NULL, inserter, l);
  pthread_create (&b, NULL, inserter, l);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (l->items == 6);
  hashlist_destroy (l);
  return 0;
}
