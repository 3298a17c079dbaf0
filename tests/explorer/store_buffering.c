/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * store_buffering — Dekker's handshake with relaxed atomics and no fence
 * between each thread's store of its flag and its load of the other's:
 * on x86-64 both loads can pass the stores (the store buffer) and see 0,
 * which no interleaving gives.  The explorer runs interleavings only: it
 * must not call its search complete without saying that it holds for
 * sequential consistency only (test-unseen.sh).  SB_FENCE=1 at build
 * time puts the seq_cst fences in: no such caveat then.
 */
#include <assert.h>
#include <pthread.h>

static unsigned x, y, r1, r2;

static void
fence (void)
{
#ifdef SB_FENCE
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
#endif
}

static void *
first (void *arg)
{
  (void) arg;
  __atomic_store_n (&x, 1, __ATOMIC_RELAXED);
  fence ();
  r1 = __atomic_load_n (&y, __ATOMIC_RELAXED);
  return NULL;
}

static void *
second (void *arg)
{
  (void) arg;
  __atomic_store_n (&y, 1, __ATOMIC_RELAXED);
  fence ();
  r2 = __atomic_load_n (&x, __ATOMIC_RELAXED);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, first, NULL);
  pthread_create (&b, NULL, second, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (!(r1 == 0 && r2 == 0));   /* fails only on weak memory */
  return 0;
}
