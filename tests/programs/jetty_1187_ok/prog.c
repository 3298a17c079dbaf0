/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * jetty_1187_ok — the fix of jetty_1187: the handler marks the request
 * suspended before it registers it, so the registration (a hand-off under
 * the source's lock) orders the state before any resume.
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
  assert (c->state == SUSPENDED);
  c->state = RESUMED;
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
  cont.state = SUSPENDED;
  register_with_source (&cont);
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
