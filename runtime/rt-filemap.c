/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-filemap.c — writes to a file that the program maps shared, as
 * writes of the mapped memory.
 *
 * A MAP_SHARED mapping of a file shows the file's pages: write(2),
 * pwrite(2) and their vector forms through any descriptor of that file
 * change the memory other threads read through the mapping, and no
 * instrumented store does it (LMDB writes its pages with pwrite and
 * writev and its readers read them through the map).  So each such call
 * is recorded, before it is made, as a WRITE_RANGE of the bytes of every
 * mapping it lands in: under the explorer a scheduling step that races
 * with the readers' loads.  The file is told by its device and inode
 * (fstat), so a second descriptor of it counts too.  Other ways to
 * change a file (another process, sendfile, splice, copy_file_range,
 * truncation) are not seen (README, "What complete means").
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sys.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#define RT_FILEMAPS 64

typedef struct {
  uint64_t dev, ino;
  uint64_t off, len;     /* the file's bytes [off, off + len) ... */
  uintptr_t addr;        /* ... are mapped here */
} RtFileMap;

static RtFileMap maps[RT_FILEMAPS];
static volatile int n_maps;   /* the table's used rows: 0 keeps every write on its fast path */
static int table_lock;        /* real threads map and unmap at once when recording */

static void
lock_table (void)
{
  while (__atomic_exchange_n (&table_lock, 1, __ATOMIC_ACQUIRE))
    rt_sys_sched_yield ();
}

static void
unlock_table (void)
{
  __atomic_store_n (&table_lock, 0, __ATOMIC_RELEASE);
}

static int
file_id (int fd, uint64_t *dev, uint64_t *ino)
{
  struct stat st;
  if (rt_sys_raw (SYS_fstat, fd, (long) &st, 0, 0, 0, 0) != 0 || !S_ISREG (st.st_mode))
    return 0;
  *dev = st.st_dev;
  *ino = st.st_ino;
  return 1;
}

void
rt_filemap_mapped (void *addr, size_t len, int flags, int fd, off_t off)
{
  if (addr == MAP_FAILED || fd < 0 || !(flags & MAP_SHARED) || len == 0)
    return;
  uint64_t dev, ino;
  if (!file_id (fd, &dev, &ino))
    return;
  int saved = errno;
  lock_table ();
  for (int k = 0; k < RT_FILEMAPS; k++)
    if (maps[k].len == 0)
      {
        maps[k] = (RtFileMap) { dev, ino, (uint64_t) off, len, (uintptr_t) addr };
        if (k >= n_maps)
          n_maps = k + 1;
        break;
      }
  unlock_table ();
  errno = saved;
}

void
rt_filemap_unmapped (void *addr, size_t len)
{
  if (n_maps == 0)
    return;
  uintptr_t lo = (uintptr_t) addr, hi = lo + len;
  lock_table ();
  for (int k = 0; k < n_maps; k++)
    if (maps[k].len != 0 && maps[k].addr >= lo && maps[k].addr < hi)
      maps[k].len = 0;   /* a mapping partly unmapped keeps its row: more seen, not less */
  while (n_maps > 0 && maps[n_maps - 1].len == 0)
    n_maps--;
  unlock_table ();
}

/* The file's bytes [off, off + n), about to be written through fd. */
static void
file_write (int fd, uint64_t off, uint64_t n, uintptr_t ra)
{
  uint64_t dev, ino;
  if (n == 0 || !rt_is_active () || !file_id (fd, &dev, &ino))
    return;
  for (int k = 0; k < n_maps; k++)
    {
      const RtFileMap m = maps[k];
      if (m.len == 0 || m.dev != dev || m.ino != ino)
        continue;
      uint64_t lo = off > m.off ? off : m.off;
      uint64_t hi = off + n < m.off + m.len ? off + n : m.off + m.len;
      if (lo < hi)
        rt_range (AUGUR_EV_WRITE_RANGE, (const void *) (m.addr + (lo - m.off)), hi - lo, ra);
    }
}

/* Where write(2) on fd writes: its offset, or the end with O_APPEND. */
static int
current_offset (int fd, uint64_t *off)
{
  long fl = rt_sys_raw (SYS_fcntl, fd, F_GETFL, 0, 0, 0, 0);
  long r;
  if (fl >= 0 && (fl & O_APPEND))
    {
      struct stat st;
      if (rt_sys_raw (SYS_fstat, fd, (long) &st, 0, 0, 0, 0) != 0)
        return 0;
      r = st.st_size;
    }
  else
    r = rt_sys_raw (SYS_lseek, fd, 0, SEEK_CUR, 0, 0, 0);
  if (r < 0)
    return 0;
  *off = (uint64_t) r;
  return 1;
}

static uint64_t
iov_bytes (const struct iovec *iov, int cnt)
{
  uint64_t n = 0;
  for (int k = 0; k < cnt; k++)
    n += iov[k].iov_len;
  return n;
}

RT_DEFINE_REAL (write, NULL)
RT_DEFINE_REAL (pwrite, NULL)
RT_DEFINE_REAL (pwrite64, NULL)
RT_DEFINE_REAL (writev, NULL)
RT_DEFINE_REAL (pwritev, NULL)
RT_DEFINE_REAL (pwritev64, NULL)

/* the calls rt_fdio_write makes for write and writev */
static ssize_t
write_first (int fd, const void *args, int flags)
{
  (void) flags;
  const struct iovec *iov = args;
  return get_real_write () (fd, iov->iov_base, iov->iov_len);
}

typedef struct {
  const struct iovec *iov;
  int cnt;
} WritevArgs;

static ssize_t
writev_first (int fd, const void *args, int flags)
{
  (void) flags;
  const WritevArgs *a = args;
  return get_real_writev () (fd, a->iov, a->cnt);
}

RT_EXPORT ssize_t
write (int fd, const void *buf, size_t n)
{
  uint64_t off;
  struct iovec iov = { (void *) buf, n };
  ssize_t r;
  if (rt_fdio_write (fd, &iov, 1, write_first, &iov, RT_RA (), &r))
    return r;
  if (n_maps > 0 && current_offset (fd, &off))
    file_write (fd, off, n, RT_RA ());
  return get_real_write () (fd, buf, n);
}

RT_EXPORT ssize_t
pwrite (int fd, const void *buf, size_t n, off_t off)
{
  if (n_maps > 0 && off >= 0)
    file_write (fd, (uint64_t) off, n, RT_RA ());
  return get_real_pwrite () (fd, buf, n, off);
}

RT_EXPORT ssize_t
pwrite64 (int fd, const void *buf, size_t n, off64_t off)
{
  if (n_maps > 0 && off >= 0)
    file_write (fd, (uint64_t) off, n, RT_RA ());
  return get_real_pwrite64 () (fd, buf, n, off);
}

RT_EXPORT ssize_t
writev (int fd, const struct iovec *iov, int cnt)
{
  uint64_t off;
  WritevArgs a = { iov, cnt };
  ssize_t r;
  if (cnt >= 0 && rt_fdio_write (fd, iov, cnt, writev_first, &a, RT_RA (), &r))
    return r;
  if (n_maps > 0 && cnt > 0 && current_offset (fd, &off))
    file_write (fd, off, iov_bytes (iov, cnt), RT_RA ());
  return get_real_writev () (fd, iov, cnt);
}

RT_EXPORT ssize_t
pwritev (int fd, const struct iovec *iov, int cnt, off_t off)
{
  if (n_maps > 0 && cnt > 0 && off >= 0)
    file_write (fd, (uint64_t) off, iov_bytes (iov, cnt), RT_RA ());
  return get_real_pwritev () (fd, iov, cnt, off);
}

RT_EXPORT ssize_t
pwritev64 (int fd, const struct iovec *iov, int cnt, off64_t off)
{
  if (n_maps > 0 && cnt > 0 && off >= 0)
    file_write (fd, (uint64_t) off, iov_bytes (iov, cnt), RT_RA ());
  return get_real_pwritev64 () (fd, iov, cnt, off);
}
