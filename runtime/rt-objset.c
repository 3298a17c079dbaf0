/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-objset.c — the set of synchronisation objects the runtime has seen
 * initialised.
 *
 * A mutex set up with PTHREAD_MUTEX_INITIALIZER never passes through
 * pthread_mutex_init; the trace still needs a MUTEX_INIT for it, written
 * (with AUGUR_MUTEX_STATIC) the first time the mutex is used.  This set
 * answers "has this address been initialised?" on every lock, so the
 * positive lookup is lock-free (a probe over a fixed open-addressing table,
 * no malloc); insertions and removals take a spinlock and are rare (init,
 * destroy, first use).  A lookup that races an insertion may miss it; the
 * caller then inserts under the lock, which tells it the truth.
 *
 * Limits: the table holds RT_OBJSET_SIZE/2 live objects; past that new
 * objects are treated as initialised (no STATIC record) rather than grow
 * with malloc.  A mutex that is destroyed and whose memory is reused for a
 * static initialiser without destroy is not noticed.
 */
#include "config.h"

#include "runtime/rt-internal.h"

#include <sched.h>

#define RT_OBJSET_SIZE (1u << 16)
#define DELETED ((uintptr_t) 1)

static uintptr_t slots[RT_OBJSET_SIZE];
static unsigned used;        /* live + deleted, under lock */
static int lock;

static unsigned
hash (uintptr_t key)
{
  return (unsigned) ((key * 0x9e3779b97f4a7c15ul) >> 32) & (RT_OBJSET_SIZE - 1);
}

static void
take (void)
{
  rt_spin_take (&lock);
}

static void
give (void)
{
  rt_spin_give (&lock);
}

bool
rt_objset_contains (const void *obj)
{
  uintptr_t key = (uintptr_t) obj;
  unsigned h = hash (key);
  for (unsigned k = 0; k < RT_OBJSET_SIZE; k++)
    {
      uintptr_t v = __atomic_load_n (&slots[(h + k) & (RT_OBJSET_SIZE - 1)], __ATOMIC_ACQUIRE);
      if (v == key)
        return true;
      if (v == 0)
        return false;
    }
  return false;
}

bool
rt_objset_insert (const void *obj)
{
  uintptr_t key = (uintptr_t) obj;
  take ();
  unsigned h = hash (key);
  uintptr_t *reuse = NULL;
  bool inserted = false;
  for (unsigned k = 0; k < RT_OBJSET_SIZE; k++)
    {
      uintptr_t *s = &slots[(h + k) & (RT_OBJSET_SIZE - 1)];
      if (*s == key)
        goto out;
      if (*s == DELETED && reuse == NULL)
        reuse = s;
      if (*s == 0)
        break;
    }
  if (reuse == NULL)
    {
      if (used >= RT_OBJSET_SIZE / 2)
        goto out;   /* full: pretend it was known */
      used++;
      for (unsigned k = 0; k < RT_OBJSET_SIZE; k++)
        {
          uintptr_t *s = &slots[(h + k) & (RT_OBJSET_SIZE - 1)];
          if (*s == 0)
            {
              reuse = s;
              break;
            }
        }
    }
  if (reuse != NULL)
    {
      __atomic_store_n (reuse, key, __ATOMIC_RELEASE);
      inserted = true;
    }
out:
  give ();
  return inserted;
}

void
rt_objset_remove (const void *obj)
{
  uintptr_t key = (uintptr_t) obj;
  take ();
  unsigned h = hash (key);
  for (unsigned k = 0; k < RT_OBJSET_SIZE; k++)
    {
      uintptr_t *s = &slots[(h + k) & (RT_OBJSET_SIZE - 1)];
      if (*s == key)
        {
          __atomic_store_n (s, DELETED, __ATOMIC_RELEASE);
          break;
        }
      if (*s == 0)
        break;
    }
  give ();
}
