/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * two_mailboxes — a request and its reply through two one-slot
 * mailboxes.  take() tests a box's count under the box's take lock; put()
 * sets it under another lock, so the two race on every box.  The request
 * box is put carefully (the signal is sent holding the take lock, so a
 * taker that saw the box empty is waiting by then); the reply box is not:
 * main can see it empty, the server put the reply and signal nobody, and
 * main wait for ever.  That deadlock happens whichever order the request
 * box's race runs in (in one order the server waits for the request and
 * is woken, in the other it finds it there): augur must not blame the
 * deadlock on the request box's race, whose other order sends the server
 * another way (it does not wait).
 */
#include <assert.h>
#include <pthread.h>

struct box {
  pthread_mutex_t put_lock, take_lock;
  pthread_cond_t filled;
  int count;
  int item;
};

static struct box request = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
                              PTHREAD_COND_INITIALIZER, 0, 0 };
static struct box reply = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
                            PTHREAD_COND_INITIALIZER, 0, 0 };

static void
fill (struct box *b, int v)
{
  pthread_mutex_lock (&b->put_lock);
  b->item = v;                                  /* [data-race] */
  b->count = 1;                                 /* [data-race] */
  pthread_mutex_unlock (&b->put_lock);
}

/* the request: signalled under the take lock, no wake-up is lost */
static void
put_carefully (struct box *b, int v)
{
  fill (b, v);
  pthread_mutex_lock (&b->take_lock);
  pthread_cond_signal (&b->filled);
  pthread_mutex_unlock (&b->take_lock);
}

/* the reply: signalled with no lock, between a taker's test and its wait */
static void
put (struct box *b, int v)
{
  fill (b, v);
  pthread_cond_signal (&b->filled);
}

static int
take (struct box *b)
{
  pthread_mutex_lock (&b->take_lock);
  while (b->count == 0)                         /* [data-race] */
    pthread_cond_wait (&b->filled, &b->take_lock);      /* [deadlock] */
  int v = b->item;                              /* [data-race] */
  pthread_mutex_unlock (&b->take_lock);
  return v;
}

static void *
server (void *arg)
{
  (void) arg;
  int question = take (&request);
  put (&reply, question + 1);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, server, NULL);
  put_carefully (&request, 41);
  int answer = take (&reply);
  pthread_join (t, NULL);
  assert (answer == 42);
  return 0;
}
