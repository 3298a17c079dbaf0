/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-tsan.c — the __tsan_* entry points for plain memory accesses, function
 * entry/exit, ignores, initialisation and the mem* helpers; the atomics are
 * in rt-atomic.c.
 *
 * These are the program's hot path: one call per instrumented load or
 * store.  When not recording, a hook is a load and a branch.  When
 * recording, it builds the record in registers and hands it to
 * rt_emit_packed (one fetch-add, a packed record of 7-20 bytes); nothing
 * else.  gcc declares the hooks
 * `leaf`, so they must not call back into the program, and they do not.
 *
 * The slot is reserved here, before the access itself: two racing plain
 * accesses are ordered as their hooks were, which may differ from the order
 * the memory saw.  A read records the value in memory at hook time (sizes up
 * to 8), i.e. the value read unless a racing write lands in between.
 *
 * Sizes the record's 4-bit size field cannot hold (16) and accesses that
 * are actually unaligned are recorded as READ_RANGE / WRITE_RANGE, as the
 * trace format prescribes.  __tsan_read_write* (clang's compound
 * read-modify-write of plain memory) is a READ followed by a WRITE.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-packed.h"
#include "runtime/rt-sched.h"
#include "common/augur-sched-format.h"

#include <sys/mman.h>

RT_INLINE bool
access_on (void)
{
  return rt_is_active () && rt_self.off_access == 0;
}

/* A plain access, as a packed record (rt-packed.h). */
RT_INLINE void
emit_access (uint8_t kind, const void *addr, unsigned size, uint64_t value, uintptr_t ra)
{
  if (rt_sched_is_on ())
    {
      rt_sched_access (kind, addr, size, ra);
      return;
    }
  /* the pc through a record that never leaves this function: in registers */
  AugurRecord where;
  rt_pc (ra, &where);
  rt_emit_packed_fields (kind, (uint8_t) size, rt_tid (), where.module, where.pc, 0,
                         (uint64_t) (uintptr_t) addr, value);
}

RT_INLINE uint64_t
load_value (const void *addr, unsigned size)
{
  switch (size)
    {
    case 1:
      return *(const volatile uint8_t *) addr;
    case 2:
      {
        uint16_t v;
        __builtin_memcpy (&v, (const void *) addr, 2);
        return v;
      }
    case 4:
      {
        uint32_t v;
        __builtin_memcpy (&v, (const void *) addr, 4);
        return v;
      }
    default:
      {
        uint64_t v;
        __builtin_memcpy (&v, (const void *) addr, 8);
        return v;
      }
    }
}

/* The recording halves of the hooks, out of line: the hook itself is then
 * a load, a test and a return when not recording (no frame to set up),
 * and a tail call when recording. */
static RT_NOINLINE void
record_read (const void *addr, unsigned size, uintptr_t ra)
{
  if (rt_self.off_access != 0 || rt_tls_private (addr))
    return;
  if (rt_sched_is_on ())
    {
      /* before load_value: a bad pointer must fault in the program */
      rt_sched_access (AUGUR_EV_READ, addr, size, ra);
      return;
    }
  if (size > 8)
    rt_range (AUGUR_EV_READ_RANGE, addr, size, ra);
  else
    emit_access (AUGUR_EV_READ, addr, size, load_value (addr, size), ra);
}

static RT_NOINLINE void
record_write (const void *addr, unsigned size, uintptr_t ra)
{
  if (rt_self.off_access != 0 || rt_tls_private (addr))
    return;
  if (size > 8)
    rt_range (AUGUR_EV_WRITE_RANGE, addr, size, ra);
  else
    emit_access (AUGUR_EV_WRITE, addr, size, 0, ra);
}

/* An unaligned hook whose address happens to be aligned is an ordinary
 * access; a really unaligned one is a range. */
static RT_NOINLINE void
record_unaligned (uint8_t kind, const void *addr, unsigned size, uintptr_t ra)
{
  if (rt_self.off_access != 0 || rt_tls_private (addr))
    return;
  if (rt_sched_is_on ())
    {
      rt_sched_access (kind, addr, size, ra);
      return;
    }
  if (((uintptr_t) addr & (size - 1)) == 0 && size <= 8)
    {
      if (kind == AUGUR_EV_READ)
        emit_access (AUGUR_EV_READ, addr, size, load_value (addr, size), ra);
      else
        emit_access (AUGUR_EV_WRITE, addr, size, 0, ra);
    }
  else
    rt_range (kind == AUGUR_EV_READ ? AUGUR_EV_READ_RANGE : AUGUR_EV_WRITE_RANGE,
              addr, size, ra);
}

RT_INLINE void
do_read (const void *addr, unsigned size, uintptr_t ra)
{
  if (RT_LIKELY (!rt_is_active ()))
    return;
  record_read (addr, size, ra);
}

RT_INLINE void
do_write (const void *addr, unsigned size, uintptr_t ra)
{
  if (RT_LIKELY (!rt_is_active ()))
    return;
  record_write (addr, size, ra);
}

RT_INLINE void
do_unaligned (uint8_t kind, const void *addr, unsigned size, uintptr_t ra)
{
  if (RT_LIKELY (!rt_is_active ()))
    return;
  record_unaligned (kind, addr, size, ra);
}

/* A volatile access (augur-cc asks the compiler for hooks of their own):
 * recorded as a plain one, its step marked, so that a race on it can say
 * that volatile is not atomic.  Out of line, as record_*. */
static RT_NOINLINE void
record_volatile (uint8_t kind, const void *addr, unsigned size, uintptr_t ra)
{
  rt_self.in_volatile = 1;
  if (kind == AUGUR_EV_READ)
    record_read (addr, size, ra);
  else if (kind == AUGUR_EV_WRITE)
    record_write (addr, size, ra);
  else
    record_unaligned (kind == AUGUR_EV_READ_RANGE ? AUGUR_EV_READ : AUGUR_EV_WRITE, addr, size, ra);
  rt_self.in_volatile = 0;
}

RT_INLINE void
do_volatile (uint8_t kind, const void *addr, unsigned size, uintptr_t ra)
{
  if (RT_LIKELY (!rt_is_active ()))
    return;
  record_volatile (kind, addr, size, ra);
}

#define ACCESS_HOOKS(N)                                                                 \
  RT_EXPORT void __tsan_read##N (void *addr) { do_read (addr, N, RT_RA ()); }           \
  RT_EXPORT void __tsan_write##N (void *addr) { do_write (addr, N, RT_RA ()); }         \
  RT_EXPORT void __tsan_volatile_read##N (void *addr)                                   \
  { do_volatile (AUGUR_EV_READ, addr, N, RT_RA ()); }                                   \
  RT_EXPORT void __tsan_volatile_write##N (void *addr)                                  \
  { do_volatile (AUGUR_EV_WRITE, addr, N, RT_RA ()); }                                  \
  RT_EXPORT void __tsan_unaligned_read##N (void *addr)                                  \
  { do_unaligned (AUGUR_EV_READ, addr, N, RT_RA ()); }                                  \
  RT_EXPORT void __tsan_unaligned_write##N (void *addr)                                 \
  { do_unaligned (AUGUR_EV_WRITE, addr, N, RT_RA ()); }                                 \
  RT_EXPORT void __tsan_unaligned_volatile_read##N (void *addr)                         \
  { do_volatile (AUGUR_EV_READ_RANGE, addr, N, RT_RA ()); }                             \
  RT_EXPORT void __tsan_unaligned_volatile_write##N (void *addr)                        \
  { do_volatile (AUGUR_EV_WRITE_RANGE, addr, N, RT_RA ()); }                            \
  RT_EXPORT void __tsan_read_write##N (void *addr)                                      \
  {                                                                                     \
    uintptr_t ra = RT_RA ();                                                            \
    do_read (addr, N, ra);                                                              \
    do_write (addr, N, ra);                                                             \
  }                                                                                     \
  RT_EXPORT void __tsan_unaligned_read_write##N (void *addr)                            \
  {                                                                                     \
    uintptr_t ra = RT_RA ();                                                            \
    do_unaligned (AUGUR_EV_READ, addr, N, ra);                                          \
    do_unaligned (AUGUR_EV_WRITE, addr, N, ra);                                         \
  }                                                                                     \
  RT_EXPORT void __tsan_read##N##_pc (void *addr, void *pc)                             \
  { do_read (addr, N, (uintptr_t) pc); }                                                \
  RT_EXPORT void __tsan_write##N##_pc (void *addr, void *pc)                            \
  { do_write (addr, N, (uintptr_t) pc); }

ACCESS_HOOKS (1)
ACCESS_HOOKS (2)
ACCESS_HOOKS (4)
ACCESS_HOOKS (8)
ACCESS_HOOKS (16)

RT_EXPORT void
__tsan_read_range (void *addr, unsigned long size)
{
  if (access_on ())
    rt_range (AUGUR_EV_READ_RANGE, addr, size, RT_RA ());
}

RT_EXPORT void
__tsan_write_range (void *addr, unsigned long size)
{
  if (access_on ())
    rt_range (AUGUR_EV_WRITE_RANGE, addr, size, RT_RA ());
}

RT_EXPORT void
__tsan_read_range_pc (void *addr, unsigned long size, void *pc)
{
  if (access_on ())
    rt_range (AUGUR_EV_READ_RANGE, addr, size, (uintptr_t) pc);
}

RT_EXPORT void
__tsan_write_range_pc (void *addr, unsigned long size, void *pc)
{
  if (access_on ())
    rt_range (AUGUR_EV_WRITE_RANGE, addr, size, (uintptr_t) pc);
}

/* C++ virtual table pointers: an update is a write, a read a read. */
RT_EXPORT void
__tsan_vptr_update (void **vptr_p, void *new_val)
{
  (void) new_val;
  do_write (vptr_p, sizeof (void *), RT_RA ());
}

RT_EXPORT void
__tsan_vptr_read (void **vptr_p)
{
  do_read (vptr_p, sizeof (void *), RT_RA ());
}

/* The frame generations' counter: one for all threads, as the scheduler
 * runs one at a time (a thread it does not know has no generations), so
 * that each thread's numbers only grow. */
static uint32_t frame_gen_next;

/* Function entry/exit: a per-thread ring of return addresses for later
 * stack traces; never recorded.  Under the scheduler, the frame's new
 * generation at its depth (only below RT_SHADOW_SIZE: a deeper frame
 * never overwrites a live one's). */
RT_EXPORT void
__tsan_func_entry (void *pc)
{
  if (RT_LIKELY (!rt_is_active ()))
    return;
  uint32_t d = rt_self.depth++;
  uintptr_t *shadow = rt_self.shadow;
  if (shadow != NULL)
    shadow[d & (RT_SHADOW_SIZE - 1)] = (uintptr_t) pc;
  uint32_t *gen = rt_self.frame_gen;
  if (gen != NULL && d < RT_SHADOW_SIZE)
    gen[d] = ++frame_gen_next;
  /* the caller's stack pointer as it calls here: its frame lies above */
  uintptr_t *fsp = rt_self.frame_sp;
  if (fsp != NULL && d < RT_SHADOW_SIZE)
    fsp[d] = (uintptr_t) __builtin_frame_address (0) + 2 * sizeof (void *);
}

RT_EXPORT void
__tsan_func_exit (void)
{
  if (RT_LIKELY (!rt_is_active ()))
    return;
  if (rt_self.depth > 0)
    {
      uint32_t d = --rt_self.depth;
      uint32_t *gen = rt_self.frame_gen;
      if (gen != NULL && d < RT_SHADOW_SIZE)
        gen[d] = ++frame_gen_next;
    }
}

/* Under the scheduler threads get no stacks of their own (rt-thread.c):
 * their shadow rings are these, one per thread id, reused by each
 * execution.  Mapped (rt_shadow_tables_setup), not static: the execution
 * server leaves them out of its snapshot (768 KiB, 192 pages its write
 * scan would walk and a few it would compare and copy back, per
 * execution), as nothing is read there that the same execution did not
 * write: the readers (rt_callers, rt-sched-frame.c, rt-sched-await.c)
 * look below the thread's depth only, which starts at 0. */
static uintptr_t (*sched_shadow)[RT_SHADOW_SIZE];
static uint32_t (*sched_frame_gen)[RT_SHADOW_SIZE];
static size_t shadow_bytes;

bool
rt_shadow_tables_setup (void **lo, size_t *size)
{
  if (sched_shadow == NULL)
    {
      size_t rings = (size_t) AUGUR_SCHED_MAX_THREADS * RT_SHADOW_SIZE * sizeof (uintptr_t);
      size_t gens = (size_t) AUGUR_SCHED_MAX_THREADS * RT_SHADOW_SIZE * sizeof (uint32_t);
      size_t bytes = (rings + gens + 4095) & ~(size_t) 4095;
      char *p = rt_sys_mmap (NULL, bytes, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (p == MAP_FAILED)
        return false;
      sched_shadow = (uintptr_t (*)[RT_SHADOW_SIZE]) (void *) p;
      sched_frame_gen = (uint32_t (*)[RT_SHADOW_SIZE]) (void *) (p + rings);
      shadow_bytes = bytes;
    }
  if (lo != NULL)
    *lo = sched_shadow;
  if (size != NULL)
    *size = shadow_bytes;
  return true;
}

void
rt_shadow_use_static (uint32_t tid)
{
  if (tid >= AUGUR_SCHED_MAX_THREADS || sched_shadow == NULL)
    return;
  rt_self.shadow = sched_shadow[tid];
  rt_self.frame_gen = sched_frame_gen[tid];
  rt_self.depth = 0;
}

const uint32_t *
rt_frame_gens (uint32_t tid)
{
  return tid < AUGUR_SCHED_MAX_THREADS && sched_frame_gen != NULL ? sched_frame_gen[tid] : NULL;
}

unsigned
rt_callers (uint8_t *module, uint32_t *pc, unsigned max)
{
  const uintptr_t *shadow = rt_self.shadow;
  if (shadow == NULL)
    return 0;
  uint32_t d = rt_self.depth;
  unsigned n = 0;
  for (uint32_t i = 0; i < d && i < RT_SHADOW_SIZE && n < max; i++)
    {
      uintptr_t ra = shadow[(d - 1 - i) & (RT_SHADOW_SIZE - 1)];
      /* the program's code only: not the runtime's or libc's thread start */
      if (!rt_module_instrumented (ra))
        continue;
      AugurRecord r;
      rt_pc (ra, &r);
      if (r.pc == 0)
        continue;
      module[n] = r.module;
      pc[n] = r.pc;
      n++;
    }
  return n;
}

/* Ignores hide plain accesses (not synchronisation), as in ThreadSanitizer. */
RT_EXPORT void
__tsan_ignore_thread_begin (void)
{
  rt_self.off_access++;
}

RT_EXPORT void
__tsan_ignore_thread_end (void)
{
  if (rt_self.off_access > 0)
    rt_self.off_access--;
}

RT_EXPORT void
__tsan_init (void)
{
  rt_init ();
  /* under the explorer too: its mem* and str* calls are scheduling points */
  if (rt_is_active () || rt_sched_mode)
    rt_module_mark_instrumented ();
}

/* Newer compilers call these instead of memcpy & co. */
RT_EXPORT void *
__tsan_memcpy (void *dst, const void *src, unsigned long n)
{
  return rt_memcpy_at (dst, src, n, RT_RA ());
}

RT_EXPORT void *
__tsan_memmove (void *dst, const void *src, unsigned long n)
{
  return rt_memmove_at (dst, src, n, RT_RA ());
}

RT_EXPORT void *
__tsan_memset (void *dst, int c, unsigned long n)
{
  return rt_memset_at (dst, c, n, RT_RA ());
}
