/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * freebsd_aa_ok — the fix of freebsd_aa: detach drains the taskqueue
 * (waits until no task is pending or running) before it frees the ring.
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
  int running;
  Softc *arg;
} Taskqueue;

static Taskqueue tq = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0, NULL };

static void
rx_task (Softc *sc)
{
  assert (sc->rx_ring != NULL);
  sc->rx_packets += sc->rx_ring[0];
}

static void
taskqueue_enqueue (Taskqueue *q, void (*fn) (Softc *), Softc *sc)
{
  pthread_mutex_lock (&q->lock);
  q->pending = fn;
  q->running = 1;
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
  pthread_mutex_lock (&tq.lock);
  tq.running = 0;
  pthread_cond_broadcast (&tq.cond);
  pthread_mutex_unlock (&tq.lock);
  return NULL;
}

static void *
intr_handler (void *arg)
{
  taskqueue_enqueue (&tq, rx_task, arg);
  return NULL;
}

static void
taskqueue_drain (Taskqueue *q)
{
  pthread_mutex_lock (&q->lock);
  while (q->running)
    pthread_cond_wait (&q->cond, &q->lock);
  pthread_mutex_unlock (&q->lock);
}

static void *
detach (void *arg)
{
  Softc *sc = arg;
  taskqueue_drain (&tq);
  int *ring = sc->rx_ring;
  sc->rx_ring = NULL;
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
