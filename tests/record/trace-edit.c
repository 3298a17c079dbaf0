/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * trace-edit.c — damages a recorded trace the way a hostile or broken
 * file would, for tests/record/test-hostile-input.sh:
 *
 *   trace-edit IN OUT owner CHUNK TID   chunk CHUNK's owner becomes TID
 *   trace-edit IN OUT nrecords N        the header's n_records becomes N
 *   trace-edit IN OUT dupseq            the last 32-byte event of chunk 0
 *                                       takes the seq of the one before it
 *   trace-edit IN OUT cut N             only the header and N chunks stay
 *   trace-edit IN OUT stage N           OUT: a 16 KiB stage file whose one
 *                                       chunk claims to be chunk N (IN unused)
 *   trace-edit IN OUT cutlast C N       the last event record of chunk C keeps
 *                                       its first N bytes, the rest of the
 *                                       chunk is zeroed (a crash during its
 *                                       store)
 *   trace-edit IN OUT badcheck C        the first packed record of chunk C
 *                                       (not its last event) gets a wrong
 *                                       check byte (damage)
 *
 * Records it changes get their check byte sealed again, so that the
 * reader meets the damage itself, not a check byte mismatch.
 */
#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "common/augur-trace-format.h"

static AugurRecord *
record_at (char *bytes, gsize len, guint64 chunk, guint64 position)
{
  gsize at = AUGUR_TRACE_HEADER_SIZE
             + (gsize) (chunk * AUGUR_TRACE_CHUNK_RECORDS + position) * AUGUR_TRACE_RECORD_SIZE;
  if (at + AUGUR_TRACE_RECORD_SIZE > len)
    g_error ("no record at chunk %" G_GUINT64_FORMAT " position %" G_GUINT64_FORMAT, chunk,
             position);
  return (AugurRecord *) (void *) (bytes + at);
}

static guint64
get_le (const guint8 *p, guint n)
{
  guint64 v = 0;
  for (guint i = 0; i < n; i++)
    v |= (guint64) p[i] << (8 * i);
  return v;
}

/* The fields of the packed record at p (augur-trace-format.h) as stored:
 * zigzagged differences, arg and aux; returns its length. */
static gsize
packed_fields (const guint8 *p, guint64 *zseq, guint64 *zkey, guint64 *zaddr, guint64 *arg,
               guint32 *aux)
{
  guint lens = p[3] | (guint) p[4] << 8;
  guint n[5] = { lens & 7, (lens >> 3) & 7, (lens >> 6) & 7, (lens >> 9) & 15, lens >> 13 };
  guint64 v[5];
  const guint8 *q = p + AUGUR_PACKED_HEAD;
  for (int f = 0; f < 5; f++)
    {
      v[f] = get_le (q, n[f]);
      q += n[f];
    }
  *zseq = v[0];
  *zkey = v[1];
  *zaddr = v[2];
  *arg = v[3];
  *aux = (guint32) v[4];
  return (gsize) (q - p);
}

/* The byte offsets in chunk of its first and last event records (packed
 * or 32-byte, not MODULE or DATA) and of its first packed record (0 if
 * none); FALSE if no event. */
static gboolean
chunk_events (const guint8 *chunk, gsize *first, gsize *last, gsize *first_packed)
{
  gboolean any = FALSE;
  *first_packed = 0;
  for (gsize b = AUGUR_TRACE_RECORD_SIZE; b < AUGUR_TRACE_CHUNK_BYTES;)
    {
      gsize at = b;
      if (chunk[b] >= AUGUR_PACKED_TAG)
        {
          guint64 zseq, zkey, zaddr, arg;
          guint32 aux;
          b += packed_fields (chunk + b, &zseq, &zkey, &zaddr, &arg, &aux);
          if (*first_packed == 0)
            *first_packed = at;
        }
      else if (b % AUGUR_TRACE_RECORD_SIZE != 0 || chunk[b] == AUGUR_EV_NONE)
        {
          b++;
          continue;
        }
      else
        {
          const AugurRecord *r = (const AugurRecord *) (const void *) (chunk + b);
          b += AUGUR_TRACE_RECORD_SIZE;
          if (r->kind == AUGUR_EV_MODULE)
            b += (r->arg + AUGUR_DATA_PAYLOAD - 1) / AUGUR_DATA_PAYLOAD * AUGUR_TRACE_RECORD_SIZE;
          if (r->kind == AUGUR_EV_MODULE || r->kind == AUGUR_EV_DATA)
            continue;
        }
      if (!any)
        *first = at;
      *last = at;
      any = TRUE;
    }
  return any;
}

static void
seal (AugurRecord *r)
{
  r->check = 0;
  r->check = augur_trace_record_check (r);
}

int
main (int argc, char **argv)
{
  if (argc < 4)
    g_error ("usage: trace-edit IN OUT owner CHUNK TID | nrecords N | dupseq | cut N | stage N"
             " | cutlast CHUNK N | badcheck CHUNK");
  g_autofree char *bytes = NULL;
  gsize len = 0;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (argv[1], &bytes, &len, &error))
    g_error ("%s", error->message);
  if (len < AUGUR_TRACE_HEADER_SIZE)
    g_error ("%s: not a trace", argv[1]);
  const char *op = argv[3];
  if (strcmp (op, "owner") == 0 && argc == 6)
    {
      AugurRecord *head = record_at (bytes, len, g_ascii_strtoull (argv[4], NULL, 0), 0);
      head->tid = (guint32) g_ascii_strtoull (argv[5], NULL, 0);
      seal (head);
    }
  else if (strcmp (op, "nrecords") == 0 && argc == 5)
    ((AugurTraceHeader *) (void *) bytes)->n_records = g_ascii_strtoull (argv[4], NULL, 0);
  else if (strcmp (op, "dupseq") == 0 && argc == 4)
    {
      /* the last event of chunk 0 takes the seq of the one before it
       * (not MODULE or DATA); the last, as the seqs of packed records are
       * differences from the one before */
      guint8 *chunk = (guint8 *) record_at (bytes, len, 0, 0);
      const AugurRecord *head = (const AugurRecord *) (void *) chunk;
      guint64 seq = head->addr;
      guint64 prev_seq = G_MAXUINT64, last_seq = G_MAXUINT64;
      gsize last = 0;
      for (gsize b = AUGUR_TRACE_RECORD_SIZE; b < AUGUR_TRACE_CHUNK_BYTES;)
        {
          if (chunk[b] >= AUGUR_PACKED_TAG)
            {
              guint64 zseq, zkey, zaddr, arg;
              guint32 aux;
              prev_seq = last_seq;
              last = b;
              b += packed_fields (chunk + b, &zseq, &zkey, &zaddr, &arg, &aux);
              seq += augur_trace_unzigzag (zseq);
              last_seq = seq;
              continue;
            }
          if (b % AUGUR_TRACE_RECORD_SIZE != 0 || chunk[b] == AUGUR_EV_NONE)
            {
              b++;
              continue;
            }
          AugurRecord *r = (AugurRecord *) (void *) (chunk + b);
          b += AUGUR_TRACE_RECORD_SIZE;
          if (r->kind == AUGUR_EV_DATA)
            continue;
          seq = head->addr + (guint32) (r->tid - (guint32) head->addr);
          if (r->kind == AUGUR_EV_MODULE)
            {
              seq += (r->arg + AUGUR_DATA_PAYLOAD - 1) / AUGUR_DATA_PAYLOAD;
              continue;
            }
          prev_seq = last_seq;
          last = b - AUGUR_TRACE_RECORD_SIZE;
          last_seq = seq;
        }
      if (prev_seq == G_MAXUINT64)
        g_error ("chunk 0 has fewer than two events");
      guint8 *p = chunk + last;
      if (*p < AUGUR_PACKED_TAG)
        {
          AugurRecord *r = (AugurRecord *) (void *) p;
          r->tid = (guint32) prev_seq;   /* on disk: the seq's low bits */
          seal (r);
        }
      else
        {
          /* its seq difference becomes 0, in no bytes: the rest moves up */
          guint64 zseq, zkey, zaddr, arg;
          guint32 aux;
          gsize old_len = packed_fields (p, &zseq, &zkey, &zaddr, &arg, &aux);
          guint ns = p[3] & 7;
          memmove (p + AUGUR_PACKED_HEAD, p + AUGUR_PACKED_HEAD + ns, old_len - AUGUR_PACKED_HEAD - ns);
          memset (p + old_len - ns, 0, ns);
          guint16 lens = (guint16) ((p[3] | p[4] << 8) & ~7u);
          p[3] = (guint8) lens;
          p[1] = augur_trace_packed_check (p[0], p[2], lens, 0, zkey, zaddr, aux, arg);
        }
    }
  else if (strcmp (op, "cut") == 0 && argc == 5)
    {
      gsize keep = AUGUR_TRACE_HEADER_SIZE
                   + (gsize) g_ascii_strtoull (argv[4], NULL, 10) * AUGUR_TRACE_CHUNK_BYTES;
      len = MIN (len, keep);
    }
  else if (strcmp (op, "stage") == 0 && argc == 5)
    {
      g_free (bytes);
      len = AUGUR_TRACE_CHUNK_BYTES;
      bytes = g_malloc0 (len);
      AugurRecord *head = (AugurRecord *) (void *) bytes;
      head->kind = AUGUR_EV_CHUNK;
      head->arg = g_ascii_strtoull (argv[4], NULL, 0);
      seal (head);
    }
  else if (strcmp (op, "cutlast") == 0 && argc == 6)
    {
      guint8 *chunk = (guint8 *) record_at (bytes, len, g_ascii_strtoull (argv[4], NULL, 0), 0);
      gsize first, last, packed, keep = g_ascii_strtoull (argv[5], NULL, 0);
      if (!chunk_events (chunk, &first, &last, &packed))
        g_error ("chunk %s has no event", argv[4]);
      memset (chunk + last + keep, 0, AUGUR_TRACE_CHUNK_BYTES - last - keep);
    }
  else if (strcmp (op, "badcheck") == 0 && argc == 5)
    {
      guint8 *chunk = (guint8 *) record_at (bytes, len, g_ascii_strtoull (argv[4], NULL, 0), 0);
      gsize first, last, b;
      if (!chunk_events (chunk, &first, &last, &b) || b == 0 || b == last)
        g_error ("chunk %s has no packed record before its last event", argv[4]);
      chunk[b + 1] ^= 0x5a;
    }
  else
    g_error ("unknown edit %s", op);
  if (!g_file_set_contents (argv[2], bytes, (gssize) len, &error))
    g_error ("%s", error->message);
  return 0;
}
