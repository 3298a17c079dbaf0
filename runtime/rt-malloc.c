/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-malloc.c — heap intercepts: malloc, calloc, realloc, reallocarray,
 * free, memalign, aligned_alloc, posix_memalign, valloc, pvalloc.
 *
 * Heap objects get a stable identity in the trace: (thread, n-th allocation
 * of that thread), with n in the ALLOC record's aux; the reader maps raw
 * addresses back to it.  ALLOC is written after the real call (it needs the
 * address), FREE before it: once freed, the memory may be handed to another
 * thread at once, and that thread's ALLOC must come after our FREE.  realloc
 * is a FREE of the old block and an ALLOC of the new one (a new identity,
 * even if the block did not move).
 *
 * The real allocator is reached through glibc's exported __libc_malloc &
 * co., never through dlsym: dlsym itself may call calloc, and the runtime
 * must be able to allocate before anything is resolved.  glibc calls malloc
 * through the PLT internally (stdio buffers, strdup, getline), so those
 * allocations are recorded too, attributed to libc; allocations made inside
 * the runtime's own calls (under the guard) are not.
 *
 * In the explorer's execution server (rt_fibers), blocks come from the
 * arena instead: one reserved range, allocated upwards and emptied after
 * each execution simply because its cursor is part of the memory the
 * snapshot puts back (rt-snapshot.c).  Its contents are not put back, so
 * every block is handed out zeroed, as a fresh process's heap mostly is:
 * what an earlier execution left there must not reach the next one (a
 * read before the first write would differ from run to run, and a
 * finding would not replay).  Freeing the last block gives it back when
 * no step came between its allocation and its free, so that malloc/free
 * loops stay in place: no other thread can have seen it.  Other frees are
 * no-ops until the execution ends, so a freed block keeps its place and
 * any later use of it is a use of freed memory (explorer/memcheck.c), not
 * of a new block at the same address.  Blocks glibc handed out before the
 * server started still go back to glibc.
 *
 * With AUGUR_MALLOC_REUSE set (augur explore --malloc-reuse), freed blocks
 * of up to 1 KiB are handed back as glibc's per-thread cache does: the
 * last one freed of its 16-byte size class first, its first word holding
 * the link as glibc's does.  That is what an ABA through the allocator
 * needs (a CAS on a pointer to a block freed and allocated again); the
 * price is that a use of a block after it is handed out again is not a
 * use of freed memory any more.
 *
 * On real threads (forked executions) blocks come from glibc, which hands
 * a freed block to the next malloc of its size at once (the same
 * thread's, from its cache): a use of the block after that would be a use
 * of the new one, no use of freed memory, and a lock freed with its
 * block a new, uninitialised one.  So, as in the arena, a free there
 * keeps its block from glibc until the execution's process ends (held
 * back; not with --malloc-reuse): the last HELD_BLOCKS blocks, of
 * HELD_BYTES at most, the oldest going to glibc when either is
 * full.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "common/augur-sched-format.h"
#include "runtime/rt-fiber.h"

/* ------------------------------------------------------------------ */
/* The execution server's arena */

typedef struct {
  size_t size;        /* what was asked for */
  char *prev;         /* the cursor before this block */
  uint64_t step;      /* rt_sched_progress() when it was allocated */
} ArenaHead;

static char *arena_lo, *arena_hi, *arena_cur;

/* --malloc-reuse: the freed blocks of each 16-byte size class up to
 * 1 KiB, the last freed first (a list through their first word) */
#define ARENA_CLASSES 65u
static bool arena_reuse;
static void *arena_freed[ARENA_CLASSES];

static size_t
arena_class (size_t size)
{
  return (size + 15) / 16;
}

bool
rt_arena_setup (void **lo, size_t *size)
{
  size_t n = (size_t) 1 << 32;
  void *p = rt_sys_mmap (NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                  -1, 0);
  if (p == MAP_FAILED)
    return false;
  arena_lo = arena_cur = p;
  arena_hi = arena_lo + n;
  const char *reuse = rt_libc_getenv (AUGUR_ENV_MALLOC_REUSE);
  arena_reuse = reuse != NULL && reuse[0] != '\0' && strcmp (reuse, "0") != 0;
  *lo = p;
  *size = n;
  return true;
}

bool
rt_arena_contains (const void *p)
{
  return (const char *) p >= arena_lo && (const char *) p < arena_hi;
}

static void *
arena_zeroed (void *p, size_t size)
{
  rt_guard_enter ();
  memset (p, 0, size);
  rt_guard_leave ();
  return p;
}

static void *
arena_alloc (size_t size, size_t align)
{
  size_t cls = arena_class (size);
  if (arena_reuse && align <= 16 && cls > 0 && cls < ARENA_CLASSES && arena_freed[cls] != NULL)
    {
      void *q = arena_freed[cls];
      arena_freed[cls] = *(void **) q;
      ((ArenaHead *) q - 1)->size = size;
      return arena_zeroed (q, size);
    }
  if (align < 16)
    align = 16;
  uintptr_t start = (uintptr_t) arena_cur;
  uintptr_t p = (start + sizeof (ArenaHead) + align - 1) & ~(uintptr_t) (align - 1);
  if (size > (size_t) (arena_hi - arena_lo) || p + size > (uintptr_t) arena_hi)
    return NULL;
  ArenaHead *h = (ArenaHead *) p - 1;
  h->size = size;
  h->prev = arena_cur;
  h->step = rt_sched_progress ();
  arena_cur = (char *) ((p + size + 15) & ~(uintptr_t) 15);
  return arena_zeroed ((void *) p, size);
}

static size_t
arena_size (const void *p)
{
  return ((const ArenaHead *) p - 1)->size;
}

static void
arena_free (void *p)
{
  ArenaHead *h = (ArenaHead *) p - 1;
  if ((char *) (((uintptr_t) p + h->size + 15) & ~(uintptr_t) 15) == arena_cur
      && h->step == rt_sched_progress ())
    {
      arena_cur = h->prev;
      return;
    }
  /* a block in the middle: on its class's list, where it keeps the place
   * its size was rounded to (a block handed back from the list is given
   * a size of the same class, so its end does not move) */
  size_t cls = arena_class (h->size);
  if (arena_reuse && cls > 0 && cls < ARENA_CLASSES && ((uintptr_t) p & 15) == 0)
    {
      *(void **) p = arena_freed[cls];
      arena_freed[cls] = p;
    }
}

/* ------------------------------------------------------------------ */
/* Forked executions: freed blocks held back from glibc */

#define HELD_BLOCKS 4096u
#define HELD_BYTES ((size_t) 64 << 20)

typedef struct {
  void *p;
  size_t size;
} Held;

static Held *held;            /* a ring, mapped at the first free held back */
static uint32_t held_first, held_n;
static size_t held_bytes;
static int held_off = -1;     /* --malloc-reuse: glibc reuses blocks, as it does */

/* Frees of the explored program on real threads are held back. */
static bool
hold_wanted (void *p)
{
  if (rt_fibers || rt_arena_contains (p) || !rt_sched_is_on ())
    return false;
  if (held_off < 0)
    {
      const char *reuse = rt_libc_getenv (AUGUR_ENV_MALLOC_REUSE);
      held_off = reuse != NULL && reuse[0] != '\0' && strcmp (reuse, "0") != 0;
    }
  return !held_off;
}

/* Keeps the freed block p of @size usable bytes from glibc; false if it
 * is not kept (the caller frees it). */
static bool
hold_back (void *p, size_t size)
{
  if (!hold_wanted (p) || size > HELD_BYTES)
    return false;
  if (held == NULL)
    {
      void *m = rt_sys_mmap (NULL, HELD_BLOCKS * sizeof (Held), PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (m == MAP_FAILED)
        return false;
      held = m;
    }
  while (held_n > 0 && (held_n == HELD_BLOCKS || held_bytes + size > HELD_BYTES))
    {
      Held *h = &held[held_first];
      __libc_free (h->p);
      held_bytes -= h->size;
      held_first = (held_first + 1) % HELD_BLOCKS;
      held_n--;
    }
  held[(held_first + held_n) % HELD_BLOCKS] = (Held) { p, size };
  held_n++;
  held_bytes += size;
  return true;
}

/* The allocator underneath: the arena in the execution server, else
 * glibc's. */
static void *
base_malloc (size_t size)
{
  if (rt_fibers)
    {
      void *p = arena_alloc (size, 16);
      if (p != NULL)
        return p;
    }
  return __libc_malloc (size);
}

static void *
base_calloc (size_t n, size_t size)
{
  size_t total;
  if (rt_fibers && !__builtin_mul_overflow (n, size, &total))
    {
      void *p = arena_alloc (total, 16);   /* zeroed */
      if (p != NULL)
        return p;
    }
  return __libc_calloc (n, size);
}

static void
base_free (void *p)
{
  if (rt_arena_contains (p))
    arena_free (p);
  else
    __libc_free (p);
}

static void *
base_memalign (size_t align, size_t size)
{
  if (rt_fibers)
    {
      void *p = arena_alloc (size, align);
      if (p != NULL)
        return p;
    }
  return __libc_memalign (align, size);
}

static size_t usable_size (void *p);

static void *
base_realloc (void *old, size_t size)
{
  if (old == NULL)
    return base_malloc (size);
  if (!rt_arena_contains (old) && (size == 0 || !hold_wanted (old)))
    return __libc_realloc (old, size);
  if (!rt_arena_contains (old))
    {
      /* a new block, the old one held back (realloc records it freed) */
      size_t old_size = usable_size (old);
      void *p = __libc_malloc (size);
      if (p == NULL)
        return NULL;
      rt_guard_enter ();
      memcpy (p, old, old_size < size ? old_size : size);
      rt_guard_leave ();
      if (!hold_back (old, old_size))
        __libc_free (old);
      return p;
    }
  if (size == 0)
    {
      arena_free (old);
      return NULL;
    }
  ArenaHead *h = (ArenaHead *) old - 1;
  char *end = (char *) (((uintptr_t) old + h->size + 15) & ~(uintptr_t) 15);
  if (end == arena_cur && (char *) old + size <= arena_hi)
    {
      /* the last block grows or shrinks in place */
      h->size = size;
      arena_cur = (char *) (((uintptr_t) old + size + 15) & ~(uintptr_t) 15);
      return old;
    }
  void *p = base_malloc (size);
  if (p != NULL)
    {
      rt_guard_enter ();
      memcpy (p, old, h->size < size ? h->size : size);
      rt_guard_leave ();
      /* the old block is freed (realloc records it so) */
      if (arena_reuse)
        arena_free (old);
    }
  return p;
}

/* libc's malloc_usable_size, looked up once at start-up (rt_malloc_init):
 * a free calls it, and a lookup (dlsym) inside a free that glibc's dl*
 * functions make frees their pending error message again (a double free:
 * a failed dlsym, then dlclose, on forked executions). */
typedef size_t (*UsableSize) (void *);
static UsableSize real_usable_size;

void
rt_malloc_init (void)
{
  if (real_usable_size == NULL)
    real_usable_size = (UsableSize) rt_real ("malloc_usable_size", NULL);
  (void) rt_malloc_replaced ();
}

static size_t
usable_size (void *p)
{
  return rt_arena_contains (p) ? arena_size (p) : malloc_usable_size (p);
}

RT_EXPORT size_t
malloc_usable_size (void *p)
{
  if (p == NULL)
    return 0;
  if (rt_arena_contains (p))
    return arena_size (p);
  if (real_usable_size == NULL)
    rt_malloc_init ();
  return real_usable_size (p);
}

RT_INLINE bool
heap_on (void)
{
  return rt_is_active () && rt_self.off_sync == 0;
}

/* ALLOC after the real call. */
static void
record_alloc (RtSync *op, void *p, size_t size)
{
  if (p != NULL && rt_sched_is_on ())
    rt_sched_allocated (p, size);
  if (p == NULL)
    op->on = false;
  op->rec.addr = (uint64_t) (uintptr_t) p;
  op->rec.arg = size;
  op->rec.aux = ++rt_self.alloc_no;
  rt_sync_after (op, 0);
}

void
rt_alloc_note (void *p, size_t size, uintptr_t ra)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_ALLOC, 0, NULL, ra))
    return;
  rt_sync_before (&op);
  record_alloc (&op, p, size);
}

RT_EXPORT void *
malloc (size_t size)
{
  RtSync op;
  if (RT_LIKELY (!heap_on ()) || !rt_sync_begin (&op, AUGUR_EV_ALLOC, 0, NULL, RT_RA ()))
    return base_malloc (size);
  rt_sync_before (&op);
  void *p = base_malloc (size);
  int saved_errno = errno;
  record_alloc (&op, p, size);
  errno = saved_errno;
  return p;
}

/* The runtime's own malloc, whatever the program's calls reach. */
extern __typeof__ (malloc) rt_malloc_self __attribute__ ((alias ("malloc"), copy (malloc)));

bool
rt_malloc_replaced (void)
{
  static int replaced = -1;
  int r = __atomic_load_n (&replaced, __ATOMIC_RELAXED);
  if (r < 0)
    {
      rt_guard_enter ();
      void *seen = dlsym (RTLD_DEFAULT, "malloc");
      rt_guard_leave ();
      r = seen != NULL && seen != (void *) rt_malloc_self;
      __atomic_store_n (&replaced, r, __ATOMIC_RELAXED);
    }
  return r != 0;
}

RT_EXPORT void *
calloc (size_t n, size_t size)
{
  RtSync op;
  if (RT_LIKELY (!heap_on ()) || !rt_sync_begin (&op, AUGUR_EV_ALLOC, 0, NULL, RT_RA ()))
    return base_calloc (n, size);
  rt_sync_before (&op);
  void *p = base_calloc (n, size);
  int saved_errno = errno;
  record_alloc (&op, p, n * size);
  errno = saved_errno;
  return p;
}

RT_EXPORT void
free (void *p)
{
  RtSync op;
  if (RT_LIKELY (!heap_on ()) || p == NULL
      || !rt_sync_begin (&op, AUGUR_EV_FREE, 0, p, RT_RA ()))
    {
      base_free (p);
      return;
    }
  if (rt_sched_is_on ())
    {
      /* under the explorer a free is a step that writes the whole block
       * (so that it races with the block's uses), and a double or invalid
       * free is a finding, not libc's abort */
      if (!rt_sched_free_ok (p, op.rec.pc, op.rec.module))
        return;
      op.rec.arg = usable_size (p);
      rt_sched_freed (p, op.rec.arg);
      rt_sched_objs_freed (p, op.rec.arg);
    }
  rt_sync_before (&op);
  if (!hold_back (p, op.rec.arg))
    base_free (p);
  rt_sync_after (&op, 0);
}

static void *
realloc_at (void *old, size_t size, uintptr_t ra)
{
  RtSync fr, al;
  if (old == NULL)
    {
      if (!rt_sync_begin (&al, AUGUR_EV_ALLOC, 0, NULL, ra))
        return base_realloc (old, size);
      rt_sync_before (&al);
      void *p = base_realloc (old, size);
      int saved_errno = errno;
      record_alloc (&al, p, size);
      errno = saved_errno;
      return p;
    }
  if (!rt_sync_begin (&fr, AUGUR_EV_FREE, 0, old, ra))
    return base_realloc (old, size);
  if (rt_sched_is_on () && !rt_sched_free_ok (old, fr.rec.pc, fr.rec.module))
    return NULL;
  size_t old_size = usable_size (old);
  fr.rec.arg = old_size;
  if (rt_sched_is_on ())
    {
      rt_sched_freed (old, old_size);
      rt_sched_objs_freed (old, old_size);
    }
  rt_sync_before (&fr);
  rt_sync_begin (&al, AUGUR_EV_ALLOC, 0, NULL, ra);
  rt_sync_before (&al);
  void *p = base_realloc (old, size);
  int saved_errno = errno;
  rt_sync_after (&fr, 0);
  if (p != NULL)
    record_alloc (&al, p, size);
  else if (size != 0)
    record_alloc (&al, old, old_size);   /* failed: the old block lives on */
  errno = saved_errno;
  return p;
}

RT_EXPORT void *
realloc (void *old, size_t size)
{
  if (RT_LIKELY (!heap_on ()))
    return base_realloc (old, size);
  return realloc_at (old, size, RT_RA ());
}

RT_EXPORT void *
reallocarray (void *old, size_t n, size_t size)
{
  size_t total;
  if (__builtin_mul_overflow (n, size, &total))
    {
      errno = ENOMEM;
      return NULL;
    }
  if (RT_LIKELY (!heap_on ()))
    return base_realloc (old, total);
  return realloc_at (old, total, RT_RA ());
}

/* The aligned allocators all come down to __libc_memalign & co. */
#define ALIGNED_BODY(call, size)                                            \
  RtSync op;                                                                \
  if (RT_LIKELY (!heap_on ()) || !rt_sync_begin (&op, AUGUR_EV_ALLOC, 0, NULL, RT_RA ())) \
    return call;                                                            \
  rt_sync_before (&op);                                                     \
  void *p = call;                                                           \
  int saved_errno = errno;                                                  \
  record_alloc (&op, p, size);                                              \
  errno = saved_errno;                                                      \
  return p;

RT_EXPORT void *
memalign (size_t align, size_t size)
{
  ALIGNED_BODY (base_memalign (align, size), size)
}

RT_EXPORT void *
aligned_alloc (size_t align, size_t size)
{
  ALIGNED_BODY (base_memalign (align, size), size)
}

RT_EXPORT void *
valloc (size_t size)
{
  ALIGNED_BODY (base_memalign (4096, size), size)
}

RT_EXPORT void *
pvalloc (size_t size)
{
  ALIGNED_BODY (base_memalign (4096, (size + 4095) & ~(size_t) 4095), size)
}

RT_EXPORT int
posix_memalign (void **out, size_t align, size_t size)
{
  if (align % sizeof (void *) != 0 || (align & (align - 1)) != 0 || align == 0)
    return EINVAL;
  RtSync op;
  bool on = heap_on () && rt_sync_begin (&op, AUGUR_EV_ALLOC, 0, NULL, RT_RA ());
  if (on)
    rt_sync_before (&op);
  int saved_errno = errno;
  void *p = base_memalign (align, size);
  errno = saved_errno;
  if (p == NULL)
    return ENOMEM;
  *out = p;
  if (on)
    record_alloc (&op, p, size);
  return 0;
}
