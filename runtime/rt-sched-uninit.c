/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-uninit.c — a mutex, condition variable or barrier used with
 * no init in this execution (inspect's "uninitialised" misuse).
 *
 * A mutex or condition variable in static storage or on a stack may hold
 * a static initialiser; one in the main heap (the program's sbrk heap or
 * the runtime's arena) cannot, unless the program copied one there:
 * `o->lock = (pthread_mutex_t) PTHREAD_MUTEX_INITIALIZER`, a copy of a
 * static const initialised object, a memset of the struct around it to
 * zero (what glibc's default initialisers are).  Fresh heap memory is
 * zero as well, so the bytes alone cannot tell the two apart: the
 * scheduler keeps the heap bytes written by block stores since their
 * block was handed out (copies and fills of 16 bytes or more: gcc and
 * clang copy a struct with __tsan_write_range or mem* calls, recorded as
 * WRITE_RANGE, whether or not static analysis pruned the store), and a
 * use finds the object set up when those writes cover it and its bytes
 * are one of glibc's initialisers.  What goes unseen: an object set up
 * word by word with plain stores (reported, as before), and, once the set
 * of written ranges is full (merged ranges; the earliest kept, as set-up
 * code runs first), writes after that.  Reset with the rest of the
 * runtime's memory when an execution ends.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-ranges.h"

#include <fcntl.h>
#include <pthread.h>
#include <string.h>

/* The start of the main heap, found once in the fork server: [heap] in
 * /proc/self/maps, or, before the heap exists, the program break (where
 * it will start). */
static uintptr_t heap_lo;

void
rt_sched_find_heap (void)
{
  char buf[8192];
  heap_lo = (uintptr_t) rt_libc_sbrk (0);
  int fd = rt_sys_open ("/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return;
  size_t len = 0;
  ssize_t r;
  while (len + 1 < sizeof buf && (r = rt_sys_read (fd, buf + len, sizeof buf - 1 - len)) > 0)
    len += (size_t) r;
  rt_sys_close (fd);
  buf[len] = '\0';
  for (char *line = buf; line != NULL && *line != '\0';)
    {
      char *nl = line;
      while (*nl != '\0' && *nl != '\n')
        nl++;
      int is_heap = nl - line >= 6 && nl[-1] == ']' && nl[-2] == 'p' && nl[-3] == 'a'
                    && nl[-4] == 'e' && nl[-5] == 'h' && nl[-6] == '[';
      if (is_heap)
        {
          uintptr_t v = 0;
          for (const char *c = line; *c != '-'; c++)
            v = v * 16 + (uintptr_t) (*c <= '9' ? *c - '0' : (*c | 0x20) - 'a' + 10);
          heap_lo = v;
          return;
        }
      line = *nl != '\0' ? nl + 1 : NULL;
    }
}

/* Is the object at @a in the main heap, where no static initialiser can
 * have set it up? */
static int
in_main_heap (uintptr_t a)
{
  if (heap_lo == 0)
    return 0;
  return (a >= heap_lo && a < (uintptr_t) rt_libc_sbrk (0)) || rt_arena_contains ((const void *) a);
}

/* Was the barrier at @addr never initialised, even before the scheduler
 * started?  glibc's count, the third word of pthread_barrier_t (nptl's
 * struct pthread_barrier: in, current_round, count, shared, out), is 0
 * until an init succeeds, and a wait or destroy divides by it (SIGFPE).
 * There is no static initialiser for barriers, so this holds wherever the
 * barrier lives. */
static int
barrier_count_zero (uint64_t addr)
{
  unsigned int count;
  memcpy (&count, (const char *) (uintptr_t) addr + 2 * sizeof count, sizeof count);
  return count == 0;
}

/* ------------------------------------------------------------------ */
/* Heap bytes written by block stores since their block was handed out */

#define NWRITTEN 256u
static RtRange written_store[NWRITTEN];
static RtRanges written = { written_store, NWRITTEN, 0, false };

void
rt_sched_written (const void *addr, size_t size)
{
  uintptr_t a = (uintptr_t) addr;
  if (size < 16 || !in_main_heap (a))
    return;
  rt_ranges_add (&written, a, a + size);
}

void
rt_sched_written_reset (uintptr_t lo, size_t size)
{
  if (written.n > 0)
    rt_ranges_remove (&written, lo, lo + (size ? size : 1));
}

/* Does the object at @addr hold one of glibc's static initialisers for
 * the kind its misuse (@kind) names, written there by the program? */
static int
copied_initialiser (uint64_t addr, uint32_t kind)
{
  static const pthread_mutex_t mutexes[] = {
    PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP,
    PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP,
    PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP,
  };
  static const pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
  const void *p = (const void *) (uintptr_t) addr;
  size_t size = kind == AUGUR_MISUSE_UNINIT_MUTEX ? sizeof mutexes[0] : sizeof cond;
  if (!rt_ranges_cover (&written, (uintptr_t) addr, (uintptr_t) addr + size))
    return 0;
  if (kind != AUGUR_MISUSE_UNINIT_MUTEX)
    return memcmp (p, &cond, size) == 0;
  for (size_t i = 0; i < sizeof mutexes / sizeof mutexes[0]; i++)
    if (memcmp (p, &mutexes[i], size) == 0)
      return 1;
  return 0;
}

/* An object used without any init in this execution (@kind: the misuse).
 * A mutex or condition variable: only reported for the main heap, where
 * no static initialiser can have set it up (inspect's "uninitialised"
 * misuse; pfscan's queue), and not when the program copied one there;
 * a barrier: when its memory says it was never initialised. */
void
rt_sched_check_initialised (RtSObj *o, uint32_t kind, const AugurSchedStep *s)
{
  /* in a freed block: a use of freed memory (explorer/memcheck.c), of
   * whatever the object was */
  if (o == NULL || o->init_seen || o->uninit_reported || o->in_freed)
    return;
  if (kind == AUGUR_MISUSE_UNINIT_BARRIER ? !barrier_count_zero (o->addr)
                                          : !in_main_heap ((uintptr_t) o->addr))
    return;
  if (kind != AUGUR_MISUSE_UNINIT_BARRIER && copied_initialiser (o->addr, kind))
    {
      o->init_seen = 1;   /* its later uses change its bytes */
      return;
    }
  o->uninit_reported = 1;
  rt_sched_misuse (kind, rt_self.tid, s->pc, s->module, o->addr);
}

