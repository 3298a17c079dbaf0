/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * transmission_142 — after the transmission-1.42 program of ConcBugAssist's
 * evaluation (its Table 1: a bug of the Transmission BitTorrent client 1.42,
 * 3 threads, an order violation).  Our scenario, as we recall the report
 * (not checked against it): session initialisation starts the event thread
 * and only afterwards creates the session's bandwidth object, which the
 * event thread's first timer callback uses.  Normally the main thread gets
 * there first; if the event thread runs first it finds no bandwidth object
 * and the client's sanity assertion fails.
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
  assert (b != NULL && b->magic == 0xb4);       /* [assertion] */
  b->bytes_left = 1024;
}

static void *
event_loop (void *arg)
{
  Session *s = arg;
  bandwidth_allocate (s->bandwidth);            /* [data-race] */
  return NULL;
}

int
main (void)
{
  Session *s = calloc (1, sizeof *s);
  pthread_create (&s->event_thread, NULL, event_loop, s);
  Bandwidth *b = calloc (1, sizeof *b);
  b->magic = 0xb4;
  s->bandwidth = b;                             /* [data-race] */
  pthread_join (s->event_thread, NULL);
  free (b);
  free (s);
  return 0;
}
