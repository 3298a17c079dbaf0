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
 */
#include "config.h"

#include "runtime/rt-internal.h"

#include <errno.h>
#include <malloc.h>
#include <stdlib.h>

RT_INLINE bool
heap_on (void)
{
  return rt_is_active () && rt_self.off_sync == 0;
}

/* ALLOC after the real call. */
static void
record_alloc (RtSync *op, void *p, size_t size)
{
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
    return __libc_malloc (size);
  rt_sync_before (&op);
  void *p = __libc_malloc (size);
  int saved_errno = errno;
  record_alloc (&op, p, size);
  errno = saved_errno;
  return p;
}

RT_EXPORT void *
calloc (size_t n, size_t size)
{
  RtSync op;
  if (RT_LIKELY (!heap_on ()) || !rt_sync_begin (&op, AUGUR_EV_ALLOC, 0, NULL, RT_RA ()))
    return __libc_calloc (n, size);
  rt_sync_before (&op);
  void *p = __libc_calloc (n, size);
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
      __libc_free (p);
      return;
    }
  rt_sync_before (&op);
  __libc_free (p);
  rt_sync_after (&op, 0);
}

static void *
realloc_at (void *old, size_t size, uintptr_t ra)
{
  RtSync fr, al;
  if (old == NULL)
    {
      if (!rt_sync_begin (&al, AUGUR_EV_ALLOC, 0, NULL, ra))
        return __libc_realloc (old, size);
      rt_sync_before (&al);
      void *p = __libc_realloc (old, size);
      int saved_errno = errno;
      record_alloc (&al, p, size);
      errno = saved_errno;
      return p;
    }
  if (!rt_sync_begin (&fr, AUGUR_EV_FREE, 0, old, ra))
    return __libc_realloc (old, size);
  size_t old_size = malloc_usable_size (old);
  rt_sync_before (&fr);
  rt_sync_begin (&al, AUGUR_EV_ALLOC, 0, NULL, ra);
  rt_sync_before (&al);
  void *p = __libc_realloc (old, size);
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
    return __libc_realloc (old, size);
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
    return __libc_realloc (old, total);
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
  ALIGNED_BODY (__libc_memalign (align, size), size)
}

RT_EXPORT void *
aligned_alloc (size_t align, size_t size)
{
  ALIGNED_BODY (__libc_memalign (align, size), size)
}

RT_EXPORT void *
valloc (size_t size)
{
  ALIGNED_BODY (__libc_valloc (size), size)
}

RT_EXPORT void *
pvalloc (size_t size)
{
  ALIGNED_BODY (__libc_pvalloc (size), size)
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
  void *p = __libc_memalign (align, size);
  errno = saved_errno;
  if (p == NULL)
    return ENOMEM;
  *out = p;
  if (on)
    record_alloc (&op, p, size);
  return 0;
}
