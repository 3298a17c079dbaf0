/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cp_hashlist_ok — the fix of cp_hashlist: the global entry count is
 * updated with an atomic fetch-and-add.
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define BUCKETS 4

typedef struct Entry {
  int key;
  struct Entry *next;
} Entry;

typedef struct {
  Entry *bucket[BUCKETS];
  pthread_mutex_t lock[BUCKETS];
  int entries;
} HashList;

static HashList table;

static void
hashlist_insert (HashList *h, int key)
{
  int b = key % BUCKETS;
  Entry *e = malloc (sizeof *e);
  e->key = key;
  pthread_mutex_lock (&h->lock[b]);
  e->next = h->bucket[b];
  h->bucket[b] = e;
  pthread_mutex_unlock (&h->lock[b]);
  __atomic_fetch_add (&h->entries, 1, __ATOMIC_RELAXED);
}

static void *
inserter (void *arg)
{
  hashlist_insert (&table, (int) (intptr_t) arg);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (int b = 0; b < BUCKETS; b++)
    pthread_mutex_init (&table.lock[b], NULL);
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, inserter, (void *) (intptr_t) (i + 1));
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  int chained = 0;
  for (int b = 0; b < BUCKETS; b++)
    for (Entry *e = table.bucket[b]; e != NULL;)
      {
        Entry *next = e->next;
        chained++;
        free (e);
        e = next;
      }
  assert (chained == table.entries);
  for (int b = 0; b < BUCKETS; b++)
    pthread_mutex_destroy (&table.lock[b]);
  return 0;
}
