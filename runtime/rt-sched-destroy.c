/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-destroy.c — a second destroy of a synchronisation object
 * (mutex, spinlock, rwlock, condition variable, barrier, semaphore)
 * destroyed already and not initialised since: undefined in POSIX, and
 * glibc says nothing (its destroys return 0 on a destroyed object).
 *
 * A destroy that succeeded marks the model's object destroyed until its
 * next init (init_obj in rt-sched-sync.c) and keeps a hash of the object's
 * bytes as the destroy left them, and as every call on it since left
 * them (a use after destroy may change them: glibc's rdlock does).  Bytes
 * that are not those any more were written by the program: the memory
 * holds a new object that was never initialised by a call (a
 * PTHREAD_MUTEX_INITIALIZER in a local of a function called again, whose
 * stack slot held the destroyed one; a heap block handed out again with
 * --malloc-reuse).  rt_sched_obj then makes the model's object a fresh one
 * (rt_sched_destroy_rewritten), for every check: a use of it is no use
 * after destroy, its destroy no double destroy.  Bytes left as they were
 * are the destroyed object, whatever they are: a use of a read-write lock
 * destroyed with all its bytes zero, as PTHREAD_RWLOCK_INITIALIZER's, is
 * a use after destroy.
 *
 * What the bytes can tell: glibc's mutex destroy leaves its kind at -1
 * and its condition variable destroy sets a bit of __wrefs, so neither
 * equals a static initialiser after its destroy.  glibc's read-write lock
 * destroy writes nothing, and a lock that ended unlocked after read locks
 * is all zeros, as the initialiser: the destroy here marks it in __pad3,
 * a word glibc never reads (the old lock's, kept for the ABI), which
 * every initialiser and pthread_rwlock_init write back to 0.  What they
 * cannot: a write that is no initialisation (a stray store, a memset of a
 * struct around the object) counts as a new object as well, and a use
 * after it goes unseen; a new object made by copying the very bytes the
 * destroy left is taken for the destroyed one.  A spinlock, barrier or
 * semaphore has no static initialiser: a new one is made by its init.
 * Reported once until the next init.
 *
 * Only at destroys and at calls on destroyed objects: nothing here is on
 * the hot path.
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
  /* written since the destroy: rt_sched_obj made it a new, live object */
  if (o == NULL || object_size (ev_kind) == 0 || o->destroy_state != RT_DESTROY_DONE)
    return;
  o->destroy_state = RT_DESTROY_REPORTED;
  rt_sched_misuse (AUGUR_MISUSE_DOUBLE_DESTROY, me, s->pc, s->module, s->obj);
}

/* glibc's read-write lock destroy leaves the lock as it was: a mark in a
 * word it never reads tells a destroyed lock from an initialiser's zeros */
#define RWLOCK_DESTROYED_MARK 0x64657374u   /* "dest" */

void
rt_sched_destroy_done (RtSObj *o, uint32_t ev_kind, int64_t result)
{
  size_t size = object_size (ev_kind);
  if (o == NULL || size == 0 || result != 0 || o->destroy_state == RT_DESTROY_REPORTED)
    return;
  if (ev_kind == AUGUR_EV_RWLOCK_DESTROY)
    ((pthread_rwlock_t *) (uintptr_t) o->addr)->__data.__pad3 = RWLOCK_DESTROYED_MARK;
  o->destroy_state = RT_DESTROY_DONE;
  o->destroyed_size = (uint8_t) size;
  o->destroyed_sig = signature (o, size);
}

void
rt_sched_destroy_sign (RtSObj *o)
{
  if (o != NULL && o->destroy_state != RT_DESTROY_LIVE)
    o->destroyed_sig = signature (o, o->destroyed_size);
}

int
rt_sched_destroy_rewritten (const RtSObj *o)
{
  return o->destroy_state != RT_DESTROY_LIVE && signature (o, o->destroyed_size) != o->destroyed_sig;
}
