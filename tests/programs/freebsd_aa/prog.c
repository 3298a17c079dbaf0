/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * freebsd_aa — after the freebsd-aa program of ConcBugAssist's evaluation
 * (its Table 1: a FreeBSD bug, 4 threads, an order violation).  We do not
 * know the report's details; our scenario is an order violation of that
 * kind in the FreeBSD kernel, a driver's detach: the interrupt handler
 * defers its work to a taskqueue thread, and detach stops the interrupt
 * and then frees the receive ring without draining the taskqueue first.
 * The deferred task must run before the teardown; if it is still pending
 * it runs on a freed ring.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  int *rx_ring;
  int rx_packets;
} Softc;

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t cond;
  void (*pending) (Softc *);
  Softc *arg;
} Taskqueue;

static Taskqueue tq = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL };

static void
rx_task (Softc *sc)
{
  assert (sc->rx_ring != NULL);                 /* [assertion] [data-race] */
  sc->rx_packets += sc->rx_ring[0];             /* [data-race] [crash] */
}

static void
taskqueue_enqueue (Taskqueue *q, void (*fn) (Softc *), Softc *sc)
{
  pthread_mutex_lock (&q->lock);
  q->pending = fn;
  q->arg = sc;
  pthread_cond_signal (&q->cond);
  pthread_mutex_unlock (&q->lock);
}

static void *
taskqueue_thread (void *unused)
{
  pthread_mutex_lock (&tq.lock);
  while (tq.pending == NULL)
    pthread_cond_wait (&tq.cond, &tq.lock);
  void (*fn) (Softc *) = tq.pending;
  Softc *sc = tq.arg;
  pthread_mutex_unlock (&tq.lock);
  fn (sc);
  return NULL;
}

static void *
intr_handler (void *arg)
{
  taskqueue_enqueue (&tq, rx_task, arg);
  return NULL;
}

static void *
detach (void *arg)
{
  Softc *sc = arg;
  int *ring = sc->rx_ring;
  sc->rx_ring = NULL;                           /* [data-race] */
  free (ring);
  return NULL;
}

int
main (void)
{
  pthread_t tq_thread, intr, det;
  Softc *sc = calloc (1, sizeof *sc);
  sc->rx_ring = calloc (16, sizeof (int));
  pthread_create (&tq_thread, NULL, taskqueue_thread, NULL);
  pthread_create (&intr, NULL, intr_handler, sc);
  pthread_join (intr, NULL);            /* the interrupt is torn down */
  pthread_create (&det, NULL, detach, sc);
  pthread_join (det, NULL);
  pthread_join (tq_thread, NULL);
  free (sc);
  return 0;
}
