/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-mem.c — mem* and str* intercepts, as READ_RANGE / WRITE_RANGE events.
 *
 * Instrumented code calls plain memcpy/memset/memmove for copies and fills
 * (augur-cc turns the builtins off; clang emits the calls for struct copies
 * too), and libc's string functions read and write user memory that the
 * compiler never sees.  Each intercept records the bytes the call really
 * touches: copies and fills are recorded before the call from their
 * arguments; searches and comparisons, whose extent depends on the data,
 * after it, from the result (the bytes up to and including the one that
 * decided the answer).
 *
 * The real functions are resolved lazily with dlsym (glibc picks the
 * IFUNC variant for us).  Until then, and while the runtime is resolving
 * them (dlsym could copy a string), plain byte loops stand in; the file is
 * compiled so the compiler cannot turn those loops back into calls.
 * Only calls from instrumented code are recorded (a mem* call is an access
 * of its caller, and uninstrumented code's accesses are not seen); calls
 * made by the runtime itself (struct copies the compiler turned into
 * memcpy) are recognised by their return address and never recorded.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

uintptr_t rt_self_lo, rt_self_size;

/* Called from rt_init. */
void rt_mem_init (void);

void
rt_mem_init (void)
{
  uintptr_t lo, size;
  if (rt_module_range ((uintptr_t) rt_mem_init, &lo, &size))
    {
      rt_self_lo = lo;
      rt_self_size = size;
    }
}

void
rt_range (uint8_t kind, const void *addr, size_t len, uintptr_t ra)
{
  if (len == 0 || !rt_is_active () || rt_self.off_access != 0)
    return;
  rt_range_at (kind, addr, len, ra);
}

/* An intercepted mem* or str* call: only from instrumented code (see
 * rt-module.c), never from the runtime's own compiler-generated copies. */
static void
call_range (uint8_t kind, const void *addr, size_t len, uintptr_t ra)
{
  if (len == 0 || !rt_is_active () || rt_self.off_access != 0
      || ra - rt_self_lo < rt_self_size || !rt_module_instrumented (ra))
    return;
  rt_range_at (kind, addr, len, ra);
}

void
rt_range_at (uint8_t kind, const void *addr, size_t len, uintptr_t ra)
{
  if (rt_tls_private (addr))
    return;
  if (rt_sched_is_on ())
    {
      rt_sched_access (kind, addr, len, ra);
      return;
    }
  AugurRecord r;
  rt_record_init (&r, kind, 0, rt_tid (), ra);
  r.addr = (uint64_t) (uintptr_t) addr;
  r.arg = len;
  rt_emit (&r);
}

/* ------------------------------------------------------------------ */
/* Stand-ins used before the real functions are known. */

#define NO_PATTERNS __attribute__ ((noinline, optimize ("no-tree-loop-distribute-patterns")))

static NO_PATTERNS void *
plain_memmove (void *dst, const void *src, size_t n)
{
  volatile unsigned char *d = dst;
  const volatile unsigned char *s = src;
  if (d < s)
    for (size_t k = 0; k < n; k++)
      d[k] = s[k];
  else
    for (size_t k = n; k-- > 0;)
      d[k] = s[k];
  return dst;
}

static NO_PATTERNS void *
plain_memset (void *dst, int c, size_t n)
{
  volatile unsigned char *d = dst;
  for (size_t k = 0; k < n; k++)
    d[k] = (unsigned char) c;
  return dst;
}

static NO_PATTERNS size_t
plain_strlen (const char *s)
{
  const volatile char *p = s;
  size_t n = 0;
  while (p[n] != '\0')
    n++;
  return n;
}

static int resolving;

#define MEM_REAL(name, fallback)                                              \
  static __typeof__ (name) *real_##name;                                      \
  static inline __typeof__ (name) *get_real_##name (void)                     \
  {                                                                           \
    __typeof__ (name) *f = __atomic_load_n (&real_##name, __ATOMIC_RELAXED);  \
    if (RT_LIKELY (f != NULL))                                                \
      return f;                                                               \
    if (__atomic_load_n (&resolving, __ATOMIC_RELAXED))                       \
      return fallback;                                                        \
    __atomic_store_n (&resolving, 1, __ATOMIC_RELAXED);                       \
    f = (__typeof__ (name) *) rt_real (#name, NULL);                          \
    __atomic_store_n (&resolving, 0, __ATOMIC_RELAXED);                       \
    if (f == NULL)                                                            \
      return fallback;                                                        \
    __atomic_store_n (&real_##name, f, __ATOMIC_RELAXED);                     \
    return f;                                                                 \
  }

MEM_REAL (memcpy, (__typeof__ (memcpy) *) plain_memmove)
MEM_REAL (memmove, plain_memmove)
MEM_REAL (memset, plain_memset)
MEM_REAL (strlen, plain_strlen)
RT_DEFINE_REAL (mempcpy, NULL)
RT_DEFINE_REAL (memcmp, NULL)
RT_DEFINE_REAL (bcmp, NULL)
RT_DEFINE_REAL (memchr, NULL)
RT_DEFINE_REAL (strnlen, NULL)
RT_DEFINE_REAL (strcpy, NULL)
RT_DEFINE_REAL (stpcpy, NULL)
RT_DEFINE_REAL (strncpy, NULL)
RT_DEFINE_REAL (strcat, NULL)
RT_DEFINE_REAL (strncat, NULL)
RT_DEFINE_REAL (strcmp, NULL)
RT_DEFINE_REAL (strncmp, NULL)
RT_DEFINE_REAL (strchr, NULL)
RT_DEFINE_REAL (strrchr, NULL)
RT_DEFINE_REAL (strstr, NULL)

RT_INLINE bool
mem_on (void)
{
  return rt_is_active () && rt_self.off_access == 0;
}

/* ------------------------------------------------------------------ */
/* Copies and fills: recorded before the call. */

/* A copy of n bytes from src to dst: it reads the one, writes the other. */
RT_INLINE void
note_copy (void *dst, const void *src, size_t n, uintptr_t ra)
{
  call_range (AUGUR_EV_READ_RANGE, src, n, ra);
  call_range (AUGUR_EV_WRITE_RANGE, dst, n, ra);
}

void *
rt_memcpy_at (void *dst, const void *src, size_t n, uintptr_t ra)
{
  if (mem_on ())
    note_copy (dst, src, n, ra);
  return get_real_memcpy () (dst, src, n);
}

void *
rt_memmove_at (void *dst, const void *src, size_t n, uintptr_t ra)
{
  if (mem_on ())
    note_copy (dst, src, n, ra);
  return get_real_memmove () (dst, src, n);
}

void *
rt_memset_at (void *dst, int c, size_t n, uintptr_t ra)
{
  if (mem_on ())
    call_range (AUGUR_EV_WRITE_RANGE, dst, n, ra);
  return get_real_memset () (dst, c, n);
}

RT_EXPORT void *
memcpy (void *restrict dst, const void *restrict src, size_t n)
{
  return rt_memcpy_at (dst, src, n, RT_RA ());
}

RT_EXPORT void *
memmove (void *dst, const void *src, size_t n)
{
  return rt_memmove_at (dst, src, n, RT_RA ());
}

RT_EXPORT void *
memset (void *dst, int c, size_t n)
{
  return rt_memset_at (dst, c, n, RT_RA ());
}

RT_EXPORT void *
mempcpy (void *restrict dst, const void *restrict src, size_t n)
{
  if (mem_on ())
    note_copy (dst, src, n, RT_RA ());
  return get_real_mempcpy () (dst, src, n);
}

RT_EXPORT void
bzero (void *dst, size_t n)
{
  rt_memset_at (dst, 0, n, RT_RA ());
}

RT_EXPORT char *
strcpy (char *restrict dst, const char *restrict src)
{
  if (mem_on ())
    note_copy (dst, src, get_real_strlen () (src) + 1, RT_RA ());
  return get_real_strcpy () (dst, src);
}

RT_EXPORT char *
stpcpy (char *restrict dst, const char *restrict src)
{
  if (mem_on ())
    note_copy (dst, src, get_real_strlen () (src) + 1, RT_RA ());
  return get_real_stpcpy () (dst, src);
}

RT_EXPORT char *
strncpy (char *restrict dst, const char *restrict src, size_t n)
{
  if (mem_on ())
    {
      uintptr_t ra = RT_RA ();
      size_t len = get_real_strnlen () (src, n);
      call_range (AUGUR_EV_READ_RANGE, src, len < n ? len + 1 : n, ra);
      call_range (AUGUR_EV_WRITE_RANGE, dst, n, ra);   /* strncpy pads with NULs */
    }
  return get_real_strncpy () (dst, src, n);
}

RT_EXPORT char *
strcat (char *restrict dst, const char *restrict src)
{
  if (mem_on ())
    {
      uintptr_t ra = RT_RA ();
      size_t dl = get_real_strlen () (dst);
      size_t sl = get_real_strlen () (src) + 1;
      call_range (AUGUR_EV_READ_RANGE, dst, dl + 1, ra);
      note_copy (dst + dl, src, sl, ra);
    }
  return get_real_strcat () (dst, src);
}

RT_EXPORT char *
strncat (char *restrict dst, const char *restrict src, size_t n)
{
  if (mem_on ())
    {
      uintptr_t ra = RT_RA ();
      size_t dl = get_real_strlen () (dst);
      size_t sl = get_real_strnlen () (src, n);
      call_range (AUGUR_EV_READ_RANGE, dst, dl + 1, ra);
      call_range (AUGUR_EV_READ_RANGE, src, sl < n ? sl + 1 : sl, ra);
      call_range (AUGUR_EV_WRITE_RANGE, dst + dl, sl + 1, ra);
    }
  return get_real_strncat () (dst, src, n);
}

/* ------------------------------------------------------------------ */
/* Reads whose extent depends on the data: recorded after the call. */

RT_EXPORT size_t
strlen (const char *s)
{
  size_t n = get_real_strlen () (s);
  if (mem_on ())
    call_range (AUGUR_EV_READ_RANGE, s, n + 1, RT_RA ());
  return n;
}

RT_EXPORT size_t
strnlen (const char *s, size_t max)
{
  size_t n = get_real_strnlen () (s, max);
  if (mem_on ())
    call_range (AUGUR_EV_READ_RANGE, s, n < max ? n + 1 : max, RT_RA ());
  return n;
}

/* A comparison reads both operands up to and including the first
 * difference (or NUL, for the string forms), or n bytes: one READ_RANGE
 * per operand, attributed to the caller's return address ra. */
static void
note_compare (const void *a, const void *b, size_t n, bool stop_at_nul, uintptr_t ra)
{
  const unsigned char *x = a, *y = b;
  size_t k = 0;
  while (k < n && x[k] == y[k] && !(stop_at_nul && x[k] == '\0'))
    k++;
  if (k < n)
    k++;
  call_range (AUGUR_EV_READ_RANGE, a, k, ra);
  call_range (AUGUR_EV_READ_RANGE, b, k, ra);
}

RT_EXPORT int
memcmp (const void *a, const void *b, size_t n)
{
  int r = get_real_memcmp () (a, b, n);
  if (mem_on ())
    note_compare (a, b, n, false, RT_RA ());
  return r;
}

RT_EXPORT int
bcmp (const void *a, const void *b, size_t n)
{
  int r = get_real_bcmp () (a, b, n);
  if (mem_on ())
    note_compare (a, b, n, false, RT_RA ());
  return r;
}

RT_EXPORT int
strcmp (const char *a, const char *b)
{
  int r = get_real_strcmp () (a, b);
  if (mem_on ())
    note_compare (a, b, SIZE_MAX, true, RT_RA ());
  return r;
}

RT_EXPORT int
strncmp (const char *a, const char *b, size_t n)
{
  int r = get_real_strncmp () (a, b, n);
  if (mem_on ())
    note_compare (a, b, n, true, RT_RA ());
  return r;
}

RT_EXPORT void *
memchr (const void *s, int c, size_t n)
{
  void *p = get_real_memchr () (s, c, n);
  if (mem_on ())
    call_range (AUGUR_EV_READ_RANGE, s, p != NULL ? (size_t) ((char *) p - (char *) s) + 1 : n,
              RT_RA ());
  return p;
}

RT_EXPORT char *
strchr (const char *s, int c)
{
  char *p = get_real_strchr () (s, c);
  if (mem_on ())
    call_range (AUGUR_EV_READ_RANGE, s,
              p != NULL ? (size_t) (p - s) + 1 : get_real_strlen () (s) + 1, RT_RA ());
  return p;
}

RT_EXPORT char *
strrchr (const char *s, int c)
{
  char *p = get_real_strrchr () (s, c);
  if (mem_on ())
    call_range (AUGUR_EV_READ_RANGE, s, get_real_strlen () (s) + 1, RT_RA ());
  return p;
}

RT_EXPORT char *
strstr (const char *h, const char *needle)
{
  char *p = get_real_strstr () (h, needle);
  if (mem_on ())
    {
      uintptr_t ra = RT_RA ();
      size_t nl = get_real_strlen () (needle);
      call_range (AUGUR_EV_READ_RANGE, needle, nl + 1, ra);
      call_range (AUGUR_EV_READ_RANGE, h,
                p != NULL ? (size_t) (p - h) + nl : get_real_strlen () (h) + 1, ra);
    }
  return p;
}

/* ------------------------------------------------------------------ */
/* Copies into new heap objects: a read of the source and an ALLOC
 * attributed to the caller (not to libc's internal malloc call). */

RT_EXPORT char *
strdup (const char *s)
{
  size_t n = get_real_strlen () (s) + 1;
  /* a program with a malloc of its own frees the copy with its own free:
   * the copy comes from its malloc, as glibc's strdup would take it (the
   * allocator's accesses are the program's; no ALLOC, it has none) */
  bool own = rt_malloc_replaced ();
  char *p = own ? malloc (n) : __libc_malloc (n);
  if (p != NULL)
    get_real_memcpy () (p, s, n);
  if (mem_on ())
    {
      uintptr_t ra = RT_RA ();
      call_range (AUGUR_EV_READ_RANGE, s, n, ra);
      if (!own)
        rt_alloc_note (p, n, ra);
    }
  return p;
}

RT_EXPORT char *
strndup (const char *s, size_t max)
{
  size_t len = get_real_strnlen () (s, max);
  bool own = rt_malloc_replaced ();   /* as strdup */
  char *p = own ? malloc (len + 1) : __libc_malloc (len + 1);
  if (p != NULL)
    {
      get_real_memcpy () (p, s, len);
      p[len] = '\0';
    }
  if (mem_on ())
    {
      uintptr_t ra = RT_RA ();
      call_range (AUGUR_EV_READ_RANGE, s, len < max ? len + 1 : len, ra);
      if (!own)
        rt_alloc_note (p, len + 1, ra);
    }
  return p;
}
