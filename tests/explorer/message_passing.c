/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * message_passing — the writer stores data then flag, the reader loads
 * flag then data, relaxed: C11 lets the reader see the flag set and the
 * data not (ARM and POWER do it, a compiler may reorder), which no
 * interleaving gives.  The explorer must not call its search complete
 * without saying that it holds for sequential consistency only
 * (test-unseen.sh).  Built with MP_STORE and MP_LOAD the flag's memory
 * orders (release and acquire: no caveat), with MP_FENCES a release and an
 * acquire fence between each thread's two accesses (no caveat either).
 */
#include <assert.h>
#include <pthread.h>

#ifndef MP_STORE
#define MP_STORE __ATOMIC_RELAXED
#endif
#ifndef MP_LOAD
#define MP_LOAD __ATOMIC_RELAXED
#endif

static unsigned data, flag;

static void *
writer (void *arg)
{
  (void) arg;
  __atomic_store_n (&data, 1, __ATOMIC_RELAXED);
#ifdef MP_FENCES
  __atomic_thread_fence (__ATOMIC_RELEASE);
#endif
  __atomic_store_n (&flag, 1, MP_STORE);
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  if (__atomic_load_n (&flag, MP_LOAD))
    {
#ifdef MP_FENCES
      __atomic_thread_fence (__ATOMIC_ACQUIRE);
#endif
      assert (__atomic_load_n (&data, __ATOMIC_RELAXED) == 1);   /* fails only on weak memory */
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, writer, NULL);
  pthread_create (&b, NULL, reader, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
