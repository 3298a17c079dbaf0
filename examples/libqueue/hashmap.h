/* SPDX-License-Identifier: GPL-3.0-or-later
 * hashmap.h — a thread-safe map from unsigned keys to pointers. */
#ifndef HASHMAP_H
#define HASHMAP_H

typedef struct hashmap hashmap_t;

hashmap_t *hashmap_new (void);
void hashmap_free (hashmap_t *m);
/* Returns the previous value, or NULL. */
void *hashmap_put (hashmap_t *m, unsigned key, void *value);
void *hashmap_get (hashmap_t *m, unsigned key);
unsigned hashmap_size (hashmap_t *m);

#endif
