/* SPDX-License-Identifier: GPL-3.0-or-later
 * hashmap.c — chained buckets, one mutex per bucket and one for the size.
 * Correct: augur must find nothing here. */
#include "hashmap.h"

#include <pthread.h>
#include <stdlib.h>

#define BUCKETS 8

typedef struct entry {
  unsigned key;
  void *value;
  struct entry *next;
} entry_t;

struct hashmap {
  pthread_mutex_t bucket_lock[BUCKETS];
  entry_t *bucket[BUCKETS];
  pthread_mutex_t size_lock;
  unsigned size;
};

hashmap_t *
hashmap_new (void)
{
  hashmap_t *m = calloc (1, sizeof *m);
  for (int i = 0; i < BUCKETS; i++)
    pthread_mutex_init (&m->bucket_lock[i], NULL);
  pthread_mutex_init (&m->size_lock, NULL);
  return m;
}

void
hashmap_free (hashmap_t *m)
{
  for (int i = 0; i < BUCKETS; i++)
    {
      for (entry_t *e = m->bucket[i], *next; e != NULL; e = next)
        {
          next = e->next;
          free (e);
        }
      pthread_mutex_destroy (&m->bucket_lock[i]);
    }
  pthread_mutex_destroy (&m->size_lock);
  free (m);
}

void *
hashmap_put (hashmap_t *m, unsigned key, void *value)
{
  unsigned b = key % BUCKETS;
  void *old = NULL;
  int added = 0;
  pthread_mutex_lock (&m->bucket_lock[b]);
  entry_t *e = m->bucket[b];
  while (e != NULL && e->key != key)
    e = e->next;
  if (e != NULL)
    {
      old = e->value;
      e->value = value;
    }
  else
    {
      e = malloc (sizeof *e);
      e->key = key;
      e->value = value;
      e->next = m->bucket[b];
      m->bucket[b] = e;
      added = 1;
    }
  pthread_mutex_unlock (&m->bucket_lock[b]);
  if (added)
    {
      pthread_mutex_lock (&m->size_lock);
      m->size++;
      pthread_mutex_unlock (&m->size_lock);
    }
  return old;
}

void *
hashmap_get (hashmap_t *m, unsigned key)
{
  unsigned b = key % BUCKETS;
  pthread_mutex_lock (&m->bucket_lock[b]);
  entry_t *e = m->bucket[b];
  while (e != NULL && e->key != key)
    e = e->next;
  void *v = e != NULL ? e->value : NULL;
  pthread_mutex_unlock (&m->bucket_lock[b]);
  return v;
}

unsigned
hashmap_size (hashmap_t *m)
{
  pthread_mutex_lock (&m->size_lock);
  unsigned n = m->size;
  pthread_mutex_unlock (&m->size_lock);
  return n;
}
