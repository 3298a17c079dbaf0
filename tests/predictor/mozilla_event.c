/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mozilla_event — the four-access Mozilla bug of McPatom's Figure 5 (from
 * the PSet paper), which AVIO (three accesses only) and PSet (not the
 * mutant whose last accesses before the remote read are reads) miss.
 * Posting an event marks the queue busy (line 28), reads the mark back
 * (line 29) and then marks that an event is pending (line 31); these must be
 * atomic.  HandleEvent reads the mark once (line 38): between the two writes
 * it sees "busy" and drops the event (the assertion): W-R-W on queue.state,
 * with a local read in between (four accesses).  The recorded run posts first.
 */
#include <assert.h>
#include <pthread.h>

enum { QUEUE_IDLE, QUEUE_BUSY, QUEUE_HAS_EVENT };

typedef struct {
  int state;
  int posted;
} EventQueue;

static EventQueue queue;
static int handled;

static void *
post_event (void *unused)
{
  queue.state = QUEUE_BUSY;
  if (queue.state == QUEUE_BUSY)
    queue.posted++;
  queue.state = QUEUE_HAS_EVENT;
  return NULL;
}

static void *
handle_event (void *unused)
{
  int state = queue.state;
  if (state == QUEUE_HAS_EVENT)
    handled++;
  assert (state != QUEUE_BUSY);   /* a half-posted event is dropped for good */
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, post_event, NULL);
  pthread_create (&t2, NULL, handle_event, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
