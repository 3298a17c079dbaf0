/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * trace-chunk.c — reading one chunk of a trace while it is opened (see
 * trace.h, trace-private.h): the chunk is walked byte by byte, since
 * trace format 3 (augur-trace-format.h) mixes 32-byte records on their
 * boundaries with packed records of any length; each packed record is
 * decoded against the seq, key and address of the one before it and its
 * check byte compared; each 32-byte record passes the checks of its kind
 * (a CHUNK record first, a MODULE record with its DATA records after it).
 * What comes out is a (seq, slot) for every record that carries a seq;
 * trace.c sorts them and makes the events.
 */
#include "config.h"

#include "common/trace-private.h"

#include "common/augur-ops.h"

#include <string.h>

static gboolean
slot_is_zero (const guint8 *r)
{
  static const guint8 zero[AUGUR_TRACE_RECORD_SIZE];
  return memcmp (r, zero, sizeof zero) == 0;
}

static gboolean
kind_is_known (guint kind)
{
  return kind != AUGUR_EV_NONE && kind < AUGUR_EV_LAST_ && augur_ops_event (kind)->name != NULL;
}

/* Are the chunk's bytes from `from` up to `end` all zero?  Then a record
 * that does not decode just before them was cut short: the recording
 * ended (a crash: the runtime wrote the staging chunks out while another
 * thread was storing its record, a few instructions from done) in the
 * middle of the last record its thread wrote, and the chunk ends before
 * it.  An event lost that way is one in flight when the program died,
 * never one before it; anything else that does not decode is damage. */
static gboolean
zero_from (const AugurTrace *t, guint64 from, guint64 end)
{
  for (guint64 b = from; b < end; b++)
    if (t->records[b] != 0)
      return FALSE;
  return TRUE;
}

/* The length a packed record's head (at p, room bytes before the chunk
 * ends) gives it, or 0 if the head says what no writer writes (a field
 * longer than its value, a kind that is never packed). */
static guint64
packed_head_len (const guint8 *p, guint64 room)
{
  if (room < AUGUR_PACKED_HEAD)
    return 0;
  guint lens = p[3] | (guint) p[4] << 8;
  guint nv = (lens >> 9) & 15, nx = lens >> 13, kind = p[0] & ~AUGUR_PACKED_TAG;
  if (nv > 8 || nx > 4 || !kind_is_known (kind) || kind == AUGUR_EV_CHUNK
      || kind == AUGUR_EV_MODULE || kind == AUGUR_EV_DATA || kind == AUGUR_EV_END)
    return 0;
  return AUGUR_PACKED_HEAD + (lens & 7) + ((lens >> 3) & 7) + ((lens >> 6) & 7) + nv + nx;
}

/* A packed record at b that does not decode, cut short: its head (stored
 * first, in one word) says how long it is, and nothing follows it. */
static gboolean
packed_cut_short (const AugurTrace *t, guint64 b, guint64 end)
{
  if (end - b < AUGUR_PACKED_HEAD)
    return zero_from (t, b + 1, end);
  guint64 len = packed_head_len (t->records + b, end - b);
  return len != 0 && b + len <= end && zero_from (t, b + len, end);
}

/* The full seq of an event whose record holds its low 32 bits, in a chunk
 * with this base: the runtime never puts a seq below the base, or 2^32 or
 * more past it, in a chunk, so the distance from the base fits 32 bits
 * even where the low bits wrapped. */
static guint64
full_seq (guint64 base, guint32 low)
{
  return base + (guint32) (low - (guint32) base);
}

/* The checks every written (not all-zero) record passes, whatever its
 * place: kind, check byte. */
static gboolean
check_record (const AugurTrace *t, guint64 s, GError **error)
{
  const guint8 *raw = slot_bytes (t, s);
  const AugurRecord *r = (const AugurRecord *) raw;
  if (r->kind == AUGUR_EV_NONE)
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                 "corrupt record at byte offset %" G_GUINT64_FORMAT " (event kind 0)",
                 slot_offset (s));
  if (r->check != augur_trace_record_check (raw))
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                 "corrupt record at byte offset %" G_GUINT64_FORMAT
                 " (check byte mismatch); the file was damaged after recording",
                 slot_offset (s));
  if (!kind_is_known (r->kind))
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                 "corrupt record at byte offset %" G_GUINT64_FORMAT " (unknown event kind %u)",
                 slot_offset (s), r->kind);
  return TRUE;
}

/* Checks the MODULE block at slot s: its DATA records follow it in the
 * same chunk, which ends before slot chunk_end.  Returns the number of
 * DATA records through *n_data. */
static gboolean
check_module (const AugurTrace *t, guint64 s, guint64 chunk_end, guint64 *n_data,
              GError **error)
{
  const AugurRecord *m = (const AugurRecord *) slot_bytes (t, s);
  if (m->aux > 255 || m->arg > AUGUR_TRACE_PATH_MAX)
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                 "corrupt module record at byte offset %" G_GUINT64_FORMAT, slot_offset (s));
  guint64 len = m->arg;
  guint64 n = (len + AUGUR_DATA_PAYLOAD - 1) / AUGUR_DATA_PAYLOAD;
  if (s + n >= chunk_end)
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                 "corrupt module record at byte offset %" G_GUINT64_FORMAT
                 " (its path runs past the end of its chunk)", slot_offset (s));
  if (s + n >= t->n_slots)
    return fail (error, AUGUR_TRACE_ERROR_TRUNCATED, t->path,
                 "truncated inside the module record at byte offset %" G_GUINT64_FORMAT,
                 slot_offset (s));
  guint64 got = 0;
  for (guint64 k = 1; k <= n; k++)
    {
      const AugurDataRecord *d = (const AugurDataRecord *) slot_bytes (t, s + k);
      guint want = (guint) MIN ((guint64) AUGUR_DATA_PAYLOAD, len - got);
      if (d->kind != AUGUR_EV_DATA || d->len != want
          || d->check != augur_trace_record_check (d))
        return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                     "corrupt module path record at byte offset %" G_GUINT64_FORMAT,
                     slot_offset (s + k));
      got += want;
    }
  *n_data = n;
  return TRUE;
}

static inline void
seq_list_add (SeqList *l, guint64 seq, guint64 slot, guint64 packed)
{
  if (G_UNLIKELY (l->len == l->cap))
    {
      l->cap = MAX (l->cap * 2, (gsize) 4096);
      l->v = g_renew (SeqSlot, l->v, l->cap);
    }
  l->v[l->len++] = (SeqSlot) { seq, slot, packed };
}

/* n bytes at p, little-endian. */
static inline guint64
get_le (const guint8 *p, guint n)
{
  guint64 v = 0;
  for (guint i = 0; i < n; i++)
    v |= (guint64) p[i] << (8 * i);
  return v;
}

/* The packed record at byte b of the body (augur-trace-format.h), whose
 * chunk's bytes end at chunk_end, decoded into *r (tid = the owner) with
 * its full seq; the differences are from *seq, *key, *addr, which become
 * the record's.  Returns its length, 0 if it is corrupt. */
static guint64
decode_packed (const AugurTrace *t, guint64 b, guint64 chunk_end, guint32 owner, guint64 *seq,
               guint64 *key, guint64 *addr, AugurRecord *r)
{
  const guint8 *p = t->records + b;
  guint64 len = packed_head_len (p, chunk_end - b);
  if (len == 0 || len > chunk_end - b)
    return 0;
  guint8 tag = p[0], check = p[1], flags = p[2];
  guint16 lens = (guint16) (p[3] | p[4] << 8);
  guint ns = lens & 7, nk = (lens >> 3) & 7, na = (lens >> 6) & 7, nv = (lens >> 9) & 15,
        nx = lens >> 13;
  guint kind = tag & ~AUGUR_PACKED_TAG;
  const guint8 *q = p + AUGUR_PACKED_HEAD;
  guint64 d_seq = get_le (q, ns);
  q += ns;
  guint64 d_key = get_le (q, nk);
  q += nk;
  guint64 d_addr = get_le (q, na);
  q += na;
  guint64 arg = get_le (q, nv);
  q += nv;
  guint32 aux = (guint32) get_le (q, nx);
  guint64 s = *seq + augur_trace_unzigzag (d_seq);
  guint64 k = *key + augur_trace_unzigzag (d_key);
  guint64 a = *addr + augur_trace_unzigzag (d_addr);
  if (check != augur_trace_packed_check (tag, flags, lens, d_seq, d_key, d_addr, aux, arg)
      || k >> 40 != 0)
    return 0;
  *seq = s;
  *key = k;
  *addr = a;
  *r = (AugurRecord) { .kind = (guint8) kind, .flags = flags, .module = (guint8) (k >> 32),
                       .tid = owner, .pc = (guint32) k, .aux = aux, .addr = a, .arg = arg };
  return len;
}

/* Checks chunk c and adds a SeqSlot for every record in it that carries a
 * seq (events, MODULE and DATA records) to seqs. */
gboolean
augur_trace_chunk_scan_ (AugurTrace *t, guint64 c, SeqList *seqs, GError **error)
{
  guint64 first = c * AUGUR_TRACE_CHUNK_RECORDS;
  guint64 chunk_end = first + AUGUR_TRACE_CHUNK_RECORDS;
  guint64 end = MIN (chunk_end, t->n_slots); /* the last chunk may be cut short */
  if (slot_is_zero (slot_bytes (t, first)))
    {
      /* Never started (handed out, or mapped ahead, and not used): its
       * owner writes the CHUNK record before anything else, so the rest
       * must be blank too. */
      for (guint64 s = first + 1; s < end; s++)
        if (!slot_is_zero (slot_bytes (t, s)))
          return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                       "corrupt record at byte offset %" G_GUINT64_FORMAT
                       " (no CHUNK record, yet the chunk holds a record at byte offset %"
                       G_GUINT64_FORMAT ")",
                       slot_offset (first), slot_offset (s));
      return TRUE;
    }
  if (!check_record (t, first, error))
    return FALSE;
  const AugurRecord *head = (const AugurRecord *) slot_bytes (t, first);
  if (head->kind != AUGUR_EV_CHUNK)
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                 "corrupt record at byte offset %" G_GUINT64_FORMAT
                 " (chunk %" G_GUINT64_FORMAT " starts with a %s record, not its CHUNK record)",
                 slot_offset (first), c, augur_event_kind_name (head->kind));
  if (head->arg != c)
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                 "corrupt record at byte offset %" G_GUINT64_FORMAT
                 " (the CHUNK record of chunk %" G_GUINT64_FORMAT " names chunk %" G_GUINT64_FORMAT ")",
                 slot_offset (first), c, (guint64) head->arg);
  t->n_chunks_used = c + 1;
  if (t->n_chunks_started++ == 0 || head->tid > t->max_owner)
    {
      t->max_owner = head->tid;
      t->max_owner_chunk = c;
    }

  /* The chunk byte by byte: a zero byte where a record could start skips
   * to the next 32-byte boundary (the zeroes after a packed record, the
   * unused rest), a byte >= 0x80 is a packed record, any other starts a
   * 32-byte record on a boundary. */
  guint64 base = head->addr;
  guint64 seq = base, key = 0, addr = 0;
  guint64 b = (first + 1) * AUGUR_TRACE_RECORD_SIZE;
  guint64 b_end = end * AUGUR_TRACE_RECORD_SIZE;
  while (b < b_end)
    {
      guint8 tag = t->records[b];
      guint64 s = b / AUGUR_TRACE_RECORD_SIZE;
      if (tag >= AUGUR_PACKED_TAG)
        {
          AugurRecord r;
          guint64 len = decode_packed (t, b, b_end, head->tid, &seq, &key, &addr, &r);
          if (len == 0 && packed_cut_short (t, b, b_end))
            break;
          if (len == 0)
            return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                         "corrupt packed record at byte offset %" G_GUINT64_FORMAT
                         "; the file was damaged after recording",
                         (guint64) AUGUR_TRACE_HEADER_SIZE + b);
          g_array_append_val (t->packed, r);
          seq_list_add (seqs, seq, s, t->packed->len);
          if (r.kind == AUGUR_EV_THREAD_CREATE)
            t->n_creates++;
          b += len;
          continue;
        }
      if (b % AUGUR_TRACE_RECORD_SIZE != 0)
        {
          if (tag != 0)
            return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                         "corrupt record at byte offset %" G_GUINT64_FORMAT
                         " (a record that is not on a 32-byte boundary)",
                         (guint64) AUGUR_TRACE_HEADER_SIZE + b);
          b++;
          continue;
        }
      b += AUGUR_TRACE_RECORD_SIZE;
      const guint8 *raw = slot_bytes (t, s);
      if (slot_is_zero (raw))
        continue;   /* not written: the chunk's unused tail, or a write cut short */
      if (((const AugurRecord *) raw)->check != augur_trace_record_check (raw)
          && zero_from (t, b, b_end))
        break;      /* cut short: its check byte, stored with its kind, is
                     * not that of its bytes (zero_from) */
      if (!check_record (t, s, error))
        return FALSE;
      const AugurRecord *r = (const AugurRecord *) raw;
      if (r->kind == AUGUR_EV_CHUNK)
        return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                     "corrupt record at byte offset %" G_GUINT64_FORMAT
                     " (a CHUNK record inside chunk %" G_GUINT64_FORMAT ")",
                     slot_offset (s), c);
      if (r->kind == AUGUR_EV_DATA)
        return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                     "corrupt: a path record without its module record at byte offset %"
                     G_GUINT64_FORMAT, slot_offset (s));
      seq = full_seq (base, r->tid);
      seq_list_add (seqs, seq, s, 0);
      if (r->kind == AUGUR_EV_THREAD_CREATE)
        t->n_creates++;
      if (r->kind == AUGUR_EV_MODULE)
        {
          guint64 n_data = 0;
          if (!check_module (t, s, chunk_end, &n_data, error))
            return FALSE;
          /* DATA records carry no seq of their own: they take the ones
           * after their MODULE's */
          for (guint64 k = 1; k <= n_data; k++)
            seq_list_add (seqs, seq + k, s + k, 0);
          seq += n_data;
          b += n_data * AUGUR_TRACE_RECORD_SIZE;
        }
    }
  return TRUE;
}
