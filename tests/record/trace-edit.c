/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * trace-edit.c — damages a recorded trace the way a hostile or broken
 * file would, for tests/record/test-hostile-input.sh:
 *
 *   trace-edit IN OUT owner CHUNK TID   chunk CHUNK's owner becomes TID
 *   trace-edit IN OUT nrecords N        the header's n_records becomes N
 *   trace-edit IN OUT dupseq            the last event of chunk 0 takes the
 *                                       seq of the event before it
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
      /* the last two plain events of chunk 0 (not MODULE or DATA) */
      AugurRecord *prev = NULL, *last = NULL;
      for (guint p = 1; p < AUGUR_TRACE_CHUNK_RECORDS; p++)
        {
          AugurRecord *r = record_at (bytes, len, 0, p);
          if (r->kind == AUGUR_EV_NONE)
            break;
          if (r->kind == AUGUR_EV_MODULE || r->kind == AUGUR_EV_DATA)
            continue;
          prev = last;
          last = r;
        }
      if (prev == NULL)
        g_error ("chunk 0 has fewer than two events");
      last->tid = prev->tid;   /* on disk: the seq's low bits */
      seal (last);
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
