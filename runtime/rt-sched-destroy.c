/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-destroy.c — a second destroy of a synchronisation object
 * (mutex, spinlock, rwlock, condition variable, barrier, semaphore)
 * destroyed already and not initialised since: undefined in POSIX, and
 * glibc says nothing (its destroys return 0 on a destroyed object).
 *
 * A destroy that succeeded marks the model's object destroyed until its
 * next init (init_obj in rt-sched-sync.c) and keeps a hash of the object's
 * bytes as the destroy left them.  The next destroy is a misuse only if
 * those bytes are still the same: memory written since is a new object
 * that was never initialised by a call (a PTHREAD_MUTEX_INITIALIZER in a
 * local of a function called again, whose stack slot held the destroyed
 * one; a heap block handed out again with --malloc-reuse).  glibc's
 * mutex destroy leaves its kind at -1, so a mutex is always told apart
 * from a fresh static one; a read-write lock destroyed unused is all
 * zeros, as PTHREAD_RWLOCK_INITIALIZER is, and such a re-initialisation
 * is not seen.  Reported once until the next init.
 *
 * Only at destroys: nothing here is on the hot path.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"

#include <pthread.h>
#include <semaphore.h>

/* The object's size for the event kind of its destroy (0: not checked). */
static size_t
object_size (uint32_t ev_kind)
{
  switch (ev_kind)
    {
    case AUGUR_EV_MUTEX_DESTROY: return sizeof (pthread_mutex_t);
    case AUGUR_EV_SPIN_DESTROY: return sizeof (pthread_spinlock_t);
    case AUGUR_EV_RWLOCK_DESTROY: return sizeof (pthread_rwlock_t);
    case AUGUR_EV_COND_DESTROY: return sizeof (pthread_cond_t);
    case AUGUR_EV_BARRIER_DESTROY: return sizeof (pthread_barrier_t);
    case AUGUR_EV_SEM_DESTROY: return sizeof (sem_t);
    default: return 0;
    }
}

/* FNV-1a over the object's bytes */
static uint64_t
signature (const RtSObj *o, size_t size)
{
  const unsigned char *p = (const unsigned char *) (uintptr_t) o->addr;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t k = 0; k < size; k++)
    h = (h ^ p[k]) * 0x100000001b3ull;
  return h;
}

void
rt_sched_destroy_check (RtSObj *o, const AugurSchedStep *s, uint32_t ev_kind, uint32_t me)
{
  size_t size = object_size (ev_kind);
  if (o == NULL || size == 0 || o->destroy_state != RT_DESTROY_DONE)
    return;
  if (signature (o, size) != o->destroyed_sig)
    {
      o->destroy_state = RT_DESTROY_LIVE;   /* written since: a new object */
      return;
    }
  o->destroy_state = RT_DESTROY_REPORTED;
  rt_sched_misuse (AUGUR_MISUSE_DOUBLE_DESTROY, me, s->pc, s->module, s->obj);
}

void
rt_sched_destroy_done (RtSObj *o, uint32_t ev_kind, int64_t result)
{
  size_t size = object_size (ev_kind);
  if (o == NULL || size == 0 || result != 0 || o->destroy_state == RT_DESTROY_REPORTED)
    return;
  o->destroy_state = RT_DESTROY_DONE;
  o->destroyed_sig = signature (o, size);
}
