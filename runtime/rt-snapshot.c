/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-snapshot.c — putting the execution server back where it started; see
 * rt-snapshot.h.
 *
 * What an execution can change, and how it is undone:
 *   - private writable memory (the executable's and every library's data
 *     and bss, glibc's heap, the TLS blocks, anything else mapped before
 *     the server started): copied at the start; after each execution the
 *     pages it wrote (below) are compared with the copy and copied back
 *     where they differ.  The program's own allocations during an
 *     execution come from the runtime's arena (rt-malloc.c), which is
 *     simply emptied, and its threads' stacks are the fibers'
 *     (rt-fiber.c): both are left out of the copy.
 *   - the program break: set back (glibc's record of it is in the data
 *     copied back, the kernel's is not).
 *   - signal dispositions: put back when the program changed one.
 *   - descriptors opened by the execution: closed; the first SAVED_FDS
 *     of those open at the snapshot (stdin, stdout, stderr ...), when the
 *     program closed or replaced one (close, dup2, dup3), put back from
 *     copies kept above them (the ones past those are not).  The copies,
 *     the server's pipes and the write tracking's descriptors are the
 *     server's own: the program closing one gets EBADF, as natively,
 *     and making one a copy of another (dup2, dup3) sends the executions
 *     to forked processes (rt-signal.c); the working directory (chdir, fchdir) and the umask, when the
 *     program changed them.
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
#include "runtime/rt-pagemap-scan.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-sched.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  char *lo;
  size_t size;
  char *copy;
  uint8_t *zero;      /* per page: it was all zeros (no need to read the copy) */
  int tracked;        /* its writes are tracked (write-protected, see below) */
  uint32_t *seen;     /* per page: the last restore that found it written */
  uint8_t *open;      /* per page: restores it stays unprotected for (hot) */
} Region;

#define MAX_REGIONS 512u
#define MAX_SIGNALS 65

static Region *regions;
static unsigned n_regions;
static void *snap_brk;
static int max_fd;
/* The descriptors 0..max_fd as the snapshot found them, kept at
 * saved_base + fd (-1: not open then); the working directory; the umask */
#define SAVED_FDS 16
#define LOW_HEADROOM 24
static int saved_base = -1, saved_fds;
static int saved_cwd = -1;
static unsigned saved_umask;
static int process_dirty;
static struct sigaction dispositions[MAX_SIGNALS];
static int signals_dirty;
static int snap_argc;
static char **snap_argv;
static char **argv_copy;        /* the pointers */
static char *strings_lo;        /* argv[0] .. end of the last argument */
static size_t strings_size;
static char *strings_copy;
static RtSnapshotStats *stats;  /* outside the snapshot: it counts across executions */

/* ------------------------------------------------------------------ */
/* Which pages an execution wrote.
 *
 * Comparing every page costs what the memory weighs (1.1 MiB, most of it
 * the runtime's own tables, mostly zeros, for a program whose execution
 * has a few dozen events).  Where the kernel offers it (Linux 6.7:
 * userfaultfd's asynchronous write-protection and the PAGEMAP_SCAN
 * ioctl), the regions are write-protected once; the first write to a
 * protected page is resolved by the kernel itself, which only clears the
 * page's protection bit (no signal, no handler thread, and writes the
 * kernel makes for the program, read() into a buffer, are seen too).
 * The restore asks which pages of each region lost the bit, compares and
 * puts back only those, and protects them again.  Except the hot ones: a
 * page written by two executions in a row (the runtime's own variables,
 * the program's globals) is left unprotected for the next HOT_RUN
 * restores, which compare it as written every time: a compare costs less
 * than a fault and a protection per execution.  A region of fewer than
 * TRACK_MIN_PAGES pages (a library's data, the TLS blocks) is compared
 * whole: a page compares in ~0.1 µs (16 bytes at a time), a scan costs
 * ~1 µs.  A region whose mapping
 * was replaced (the heap handed back to the kernel and grown again) is
 * refused by the scan (EPERM): it is compared whole that time and
 * registered again.  mprotect and a SIGSEGV handler would do the same
 * about four times slower per page (a signal per write; make
 * bench-dirty), and a system call writing into a protected page would
 * fail with EFAULT instead of faulting; soft-dirty bits are not built
 * into every kernel.  Without
 * the kernel's support, or with AUGUR_SNAPSHOT=compare, every page is
 * compared, as before.
 */

#define SCAN_VEC 256u
#define HOT_RUN 64u
/* A smaller region is compared whole: cheaper than its scan */
#define TRACK_MIN_PAGES 16u

static int uffd = -1;
static int pagemap_fd = -1;
static int server_fds[2] = { -1, -1 };   /* the server's command and status pipes */
static ScanRange *scan_vec;     /* SCAN_VEC ranges, outside the snapshot */

static int
track_register (const Region *r)
{
  struct uffdio_register reg;
  reg.ioctls = 0;
  reg.range.start = (uintptr_t) r->lo;
  reg.range.len = r->size;
  reg.mode = UFFDIO_REGISTER_MODE_WP;
  return rt_sys_raw (SYS_ioctl, uffd, (long) UFFDIO_REGISTER, (long) &reg, 0, 0, 0) == 0;
}

static int
track_protect (uintptr_t lo, size_t size)
{
  struct uffdio_writeprotect wp;
  wp.range.start = lo;
  wp.range.len = size;
  wp.mode = UFFDIO_WRITEPROTECT_MODE_WP;
  return rt_sys_raw (SYS_ioctl, uffd, (long) UFFDIO_WRITEPROTECT, (long) &wp, 0, 0, 0) == 0;
}

/* The userfaultfd and the regions registered, before the copy is taken
 * (these variables are part of it). */
static void
track_setup (void)
{
  const char *how = rt_libc_getenv ("AUGUR_SNAPSHOT");
  if (how != NULL && strcmp (how, "compare") == 0)
    return;
  int fd = (int) rt_sys_raw (SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY, 0, 0, 0, 0, 0);
  if (fd < 0)
    return;
  struct uffdio_api api;
  memset (&api, 0, sizeof api);
  api.api = UFFD_API;
  api.features = TRACK_FEATURES;
  int pm = -1;
  if (rt_sys_raw (SYS_ioctl, fd, (long) UFFDIO_API, (long) &api, 0, 0, 0) != 0
      || (api.features & TRACK_FEATURES) != TRACK_FEATURES
      || (pm = rt_sys_open ("/proc/self/pagemap", O_RDONLY | O_CLOEXEC, 0)) < 0)
    {
      rt_sys_close (fd);
      return;
    }
  uffd = fd;
  pagemap_fd = pm;
  unsigned any = 0;
  for (unsigned k = 0; k < n_regions; k++)
    {
      regions[k].tracked = regions[k].size >= TRACK_MIN_PAGES * 4096 && track_register (&regions[k]);
      if (regions[k].tracked)
        any = k + 1;
    }
  /* the scan itself (a kernel with the one and not the other would make
   * every restore fall back and register again) */
  ScanArg a = { .size = sizeof (ScanArg), .flags = SCAN_CHECK_WPASYNC,
                .start = any ? (uintptr_t) regions[any - 1].lo : 0,
                .end = any ? (uintptr_t) regions[any - 1].lo + regions[any - 1].size : 0,
                .vec = (uintptr_t) scan_vec, .vec_len = SCAN_VEC,
                .category_mask = SCAN_PAGE_WRITTEN, .return_mask = SCAN_PAGE_WRITTEN };
  if (any == 0 || rt_sys_raw (SYS_ioctl, pm, (long) SCAN_IOCTL, (long) &a, 0, 0, 0) < 0)
    {
      /* closing the userfaultfd unregisters its ranges */
      for (unsigned k = 0; k < n_regions; k++)
        regions[k].tracked = 0;
      rt_sys_close (fd);
      rt_sys_close (pm);
      uffd = pagemap_fd = -1;
    }
}

/* After the copy: from here on writes are seen. */
static void
track_start (void)
{
  if (uffd < 0)
    return;
  for (unsigned k = 0; k < n_regions; k++)
    if (regions[k].tracked && !track_protect ((uintptr_t) regions[k].lo, regions[k].size))
      regions[k].tracked = 0;
}

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
/* 16 bytes at a time (SSE2 on x86-64, whatever the target has
 * elsewhere), a cache line per test: a page is 256 vector operations, not
 * 512 scalar ones. */
typedef uint64_t Vec __attribute__ ((vector_size (16), aligned (8), may_alias));

RT_INLINE int
vec_nonzero (Vec d)
{
  return (d[0] | d[1]) != 0;
}

RT_INLINE int
page_is_zero (const uint64_t *a)
{
  const Vec *v = (const Vec *) a;
  for (size_t k = 0; k < 256; k += 8)
    {
      Vec d = (v[k] | v[k + 1]) | (v[k + 2] | v[k + 3]);
      Vec e = (v[k + 4] | v[k + 5]) | (v[k + 6] | v[k + 7]);
      if (vec_nonzero (d | e))
        return 0;
    }
  return 1;
}

/* The region table from /proc/self/maps: every private writable mapping
 * but the @n ranges kept out (and the table and the parse buffer
 * themselves), the stack the server runs on and the kernel's pages. */
static bool
regions_from_maps (const void *const *keep_lo, const size_t *keep_size, unsigned n)
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
  return true;
}

/* Neighbouring regions become one (a library's data and its bss): one
 * scan for both. */
static void
merge_neighbours (void)
{
  unsigned merged = 0;
  for (unsigned k = 0; k < n_regions; k++)
    if (merged > 0 && regions[merged - 1].lo + regions[merged - 1].size == regions[k].lo)
      regions[merged - 1].size += regions[k].size;
    else
      regions[merged++] = regions[k];
  n_regions = merged;
}

/* Are descriptors lo .. lo + n - 1 all closed? */
static int
fds_free (int lo, int n)
{
  for (int f = lo; f < lo + n; f++)
    if (rt_sys_fcntl (f, F_GETFD, 0) >= 0)
      return 0;
  return 1;
}

bool
rt_snapshot_take (const void *const *keep_lo, const size_t *keep_size, unsigned n, int argc,
                  char **argv)
{
  if (!regions_from_maps (keep_lo, keep_size, n))
    return false;
  merge_neighbours ();
  size_t total = 0;
  for (unsigned k = 0; k < n_regions; k++)
    total += regions[k].size;
  strings_lo = argc > 0 ? argv[0] : NULL;
  strings_size = argc > 0 ? (size_t) (argv[argc - 1] + strlen (argv[argc - 1]) + 1 - argv[0]) : 0;
  if (strings_size > ((size_t) 1 << 20))
    strings_size = 0;   /* not contiguous: leave the strings alone */
  size_t argv_bytes = ((size_t) argc + 1) * sizeof (char *);
  size_t flags = total / 4096 + 1;
  size_t extra = SCAN_VEC * sizeof (ScanRange) + sizeof (RtSnapshotStats)
                 + (total / 4096) * (sizeof (uint32_t) + 1);
  char *copy = rt_sys_mmap (NULL, extra + total + flags + argv_bytes + strings_size + 1,
                            PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (copy == MAP_FAILED)
    return false;
  /* everything this file keeps is set before the memory is copied: the
   * copy is what restore puts back, these variables included */
  scan_vec = (ScanRange *) copy;
  stats = (RtSnapshotStats *) (copy + SCAN_VEC * sizeof (ScanRange));
  char *at = copy + SCAN_VEC * sizeof (ScanRange) + sizeof (RtSnapshotStats);
  for (unsigned k = 0; k < n_regions; k++)
    {
      regions[k].seen = (uint32_t *) at;
      at += regions[k].size / 4096 * sizeof (uint32_t);
    }
  for (unsigned k = 0; k < n_regions; k++)
    {
      regions[k].open = (uint8_t *) at;
      at += regions[k].size / 4096;
    }
  at = copy + extra;
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
  track_setup ();
  max_fd = 2;
  for (int f = 3; f < 1024; f++)
    if (rt_sys_fcntl (f, F_GETFD, 0) >= 0)
      max_fd = f;
  /* copies of the inherited descriptors, above them (close_range spares
   * them below), and of the working directory and the umask: at the top
   * of the kernel's first 64 slots when the program inherited few, with
   * LOW_HEADROOM numbers left below for what an execution opens.  Each
   * close_range walks the descriptor table to its size, which copies at
   * 1000 made 1,024: about 10 us an execution, 9 % of lastzero(13)'s
   * exploration. */
  saved_fds = max_fd + 1 < SAVED_FDS ? max_fd + 1 : SAVED_FDS;
  saved_base = -1;
  int low = 63 - saved_fds;   /* in the table's first 64 slots: see above */
  if (low >= max_fd + 1 + LOW_HEADROOM && fds_free (low, saved_fds + 1))
    saved_base = low;
  for (int base = 1000; base >= max_fd + 1 + SAVED_FDS + 1 && saved_base < 0; base -= 64)
    if (fds_free (base, saved_fds + 1))
      saved_base = base;
  if (saved_base >= 0)
    {
      for (int f = 0; f < saved_fds; f++)
        if (rt_sys_fcntl (f, F_GETFD, 0) >= 0
            && rt_sys_raw (SYS_dup3, f, saved_base + f, O_CLOEXEC, 0, 0, 0) < 0)
          {
            /* above the descriptor limit: no copies, nothing put back */
            rt_sys_raw (SYS_close_range, saved_base, saved_base + saved_fds, 0, 0, 0, 0);
            saved_base = -1;
            break;
          }
    }
  if (saved_base >= 0)
    {
      int cwd = (int) rt_sys_raw (SYS_open, (long) ".", O_PATH | O_DIRECTORY | O_CLOEXEC, 0, 0, 0, 0);
      if (cwd >= 0)
        {
          rt_sys_raw (SYS_dup3, cwd, saved_base + saved_fds, O_CLOEXEC, 0, 0, 0);
          rt_sys_close (cwd);
          saved_cwd = saved_base + saved_fds;
        }
    }
  saved_umask = (unsigned) rt_sys_raw (SYS_umask, 022, 0, 0, 0, 0, 0);
  rt_sys_raw (SYS_umask, saved_umask, 0, 0, 0, 0, 0);
  process_dirty = 0;
  for (unsigned k = 0; k < n_regions; k++)
    {
      memcpy (regions[k].copy, regions[k].lo, regions[k].size);
      for (size_t p = 0; p < regions[k].size / 4096; p++)
        regions[k].zero[p] = page_is_zero ((const uint64_t *) (regions[k].copy + p * 4096));
    }
  track_start ();
  stats->path = rt_libc_getenv ("AUGUR_SERVER_STATS");
  stats->bytes = total;
  stats->regions = n_regions;
  for (unsigned k = 0; k < n_regions; k++)
    stats->tracked += regions[k].tracked != 0;
  return true;
}

RtSnapshotStats *
rt_snapshot_stats (void)
{
  return stats;
}

uint64_t
rt_snapshot_cpu_ns (void)
{
  struct timespec ts = { 0, 0 };
  rt_sys_raw (SYS_clock_gettime, CLOCK_PROCESS_CPUTIME_ID, (long) &ts, 0, 0, 0, 0);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

void
rt_snapshot_stats_write (void)
{
  if (stats == NULL || stats->path == NULL)
    return;
  char line[512];
  int n = snprintf (line, sizeof line,
                    "executions %lu run_ns %lu restore_ns %lu ipc_ns %lu written %lu changed %lu "
                    "retracked %lu bytes %lu regions %u tracked %u\n",
                    (unsigned long) stats->executions, (unsigned long) stats->ns_run,
                    (unsigned long) stats->ns_restore, (unsigned long) stats->ns_ipc,
                    (unsigned long) stats->pages_written, (unsigned long) stats->pages_changed,
                    (unsigned long) stats->retracked, (unsigned long) stats->bytes,
                    stats->regions, stats->tracked);
  int fd = rt_sys_open (stats->path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0 || n <= 0)
    return;
  rt_sys_write (fd, line, (size_t) n < sizeof line ? (size_t) n : sizeof line - 1);
  rt_sys_close (fd);
}

void
rt_snapshot_process_dirty (void)
{
  process_dirty = 1;
}

void
rt_snapshot_server_fds (int cmd, int status)
{
  server_fds[0] = cmd;
  server_fds[1] = status;
}

int
rt_snapshot_fd_kept (int fd)
{
  if (fd < 0)
    return 0;
  return (saved_base >= 0 && fd >= saved_base && fd <= saved_base + saved_fds)
         || fd == uffd || fd == pagemap_fd || fd == server_fds[0] || fd == server_fds[1];
}

void
rt_snapshot_signals_dirty (void)
{
  signals_dirty = 1;
}

RT_INLINE int
page_differs (const uint64_t *a, const uint64_t *b, size_t words)
{
  const Vec *u = (const Vec *) a, *v = (const Vec *) b;
  for (size_t k = 0; k < words / 2; k += 8)
    {
      Vec d = ((u[k] ^ v[k]) | (u[k + 1] ^ v[k + 1])) | ((u[k + 2] ^ v[k + 2]) | (u[k + 3] ^ v[k + 3]));
      Vec e = ((u[k + 4] ^ v[k + 4]) | (u[k + 5] ^ v[k + 5]))
              | ((u[k + 6] ^ v[k + 6]) | (u[k + 7] ^ v[k + 7]));
      if (vec_nonzero (d | e))
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

/* Pages [from, to) of r put back where they differ from the copy; returns
 * how many did. */
static size_t
restore_pages (const Region *r, size_t from, size_t to)
{
  char *lo = r->lo, *copy = r->copy;
  const uint8_t *zero = r->zero;
  size_t changed = 0;
  for (size_t p = from; p < to; p++)
    {
      size_t off = p * 4096;
      if (zero[p])
        {
          /* most of the bss: one stream to read, not two */
          if (!page_is_zero ((const uint64_t *) (lo + off)))
            {
              rt_zero_words (lo + off, 512);
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

/* The pages of r written since they were last protected: put back and
 * protected again.  False if the kernel no longer tracks all of r. */
static bool
restore_written (const Region *r, uint32_t exec, size_t *changed, size_t *written)
{
  uintptr_t lo = (uintptr_t) r->lo, hi = lo + r->size, at = lo;
  while (at < hi)
    {
      ScanArg a = { .size = sizeof (ScanArg), .flags = SCAN_CHECK_WPASYNC, .start = at, .end = hi,
                    .vec = (uintptr_t) scan_vec, .vec_len = SCAN_VEC,
                    .category_mask = SCAN_PAGE_WRITTEN, .return_mask = SCAN_PAGE_WRITTEN };
      long n = rt_sys_raw (SYS_ioctl, pagemap_fd, (long) SCAN_IOCTL, (long) &a, 0, 0, 0);
      if (n < 0)
        return false;
      for (long k = 0; k < n; k++)
        {
          uintptr_t s = scan_vec[k].start, e = scan_vec[k].end;
          if (s < lo || e > hi || s >= e)
            return false;
          size_t from = (s - lo) / 4096, to = (e - lo) / 4096;
          *changed += restore_pages (r, from, to);
          *written += to - from;
          /* protected again but the hot pages, in runs */
          size_t run = to;
          for (size_t p = from; p <= to; p++)
            {
              int keep_open = 0;
              if (p < to)
                {
                  if (r->open[p] > 0)
                    keep_open = --r->open[p] > 0;
                  else if (r->seen[p] + 1 == exec)
                    {
                      r->open[p] = HOT_RUN;
                      keep_open = 1;
                    }
                  r->seen[p] = exec;
                }
              if (p < to && !keep_open)
                {
                  if (run == to)
                    run = p;
                }
              else if (run != to)
                {
                  if (!track_protect (lo + run * 4096, (p - run) * 4096))
                    return false;
                  run = to;
                }
            }
        }
      if ((unsigned long) n < SCAN_VEC || a.walk_end <= at)
        break;
      at = a.walk_end;
    }
  return true;
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
  if (saved_base < 0)
    rt_sys_raw (SYS_close_range, (long) max_fd + 1, (long) ~0u, 0, 0, 0, 0);
  else
    {
      rt_sys_raw (SYS_close_range, (long) max_fd + 1, (long) saved_base - 1, 0, 0, 0, 0);
      rt_sys_raw (SYS_close_range, (long) saved_base + saved_fds + 1, (long) ~0u, 0, 0, 0, 0);
    }
  if (process_dirty)
    {
      /* what the snapshot found: the descriptors it copied (a copy that
       * is not open was not open then), the directory, the umask */
      if (saved_base >= 0)
        for (int f = 0; f < saved_fds; f++)
          {
            if (rt_sys_fcntl (saved_base + f, F_GETFD, 0) >= 0)
              rt_sys_raw (SYS_dup3, saved_base + f, f, 0, 0, 0, 0);
            else
              rt_sys_close (f);
          }
      if (saved_cwd >= 0)
        rt_sys_raw (SYS_fchdir, saved_cwd, 0, 0, 0, 0, 0);
      rt_sys_raw (SYS_umask, saved_umask, 0, 0, 0, 0, 0);
    }
  if ((void *) rt_sys_raw (SYS_brk, 0, 0, 0, 0, 0, 0) != snap_brk)
    rt_sys_raw (SYS_brk, (long) snap_brk, 0, 0, 0, 0, 0);
  if (snap_argc > 0)
    {
      memcpy (snap_argv, argv_copy, ((size_t) snap_argc + 1) * sizeof (char *));
      if (strings_size > 0)
        memcpy (strings_lo, strings_copy, strings_size);
    }
  size_t changed = 0, written = 0;
  uint32_t exec = (uint32_t) stats->executions + 1;   /* seen[] = 0: never */
  Region *r = regions;
  unsigned n = n_regions;
  for (unsigned k = 0; k < n; k++)
    {
      size_t pages = r[k].size / 4096;   /* whole pages: mappings are */
      if (r[k].tracked && restore_written (&r[k], exec, &changed, &written))
        continue;
      /* not tracked, or no longer: every page */
      changed += restore_pages (&r[k], 0, pages);
      written += pages;
      if (r[k].tracked)
        {
          stats->retracked++;
          r[k].tracked = track_register (&r[k]) && track_protect ((uintptr_t) r[k].lo, r[k].size);
          for (size_t p = 0; p < pages; p++)
            r[k].open[p] = 0;
        }
    }
  stats->pages_written += written;
  stats->pages_changed += changed;
  return changed;
}

/* ------------------------------------------------------------------ */
/* The program's own mappings */

static void
mapping_changes (void)
{
  if (rt_fibers && rt_self.off_sync == 0)
    rt_sched_need_threads (AUGUR_FORKED_MMAP);
}

RT_DEFINE_REAL (mmap, NULL)
RT_DEFINE_REAL (mmap64, NULL)
RT_DEFINE_REAL (munmap, NULL)
RT_DEFINE_REAL (mremap, NULL)
RT_DEFINE_REAL (mprotect, NULL)

/* A new mapping: memory handed out (a use of it is no use of a freed
 * block that lay there), and a shared file's pages (rt-filemap.c). */
static void
mapped (void *p, size_t len, int flags, int fd, off_t off, uintptr_t ra)
{
  if (p == MAP_FAILED)
    return;
  int saved = errno;
  rt_alloc_note (p, len, ra);
  rt_filemap_mapped (p, len, flags, fd, off);
  errno = saved;
}

RT_EXPORT void *
mmap (void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
  mapping_changes ();
  void *p = get_real_mmap () (addr, len, prot, flags, fd, off);
  mapped (p, len, flags, fd, off, RT_RA ());
  return p;
}

RT_EXPORT void *
mmap64 (void *addr, size_t len, int prot, int flags, int fd, off64_t off)
{
  mapping_changes ();
  void *p = get_real_mmap64 () (addr, len, prot, flags, fd, off);
  mapped (p, len, flags, fd, off, RT_RA ());
  return p;
}

RT_EXPORT int
munmap (void *addr, size_t len)
{
  mapping_changes ();
  rt_filemap_unmapped (addr, len);
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
