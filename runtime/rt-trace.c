/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-trace.c — the trace writer: each thread builds its chunks in a
 * staging chunk of its own and writes each one to the trace when it is
 * full.
 *
 * The trace file is the format's header followed by 16 KiB chunks
 * (common/augur-trace-format.h), handed out by one atomic counter, one per
 * 16 KiB of a thread's records: 32-byte ones on 32-byte boundaries, and
 * between them the packed records of plain accesses (rt-tsan.c), 7-18
 * bytes each, which halve what the trace costs to write.  A thread does not store into the trace's own
 * pages: on a VM every first touch of a fresh page costs several
 * microseconds (a 50 MB trace: 100-180 ms, against 14-22 ms for the same
 * bytes through one reused buffer and pwrite).  So each thread fills a
 * staging chunk, one of the 16 KiB chunks of `TRACE.stage`, a second file
 * mapped MAP_SHARED, whose pages stay mapped and warm; a full chunk goes to
 * its place in the trace with one pwrite, and the staging chunk is cleared
 * for the next.  The stage file is there for the worst case: a record is in
 * the page cache the moment it is stored, so whatever kills the process,
 * SIGKILL included, the chunks not yet written to the trace are in the
 * stage file, and augur record (or the next reader, augur_trace_recover)
 * puts them in their place.
 *
 * The global order is the seq counter in rt-internal.h's rt_emit (and
 * rt-tsan.c's packed emit); this file is their slow path: opening a thread's next chunk, a record written
 * from a signal handler that interrupted an emit (its own staging chunk,
 * or for a second-level handler a chunk written straight to the trace),
 * MODULE blocks and END.
 *
 * At a clean end (rt_trace_close) every staging chunk in use is written
 * out, the header gets n_records and AUGUR_TRACE_FLAG_COMPLETE, the trace
 * is cut to the chunks handed out and the stage file removed.  Threads
 * still running after that write into staging chunks that nobody reads.
 * A thread that exits writes its chunks out and gives its staging chunks
 * to the threads created later.
 *
 * A size cap (AUGUR_TRACE_MAX bytes, set by augur record --max-trace-size)
 * bounds the trace of a program that never stops: the thread that would
 * open a chunk past it ends the recording there as at a clean end (END
 * with AUGUR_END_CUT, the COMPLETE flag, and AUGUR_TRACE_FLAG_CUT in the
 * header), so the trace is valid and says it was cut; the program goes on
 * unrecorded, and augur record, which watches for the flag, stops it.
 * A cap in events (AUGUR_TRACE_MAX_EVENTS, set by augur check from its
 * budget: the tools' cost grows with the events, and a spin's events are
 * a fifth of the size of others) ends it the same way, checked as a chunk
 * opens: a chunk per thread past it at most.
 */
#include "config.h"

#include "runtime/rt-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define RT_STAGE_MAX 8192u   /* staging chunks: 128 MiB of (sparse) stage file */

/* The seq counter is the one line every recording thread writes: alone
 * on its cache line, so that the read-mostly state next to it is not
 * dragged along with it. */
RtCounter rt_counter;
RtBusy rt_busy[RT_BUSY_THREADS];

static uint64_t chunks_next;         /* the next chunk to hand out (atomic) */
static int trace_fd = -1;
static char *head_map;               /* the trace's header, MAP_SHARED */
static char *stage;                  /* the stage file's chunks, MAP_SHARED */
static char stage_path[4096 + 8];
static uint32_t stage_next;          /* staging chunks handed out (atomic) */
/* the trace chunk + 1 that each staging chunk holds, 0 if none */
static uint64_t stage_chunk[RT_STAGE_MAX];
/* staging chunks given back by exited threads, under free_lock */
static uint32_t stage_free[RT_STAGE_MAX];
static uint32_t n_free;
static int free_lock;
int rt_trace_closed;                  /* nothing more is written to the trace (atomic) */
static uint64_t max_chunks;          /* the size cap in chunks; 0: none */
static uint64_t max_bytes;           /* the size cap as given */
static uint64_t max_events;          /* the cap in events (checked as a chunk opens); 0: none */
static int write_failed;             /* a write to the trace failed: never COMPLETE */

static AugurTraceHeader *
header (void)
{
  return (AugurTraceHeader *) head_map;
}

void
rt_trace_live (int delta)
{
  if (head_map != NULL)
    __atomic_add_fetch (&header ()->live_threads, (uint32_t) delta, __ATOMIC_SEQ_CST);
}

void
rt_trace_blocked (int delta)
{
  if (head_map == NULL)
    return;
  AugurTraceHeader *h = header ();
  /* counted in before the thread is, so that the watchdog never sees
   * every thread inside with no entry since it last looked */
  if (delta > 0)
    __atomic_add_fetch (&h->block_entries, 1, __ATOMIC_SEQ_CST);
  __atomic_add_fetch (&h->blocked_threads, (uint32_t) delta, __ATOMIC_SEQ_CST);
}

static void
write_message (const char *a, const char *b)
{
  ssize_t r = rt_sys_write (2, a, strlen (a));
  if (b != NULL)
    r = rt_sys_write (2, b, strlen (b));
  r = rt_sys_write (2, "\n", 1);
  (void) r;
}

static off_t
chunk_offset (uint64_t c)
{
  return (off_t) (AUGUR_TRACE_HEADER_SIZE + c * (uint64_t) AUGUR_TRACE_CHUNK_BYTES);
}

static char *
stage_buf (uint32_t s)
{
  return stage + (size_t) s * AUGUR_TRACE_CHUNK_BYTES;
}

/* n bytes to the trace at off.  A full disk stops the recording: what
 * was written stays, the trace ends without COMPLETE. */
static bool
put_file (const void *p, size_t n, off_t off)
{
  int saved_errno = errno;
  const char *b = p;
  while (n > 0)
    {
      ssize_t w = rt_sys_pwrite (trace_fd, b, n, off);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        {
          __atomic_store_n (&write_failed, 1, __ATOMIC_RELAXED);
          if (!__atomic_exchange_n (&rt_trace_closed, 1, __ATOMIC_SEQ_CST))
            write_message ("augur runtime: the trace file cannot grow; recording stops", NULL);
          errno = saved_errno;
          return false;
        }
      b += w;
      n -= (size_t) w;
      off += w;
    }
  errno = saved_errno;
  return true;
}

bool
rt_trace_open (const char *path)
{
  trace_fd = rt_sys_open (path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (trace_fd < 0)
    {
      write_message ("augur runtime: cannot create the trace file (not recording): ", path);
      return false;
    }
  /* Out of the way of programs (shells, daemons) that dup2 onto the low
   * descriptor numbers they believe free: growing the trace must never
   * extend someone else's file. */
  int high = rt_sys_fcntl (trace_fd, F_DUPFD_CLOEXEC, 900);
  if (high >= 0)
    {
      rt_sys_close (trace_fd);
      trace_fd = high;
    }
  size_t n = strlen (path);
  if (n + sizeof ".stage" > sizeof stage_path)
    n = sizeof stage_path - sizeof ".stage";
  memcpy (stage_path, path, n);
  memcpy (stage_path + n, ".stage", sizeof ".stage");
  int sfd = rt_sys_open (stage_path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  size_t stage_bytes = (size_t) RT_STAGE_MAX * AUGUR_TRACE_CHUNK_BYTES;
  void *h = MAP_FAILED, *st = MAP_FAILED;
  if (sfd >= 0 && rt_sys_ftruncate (trace_fd, AUGUR_TRACE_HEADER_SIZE) == 0
      && rt_sys_ftruncate (sfd, (off_t) stage_bytes) == 0)
    {
      h = rt_sys_mmap (NULL, AUGUR_TRACE_HEADER_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, trace_fd, 0);
      st = rt_sys_mmap (NULL, stage_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, sfd, 0);
    }
  if (sfd >= 0)
    rt_sys_close (sfd);
  if (h == MAP_FAILED || st == MAP_FAILED)
    {
      write_message ("augur runtime: cannot map the trace file (not recording): ", path);
      if (h != MAP_FAILED)
        rt_sys_munmap (h, AUGUR_TRACE_HEADER_SIZE);
      if (st != MAP_FAILED)
        rt_sys_munmap (st, stage_bytes);
      rt_sys_unlink (stage_path);
      rt_sys_close (trace_fd);
      trace_fd = -1;
      return false;
    }
  head_map = h;
  stage = st;
  AugurTraceHeader *hd = header ();
  memcpy (hd->magic, AUGUR_TRACE_MAGIC, sizeof hd->magic);
  hd->version = AUGUR_TRACE_VERSION;
  hd->header_size = AUGUR_TRACE_HEADER_SIZE;
  hd->record_size = AUGUR_TRACE_RECORD_SIZE;
  hd->flags = 0;
  hd->n_records = 0;
  hd->pid = (uint32_t) rt_sys_getpid ();
  hd->runtime_version = AUGUR_RUNTIME_ABI;
  hd->live_threads = 1;   /* the main thread */
  hd->blocked_threads = 0;
  hd->block_entries = 0;
  /* the cap: at least a few chunks, for the modules and END */
  const char *cap = rt_libc_getenv (AUGUR_ENV_TRACE_MAX);
  if (cap != NULL)
    {
      max_bytes = rt_libc_strtoul (cap, NULL, 10);
      if (max_bytes > 0)
        {
          uint64_t body = max_bytes > AUGUR_TRACE_HEADER_SIZE ? max_bytes - AUGUR_TRACE_HEADER_SIZE : 0;
          max_chunks = body / AUGUR_TRACE_CHUNK_BYTES;
          if (max_chunks < 4)
            max_chunks = 4;
        }
      rt_libc_unsetenv (AUGUR_ENV_TRACE_MAX);   /* for this process only, as the trace */
    }
  const char *events = rt_libc_getenv (AUGUR_ENV_TRACE_MAX_EVENTS);
  if (events != NULL)
    {
      max_events = rt_libc_strtoul (events, NULL, 10);
      rt_libc_unsetenv (AUGUR_ENV_TRACE_MAX_EVENTS);
    }
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

static void
seal_stamped (AugurRecord *w, uint64_t seq)
{
  if (w->kind != AUGUR_EV_DATA)
    w->tid = (uint32_t) seq;
  w->check = 0;
  rt_record_seal (w);
}

/* The CHUNK record heading chunk c: thread tid's events from seq on. */
static void
chunk_header (AugurRecord *h, uint32_t tid, uint64_t seq, uint64_t c)
{
  memset (h, 0, sizeof *h);
  h->kind = AUGUR_EV_CHUNK;
  h->tid = tid;
  h->addr = seq;
  h->arg = c;
  rt_record_seal (h);
}

/* A chunk written straight to the trace, for the rare writers without a
 * staging chunk (END, a handler interrupting a handler): its CHUNK record
 * and n records, the first with seq `seq`.  Returns the first event slot
 * or UINT64_MAX. */
static uint64_t
write_alone (uint32_t tid, uint64_t seq, const void *records, uint32_t n)
{
  if (__atomic_load_n (&rt_trace_closed, __ATOMIC_ACQUIRE) || n >= AUGUR_TRACE_CHUNK_RECORDS)
    return UINT64_MAX;
  uint64_t c = __atomic_fetch_add (&chunks_next, 1, __ATOMIC_RELAXED);
  AugurRecord w;
  chunk_header (&w, tid, seq, c);
  off_t off = chunk_offset (c);
  if (!put_file (&w, sizeof w, off))
    return UINT64_MAX;
  for (uint32_t k = 0; k < n; k++)
    {
      __builtin_memcpy (&w, (const char *) records + (size_t) k * AUGUR_TRACE_RECORD_SIZE, sizeof w);
      seal_stamped (&w, seq + k);
      if (!put_file (&w, sizeof w, off + (off_t) (k + 1) * AUGUR_TRACE_RECORD_SIZE))
        return UINT64_MAX;
    }
  return c * AUGUR_TRACE_CHUNK_RECORDS + 1;
}

/* The chunk in cursor k's staging chunk goes to its place in the trace,
 * and the staging chunk is cleared.  The caller holds k's flag. */
static void
flush_cursor (RtCursor *k)
{
  if (k->stage1 == 0 || k->end == 0)
    return;
  uint32_t s = k->stage1 - 1;
  uint64_t first = k->end - AUGUR_TRACE_CHUNK_BYTES;
  /* the bytes stored, in whole 32-byte slots (the rest is zero) */
  size_t used = (size_t) ((k->cur - first + AUGUR_TRACE_RECORD_SIZE - 1)
                          & ~(uint64_t) (AUGUR_TRACE_RECORD_SIZE - 1));
  /* a clean end that starts now flushes it itself (it waits for our flag) */
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
  if (__atomic_load_n (&rt_trace_closed, __ATOMIC_SEQ_CST))
    return;
  /* the whole chunk, its zero tail too: a page of the trace written in
   * part would make the file system read or zero the rest of it first */
  if (!put_file (stage_buf (s), AUGUR_TRACE_CHUNK_BYTES, chunk_offset (first / AUGUR_TRACE_CHUNK_BYTES)))
    return;
  __atomic_store_n (&stage_chunk[s], 0, __ATOMIC_RELEASE);
  /* cleared only once the trace has it: a kill in between leaves a copy,
   * and the reader keeps the trace's */
  rt_zero_words (stage_buf (s), used / sizeof (uint64_t));
  k->end = 0;
  k->cur = 0;
  /* a lower bound of the events, for a trace that is never closed */
  header ()->n_records = __atomic_load_n (&rt_counter.next, __ATOMIC_RELAXED);
}

static uint32_t
take_stage (void)
{
  uint32_t s = UINT32_MAX;
  rt_spin_take (&free_lock);
  if (n_free > 0)
    s = stage_free[--n_free];
  rt_spin_give (&free_lock);
  if (s != UINT32_MAX)
    return s;
  s = __atomic_fetch_add (&stage_next, 1, __ATOMIC_RELAXED);
  return s < RT_STAGE_MAX ? s : UINT32_MAX;
}

static void
give_stage (uint32_t s)
{
  rt_spin_take (&free_lock);
  if (n_free < RT_STAGE_MAX)
    stage_free[n_free++] = s;
  rt_spin_give (&free_lock);
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

/* The trace is as large as the cap allows: the recording ends here, as a
 * clean end would (rt_end writes END and closes the trace; recording is
 * off from then on), with the header saying the trace was cut. */
static void
cut_at_cap (bool by_events)
{
  static int said;
  if (__atomic_exchange_n (&said, 1, __ATOMIC_ACQ_REL))
    return;
  uint32_t flags = AUGUR_TRACE_FLAG_CUT | (by_events ? AUGUR_TRACE_FLAG_CUT_EVENTS : 0u);
  __atomic_or_fetch (&header ()->flags, flags, __ATOMIC_SEQ_CST);
  if (by_events)
    write_message ("augur runtime: the trace reached its cap in events ("
                   AUGUR_ENV_TRACE_MAX_EVENTS "); recording stops here", NULL);
  else
    write_message ("augur runtime: the trace reached its size cap (" AUGUR_ENV_TRACE_MAX
                   "); recording stops here", NULL);
  rt_end (by_events ? AUGUR_END_CUT_EVENTS : AUGUR_END_CUT, by_events ? max_events : max_bytes);
}

/* Points cursor k at a fresh chunk owned by `tid` whose seqs start at
 * `base`, in its staging chunk, after writing out the one it held.  False
 * when nothing more can be recorded. */
static bool
reopen (RtCursor *k, uint32_t tid, uint64_t base)
{
  if (stage == NULL)
    return false;
  if (k->stage1 == 0)
    {
      uint32_t s = take_stage ();
      if (s == UINT32_MAX)
        {
          static int said;
          if (!__atomic_exchange_n (&said, 1, __ATOMIC_RELAXED))
            write_message ("augur runtime: more than 4,096 threads recording at once; "
                           "the later ones' events are dropped", NULL);
          return false;
        }
      k->stage1 = s + 1;
    }
  else
    flush_cursor (k);
  if (__atomic_load_n (&rt_trace_closed, __ATOMIC_ACQUIRE))
    return false;
  if (max_chunks != 0 && __atomic_load_n (&chunks_next, __ATOMIC_RELAXED) >= max_chunks)
    {
      cut_at_cap (false);
      return false;
    }
  if (max_events != 0 && __atomic_load_n (&rt_counter.next, __ATOMIC_RELAXED) >= max_events)
    {
      cut_at_cap (true);
      return false;
    }
  uint32_t s = k->stage1 - 1;
  uint64_t c = __atomic_fetch_add (&chunks_next, 1, __ATOMIC_RELAXED);
  uint64_t first = c * AUGUR_TRACE_CHUNK_BYTES;
  char *buf = stage_buf (s);
  AugurRecord h;
  chunk_header (&h, tid, base, c);
  __builtin_memcpy (buf, &h, sizeof h);
  __atomic_store_n (&stage_chunk[s], c + 1, __ATOMIC_RELEASE);
  k->base = base;
  k->tid = tid;
  k->end = first + AUGUR_TRACE_CHUNK_BYTES;
  k->cur = first + AUGUR_TRACE_RECORD_SIZE;
  k->shift = (uintptr_t) buf - (uintptr_t) first;
  /* what the first packed record of the chunk is the difference from */
  k->last_seq = base;
  k->last_key = 0;
  k->last_addr = 0;
  return true;
}

/* Stores n records at cursor k's slots from `slot` on, the first with seq
 * `seq` (DATA records carry none). */
static void
store_records (const RtCursor *k, uint64_t slot, uint64_t seq, const void *records, uint32_t n)
{
  for (uint32_t j = 0; j < n; j++)
    {
      AugurRecord w;
      __builtin_memcpy (&w, (const char *) records + (size_t) j * AUGUR_TRACE_RECORD_SIZE, sizeof w);
      seal_stamped (&w, seq + j);
      __builtin_memcpy ((char *) (k->shift + (uintptr_t) (slot + j) * AUGUR_TRACE_RECORD_SIZE), &w,
                        sizeof w);
    }
}

/* The next 32-byte boundary of the body at or after byte b. */
static uint64_t
aligned (uint64_t b)
{
  return (b + AUGUR_TRACE_RECORD_SIZE - 1) & ~(uint64_t) (AUGUR_TRACE_RECORD_SIZE - 1);
}

/* n records of thread `tid` at cursor k (the first with the given seq, or
 * a fresh one when seq is RT_NO_SEQ), opening k's next chunk if needed.
 * The caller holds the flag that guards k.  Returns the first slot or
 * UINT64_MAX. */
static uint64_t
put_records (RtCursor *k, uint32_t tid, const void *records, uint32_t n, uint64_t seq)
{
  if ((seq != RT_NO_SEQ || tid != k->tid || k->end < aligned (k->cur) + (uint64_t) n * AUGUR_TRACE_RECORD_SIZE)
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
  uint64_t slot = aligned (k->cur) / AUGUR_TRACE_RECORD_SIZE;
  k->cur = (slot + n) * AUGUR_TRACE_RECORD_SIZE;
  /* a MODULE block's DATA records take the seqs after their MODULE's */
  k->last_seq = seq + n - 1;
  store_records (k, slot, seq, records, n);
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
      return write_alone (tid, seq, records, n);
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
  if (write_alone (r->tid, seq, r, 1) == UINT64_MAX)
    return UINT64_MAX;
  return seq;
}

/* The cursor of the calling thread whose chunk holds byte b of the body,
 * or NULL. */
static RtCursor *
cursor_of (uint64_t b)
{
  RtCursor *ks[2] = { &rt_self.chunk, &rt_self.sig_chunk };
  for (int i = 0; i < 2; i++)
    if (ks[i]->end != 0 && b < ks[i]->end && b >= ks[i]->end - AUGUR_TRACE_CHUNK_BYTES)
      return ks[i];
  return NULL;
}

/* The packed record at p gets r's arg and aux, if they fit the bytes it
 * has for them, and its check byte again.  False if they do not fit. */
static bool
patch_packed (uint8_t *p, const AugurRecord *r)
{
  unsigned lens = p[3] | (unsigned) p[4] << 8;
  unsigned n[5] = { lens & 7, (lens >> 3) & 7, (lens >> 6) & 7, (lens >> 9) & 15, lens >> 13 };
  uint64_t v[3] = { 0, 0, 0 };
  uint8_t *q = p + AUGUR_PACKED_HEAD;
  for (int f = 0; f < 3; f++)
    {
      for (unsigned i = 0; i < n[f]; i++)
        v[f] |= (uint64_t) q[i] << (8 * i);
      q += n[f];
    }
  if ((n[3] < 8 && r->arg >> (8 * n[3]) != 0) || (n[4] < 4 && r->aux >> (8 * n[4]) != 0))
    return false;
  for (unsigned i = 0; i < n[3]; i++)
    q[i] = (uint8_t) (r->arg >> (8 * i));
  q += n[3];
  for (unsigned i = 0; i < n[4]; i++)
    q[i] = (uint8_t) (r->aux >> (8 * i));
  p[1] = augur_trace_packed_check (p[0], p[2], (uint16_t) lens, v[0], v[1], v[2], r->aux, r->arg);
  return true;
}

/* rt_trace_rewrite of a packed record, at byte b of the body. */
static void
rewrite_packed (uint64_t b, const AugurRecord *r)
{
  RtCursor *k = cursor_of (b);
  if (k != NULL)
    {
      patch_packed ((uint8_t *) (k->shift + (uintptr_t) b), r);
      return;
    }
  /* its chunk is in the trace already: the record's bytes, up to its chunk's end */
  uint8_t buf[AUGUR_PACKED_MAX];
  uint64_t room = AUGUR_TRACE_CHUNK_BYTES - b % AUGUR_TRACE_CHUNK_BYTES;
  size_t n = room < sizeof buf ? (size_t) room : sizeof buf;
  off_t off = (off_t) (AUGUR_TRACE_HEADER_SIZE + b);
  int saved_errno = errno;
  bool ok = rt_sys_pread (trace_fd, buf, n, off) == (ssize_t) n;
  errno = saved_errno;
  if (ok && patch_packed (buf, r))
    put_file (buf, n, off);
}

void
rt_trace_rewrite (uint64_t slot, const AugurRecord *r)
{
  if (slot & RT_PACKED_AT)
    {
      rewrite_packed (slot & ~RT_PACKED_AT, r);
      return;
    }
  AugurRecord w = *r;
  RtCursor *k = cursor_of (slot * AUGUR_TRACE_RECORD_SIZE);
  if (k != NULL)
    {
      char *at = (char *) (k->shift + (uintptr_t) slot * AUGUR_TRACE_RECORD_SIZE);
      __builtin_memcpy (&w.tid, at + offsetof (AugurRecord, tid), sizeof w.tid);
      w.check = 0;
      rt_record_seal (&w);
      __builtin_memcpy (at, &w, sizeof w);
      return;
    }
  /* its chunk is in the trace already */
  off_t off = (off_t) AUGUR_TRACE_HEADER_SIZE + (off_t) slot * AUGUR_TRACE_RECORD_SIZE;
  int saved_errno = errno;
  bool ok = rt_sys_pread (trace_fd, &w.tid, sizeof w.tid, off + (off_t) offsetof (AugurRecord, tid))
            == (ssize_t) sizeof w.tid;
  errno = saved_errno;
  if (!ok)
    return;
  w.check = 0;
  rt_record_seal (&w);
  put_file (&w, sizeof w, off);
}

void
rt_trace_thread_done (void)
{
  if (stage == NULL || __atomic_load_n (&rt_active, __ATOMIC_ACQUIRE) == 0)
    return;
  uint32_t *busy = rt_self.busy;
  if (busy == NULL || *busy != 0 || rt_self.sig_busy != 0)
    return;   /* inside an emit (a handler): leave it to the clean end */
  __atomic_store_n (busy, 1, __ATOMIC_SEQ_CST);
  rt_self.sig_busy = 1;
  RtCursor *ks[2] = { &rt_self.chunk, &rt_self.sig_chunk };
  for (int i = 0; i < 2; i++)
    if (ks[i]->stage1 != 0)
      {
        flush_cursor (ks[i]);
        if (ks[i]->end == 0)
          {
            give_stage (ks[i]->stage1 - 1);
            ks[i]->stage1 = 0;
          }
      }
  rt_self.sig_busy = 0;
  __atomic_store_n (busy, 0, __ATOMIC_RELEASE);
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
          rt_sys_sched_yield ();
        }
    }
}

void
rt_trace_close (uint64_t end_seq)
{
  if (head_map == NULL)
    return;
  int saved_errno = errno;
  __atomic_store_n (&rt_trace_closed, 1, __ATOMIC_SEQ_CST);
  wait_for_stragglers ();

  /* every chunk still in a staging chunk, to its place (the stage file's
   * pages are the same memory: stores after this are simply not kept) */
  uint32_t n = __atomic_load_n (&stage_next, __ATOMIC_ACQUIRE);
  if (n > RT_STAGE_MAX)
    n = RT_STAGE_MAX;
  for (uint32_t s = 0; s < n; s++)
    {
      uint64_t c1 = __atomic_load_n (&stage_chunk[s], __ATOMIC_ACQUIRE);
      if (c1 == 0)
        continue;
      const char *b = stage_buf (s);
      size_t used = AUGUR_TRACE_CHUNK_BYTES;
      while (used > 0 && b[used - 1] == 0)
        used--;
      used = (used + AUGUR_TRACE_RECORD_SIZE - 1) / AUGUR_TRACE_RECORD_SIZE * AUGUR_TRACE_RECORD_SIZE;
      for (off_t off = chunk_offset (c1 - 1); used > 0;)
        {
          ssize_t w = rt_sys_pwrite (trace_fd, b, used, off);
          if (w < 0 && errno == EINTR)
            continue;
          if (w <= 0)
            {
              write_failed = 1;
              break;
            }
          b += w;
          used -= (size_t) w;
          off += w;
        }
    }
  if (write_failed)
    {
      /* what was written stays; the trace ends without COMPLETE, and the
       * stage file keeps what could not be written */
      errno = saved_errno;
      return;
    }

  uint64_t chunks = __atomic_load_n (&chunks_next, __ATOMIC_ACQUIRE);
  size_t length = AUGUR_TRACE_HEADER_SIZE + (size_t) chunks * AUGUR_TRACE_CHUNK_BYTES;
  (void) rt_sys_ftruncate (trace_fd, (off_t) length);
  AugurTraceHeader *h = header ();
  h->n_records = end_seq + 1;
  __atomic_store_n (&h->flags, h->flags | AUGUR_TRACE_FLAG_COMPLETE, __ATOMIC_RELEASE);
  rt_sys_unlink (stage_path);
  errno = saved_errno;
}

void
rt_trace_forget (void)
{
  /* The child of a fork shares the files but must never write to them. */
  __atomic_store_n (&rt_active, 0, __ATOMIC_RELEASE);
  __atomic_store_n (&rt_trace_closed, 1, __ATOMIC_RELEASE);
  stage = NULL;
  if (trace_fd >= 0)
    rt_sys_close (trace_fd);
  trace_fd = -1;
}
