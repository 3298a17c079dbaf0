/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * transmission_142_ok — the fix of transmission_142: the bandwidth object is
 * created before the event thread is started.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  int magic;
  long bytes_left;
} Bandwidth;

typedef struct {
  Bandwidth *bandwidth;
  pthread_t event_thread;
} Session;

static void
bandwidth_allocate (Bandwidth *b)
{
  assert (b != NULL && b->magic == 0xb4);
  b->bytes_left = 1024;
}

static void *
event_loop (void *arg)
{
  Session *s = arg;
  bandwidth_allocate (s->bandwidth);
  return NULL;
}

int
main (void)
{
  Session *s = calloc (1, sizeof *s);
  Bandwidth *b = calloc (1, sizeof *b);
  b->magic = 0xb4;
  s->bandwidth = b;
  pthread_create (&s->event_thread, NULL, event_loop, s);
  pthread_join (s->event_thread, NULL);
  free (b);
  free (s);
  return 0;
}
