/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-trace.c — the trace writer: a shared file mapping that records are
 * written into directly.
 *
 * The file is mapped MAP_SHARED, so a record is in the page cache the moment
 * it is stored and survives any death of the process, SIGKILL included.
 * Start-up reserves one large PROT_NONE virtual region; the file is then
 * mapped into it chunk by chunk with MAP_FIXED, so the address of slot i
 * never changes and writers need no lock.  Chunks grow geometrically (1 MiB
 * up to 64 MiB) so that a short run costs little and a long run few
 * syscalls.  A chunk is mapped *ahead*: the thread whose slot crosses the
 * half-way mark of the last chunk maps and pre-faults the next one while
 * the others keep writing; only a thread that outruns it waits.
 *
 * At a clean end (rt_trace_close) the header gets n_records and
 * AUGUR_TRACE_FLAG_COMPLETE and the file is cut to its exact length.
 * Threads still running at that point may hold reserved slots past the end:
 * the part of the region after the last record is replaced by anonymous
 * memory first, so their late stores land harmlessly instead of raising
 * SIGBUS on a truncated file.
 */
#include "config.h"

#include "runtime/rt-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define RT_REGION_SIZE  ((size_t) 256 << 30)  /* virtual reservation: 8 G records */
#define RT_CHUNK_FIRST  ((size_t) 1 << 20)
#define RT_CHUNK_MAX    ((size_t) 64 << 20)

/* The slot counter is the one line every recording thread writes: alone
 * on its cache line, so that the read-mostly state next to it (the easy
 * mark, the mapping base, rt_active) is not dragged along with it. */
RtCounter rt_counter;
char *rt_records;
uint64_t rt_slots_easy;

static char *region;                 /* the header, then the records */
static int trace_fd = -1;
static uint64_t slots_mapped;        /* slots [0, slots_mapped) are backed by the file (atomic) */
static size_t mapped_bytes;          /* file bytes mapped, under grow_lock */
static size_t next_chunk = RT_CHUNK_FIRST;
static int grow_lock;                /* 0 free, else owner tid + 1 */
static int closed;                   /* no more slots will ever be made room for */

static AugurTraceHeader *
header (void)
{
  return (AugurTraceHeader *) region;
}

static void
grow_lock_take (uint32_t me)
{
  int expected = 0;
  unsigned spins = 0;
  while (!__atomic_compare_exchange_n (&grow_lock, &expected, (int) me + 1, false,
                                       __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
    {
      expected = 0;
      if (++spins > 64)
        sched_yield ();
    }
}

/* Map [mapped_bytes, mapped_bytes + size) of the file, writable and
 * pre-faulted.  Under grow_lock. */
static bool
map_chunk (size_t size)
{
  if (mapped_bytes + size > RT_REGION_SIZE)
    return false;
  /* Allocate the blocks now: on a full disk this fails here, and recording
   * stops cleanly, instead of a store into a hole raising SIGBUS in the
   * program later.  (File systems without fallocate get a sparse file.) */
  if (fallocate (trace_fd, 0, (off_t) mapped_bytes, (off_t) size) != 0
      && (errno != EOPNOTSUPP || ftruncate (trace_fd, (off_t) (mapped_bytes + size)) != 0))
    return false;
  void *p = mmap (region + mapped_bytes, size, PROT_READ | PROT_WRITE,
                  MAP_SHARED | MAP_FIXED, trace_fd, (off_t) mapped_bytes);
  if (p == MAP_FAILED)
    return false;
  /* Pre-fault writable now, in one syscall, rather than one page fault per
   * 128 records on the hot path.  Older kernels lack it: harmless. */
  (void) madvise (p, size, MADV_POPULATE_WRITE);
  mapped_bytes += size;
  uint64_t slots = (mapped_bytes - AUGUR_TRACE_HEADER_SIZE) / AUGUR_TRACE_RECORD_SIZE;
  uint64_t ahead = size / 2 / AUGUR_TRACE_RECORD_SIZE;
  __atomic_store_n (&slots_mapped, slots, __ATOMIC_RELEASE);
  __atomic_store_n (&rt_slots_easy, slots - ahead, __ATOMIC_RELEASE);
  if (next_chunk < RT_CHUNK_MAX)
    next_chunk *= 2;
  return true;
}

static void
write_message (const char *a, const char *b)
{
  ssize_t r = write (2, a, strlen (a));
  if (b != NULL)
    r = write (2, b, strlen (b));
  r = write (2, "\n", 1);
  (void) r;
}

bool
rt_trace_open (const char *path)
{
  trace_fd = open (path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (trace_fd < 0)
    {
      write_message ("augur runtime: cannot create the trace file (not recording): ", path);
      return false;
    }
  /* Out of the way of programs (shells, daemons) that dup2 onto the low
   * descriptor numbers they believe free: growing the trace must never
   * extend someone else's file. */
  int high = fcntl (trace_fd, F_DUPFD_CLOEXEC, 900);
  if (high >= 0)
    {
      close (trace_fd);
      trace_fd = high;
    }
  void *r = mmap (NULL, RT_REGION_SIZE, PROT_NONE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (r == MAP_FAILED)
    {
      write_message ("augur runtime: cannot reserve address space for the trace (not recording)", NULL);
      close (trace_fd);
      trace_fd = -1;
      return false;
    }
  region = r;
  rt_records = region + AUGUR_TRACE_HEADER_SIZE;
  if (!map_chunk (next_chunk))
    {
      write_message ("augur runtime: cannot map the trace file (not recording): ", path);
      return false;
    }
  AugurTraceHeader *h = header ();
  memcpy (h->magic, AUGUR_TRACE_MAGIC, sizeof h->magic);
  h->version = AUGUR_TRACE_VERSION;
  h->header_size = AUGUR_TRACE_HEADER_SIZE;
  h->record_size = AUGUR_TRACE_RECORD_SIZE;
  h->flags = 0;
  h->n_records = 0;
  h->pid = (uint32_t) getpid ();
  h->runtime_version = AUGUR_RUNTIME_ABI;
  return true;
}

/* Header fields that rt-start.c fills once it knows them. */
void rt_trace_set_program (const char *path, const uint8_t *build_id, uint32_t build_id_len);

void
rt_trace_set_program (const char *path, const uint8_t *build_id, uint32_t build_id_len)
{
  AugurTraceHeader *h = header ();
  size_t n = strlen (path);
  if (n >= AUGUR_TRACE_PATH_MAX)
    n = AUGUR_TRACE_PATH_MAX - 1;
  memcpy (h->program, path, n);
  h->program[n] = '\0';
  if (build_id_len > AUGUR_TRACE_BUILD_ID_MAX)
    build_id_len = AUGUR_TRACE_BUILD_ID_MAX;
  memcpy (h->build_id, build_id, build_id_len);
  h->build_id_len = build_id_len;
}

bool
rt_trace_make_room (uint64_t i, uint64_t n)
{
  if (region == NULL)
    return false;
  int saved_errno = errno;
  uint64_t end = i + n;
  uint32_t me = rt_self.tid;
  bool ok = true;
  for (unsigned spins = 0;; spins++)
    {
      uint64_t mapped = __atomic_load_n (&slots_mapped, __ATOMIC_ACQUIRE);
      uint64_t easy = __atomic_load_n (&rt_slots_easy, __ATOMIC_ACQUIRE);
      if (end <= easy)
        break;
      if (__atomic_load_n (&closed, __ATOMIC_ACQUIRE))
        {
          /* A slot that is mapped is still written, even after the END:
           * one before the END must not become a hole (rt_trace_close
           * waits for it), one after it lands past the end of the file. */
          ok = end <= mapped;
          break;
        }
      /* Past the easy mark: one thread maps the next chunk; the others
       * write on if their slot is mapped already, or wait for it. */
      int expected = 0;
      if (__atomic_load_n (&grow_lock, __ATOMIC_RELAXED) == 0
          && __atomic_compare_exchange_n (&grow_lock, &expected, (int) me + 1, false,
                                          __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        {
          bool grown = true;
          if (!closed && __atomic_load_n (&rt_slots_easy, __ATOMIC_RELAXED) < end)
            {
              /* keep the header's lower bound roughly current for a
               * trace that is never closed (SIGKILL) */
              header ()->n_records = i;
              grown = map_chunk (next_chunk);
              if (!grown)
                {
                  /* No space left: stop handing out room.  Slots already
                   * mapped stay valid; the trace ends without COMPLETE. */
                  write_message ("augur runtime: the trace file cannot grow; recording stops", NULL);
                  __atomic_store_n (&closed, 1, __ATOMIC_RELEASE);
                }
            }
          __atomic_store_n (&grow_lock, 0, __ATOMIC_RELEASE);
          if (!grown)
            {
              ok = end <= mapped;
              break;
            }
          continue;
        }
      if (end <= mapped)
        break;
      if (spins > 16)
        sched_yield ();
    }
  errno = saved_errno;
  return ok;
}

uint64_t
rt_trace_reserve (uint64_t n)
{
  uint64_t i = __atomic_fetch_add (&rt_counter.next, n, __ATOMIC_RELAXED);
  if (RT_UNLIKELY (i + n > __atomic_load_n (&rt_slots_easy, __ATOMIC_ACQUIRE))
      && !rt_trace_make_room (i, n))
    return UINT64_MAX;
  return i;
}

void
rt_trace_write_slot (uint64_t i, const void *record)
{
  __builtin_memcpy (rt_records + (size_t) i * AUGUR_TRACE_RECORD_SIZE, record,
                    AUGUR_TRACE_RECORD_SIZE);
}

uint64_t
rt_event (uint8_t kind, uint8_t flags, uintptr_t ra, uint32_t aux, uint64_t addr, uint64_t arg)
{
  AugurRecord r;
  rt_record_init (&r, kind, flags, rt_tid (), ra);
  r.aux = aux;
  r.addr = addr;
  r.arg = arg;
  return rt_emit (&r);
}

/* Slots below `last` reserved by threads that have not stored their record
 * yet (they were preempted between the fetch-add and the store) would read
 * as a torn tail.  Give them a moment: they are a few instructions from
 * done.  Bounded, because a thread stopped for good (this one, interrupted
 * by the fatal signal) will never finish. */
static void
wait_for_stragglers (uint64_t last)
{
  uint64_t lo = last > 65536 ? last - 65536 : 0;
  unsigned budget = 2000;
  for (uint64_t j = last; j-- > lo;)
    {
      const volatile uint8_t *k = (const volatile uint8_t *) (rt_records + j * AUGUR_TRACE_RECORD_SIZE);
      while (*k == AUGUR_EV_NONE && budget > 0)
        {
          budget--;
          sched_yield ();
        }
    }
}

void
rt_trace_close (uint64_t last)
{
  if (region == NULL)
    return;
  int saved_errno = errno;
  uint32_t me = rt_self.tid;
  /* A fatal signal may interrupt this very thread while it grows the
   * mapping: it must not wait for itself. */
  if (__atomic_load_n (&grow_lock, __ATOMIC_ACQUIRE) != (int) me + 1)
    grow_lock_take (me);
  __atomic_store_n (&closed, 1, __ATOMIC_RELEASE);
  __atomic_store_n (&rt_slots_easy, 0, __ATOMIC_RELEASE);

  uint64_t n = last + 1;
  if (n > slots_mapped)
    n = slots_mapped;
  wait_for_stragglers (n);

  AugurTraceHeader *h = header ();
  h->n_records = n;
  __atomic_store_n (&h->flags, h->flags | AUGUR_TRACE_FLAG_COMPLETE, __ATOMIC_RELEASE);

  size_t length = AUGUR_TRACE_HEADER_SIZE + (size_t) n * AUGUR_TRACE_RECORD_SIZE;
  size_t keep = (length + 4095) & ~(size_t) 4095;
  if (keep < mapped_bytes)
    (void) mmap (region + keep, mapped_bytes - keep, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
  (void) ftruncate (trace_fd, (off_t) length);
  errno = saved_errno;
}

void
rt_trace_forget (void)
{
  /* The child of a fork shares the file but must never write to it. */
  __atomic_store_n (&rt_active, 0, __ATOMIC_RELEASE);
  __atomic_store_n (&closed, 1, __ATOMIC_RELEASE);
  __atomic_store_n (&rt_slots_easy, 0, __ATOMIC_RELEASE);
  if (trace_fd >= 0)
    close (trace_fd);
  trace_fd = -1;
}
