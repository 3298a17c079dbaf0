/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-packed.h — writing an event as a packed record (format 3,
 * common/augur-trace-format.h): the hot path of recording.
 *
 * Most events of a trace are plain accesses and lock operations, and what
 * recording costs is mostly the bytes it hands to the page cache: a packed
 * record takes 7-20 bytes where a 32-byte record takes 32 and the padding
 * to its boundary.  The record goes at the cursor of the thread's chunk,
 * its seq, pc and address as differences from the chunk's previous event;
 * every field is stored as a whole word and the cursor moves on by the
 * field's length, with no loop and no branch.
 *
 * A release-like record, written before the call and patched in place by
 * rt_sync_after if the call fails, is packed with a byte of room for the
 * result (rt_emit_patchable); rt_trace_rewrite finds it by its byte.
 */
#ifndef AUGUR_RT_PACKED_H
#define AUGUR_RT_PACKED_H

#include "runtime/rt-internal.h"

/* The record as a 32-byte one, where it cannot be packed: out of line,
 * so that the fields of the packed path stay in registers (a record built
 * in memory and read back as words stalls on store forwarding). */
static RT_NOINLINE __attribute__ ((cold, unused)) uint64_t
rt_packed_fallback (uint8_t kind, uint8_t flags, uint32_t tid, uint8_t module, uint32_t pc,
                    uint32_t aux, uint64_t addr, uint64_t arg, uint64_t seq)
{
  AugurRecord w = { .kind = kind, .flags = flags, .module = module, .tid = tid, .pc = pc,
                    .aux = aux, .addr = addr, .arg = arg };
  if (seq == RT_NO_SEQ)
    return rt_emit (&w);
  return rt_emit_slow (&w, seq);
}

/* Writes an event of the calling thread (tid) as a packed record in its
 * chunk, or, where it cannot (no chunk yet or not room for the longest
 * packed record, a signal handler interrupting an emit, a field too
 * large), as a 32-byte one.  arg and aux take at least min_arg and min_aux
 * bytes (room for a result patched in later).  Returns where the record
 * is, for rt_trace_rewrite: RT_PACKED_AT | its byte in the body, or the
 * file slot of a 32-byte one, or UINT64_MAX. */
RT_INLINE uint64_t
rt_emit_packed_at (uint8_t kind, uint8_t flags, uint32_t tid, uint8_t module, uint32_t pc,
                   uint32_t aux, uint64_t addr, uint64_t arg, unsigned min_arg, unsigned min_aux)
{
  RtCursor *k = &rt_self.chunk;
  uint32_t *busy = rt_self.busy;
  if (RT_UNLIKELY (busy == NULL || *busy != 0 || tid != k->tid
                   || k->end - k->cur < AUGUR_PACKED_MAX))
    return rt_packed_fallback (kind, flags, tid, module, pc, aux, addr, arg, RT_NO_SEQ);
  *busy = 1;
  __atomic_signal_fence (__ATOMIC_SEQ_CST);
  uint64_t seq = __atomic_fetch_add (&rt_counter.next, 1, __ATOMIC_RELAXED);
  if (RT_UNLIKELY (rt_emit_closed (busy)))
    return UINT64_MAX;   /* the trace is closed (rt-internal.h) */
  uint64_t key = (uint64_t) module << 32 | pc;
  uint64_t zseq = augur_trace_zigzag (seq - k->last_seq);
  uint64_t zkey = augur_trace_zigzag (key - k->last_key);
  uint64_t zaddr = augur_trace_zigzag (addr - k->last_addr);
  if (RT_UNLIKELY ((zseq | zaddr) >> 56 != 0))
    {
      /* a difference past 7 bytes (57-bit addresses): a record of its own */
      __atomic_signal_fence (__ATOMIC_SEQ_CST);
      *busy = 0;
      return rt_packed_fallback (kind, flags, tid, module, pc, aux, addr, arg, seq);
    }
  unsigned ns = augur_trace_packed_bytes (zseq), nk = augur_trace_packed_bytes (zkey);
  unsigned na = augur_trace_packed_bytes (zaddr), nv = augur_trace_packed_bytes (arg);
  unsigned nx = augur_trace_packed_bytes (aux);
  nv = nv > min_arg ? nv : min_arg;
  nx = nx > min_aux ? nx : min_aux;
  uint16_t lens = (uint16_t) (ns | nk << 3 | na << 6 | nv << 9 | nx << 13);
  uint8_t tag = (uint8_t) (AUGUR_PACKED_TAG | kind);
  uint8_t check = augur_trace_packed_check (tag, flags, lens, zseq, zkey, zaddr, aux, arg);
  uint64_t head = (uint64_t) tag | (uint64_t) check << 8 | (uint64_t) flags << 16
                  | (uint64_t) lens << 24;
  uint64_t aux64 = aux;
  /* every field as a whole word, the next one over its unused high bytes
   * (zero, as the chunk is there) */
  uint64_t at = k->cur;
  uint8_t *p = (uint8_t *) (k->shift + (uintptr_t) at);
  uint8_t *q = p + AUGUR_PACKED_HEAD;
  __builtin_memcpy (p, &head, sizeof head);
  __builtin_memcpy (q, &zseq, sizeof zseq);
  q += ns;
  __builtin_memcpy (q, &zkey, sizeof zkey);
  q += nk;
  __builtin_memcpy (q, &zaddr, sizeof zaddr);
  q += na;
  __builtin_memcpy (q, &arg, sizeof arg);
  q += nv;
  __builtin_memcpy (q, &aux64, sizeof aux64);
  q += nx;
  k->cur += (uint64_t) (q - p);
  k->last_seq = seq;
  k->last_key = key;
  k->last_addr = addr;
  __atomic_signal_fence (__ATOMIC_SEQ_CST);
  __atomic_store_n (busy, 0, __ATOMIC_RELEASE);
  return RT_PACKED_AT | at;
}

RT_INLINE void
rt_emit_packed_fields (uint8_t kind, uint8_t flags, uint32_t tid, uint8_t module, uint32_t pc,
                       uint32_t aux, uint64_t addr, uint64_t arg)
{
  (void) rt_emit_packed_at (kind, flags, tid, module, pc, aux, addr, arg, 0, 0);
}

/* The same for a record put together by the caller (tid = the calling
 * thread). */
RT_INLINE void
rt_emit_packed (const AugurRecord *r)
{
  rt_emit_packed_fields (r->kind, r->flags, r->tid, r->module, r->pc, r->aux, r->addr, r->arg);
}

/* A release-like record, written before the call with result 0: room for
 * one byte of result in the field `result` (RT_RESULT_*) names, which
 * rt_trace_rewrite patches if the call fails (pthread results are error
 * numbers, below 256).  Returns where it is, for rt_trace_rewrite. */
RT_INLINE uint64_t
rt_emit_patchable (const AugurRecord *r, unsigned result)
{
  return rt_emit_packed_at (r->kind, r->flags, r->tid, r->module, r->pc, r->aux, r->addr, r->arg,
                            result == RT_RESULT_ARG, result == RT_RESULT_AUX);
}

#endif /* AUGUR_RT_PACKED_H */
