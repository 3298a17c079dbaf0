/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-trace.c — the trace writer: a shared file mapping that records are
 * written into directly, each thread into chunks of its own.
 *
 * The file is mapped MAP_SHARED, so a record is in the page cache the moment
 * it is stored and survives any death of the process, SIGKILL included.
 * Start-up reserves one large PROT_NONE virtual region; the file is then
 * mapped into it extent by extent with MAP_FIXED, so the address of a file
 * slot never changes and writers need no lock.  Extents grow geometrically
 * (1 MiB up to 64 MiB) so that a short run costs little and a long run few
 * syscalls.  An extent is mapped *ahead*: the thread whose chunk crosses the
 * half-way mark of the last extent maps and pre-faults the next one while
 * the others keep writing; only a thread that outruns it waits.
 *
 * The format's chunks (16 KiB, common/augur-trace-format.h) are handed out
 * by one atomic counter, one per 511 records of a thread.  The global order
 * is the seq counter in rt-internal.h's rt_emit; this file is its slow path:
 * opening a thread's next chunk, a record written from a signal handler that
 * interrupted an emit (it gets a chunk of its own), MODULE blocks and END.
 *
 * At a clean end (rt_trace_close) the header gets n_records and
 * AUGUR_TRACE_FLAG_COMPLETE and the file is cut to the chunks handed out.
 * Threads still running at that point may open chunks past the end: the
 * part of the region after the last chunk is replaced by anonymous memory
 * first, so their late stores land harmlessly instead of raising SIGBUS on
 * a truncated file.
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
#define RT_EXTENT_FIRST ((size_t) 1 << 20)
#define RT_EXTENT_MAX   ((size_t) 64 << 20)

/* The seq counter is the one line every recording thread writes: alone
 * on its cache line, so that the read-mostly state next to it (the easy
 * mark, the mapping base, rt_active) is not dragged along with it. */
RtCounter rt_counter;
RtBusy rt_busy[RT_BUSY_THREADS];
char *rt_records;

static uint64_t slots_easy;          /* file slots below this are mapped, with room to spare */
static uint64_t chunks_next;         /* the next chunk to hand out (atomic) */

static char *region;                 /* the header, then the records */
static int trace_fd = -1;
static uint64_t slots_mapped;        /* slots [0, slots_mapped) are backed by the file (atomic) */
static size_t mapped_bytes;          /* file bytes mapped, under grow_lock */
static size_t next_extent = RT_EXTENT_FIRST;
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
map_extent (size_t size)
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
  __atomic_store_n (&slots_easy, slots - ahead, __ATOMIC_RELEASE);
  if (next_extent < RT_EXTENT_MAX)
    next_extent *= 2;
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
  if (!map_extent (next_extent))
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

/* Room for file slots [i, i + n): map more of the file, or wait for the
 * thread that does.  False if they can never be written (trace closed or
 * full). */
static bool
make_room (uint64_t i, uint64_t n)
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
      uint64_t easy = __atomic_load_n (&slots_easy, __ATOMIC_ACQUIRE);
      if (end <= easy)
        break;
      if (__atomic_load_n (&closed, __ATOMIC_ACQUIRE))
        {
          /* A chunk that is mapped is still written, even after the END
           * (it lands in the file or in the anonymous memory past it); one
           * that is not is dropped. */
          ok = end <= mapped;
          break;
        }
      int owner = __atomic_load_n (&grow_lock, __ATOMIC_ACQUIRE);
      if (owner == (int) me + 1)
        {
          /* a signal handler interrupted this very thread while it grew
           * the mapping: waiting would be for ourselves */
          ok = end <= mapped;
          break;
        }
      /* Past the easy mark: one thread maps the next extent; the others
       * write on if their chunk is mapped already, or wait for it. */
      int expected = 0;
      if (owner == 0
          && __atomic_compare_exchange_n (&grow_lock, &expected, (int) me + 1, false,
                                          __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        {
          bool grown = true;
          if (!closed && __atomic_load_n (&slots_easy, __ATOMIC_RELAXED) < end)
            {
              /* keep the header's lower bound roughly current for a
               * trace that is never closed (SIGKILL) */
              header ()->n_records = __atomic_load_n (&rt_counter.next, __ATOMIC_RELAXED);
              grown = map_extent (next_extent);
              if (!grown)
                {
                  /* No space left: stop handing out room.  Chunks already
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

RT_INLINE void
store_slot (uint64_t slot, const void *record)
{
  __builtin_memcpy (rt_records + (size_t) slot * AUGUR_TRACE_RECORD_SIZE, record,
                    AUGUR_TRACE_RECORD_SIZE);
}

/* Hands out a fresh chunk owned by `tid` whose events have seqs from
 * `base` on, and writes its CHUNK record; returns its first event slot, or
 * UINT64_MAX when the trace has no room. */
static uint64_t
open_chunk (uint32_t tid, uint64_t base)
{
  uint64_t c = __atomic_fetch_add (&chunks_next, 1, __ATOMIC_RELAXED);
  uint64_t first = c * AUGUR_TRACE_CHUNK_RECORDS;
  if (first + AUGUR_TRACE_CHUNK_RECORDS > __atomic_load_n (&slots_easy, __ATOMIC_ACQUIRE)
      && !make_room (first, AUGUR_TRACE_CHUNK_RECORDS))
    return UINT64_MAX;
  AugurRecord h;
  memset (&h, 0, sizeof h);
  h.kind = AUGUR_EV_CHUNK;
  h.tid = tid;
  h.addr = base;
  h.arg = c;
  rt_record_seal (&h);
  store_slot (first, &h);
  return first + 1;
}

/* Stores n records from file slot `slot` on, the first with seq `seq`
 * (DATA records carry none). */
static void
store_records (uint64_t slot, uint64_t seq, const void *records, uint32_t n)
{
  for (uint32_t k = 0; k < n; k++)
    {
      AugurRecord w;
      __builtin_memcpy (&w, (const char *) records + (size_t) k * AUGUR_TRACE_RECORD_SIZE, sizeof w);
      if (w.kind != AUGUR_EV_DATA)
        w.tid = (uint32_t) (seq + k);
      w.check = 0;
      rt_record_seal (&w);
      store_slot (slot + k, &w);
    }
}

static uint32_t *
busy_flag (uint32_t tid)
{
  if (rt_self.busy == NULL)
    {
      uint32_t me = rt_self.tid != RT_TID_NONE ? rt_self.tid : tid;
      rt_self.busy = me < RT_BUSY_THREADS ? &rt_busy[me].v : &rt_self.busy_local;
    }
  return rt_self.busy;
}

/* Points cursor k at a fresh chunk owned by `tid` whose seqs start at
 * `base`.  False when the trace has no room. */
static bool
reopen (RtCursor *k, uint32_t tid, uint64_t base)
{
  uint64_t first = open_chunk (tid, base);
  if (first == UINT64_MAX)
    return false;
  k->base = base;
  k->tid = tid;
  k->end = first - 1 + AUGUR_TRACE_CHUNK_RECORDS;
  k->cur = first;
  return true;
}

/* n records of thread `tid` at cursor k (the first with the given seq, or
 * a fresh one when seq is RT_NO_SEQ), opening k's next chunk if needed.
 * The caller holds the flag that guards k.  Returns the first slot or
 * UINT64_MAX. */
static uint64_t
put_records (RtCursor *k, uint32_t tid, const void *records, uint32_t n, uint64_t seq)
{
  if ((seq != RT_NO_SEQ || tid != k->tid || k->end - k->cur < n)
      && !reopen (k, tid, seq != RT_NO_SEQ ? seq
                                           : __atomic_load_n (&rt_counter.next, __ATOMIC_RELAXED)))
    return UINT64_MAX;
  if (seq == RT_NO_SEQ)
    {
      seq = __atomic_fetch_add (&rt_counter.next, n, __ATOMIC_RELAXED);
      /* the chunk stayed open while 2^32 events went by */
      if (seq + n - 1 - k->base > UINT32_MAX && !reopen (k, tid, seq))
        return UINT64_MAX;
    }
  uint64_t slot = k->cur;
  k->cur = slot + n;
  store_records (slot, seq, records, n);
  return slot;
}

/* n records of thread `tid` (the first is given its seq, or a fresh one
 * when seq is RT_NO_SEQ): into this thread's chunk; when a signal handler
 * interrupted an emit of this thread, into its signal chunk; when a second
 * handler interrupted that one, into a chunk of their own. */
static uint64_t
emit_records (uint32_t tid, const void *records, uint32_t n, uint64_t seq)
{
  uint32_t *busy = busy_flag (tid);
  uint32_t *flag;
  RtCursor *k;
  if (*busy == 0)
    {
      flag = busy;
      k = &rt_self.chunk;
    }
  else if (rt_self.sig_busy == 0)
    {
      flag = &rt_self.sig_busy;
      k = &rt_self.sig_chunk;
    }
  else
    {
      if (seq == RT_NO_SEQ)
        seq = __atomic_fetch_add (&rt_counter.next, n, __ATOMIC_RELAXED);
      uint64_t slot = open_chunk (tid, seq);
      if (slot != UINT64_MAX)
        store_records (slot, seq, records, n);
      return slot;
    }
  *flag = 1;
  __atomic_signal_fence (__ATOMIC_SEQ_CST);
  uint64_t slot = put_records (k, tid, records, n, seq);
  __atomic_signal_fence (__ATOMIC_SEQ_CST);
  __atomic_store_n (flag, 0, __ATOMIC_RELEASE);
  return slot;
}

uint64_t
rt_emit_slow (const AugurRecord *r, uint64_t seq)
{
  return emit_records (r->tid, r, 1, seq);
}

bool
rt_emit_block (const void *records, uint32_t n)
{
  if (n == 0 || n >= AUGUR_TRACE_CHUNK_RECORDS)
    return false;
  const AugurRecord *first = records;
  return emit_records (first->tid, records, n, RT_NO_SEQ) != UINT64_MAX;
}

uint64_t
rt_emit_end (const AugurRecord *r)
{
  uint64_t seq = __atomic_fetch_add (&rt_counter.next, 1, __ATOMIC_RELAXED);
  /* nobody records after END */
  __atomic_store_n (&rt_active, 0, __ATOMIC_RELEASE);
  /* a chunk of its own: whatever this thread was doing when a fatal
   * signal interrupted it, its chunk is left alone */
  uint64_t slot = open_chunk (r->tid, seq);
  if (slot == UINT64_MAX)
    return UINT64_MAX;
  store_records (slot, seq, r, 1);
  return seq;
}

void
rt_trace_rewrite (uint64_t slot, const AugurRecord *r)
{
  const char *old = rt_records + (size_t) slot * AUGUR_TRACE_RECORD_SIZE;
  AugurRecord w = *r;
  __builtin_memcpy (&w.tid, old + offsetof (AugurRecord, tid), sizeof w.tid);
  w.check = 0;
  rt_record_seal (&w);
  store_slot (slot, &w);
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

/* Records that threads are storing right now would read as unwritten:
 * give them a moment, they are a few instructions from done.  Bounded,
 * because a thread stopped for good (this one, interrupted by the fatal
 * signal) will never finish. */
static void
wait_for_stragglers (void)
{
  unsigned budget = 2000;
  for (uint32_t t = 0; t < RT_BUSY_THREADS; t++)
    {
      if (&rt_busy[t].v == rt_self.busy)
        continue;
      while (__atomic_load_n (&rt_busy[t].v, __ATOMIC_ACQUIRE) != 0 && budget > 0)
        {
          budget--;
          sched_yield ();
        }
    }
}

void
rt_trace_close (uint64_t end_seq)
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
  __atomic_store_n (&slots_easy, 0, __ATOMIC_RELEASE);
  wait_for_stragglers ();

  /* Chunks handed out after this point are past the end of the file. */
  uint64_t chunks = __atomic_load_n (&chunks_next, __ATOMIC_ACQUIRE);
  if (chunks * AUGUR_TRACE_CHUNK_RECORDS > slots_mapped)
    chunks = slots_mapped / AUGUR_TRACE_CHUNK_RECORDS;

  AugurTraceHeader *h = header ();
  h->n_records = end_seq + 1;
  __atomic_store_n (&h->flags, h->flags | AUGUR_TRACE_FLAG_COMPLETE, __ATOMIC_RELEASE);

  size_t length = AUGUR_TRACE_HEADER_SIZE + (size_t) chunks * AUGUR_TRACE_CHUNK_BYTES;
  if (length < mapped_bytes)
    (void) mmap (region + length, mapped_bytes - length, PROT_READ | PROT_WRITE,
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
  __atomic_store_n (&slots_easy, 0, __ATOMIC_RELEASE);
  if (trace_fd >= 0)
    close (trace_fd);
  trace_fd = -1;
}
