/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-spin.c — pthread spinlock intercepts.
 *
 * Same shape as the mutexes: acquisitions after the call (aux = blocking or
 * try, arg = result), unlock before it.
 */
#include "config.h"

#include "runtime/rt-internal.h"

#include <pthread.h>

RT_DEFINE_REAL (pthread_spin_init, NULL)
RT_DEFINE_REAL (pthread_spin_lock, NULL)
RT_DEFINE_REAL (pthread_spin_trylock, NULL)
RT_DEFINE_REAL (pthread_spin_unlock, NULL)
RT_DEFINE_REAL (pthread_spin_destroy, NULL)

#define SPIN_BODY(kind, try_kind, call) \
  RT_SYNC_BODY (kind, 0, (const void *) s, try_kind, call)

RT_EXPORT int
pthread_spin_init (pthread_spinlock_t *s, int pshared)
{
  SPIN_BODY (AUGUR_EV_SPIN_INIT, 0, get_real_pthread_spin_init () (s, pshared))
}

RT_EXPORT int
pthread_spin_lock (pthread_spinlock_t *s)
{
  SPIN_BODY (AUGUR_EV_SPIN_LOCK, AUGUR_TRY_BLOCKING, get_real_pthread_spin_lock () (s))
}

RT_EXPORT int
pthread_spin_trylock (pthread_spinlock_t *s)
{
  SPIN_BODY (AUGUR_EV_SPIN_LOCK, AUGUR_TRY_TRY, get_real_pthread_spin_trylock () (s))
}

RT_EXPORT int
pthread_spin_unlock (pthread_spinlock_t *s)
{
  SPIN_BODY (AUGUR_EV_SPIN_UNLOCK, 0, get_real_pthread_spin_unlock () (s))
}

RT_EXPORT int
pthread_spin_destroy (pthread_spinlock_t *s)
{
  SPIN_BODY (AUGUR_EV_SPIN_DESTROY, 0, get_real_pthread_spin_destroy () (s))
}
