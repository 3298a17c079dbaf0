/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-fixture.h — the types of tests/unit/dwarf-fixture.c, shared with
 * test-dwarf-names.c so that it can compute their members' offsets.
 */
#ifndef DWARF_FIXTURE_H
#define DWARF_FIXTURE_H

#include <pthread.h>
#include <stddef.h>

struct queue {
  pthread_mutex_t lock;
  void **items;
  size_t head, count;
  unsigned long pushed;
};
typedef struct queue queue_t;

struct stats {
  int hits;
  long count;
  int table[4];
};

struct node {
  int key;
  struct node *next;
};

/* its `last` is at the offset of a node's `next` */
struct chain {
  struct node *first;
  struct node *last;
  size_t length;
};

/* a free list's link shares its place with the payload pointer */
struct slot {
  int flag;
  union {
    struct slot *next;
    void *payload;
  };
};

/* a region mapped or allocated into a void pointer, then stored into a
 * typed member (LMDB's lock file: void *m = mmap (...); env->me_txns = m) */
struct header {
  int magic;
  unsigned long readers;
};

struct region {
  int fd;
  struct header *hdr;
};

#endif
