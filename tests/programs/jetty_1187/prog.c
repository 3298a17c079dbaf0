/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * jetty_1187 — after the jetty-1187 program of ConcBugAssist's evaluation
 * (its Table 1: Jetty bug 1187, 3 threads, an order violation).  We do not
 * know the report's details; our scenario is an order violation of that
 * kind in Jetty's domain, an asynchronous request (a continuation): the
 * handler registers the request with an event source and only then marks
 * it suspended.  The event can come at once, on the source's own thread,
 * and resume the request before it was suspended; Jetty rejects that as an
 * illegal state (the request would never be dispatched again).
 */
#include <assert.h>
#include <pthread.h>

enum { IDLE, SUSPENDED, RESUMED };

typedef struct {
  int state;
} Continuation;

static Continuation cont;
static Continuation *registered;
static pthread_mutex_t source_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t source_cond = PTHREAD_COND_INITIALIZER;

static void
resume (Continuation *c)
{
  assert (c->state == SUSPENDED);               /* [assertion] [data-race] */
  c->state = RESUMED;                          /* [data-race] */
}

static void *
event_source (void *unused)
{
  pthread_mutex_lock (&source_lock);
  while (registered == NULL)
    pthread_cond_wait (&source_cond, &source_lock);
  Continuation *c = registered;
  pthread_mutex_unlock (&source_lock);
  resume (c);                          /* the event fires at once */
  return NULL;
}

static void
register_with_source (Continuation *c)
{
  pthread_mutex_lock (&source_lock);
  registered = c;
  pthread_cond_signal (&source_cond);
  pthread_mutex_unlock (&source_lock);
}

static void *
handler (void *unused)
{
  register_with_source (&cont);
  cont.state = SUSPENDED;                       /* [data-race] */
  return NULL;
}

int
main (void)
{
  pthread_t src, h;
  pthread_create (&src, NULL, event_source, NULL);
  pthread_create (&h, NULL, handler, NULL);
  pthread_join (h, NULL);
  pthread_join (src, NULL);
  return 0;
}
