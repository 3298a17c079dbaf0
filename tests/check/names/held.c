/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * held.c — a heap mutex destroyed while held (test-check.sh): the finding
 * must call it `b->lock`, from the allocation's source line, wherever
 * augur runs (the source name in the debug info is relative to the
 * directory it was compiled in).
 */
#include <pthread.h>
#include <stdlib.h>

struct box
{
  int n;
  pthread_mutex_t lock;
};

static void *
work (void *arg)
{
  struct box *b = arg;
  pthread_mutex_lock (&b->lock);
  b->n++;
  pthread_mutex_unlock (&b->lock);
  return NULL;
}

int
main (void)
{
  struct box *b = malloc (sizeof *b);
  pthread_t t;
  b->n = 0;
  pthread_mutex_init (&b->lock, NULL);
  pthread_create (&t, NULL, work, b);
  pthread_join (t, NULL);
  pthread_mutex_lock (&b->lock);
  pthread_mutex_destroy (&b->lock);
  free (b);
  return 0;
}
