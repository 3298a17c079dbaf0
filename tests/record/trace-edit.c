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
get_varint (const guint8 **q)
{
  guint64 v = 0;
  for (guint shift = 0;; shift += 7)
    {
      guint8 b = *(*q)++;
      v |= (guint64) (b & 0x7f) << shift;
      if (b < 0x80)
        return v;
    }
}

/* The packed record at p (augur-trace-format.h), its differences taken
 * from *seq, *key and *addr, which become its own; returns its length and
 * its aux and arg through the last two arguments. */
static gsize
decode_packed (const guint8 *p, guint64 *seq, guint64 *key, guint64 *addr, guint32 *aux,
               guint64 *arg)
{
  const guint8 *q = p + 4;
  *seq += augur_trace_unzigzag (get_varint (&q));
  *key += augur_trace_unzigzag (get_varint (&q));
  *addr += augur_trace_unzigzag (get_varint (&q));
  *aux = 0;
  *arg = 0;
  for (guint i = 0; i < (guint) (p[3] >> 4); i++)
    *aux |= (guint32) *q++ << (8 * i);
  for (guint i = 0; i < (guint) (p[3] & 0x0f); i++)
    *arg |= (guint64) *q++ << (8 * i);
  return (gsize) (q - p);
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
    g_error ("usage: trace-edit IN OUT owner CHUNK TID | nrecords N | dupseq | cut N | stage N");
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
      guint64 seq = head->addr, key = 0, addr = 0;
      guint64 prev_seq = G_MAXUINT64, last_seq = G_MAXUINT64;
      gsize last = 0;
      for (gsize b = AUGUR_TRACE_RECORD_SIZE; b < AUGUR_TRACE_CHUNK_BYTES;)
        {
          if (chunk[b] >= AUGUR_PACKED_TAG)
            {
              guint32 aux;
              guint64 arg;
              prev_seq = last_seq;
              last = b;
              b += decode_packed (chunk + b, &seq, &key, &addr, &aux, &arg);
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
          /* its seq difference becomes 0, in one byte: the rest moves up */
          guint64 s0 = prev_seq, k0 = 0, a0 = 0;
          guint32 aux;
          guint64 arg;
          gsize old_len = decode_packed (p, &s0, &k0, &a0, &aux, &arg);
          const guint8 *q = p + 4;
          get_varint (&q);
          gsize varint_len = (gsize) (q - (p + 4));
          guint64 zkey = get_varint (&q);
          guint64 zaddr = get_varint (&q);
          memmove (p + 5, p + 4 + varint_len, old_len - 4 - varint_len);
          memset (p + old_len - varint_len + 1, 0, varint_len - 1);
          p[4] = 0;
          p[1] = augur_trace_packed_check (p[0], p[2], p[3], 0, zkey, zaddr, aux, arg);
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
  else
    g_error ("unknown edit %s", op);
  if (!g_file_set_contents (argv[2], bytes, (gssize) len, &error))
    g_error ("%s", error->message);
  return 0;
}
