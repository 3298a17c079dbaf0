/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur-trace-format.h — the on-disk trace format, version 3.
 *
 * This header is shared by runtime/ (which writes traces from inside the
 * program under test, with libc only) and by the tools (which read them with
 * GLib). It therefore uses plain C99 types and no GLib.
 *
 * The model:
 *   - A trace file is a fixed 4096-byte header followed by chunks of
 *     AUGUR_TRACE_CHUNK_RECORDS fixed-size 32-byte records (16 KiB).  Chunk c
 *     starts at byte offset AUGUR_TRACE_HEADER_SIZE + AUGUR_TRACE_CHUNK_BYTES*c;
 *     the record in file slot i (chunk i / 512, position i % 512) lives at
 *     AUGUR_TRACE_HEADER_SIZE + 32*i.
 *   - Each chunk belongs to one thread, which fills it in order.  Record 0
 *     of a chunk is its CHUNK record: tid = the owner, addr = the chunk's
 *     base sequence number, arg = the chunk's own index c.  Records 1..511
 *     are events of that thread.
 *   - Every event has a sequence number (seq): one atomic increment of a
 *     global counter when it is recorded, so seq order IS the observed
 *     global order of events.  On disk, bytes 4..7 of an event record (the
 *     `tid` field) hold the low 32 bits of its seq; the thread is the
 *     chunk's.  The full seq is base + (uint32_t) (low - base): the runtime
 *     never puts an event with seq < base, or >= base + 2^32, in a chunk.
 *     Readers sort the events of all chunks by seq and put the tid back;
 *     what tools see is AugurRecord with `tid` the thread, in seq order.
 *   - Per-thread chunks keep threads from writing into each other's cache
 *     lines (the single shared array of version 1 made recording 10x
 *     slower than the program).  The runtime builds each chunk in a
 *     staging chunk of TRACE.stage, a shared file mapping, and writes it
 *     to the trace when full, so records already written survive any
 *     ending of the process (crash, abort, SIGKILL by the watchdog): the
 *     chunks a killed process left staged are moved into the trace by
 *     augur_trace_recover (common/trace.h).
 *   - A record that was never written reads as all zeroes (kind ==
 *     AUGUR_EV_NONE): the unused rest of a chunk, a chunk allocated but not
 *     yet started, or the record of a thread killed mid-write.  Readers skip
 *     them.  A record stored in part (a crash while its thread was storing
 *     it: a packed record's head says how long it is) with only zeroes
 *     after it in its chunk was cut short the same way: readers drop it.
 *     A seq below the last one that no record carries is an event
 *     reserved but never written (a process that died abruptly); readers
 *     count those, never show them.
 *   - Packed records (version 3): a thread's event may instead be stored
 *     in a few bytes, anywhere in its chunk after the CHUNK record: a tag
 *     byte 0x80 | kind, then the fields in as few bytes as they need, seq,
 *     pc and address as differences from the chunk's previous event
 *     (layout at AUGUR_PACKED_TAG below).  Plain
 *     accesses, most of a trace, take 7-18 bytes instead of 32: writing the
 *     trace's bytes to the page cache is most of what recording costs.  A
 *     32-byte record (its first byte a kind, below 0x80) always starts at a
 *     32-byte boundary of the file, the bytes before it after a packed
 *     record are zero; so a reader walks a chunk byte by byte: a zero byte
 *     skips to the next boundary, a byte >= 0x80 is a packed record, any
 *     other a 32-byte record.  The file slot of a packed event is the
 *     32-byte slot its tag byte is in.
 *   - MODULE is followed, in the same chunk, by DATA records with its path;
 *     DATA records carry no seq (their bytes 4..31 are payload) and take
 *     the seqs after their MODULE's.
 *   - Every record carries a check byte (see augur_trace_record_check) so that
 *     a corrupt record is detected at its offset.
 *   - Threads are named by small ids in creation order (main is 0); PCs are
 *     stored as (module index, offset in module); addresses are stored raw and
 *     turned into stable identities by the reader (heap objects by allocation
 *     order within their thread, globals by symbol, stack slots by thread).
 *   - When the trace is complete, n_records in the header is the number of
 *     seqs handed out up to and including END; records with a larger seq
 *     (a detached thread still running during exit) are not events.
 *
 * Compatibility: a reader accepts exactly the versions it knows.  Any change
 * to the layout below bumps AUGUR_TRACE_VERSION.
 */
#ifndef AUGUR_TRACE_FORMAT_H
#define AUGUR_TRACE_FORMAT_H

#include <stdint.h>

#define AUGUR_TRACE_MAGIC        "AUGURTR\n"   /* 8 bytes, no NUL stored */
#define AUGUR_TRACE_VERSION      3u
#define AUGUR_TRACE_HEADER_SIZE  4096u
#define AUGUR_TRACE_RECORD_SIZE  32u
#define AUGUR_TRACE_CHUNK_RECORDS 512u         /* records per chunk, the CHUNK record included */
#define AUGUR_TRACE_CHUNK_BYTES  (AUGUR_TRACE_CHUNK_RECORDS * AUGUR_TRACE_RECORD_SIZE)
#define AUGUR_TRACE_PATH_MAX     3072u
#define AUGUR_TRACE_BUILD_ID_MAX 64u          /* bytes of the GNU build id */
#define AUGUR_TRACE_MAX_CALLERS  6u           /* caller frames after an acquisition */

/* Header flags. */
#define AUGUR_TRACE_FLAG_COMPLETE  (1u << 0)  /* the trace was closed; n_records is exact */
#define AUGUR_TRACE_FLAG_CONTROLLED (1u << 1) /* recorded under the explorer's scheduler */
#define AUGUR_TRACE_FLAG_CUT       (1u << 2)  /* recording stopped at the size cap
                                               * (AUGUR_ENV_TRACE_MAX): END is AUGUR_END_CUT,
                                               * and the program went on unrecorded */
#define AUGUR_TRACE_FLAG_CUT_EVENTS (1u << 3) /* with CUT: the cap was the one in events
                                               * (AUGUR_ENV_TRACE_MAX_EVENTS), END is
                                               * AUGUR_END_CUT_EVENTS */

typedef struct {
  char     magic[8];                 /* AUGUR_TRACE_MAGIC */
  uint32_t version;                  /* AUGUR_TRACE_VERSION */
  uint32_t header_size;              /* AUGUR_TRACE_HEADER_SIZE */
  uint32_t record_size;              /* AUGUR_TRACE_RECORD_SIZE */
  uint32_t flags;                    /* AUGUR_TRACE_FLAG_* */
  uint64_t n_records;                /* seqs up to END when COMPLETE, else a lower bound */
  uint32_t pid;                      /* of the recorded process (not stable, informative) */
  uint32_t build_id_len;             /* 0 when the executable has no build id */
  uint8_t  build_id[AUGUR_TRACE_BUILD_ID_MAX];
  uint32_t runtime_version;          /* AUGUR_RUNTIME_ABI, checked by the tools */
  uint32_t reserved0;
  /* kept by the runtime while it records, read by the tool's watchdog
   * (common/record-run.c): the threads that have been created and not
   * ended, those of them inside a pthread call that only another thread
   * can end (an untimed lock, condition wait, join or barrier wait), and
   * how many times a thread has gone into one.  Every thread inside one,
   * and none gone in since a second: nothing can end them. */
  uint32_t live_threads;
  uint32_t blocked_threads;
  uint64_t block_entries;
  uint64_t reserved1[4];
  char     program[AUGUR_TRACE_PATH_MAX]; /* absolute path of the executable, NUL-terminated */
  uint8_t  padding[AUGUR_TRACE_HEADER_SIZE - 8 - 4 * 4 - 8 - 4 - 4
                   - AUGUR_TRACE_BUILD_ID_MAX - 4 - 4 - 4 - 4 - 8 - 4 * 8
                   - AUGUR_TRACE_PATH_MAX];
} AugurTraceHeader;
_Static_assert (sizeof (AugurTraceHeader) == AUGUR_TRACE_HEADER_SIZE, "the header is 4096 bytes");

/* Event kinds.  Values are part of the format: append only. */
typedef enum {
  AUGUR_EV_NONE = 0,           /* never written: a torn slot */

  /* memory accesses: addr = address, flags = size class, arg = value read
   * (reads of <= 8 bytes) or 0 */
  AUGUR_EV_READ = 1,
  AUGUR_EV_WRITE = 2,
  /* ranges (mem and str intercepts, unaligned/large accesses): addr, arg = length */
  AUGUR_EV_READ_RANGE = 3,
  AUGUR_EV_WRITE_RANGE = 4,
  /* atomics: addr, flags = size class | memory order << 4, arg = value loaded
   * (load, rmw, cas) or stored (store); aux = AUGUR_ATOMIC_OP_* */
  AUGUR_EV_ATOMIC_LOAD = 5,
  AUGUR_EV_ATOMIC_STORE = 6,
  AUGUR_EV_ATOMIC_RMW = 7,     /* exchange, fetch_add ... ; aux = op */
  AUGUR_EV_ATOMIC_CAS = 8,     /* aux = 1 if it succeeded */
  AUGUR_EV_FENCE = 9,          /* flags = memory order << 4 */
  /* time: steps of the explorer's (runtime/rt-time.c), recorded too so
   * that a recorded run's events line up with the explorer's steps */
  AUGUR_EV_TIME = 10,          /* a time function read the clock; arg = its value (ns) */
  AUGUR_EV_SLEEP = 11,         /* sleep, usleep, nanosleep, sched_yield ...; arg = ns asked */

  /* threads: addr = other thread id where there is one */
  AUGUR_EV_THREAD_CREATE = 16, /* addr = child tid, arg = start routine module offset */
  AUGUR_EV_THREAD_START = 17,  /* addr = parent tid, arg = stack top address */
  AUGUR_EV_THREAD_EXIT = 18,   /* arg = 1 if by pthread_exit/thrd_exit */
  AUGUR_EV_THREAD_JOIN = 19,   /* addr = joined tid, arg = result code */
  AUGUR_EV_THREAD_DETACH = 20, /* addr = detached tid, arg = result code */
  AUGUR_EV_THREAD_TLS = 21,    /* right after THREAD_START: addr = the thread pointer, so
                                * readers can name thread-local variables (errno) stably;
                                * arg = how far below it static TLS may reach before the
                                * thread's stack starts, 0 if unknown */
  AUGUR_EV_THREAD_KILL = 22,   /* pthread_kill, raise or kill to the program itself, of a
                                * signal that has a handler or that its target blocks (the
                                * explorer's steps only): arg = target tid | signal << 32
                                * (tid 0xffff: pending for the process) */
  AUGUR_EV_SIGNAL_DELIVER = 23,/* the target runs the handlers of the signals sent to it
                                * (the explorer's steps only): arg = the signals' bits */

  /* mutexes: addr = mutex address */
  AUGUR_EV_MUTEX_INIT = 24,    /* arg = AUGUR_MUTEX_* type */
  AUGUR_EV_MUTEX_LOCK = 25,    /* after acquiring; arg = result code */
  AUGUR_EV_MUTEX_TRYLOCK = 26, /* arg = result code (0 = acquired) */
  AUGUR_EV_MUTEX_TIMEDLOCK = 27, /* arg = result code */
  AUGUR_EV_MUTEX_UNLOCK = 28,  /* before releasing; arg = result code */
  AUGUR_EV_MUTEX_DESTROY = 29, /* arg = result code */
  AUGUR_EV_MUTEX_LOCK_REQ = 30,/* before blocking on a lock; lets a hang show who waited */

  /* rwlocks: addr = rwlock address; arg = result code */
  AUGUR_EV_RWLOCK_INIT = 32,
  AUGUR_EV_RWLOCK_RDLOCK = 33, /* aux = AUGUR_TRY_* */
  AUGUR_EV_RWLOCK_WRLOCK = 34, /* aux = AUGUR_TRY_* */
  AUGUR_EV_RWLOCK_UNLOCK = 35,
  AUGUR_EV_RWLOCK_DESTROY = 36,

  /* condition variables: addr = cond address, arg = mutex address */
  AUGUR_EV_COND_INIT = 40,
  AUGUR_EV_COND_WAIT = 41,     /* pre-wait: releases the mutex and blocks; aux = 1 if timed */
  AUGUR_EV_COND_WAKE = 42,     /* post-wait: mutex re-acquired; aux = result code */
  AUGUR_EV_COND_SIGNAL = 43,
  AUGUR_EV_COND_BROADCAST = 44,
  AUGUR_EV_COND_DESTROY = 45,

  /* barriers: addr = barrier address */
  AUGUR_EV_BARRIER_INIT = 48,  /* arg = count */
  AUGUR_EV_BARRIER_ENTER = 49, /* before waiting */
  AUGUR_EV_BARRIER_LEAVE = 50, /* after waiting; arg = 1 if PTHREAD_BARRIER_SERIAL_THREAD */
  AUGUR_EV_BARRIER_DESTROY = 51,

  /* semaphores: addr = sem address; arg = result code (init: value) */
  AUGUR_EV_SEM_INIT = 56,
  AUGUR_EV_SEM_WAIT = 57,      /* after decrementing; aux = AUGUR_TRY_* */
  AUGUR_EV_SEM_POST = 58,
  AUGUR_EV_SEM_DESTROY = 59,

  /* spinlocks: addr = lock address; arg = result code */
  AUGUR_EV_SPIN_INIT = 64,
  AUGUR_EV_SPIN_LOCK = 65,     /* aux = AUGUR_TRY_* */
  AUGUR_EV_SPIN_UNLOCK = 66,
  AUGUR_EV_SPIN_DESTROY = 67,

  /* once: addr = once control; arg = 1 if this call ran the routine */
  AUGUR_EV_ONCE = 72,

  /* heap: addr = object address, arg = size; aux = allocation number
   * within the thread (the stable identity is (tid, aux)) */
  AUGUR_EV_ALLOC = 80,
  AUGUR_EV_FREE = 81,          /* addr = object address */

  /* process */
  AUGUR_EV_MODULE = 96,        /* a loaded module: aux = module index, addr = load bias,
                                * arg = path length; followed by DATA records with the path */
  AUGUR_EV_DATA = 97,          /* payload continuation of the previous record */
  AUGUR_EV_END = 98,           /* the run ended: aux = AUGUR_END_*, arg = status/signal */
  AUGUR_EV_CHUNK = 99,         /* record 0 of a chunk: tid = owner, addr = base seq,
                                * arg = the chunk's index; not an event */
  AUGUR_EV_CALLERS = 100,      /* right after a lock acquisition of its thread (MUTEX_LOCK,
                                * _TRYLOCK, _TIMEDLOCK that acquired, RWLOCK_RDLOCK/_WRLOCK
                                * that acquired, SPIN_LOCK, COND_WAKE): the call sites in the
                                * functions that called the one taking the lock, innermost
                                * first (the shadow stack of __tsan_func_entry): aux = how
                                * many in this record (1..3), as module << 32 | offset in
                                * addr, arg, then module/pc; a second CALLERS record goes on
                                * (AUGUR_TRACE_MAX_CALLERS in all).  Not an event: readers
                                * attach it to the thread's previous event */
  AUGUR_EV_FRAME = 101,        /* after a THREAD_CREATE or another synchronisation call
                                * (not again for the same frames at the same places, at
                                * most 256 walks a thread): one frame of the calling
                                * thread's stack, innermost first, found by following the frame
                                * pointers of the program's functions (augur-cc compiles
                                * with -fno-omit-frame-pointer): module/pc = the call site
                                * in the frame's function, addr = the frame's canonical
                                * frame address (its frame pointer + 16), arg = the frame
                                * pointer of the function it called (for depth 0, the
                                * runtime's: everything below was not the program's),
                                * aux = its depth (0 = the caller of the intercept).  Not an
                                * event: readers use it to give the function's locals
                                * their names */
  AUGUR_EV_THREAD_ARGS = 102,  /* main is called: addr = the top of the real stack, where
                                * the kernel put argv, envp and auxv.  In the explorer's
                                * log after main's THREAD_START when main runs on a fiber
                                * (on the real stack THREAD_START's stack top is that
                                * address); in a recorded trace, main's thread's events
                                * before it are the constructors'.  Not an operation
                                * (op `main`, no step) */
  AUGUR_EV_SIGNAL_WAIT = 103,  /* sigwait and its kin, sigsuspend, pause (the explorer's
                                * steps only): arg = the bits of the signals waited for */
  AUGUR_EV_CHANNEL = 104,      /* the program made a pipe, socket pair or eventfd
                                * (runtime/rt-fdio.c): addr = the runtime's word whose
                                * atomic adds and loads stand for its reads and writes,
                                * aux = its number in the process (1, 2, ...), arg = its
                                * kind (AUGUR_CHANNEL_*).  Names the word ("pipe #1"); not
                                * an operation */

  AUGUR_EV_LAST_
} AugurEventKind;

/* The kinds of a CHANNEL event (arg). */
enum {
  AUGUR_CHANNEL_PIPE = 0,
  AUGUR_CHANNEL_SOCKETPAIR = 1,
  AUGUR_CHANNEL_EVENTFD = 2,
  AUGUR_CHANNEL_FDTABLE = 3,   /* no channel: the process's descriptor numbers, whose
                                * word every call that makes or frees one adds to under
                                * the scheduler (runtime/rt-fdtable.c) */
};

/* aux of a channel's add in a recorded run (runtime/rt-fdio.c, not under the
 * scheduler): the op (AUGUR_ATOMIC_OP_ADD) in the low byte, and what the call
 * moved, for the predictor's order of a pipe's bytes (predictor/model.c): a
 * write of so many bytes (PUT) or a read that returned so many (TAKE); closes,
 * reads at the end of file and the explorer's adds have neither. */
#define AUGUR_RMW_OP_MASK         0xffu
#define AUGUR_CHANNEL_PUT         0x100u
#define AUGUR_CHANNEL_TAKE        0x200u
#define AUGUR_CHANNEL_BYTES_SHIFT 12
#define AUGUR_CHANNEL_BYTES_MAX   0xfffffu  /* or more */

/* flags bits of a record */
#define AUGUR_FLAG_SIZE_MASK   0x0fu  /* accesses: size in bytes (1,2,4,8); 16, which the
                                       * field cannot hold, is 0 (atomics only) */
#define AUGUR_FLAG_ORDER_SHIFT 4      /* atomics: memory order (0 relaxed .. 5 seq_cst) */
#define AUGUR_FLAG_ORDER_MASK  0x70u
#define AUGUR_FLAG_C11         0x80u  /* sync events: called through the C11 <threads.h> API */

/* aux for lock-like acquires */
enum { AUGUR_TRY_BLOCKING = 0, AUGUR_TRY_TRY = 1, AUGUR_TRY_TIMED = 2 };

/* mutex types as recorded (independent of glibc's values) */
enum {
  AUGUR_MUTEX_NORMAL = 0,
  AUGUR_MUTEX_RECURSIVE = 1,
  AUGUR_MUTEX_ERRORCHECK = 2,
  AUGUR_MUTEX_DEFAULT = 3,
  AUGUR_MUTEX_STATIC = 4        /* statically initialised, first seen in use */
};

/* atomic rmw operations */
enum {
  AUGUR_ATOMIC_OP_XCHG = 0,
  AUGUR_ATOMIC_OP_ADD = 1,
  AUGUR_ATOMIC_OP_SUB = 2,
  AUGUR_ATOMIC_OP_AND = 3,
  AUGUR_ATOMIC_OP_OR = 4,
  AUGUR_ATOMIC_OP_XOR = 5,
  AUGUR_ATOMIC_OP_NAND = 6
};

/* how a run ended */
enum {
  AUGUR_END_EXIT = 0,     /* arg = exit status (return from main or exit()) */
  AUGUR_END_SIGNAL = 1,   /* arg = signal number (crash or kill) */
  AUGUR_END_ABORT = 2,    /* abort() or a failed assert(); arg = SIGABRT */
  AUGUR_END_TIMEOUT = 3,  /* killed by the watchdog; written by the tool */
  AUGUR_END_LOST = 4,     /* the process vanished without a status (written by the tool) */
  AUGUR_END_CUT = 5,      /* the trace reached its size cap (arg = the cap in bytes):
                           * recording stopped there, the run was not over */
  AUGUR_END_CUT_EVENTS = 6,  /* the same at the cap in events (arg = the cap) */
  AUGUR_END_BLOCKED = 7   /* killed by the tool: every thread waited in a pthread call
                           * that only another one could end (arg = milliseconds it
                           * watched them all wait) */
};

/* One event: 32 bytes, naturally aligned, little-endian as the host. */
typedef struct {
  uint8_t  kind;    /* AugurEventKind */
  uint8_t  flags;   /* AUGUR_FLAG_* */
  uint8_t  check;   /* augur_trace_record_check() of the other 31 bytes */
  uint8_t  module;  /* index of the module holding pc (0 = the executable) */
  uint32_t tid;     /* stable thread id (creation order); on disk, in an event
                     * record: the low 32 bits of its seq (see above) */
  uint32_t pc;      /* offset of the call site in its module; 0 if unknown */
  uint32_t aux;     /* kind-specific, see above */
  uint64_t addr;    /* kind-specific, see above */
  uint64_t arg;     /* kind-specific, see above */
} AugurRecord;

/* Size of the payload carried by one DATA record. */
#define AUGUR_DATA_PAYLOAD 28u

typedef struct {
  uint8_t kind;     /* AUGUR_EV_DATA */
  uint8_t len;      /* bytes used in payload */
  uint8_t check;
  uint8_t pad;
  uint8_t payload[AUGUR_DATA_PAYLOAD];
} AugurDataRecord;

_Static_assert (sizeof (AugurTraceHeader) == AUGUR_TRACE_HEADER_SIZE, "header size");
_Static_assert (sizeof (AugurRecord) == AUGUR_TRACE_RECORD_SIZE, "record size");
_Static_assert (sizeof (AugurDataRecord) == AUGUR_TRACE_RECORD_SIZE, "data record size");

/* The check byte: the other 31 bytes folded to one, each 8-byte word
 * rotated by a different amount first.  Every step is a bit permutation or
 * an XOR, so any single flipped bit in a record changes the check byte; it
 * costs a few instructions on the runtime's hot path.  (A zero-filled slot
 * is recognised by its zero kind, not by this byte.) */
static inline uint64_t
augur_trace_rotl_ (uint64_t x, unsigned r)
{
  return (x << r) | (x >> (64u - r));
}

static inline uint8_t
augur_trace_record_check (const void *record)
{
  uint64_t w[4];
  __builtin_memcpy (w, record, sizeof w);
  uint64_t h = (w[0] & ~(uint64_t) 0xff0000u) ^ augur_trace_rotl_ (w[1], 1)
               ^ augur_trace_rotl_ (w[2], 2) ^ augur_trace_rotl_ (w[3], 3) ^ 0x9du;
  h ^= h >> 32;
  h ^= h >> 16;
  h ^= h >> 8;
  return (uint8_t) (h & 0xffu);
}

/* Packed records.  Byte 0: AUGUR_PACKED_TAG | kind; byte 1: the check
 * byte (augur_trace_packed_check); byte 2: flags; bytes 3-4: a
 * little-endian word of field lengths in bytes: bits 0-2 seq, 3-5 key, 6-8
 * addr (0-7 each), 9-12 arg (0-8), 13-15 aux (0-4).  Then the fields in
 * that order, little-endian, each in as many bytes as the word says (0 for
 * zero): seq, key (module << 32 | pc) and addr as zigzagged differences
 * from the previous event of the chunk (packed or not; at the chunk's
 * start: seq = its base seq, key = addr = 0), arg and aux as they are.
 * Lengths rather than varints: the runtime stores each field as a whole
 * word and moves on by its length, with no loop and no branch.  CHUNK,
 * MODULE, DATA and END records are never packed. */
#define AUGUR_PACKED_TAG 0x80u
#define AUGUR_PACKED_HEAD 5u     /* bytes before the fields */
#define AUGUR_PACKED_MAX 48u     /* bytes a packed record takes at most, with room
                                  * for the runtime's whole-word stores */

static inline uint64_t
augur_trace_zigzag (uint64_t delta)
{
  return (delta << 1) ^ (uint64_t) ((int64_t) delta >> 63);
}

static inline uint64_t
augur_trace_unzigzag (uint64_t z)
{
  return (z >> 1) ^ (0 - (z & 1));
}

/* How many bytes a packed field needs: up to its highest nonzero one. */
static inline unsigned
augur_trace_packed_bytes (uint64_t v)
{
  return v != 0 ? (unsigned) (71 - __builtin_clzll (v)) >> 3 : 0;
}

/* The check byte of a packed record, from its tag, flags and lengths and
 * its fields as stored: the three zigzagged differences, aux and arg.  Any
 * single flipped bit of a field changes it.  (Not from the decoded values:
 * flipping a zigzagged difference's low bit complements the difference,
 * which an XOR fold cannot see.) */
static inline uint8_t
augur_trace_packed_check (uint8_t tag, uint8_t flags, uint16_t lens, uint64_t zseq, uint64_t zkey,
                          uint64_t zaddr, uint32_t aux, uint64_t arg)
{
  uint64_t h = ((uint64_t) tag | (uint64_t) flags << 8 | (uint64_t) lens << 16
                | (uint64_t) aux << 32)
               ^ augur_trace_rotl_ (zseq, 5) ^ augur_trace_rotl_ (zkey, 1)
               ^ augur_trace_rotl_ (zaddr, 2) ^ augur_trace_rotl_ (arg, 3) ^ 0x9du;
  h ^= h >> 32;
  h ^= h >> 16;
  h ^= h >> 8;
  return (uint8_t) (h & 0xffu);
}

/* Runtime ABI: bumped when the runtime/tool protocol (environment variables,
 * header fields) changes; the tools refuse a runtime they do not know. */
#define AUGUR_RUNTIME_ABI 1u

/* Environment variables set by the tools for the runtime. */
#define AUGUR_ENV_TRACE "AUGUR_TRACE"   /* path of the trace to write */
#define AUGUR_ENV_TRACE_MAX "AUGUR_TRACE_MAX"   /* size cap of the trace in bytes (decimal);
                                                 * unset or 0: none */
#define AUGUR_ENV_TRACE_MAX_EVENTS "AUGUR_TRACE_MAX_EVENTS"   /* cap of the trace in events
                                                               * (decimal); unset or 0: none */

#endif /* AUGUR_TRACE_FORMAT_H */
