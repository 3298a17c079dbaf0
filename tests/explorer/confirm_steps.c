/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * confirm_steps — a race reached after a condition wait, harmful in one
 * order only: a subscriber hands its ticket to a dispatcher thread (under
 * a lock, with a signal) and only then marks it armed; the dispatcher
 * fires the ticket at once and insists it is armed.  The confirmed race's
 * bug steps must be its two accesses (the check at line 31 and the arming
 * at line 62) whatever order the replay took, not the steps that happen
 * to stand where the prediction had them.  The recorded run has the
 * dispatcher late (it sleeps 2 ms): it finds the ticket without waiting,
 * the shape where positions named the wrong steps.
 */
#include <assert.h>
#include <pthread.h>
#include <unistd.h>

enum { NEW, ARMED, FIRED };

typedef struct {
  int state;
} Ticket;

static Ticket ticket;
static Ticket *handed;
static pthread_mutex_t hand_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t hand_cond = PTHREAD_COND_INITIALIZER;

static void
fire (Ticket *t)
{
  int armed = t->state == ARMED;
  assert (armed);
  t->state = FIRED;
}

static void *
dispatcher (void *unused)
{
  usleep (2000);   /* recorded: the ticket is handed over before the wait */
  pthread_mutex_lock (&hand_lock);
  while (handed == NULL)
    pthread_cond_wait (&hand_cond, &hand_lock);
  Ticket *t = handed;
  pthread_mutex_unlock (&hand_lock);
  fire (t);
  return NULL;
}

static void
hand_over (Ticket *t)
{
  pthread_mutex_lock (&hand_lock);
  handed = t;
  pthread_cond_signal (&hand_cond);
  pthread_mutex_unlock (&hand_lock);
}

static void *
subscriber (void *unused)
{
  hand_over (&ticket);
  ticket.state = ARMED;
  return NULL;
}

int
main (void)
{
  pthread_t d, s;
  pthread_create (&d, NULL, dispatcher, NULL);
  pthread_create (&s, NULL, subscriber, NULL);
  pthread_join (s, NULL);
  pthread_join (d, NULL);
  return 0;
}
