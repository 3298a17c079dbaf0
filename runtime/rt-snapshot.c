/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-snapshot.c — putting the execution server back where it started; see
 * rt-snapshot.h.
 *
 * What an execution can change, and how it is undone:
 *   - private writable memory (the executable's and every library's data
 *     and bss, glibc's heap, the TLS blocks, anything else mapped before
 *     the server started): copied at the start, compared page by page
 *     after each execution and copied back where it differs.  The program's
 *     own allocations during an execution come from the runtime's arena
 *     (rt-malloc.c), which is simply emptied, and its threads' stacks are
 *     the fibers' (rt-fiber.c): both are left out of the copy.
 *   - the program break: set back (glibc's record of it is in the data
 *     copied back, the kernel's is not).
 *   - signal dispositions: put back when the program changed one.
 *   - descriptors opened by the execution: closed.
 *   - argv, which getopt may permute: its pointers and strings put back.
 * Not undone: files the program wrote, which a forked execution would
 * not undo either.  Mappings the program makes, moves or unmaps itself
 * (mmap, mremap, munmap, mprotect) could leak from one execution to the
 * next or pull pages out from under the restore: the first such call
 * sends that execution and the later ones to forked processes
 * (rt_sched_need_threads).  The runtime's own calls, under its guard, do
 * not count.
 */
#include "config.h"

#include "runtime/rt-snapshot.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-sched.h"

#include <fcntl.h>
#include <stdarg.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef struct {
  char *lo;
  size_t size;
  char *copy;
  uint8_t *zero;      /* per page: it was all zeros (no need to read the copy) */
} Region;

#define MAX_REGIONS 512u
#define MAX_SIGNALS 65

static Region *regions;
static unsigned n_regions;
static void *snap_brk;
static int max_fd;
static struct sigaction dispositions[MAX_SIGNALS];
static int signals_dirty;
static int snap_argc;
static char **snap_argv;
static char **argv_copy;        /* the pointers */
static char *strings_lo;        /* argv[0] .. end of the last argument */
static size_t strings_size;
static char *strings_copy;

static uintptr_t
hex (const char **p)
{
  uintptr_t v = 0;
  for (;; (*p)++)
    {
      char c = **p;
      if (c >= '0' && c <= '9')
        v = v * 16 + (uintptr_t) (c - '0');
      else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
        v = v * 16 + (uintptr_t) ((c | 0x20) - 'a' + 10);
      else
        return v;
    }
}

/* [lo, hi) minus the kept ranges, appended to regions[]. */
static void
add_range (uintptr_t lo, uintptr_t hi, const void *const *keep_lo, const size_t *keep_size,
           unsigned n)
{
  for (unsigned k = 0; k < n; k++)
    {
      uintptr_t a = (uintptr_t) keep_lo[k], b = a + keep_size[k];
      if (a < hi && lo < b)
        {
          if (lo < a)
            add_range (lo, a, keep_lo, keep_size, n);
          if (b < hi)
            add_range (b, hi, keep_lo, keep_size, n);
          return;
        }
    }
  if (lo < hi && n_regions < MAX_REGIONS)
    {
      regions[n_regions].lo = (char *) lo;
      regions[n_regions].size = hi - lo;
      n_regions++;
    }
}

/* Page compare and copy without calling libc: the copy rewrites the very
 * variables (the runtime's resolved functions, ld.so's tables) that a call
 * through the PLT would use. */
RT_INLINE int
page_is_zero (const uint64_t *a)
{
  uint64_t d = 0;
  for (size_t k = 0; k < 512; k += 8)
    {
      for (size_t j = 0; j < 8; j++)
        d |= a[k + j];
      if (d != 0)
        return 0;
    }
  return 1;
}

bool
rt_snapshot_take (const void *const *keep_lo, const size_t *keep_size, unsigned n, int argc,
                  char **argv)
{
  size_t buf_size = (size_t) 1 << 20;
  char *buf = rt_sys_mmap (NULL, buf_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (buf == MAP_FAILED)
    return false;
  int fd = rt_sys_open ("/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
  size_t len = 0;
  if (fd >= 0)
    {
      ssize_t r;
      while (len + 1 < buf_size && (r = rt_sys_read (fd, buf + len, buf_size - 1 - len)) > 0)
        len += (size_t) r;
      rt_sys_close (fd);
    }
  buf[len] = '\0';
  if (len == 0 || len + 1 >= buf_size)
    {
      rt_sys_munmap (buf, buf_size);
      return false;
    }
  /* the region table: itself left out (it is mapped before the parse) */
  Region *table = rt_sys_mmap (NULL, MAX_REGIONS * sizeof (Region), PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (table == MAP_FAILED)
    {
      rt_sys_munmap (buf, buf_size);
      return false;
    }
  regions = table;
  n_regions = 0;
  const void *keep[16];
  size_t keep_n[16];
  unsigned nk = 0;
  for (unsigned k = 0; k < n && nk < 14; k++)
    {
      keep[nk] = keep_lo[k];
      keep_n[nk++] = keep_size[k];
    }
  keep[nk] = table;
  keep_n[nk++] = MAX_REGIONS * sizeof (Region);
  keep[nk] = buf;
  keep_n[nk++] = buf_size;
  int local;
  uintptr_t sp = (uintptr_t) &local;
  for (const char *line = buf; *line != '\0';)
    {
      const char *p = line;
      uintptr_t lo = hex (&p);
      p++;
      uintptr_t hi = hex (&p);
      p++;
      int writable_private = p[0] == 'r' && p[1] == 'w' && p[3] == 'p';
      const char *nl = strchr (line, '\n');
      if (nl == NULL)
        nl = line + strlen (line);
      /* not the stack the server runs on, nor the kernel's pages */
      int stack = sp >= lo && sp < hi;
      int special = nl > line && nl[-1] == ']'
                    && (memmem (line, (size_t) (nl - line), "[vvar]", 6) != NULL
                        || memmem (line, (size_t) (nl - line), "[vsyscall]", 10) != NULL
                        || memmem (line, (size_t) (nl - line), "[stack]", 7) != NULL);
      if (writable_private && !stack && !special)
        add_range (lo, hi, keep, keep_n, nk);
      line = *nl != '\0' ? nl + 1 : nl;
    }
  rt_sys_munmap (buf, buf_size);

  size_t total = 0;
  for (unsigned k = 0; k < n_regions; k++)
    total += regions[k].size;
  strings_lo = argc > 0 ? argv[0] : NULL;
  strings_size = argc > 0 ? (size_t) (argv[argc - 1] + strlen (argv[argc - 1]) + 1 - argv[0]) : 0;
  if (strings_size > ((size_t) 1 << 20))
    strings_size = 0;   /* not contiguous: leave the strings alone */
  size_t argv_bytes = ((size_t) argc + 1) * sizeof (char *);
  size_t flags = total / 4096 + 1;
  char *copy = rt_sys_mmap (NULL, total + flags + argv_bytes + strings_size + 1, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (copy == MAP_FAILED)
    return false;
  /* everything this file keeps is set before the memory is copied: the
   * copy is what restore puts back, these variables included */
  char *at = copy;
  for (unsigned k = 0; k < n_regions; k++)
    {
      regions[k].copy = at;
      at += regions[k].size;
    }
  for (unsigned k = 0; k < n_regions; k++)
    {
      regions[k].zero = (uint8_t *) at;
      at += regions[k].size / 4096;
    }
  at = (char *) (((uintptr_t) at + 15) & ~(uintptr_t) 15);
  snap_argc = argc;
  snap_argv = argv;
  argv_copy = (char **) at;
  memcpy (argv_copy, argv, argv_bytes);
  strings_copy = at + argv_bytes;
  if (strings_size > 0)
    memcpy (strings_copy, strings_lo, strings_size);
  snap_brk = (void *) rt_sys_raw (SYS_brk, 0, 0, 0, 0, 0, 0);
  for (int s = 1; s < MAX_SIGNALS; s++)
    rt_libc_sigaction (s, NULL, &dispositions[s]);
  signals_dirty = 0;
  max_fd = 2;
  for (int f = 3; f < 1024; f++)
    if (rt_sys_fcntl (f, F_GETFD, 0) >= 0)
      max_fd = f;
  for (unsigned k = 0; k < n_regions; k++)
    {
      memcpy (regions[k].copy, regions[k].lo, regions[k].size);
      for (size_t p = 0; p < regions[k].size / 4096; p++)
        regions[k].zero[p] = page_is_zero ((const uint64_t *) (regions[k].copy + p * 4096));
    }

  return true;
}

void
rt_snapshot_signals_dirty (void)
{
  signals_dirty = 1;
}

RT_INLINE int
page_differs (const uint64_t *a, const uint64_t *b, size_t words)
{
  uint64_t d = 0;
  for (size_t k = 0; k < words; k += 8)
    {
      for (size_t j = 0; j < 8; j++)
        d |= a[k + j] ^ b[k + j];
      if (d != 0)
        return 1;
    }
  return 0;
}

RT_INLINE void
copy_words (void *dst, const void *src, size_t words)
{
#if defined(__x86_64__)
  __asm__ volatile ("rep movsq" : "+D" (dst), "+S" (src), "+c" (words) : : "memory");
#else
  volatile uint64_t *d = dst;
  const uint64_t *s = src;
  for (size_t k = 0; k < words; k++)
    d[k] = s[k];
#endif
}

RT_INLINE void
zero_words (void *dst, size_t words)
{
#if defined(__x86_64__)
  __asm__ volatile ("rep stosq" : "+D" (dst), "+c" (words) : "a" (0) : "memory");
#else
  volatile uint64_t *d = dst;
  for (size_t k = 0; k < words; k++)
    d[k] = 0;
#endif
}

size_t
rt_snapshot_restore (void)
{
  /* the kernel's side first; the variables that tell us what to do are
   * part of the memory put back below, with the same values */
  if (signals_dirty)
    for (int s = 1; s < MAX_SIGNALS; s++)
      if (s != SIGKILL && s != SIGSTOP)
        rt_libc_sigaction (s, &dispositions[s], NULL);
  rt_sys_raw (SYS_close_range, (long) max_fd + 1, (long) ~0u, 0, 0, 0, 0);
  if ((void *) rt_sys_raw (SYS_brk, 0, 0, 0, 0, 0, 0) != snap_brk)
    rt_sys_raw (SYS_brk, (long) snap_brk, 0, 0, 0, 0, 0);
  if (snap_argc > 0)
    {
      memcpy (snap_argv, argv_copy, ((size_t) snap_argc + 1) * sizeof (char *));
      if (strings_size > 0)
        memcpy (strings_lo, strings_copy, strings_size);
    }
  size_t changed = 0;
  Region *r = regions;
  unsigned n = n_regions;
  for (unsigned k = 0; k < n; k++)
    {
      char *lo = r[k].lo, *copy = r[k].copy;
      size_t size = r[k].size;   /* whole pages: mappings are */
      const uint8_t *zero = r[k].zero;
      for (size_t off = 0, p = 0; off < size; off += 4096, p++)
        if (zero[p])
          {
            /* most of the bss: one stream to read, not two */
            if (!page_is_zero ((const uint64_t *) (lo + off)))
              {
                zero_words (lo + off, 512);
                changed++;
              }
          }
        else if (page_differs ((const uint64_t *) (lo + off), (const uint64_t *) (copy + off), 512))
          {
            copy_words (lo + off, copy + off, 512);
            changed++;
          }
    }
  return changed;
}

/* ------------------------------------------------------------------ */
/* The program's own mappings */

static void
mapping_changes (void)
{
  if (rt_fibers && rt_self.off_sync == 0)
    rt_sched_need_threads ();
}

RT_DEFINE_REAL (mmap, NULL)
RT_DEFINE_REAL (mmap64, NULL)
RT_DEFINE_REAL (munmap, NULL)
RT_DEFINE_REAL (mremap, NULL)
RT_DEFINE_REAL (mprotect, NULL)

RT_EXPORT void *
mmap (void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
  mapping_changes ();
  return get_real_mmap () (addr, len, prot, flags, fd, off);
}

RT_EXPORT void *
mmap64 (void *addr, size_t len, int prot, int flags, int fd, off64_t off)
{
  mapping_changes ();
  return get_real_mmap64 () (addr, len, prot, flags, fd, off);
}

RT_EXPORT int
munmap (void *addr, size_t len)
{
  mapping_changes ();
  return get_real_munmap () (addr, len);
}

RT_EXPORT void *
mremap (void *old, size_t old_len, size_t new_len, int flags, ...)
{
  mapping_changes ();
  va_list ap;
  va_start (ap, flags);
  void *new_addr = (flags & MREMAP_FIXED) ? va_arg (ap, void *) : NULL;
  va_end (ap);
  return get_real_mremap () (old, old_len, new_len, flags, new_addr);
}

RT_EXPORT int
mprotect (void *addr, size_t len, int prot)
{
  mapping_changes ();
  return get_real_mprotect () (addr, len, prot);
}
