/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-trace.c — the trace format: written and read back (events gathered
 * from per-thread chunks into seq order, each with its thread), and every
 * kind of damage detected with the right error and byte offset.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <malloc.h>
#include <string.h>
#include <sys/stat.h>

#include "common/trace.h"

typedef struct {
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  (void) data;
  f->dir = g_dir_make_tmp ("augur-test-trace-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "t.trace", NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  (void) data;
  g_unlink (f->path);
  g_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

/* Byte offset of the record in file slot s (chunk s / 512, position s % 512). */
static goffset
slot_at (guint64 chunk, guint64 position)
{
  return AUGUR_TRACE_HEADER_SIZE
         + (goffset) (chunk * AUGUR_TRACE_CHUNK_RECORDS + position) * AUGUR_TRACE_RECORD_SIZE;
}

/* main creates T1, both access `x`, T1 exits, main joins, END exit 0.
 * The writer lays it out as:
 *   chunk 0 (T0, base 0): CHUNK, MODULE 0 (seq 0) + 1 DATA (1), START (2),
 *     WRITE (3), CREATE (4), JOIN (8), MODULE 1 (9) + 3 DATA (10..12), END (13)
 *   chunk 1 (T1, base 5): CHUNK, START (5), READ (6), EXIT (7) */
static void
write_sample (const char *path, gboolean complete, gboolean with_end)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTraceWriter) w = augur_trace_writer_new (path, "/bin/sample", &error);
  g_assert_no_error (error);
  const AugurRecord records[] = {
    { .kind = AUGUR_EV_THREAD_START, .tid = 0, .arg = 0x7ffff000 },
    { .kind = AUGUR_EV_WRITE, .tid = 0, .flags = 4, .pc = 0x1130, .addr = 0x4010 },
    { .kind = AUGUR_EV_THREAD_CREATE, .tid = 0, .pc = 0x1140, .addr = 1 },
    { .kind = AUGUR_EV_THREAD_START, .tid = 1, .addr = 0, .pc = 0x1100 },
    { .kind = AUGUR_EV_READ, .tid = 1, .flags = 4, .pc = 0x1108, .addr = 0x4010, .arg = 7 },
    { .kind = AUGUR_EV_THREAD_EXIT, .tid = 1 },
    { .kind = AUGUR_EV_THREAD_JOIN, .tid = 0, .pc = 0x1150, .addr = 1 },
  };
  g_assert_true (augur_trace_writer_add_module (w, 0, 0x555555554000, "/bin/sample", &error));
  for (gsize i = 0; i < G_N_ELEMENTS (records); i++)
    g_assert_true (augur_trace_writer_add (w, &records[i], &error));
  /* a library with a path longer than one DATA payload */
  g_assert_true (augur_trace_writer_add_module (
    w, 1, 0x7ffff7dd0000, "/usr/lib/x86_64-linux-gnu/libsomething-with-a-long-name.so.1", &error));
  if (with_end)
    {
      AugurRecord end = { .kind = AUGUR_EV_END, .aux = AUGUR_END_EXIT, .arg = 0 };
      g_assert_true (augur_trace_writer_add (w, &end, &error));
    }
  g_assert_true (augur_trace_writer_close (w, complete, &error));
  g_assert_no_error (error);
}

/* --- traces made by hand, byte by byte, to put records where the writer
 * never would (out of order, wrapped seqs, duplicates, damage) */

typedef struct {
  guint8 *bytes;
  gsize len;
} Raw;

static Raw
raw_new (guint n_chunks, gboolean complete, guint64 n_records)
{
  Raw raw = { NULL, AUGUR_TRACE_HEADER_SIZE + (gsize) n_chunks * AUGUR_TRACE_CHUNK_BYTES };
  raw.bytes = g_malloc0 (raw.len);
  AugurTraceHeader *h = (AugurTraceHeader *) raw.bytes;
  memcpy (h->magic, AUGUR_TRACE_MAGIC, 8);
  h->version = AUGUR_TRACE_VERSION;
  h->header_size = AUGUR_TRACE_HEADER_SIZE;
  h->record_size = AUGUR_TRACE_RECORD_SIZE;
  h->runtime_version = AUGUR_RUNTIME_ABI;
  h->flags = complete ? AUGUR_TRACE_FLAG_COMPLETE : 0;
  h->n_records = n_records;
  g_strlcpy (h->program, "/bin/raw", sizeof h->program);
  return raw;
}

static AugurRecord *
raw_put (Raw *raw, guint64 chunk, guint64 position, const AugurRecord *r)
{
  goffset at = slot_at (chunk, position);
  g_assert_cmpint (at + AUGUR_TRACE_RECORD_SIZE, <=, (goffset) raw->len);
  AugurRecord *dst = (AugurRecord *) (raw->bytes + at);
  *dst = *r;
  dst->check = 0;
  dst->check = augur_trace_record_check (dst);
  return dst;
}

static void
raw_chunk (Raw *raw, guint64 chunk, guint32 owner, guint64 base)
{
  AugurRecord head = { .kind = AUGUR_EV_CHUNK, .tid = owner, .addr = base, .arg = chunk };
  raw_put (raw, chunk, 0, &head);
}

/* An event with this seq (its low bits in the tid field, as on disk);
 * addr = the seq too, so that tests can tell events apart. */
static void
raw_event (Raw *raw, guint64 chunk, guint64 position, guint kind, guint64 seq)
{
  AugurRecord r = { .kind = (guint8) kind, .tid = (guint32) seq, .addr = seq };
  raw_put (raw, chunk, position, &r);
}

/* MODULE (seq) + its DATA records (seq + 1 ...), from `position` on. */
static void
raw_module (Raw *raw, guint64 chunk, guint64 position, guint index, guint64 seq, const char *path)
{
  gsize len = strlen (path);
  AugurRecord m = { .kind = AUGUR_EV_MODULE, .tid = (guint32) seq, .aux = index, .arg = len };
  raw_put (raw, chunk, position, &m);
  for (gsize off = 0; off < len; off += AUGUR_DATA_PAYLOAD)
    {
      AugurDataRecord d = { .kind = AUGUR_EV_DATA };
      d.len = (guint8) MIN ((gsize) AUGUR_DATA_PAYLOAD, len - off);
      memcpy (d.payload, path + off, d.len);
      raw_put (raw, chunk, ++position, (const AugurRecord *) &d);
    }
}

static void
raw_save (Raw *raw, const char *path)
{
  g_assert_true (g_file_set_contents (path, (const char *) raw->bytes, (gssize) raw->len, NULL));
  g_clear_pointer (&raw->bytes, g_free);
}

/* Opening fails with `code`, and the message names the file and, if
 * offset >= 0, exactly that byte offset. */
static void
assert_open_fails (const char *path, gint code, goffset offset)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (path, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, code);
  g_assert_nonnull (strstr (error->message, path));
  if (offset < 0)
    return;
  g_autofree char *where = g_strdup_printf ("byte offset %" G_GOFFSET_FORMAT, offset);
  const char *at = strstr (error->message, where);
  if (at == NULL || g_ascii_isdigit (at[strlen (where)]))
    g_error ("'%s' does not name byte offset %" G_GOFFSET_FORMAT, error->message, offset);
}

static void
test_round_trip (Fixture *f, gconstpointer data)
{
  (void) data;
  write_sample (f->path, TRUE, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_trace_n_events (t), ==, 8);
  g_assert_cmpuint (augur_trace_n_threads (t), ==, 2);
  g_assert_true (augur_trace_is_complete (t));
  g_assert_cmpuint (augur_trace_n_unwritten (t), ==, 0);
  g_assert_cmpuint (augur_trace_header (t)->n_records, ==, 14);
  g_assert_cmpstr (augur_trace_program (t), ==, "/bin/sample");
  g_assert_cmpuint (augur_trace_n_modules (t), ==, 2);
  g_assert_cmpstr (augur_trace_module_path (t, 1), ==,
                   "/usr/lib/x86_64-linux-gnu/libsomething-with-a-long-name.so.1");
  g_assert_cmphex (augur_trace_module_bias (t, 1), ==, 0x7ffff7dd0000);
  g_assert_cmphex (augur_trace_module_bias (t, 0), ==, 0x555555554000);

  /* global order, each event with its thread back in `tid` */
  static const guint kinds[] = {
    AUGUR_EV_THREAD_START, AUGUR_EV_WRITE, AUGUR_EV_THREAD_CREATE, AUGUR_EV_THREAD_START,
    AUGUR_EV_READ, AUGUR_EV_THREAD_EXIT, AUGUR_EV_THREAD_JOIN, AUGUR_EV_END,
  };
  static const guint tids[] = { 0, 0, 0, 1, 1, 1, 0, 0 };
  static const guint64 slots[] = { 3, 4, 5, 513, 514, 515, 6, 11 };
  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_assert_cmpuint (augur_trace_event (t, i)->kind, ==, kinds[i]);
      g_assert_cmpuint (augur_trace_event (t, i)->tid, ==, tids[i]);
      g_assert_cmpuint (augur_trace_event_slot (t, i), ==, slots[i]);
    }
  const AugurRecord *r = augur_trace_event (t, 4);
  g_assert_cmpuint (r->kind, ==, AUGUR_EV_READ);
  g_assert_cmpuint (r->tid, ==, 1);
  g_assert_cmphex (r->addr, ==, 0x4010);
  g_assert_cmpuint (r->arg, ==, 7);
  const AugurRecord *end = augur_trace_end (t);
  g_assert_nonnull (end);
  g_assert_true (end == augur_trace_event (t, 7));
  g_assert_cmpuint (end->aux, ==, AUGUR_END_EXIT);
  g_autofree char *summary = augur_trace_summary (t);
  g_assert_cmpstr (summary, ==, "2 threads, 8 events, ended: exit status 0");

  /* on disk: whole chunks, each opened by its CHUNK record, and the seq's
   * low bits where the tid was */
  g_autofree char *bytes = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (f->path, &bytes, &len, NULL));
  g_assert_cmpuint (len, ==, AUGUR_TRACE_HEADER_SIZE + 2 * AUGUR_TRACE_CHUNK_BYTES);
  const AugurRecord *head = (const AugurRecord *) (bytes + slot_at (1, 0));
  g_assert_cmpuint (head->kind, ==, AUGUR_EV_CHUNK);
  g_assert_cmpuint (head->tid, ==, 1);
  g_assert_cmpuint (head->addr, ==, 5);
  g_assert_cmpuint (head->arg, ==, 1);
  g_assert_cmpuint (((const AugurRecord *) (bytes + slot_at (1, 2)))->tid, ==, 6);
  g_assert_cmpuint (((const AugurRecord *) (bytes + slot_at (0, 11)))->tid, ==, 13);
}

/* A writer trace bigger than one chunk per thread, and a MODULE block that
 * does not fit in what is left of its thread's chunk. */
static void
test_writer_chunks (Fixture *f, gconstpointer data)
{
  (void) data;
  const guint n = 3000;
  const char *lib = "/usr/lib/x86_64-linux-gnu/libthree-data-records.so.1"; /* 52 bytes: 2 DATA */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (AugurTraceWriter) w = augur_trace_writer_new (f->path, "/bin/big", &error);
    g_assert_no_error (error);
    for (guint i = 0; i < n; i++)
      {
        /* T0 is busier than T1 and T2; T0's first chunk has room for 2
         * more records when the module comes */
        guint32 tid = i % 4 == 3 ? i % 8 == 3 ? 1 : 2 : 0;
        AugurRecord r = { .kind = AUGUR_EV_WRITE, .tid = tid, .addr = i };
        g_assert_true (augur_trace_writer_add (w, &r, &error));
        if (i == 679)
          g_assert_true (augur_trace_writer_add_module (w, 1, 0x1000, lib, &error));
      }
    g_assert_true (augur_trace_writer_close (w, FALSE, &error));
    g_assert_no_error (error);
  }
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_false (augur_trace_is_complete (t));
  g_assert_cmpuint (augur_trace_n_events (t), ==, n);
  g_assert_cmpuint (augur_trace_n_unwritten (t), ==, 0);
  g_assert_cmpuint (augur_trace_n_threads (t), ==, 3);
  g_assert_cmpstr (augur_trace_module_path (t, 1), ==, lib);
  g_assert_cmphex (augur_trace_module_bias (t, 1), ==, 0x1000);
  guint64 last_slot[3] = { 0, 0, 0 };
  for (guint i = 0; i < n; i++)
    {
      const AugurRecord *r = augur_trace_event (t, i);
      guint32 tid = i % 4 == 3 ? i % 8 == 3 ? 1 : 2 : 0;
      g_assert_cmpuint (r->addr, ==, i);
      g_assert_cmpuint (r->tid, ==, tid);
      guint64 slot = augur_trace_event_slot (t, i);
      g_assert_cmpuint (slot % AUGUR_TRACE_CHUNK_RECORDS, !=, 0);
      g_assert_cmpuint (slot, >, last_slot[tid]);
      last_slot[tid] = slot;
    }
  /* T0's 510 events up to i = 678 filled records 1..510 of chunk 0; the
   * 3-record module block did not fit in the one left and went to T0's
   * next chunk (3: T1 and T2 opened 1 and 2), followed by event 680 */
  g_assert_cmpuint (augur_trace_event_slot (t, 678), ==, 510);
  g_assert_cmpuint (augur_trace_event_slot (t, 680) / AUGUR_TRACE_CHUNK_RECORDS, ==, 3);
  g_assert_cmpuint (augur_trace_event_slot (t, 680) % AUGUR_TRACE_CHUNK_RECORDS, ==, 4);
}

/* Chunks of three threads whose seq ranges interleave, events out of order
 * inside a chunk (a signal handler), a zero record between events, and a
 * chunk that was never started.  What comes first in seq order wins (the
 * first END) or is replaced (a module index announced again), wherever in
 * the file it is. */
static void
test_out_of_order (Fixture *f, gconstpointer data)
{
  (void) data;
  Raw raw = raw_new (4, TRUE, 15);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, AUGUR_EV_THREAD_START, 0);
  raw_event (&raw, 0, 2, AUGUR_EV_WRITE, 3);
  raw_event (&raw, 0, 3, AUGUR_EV_READ, 2);          /* the handler's, earlier */
  /* (not a JOIN: raw_event's addr is the seq, and a successful join of
   * "thread 8" would name a thread with no records) */
  raw_event (&raw, 0, 4, AUGUR_EV_MUTEX_UNLOCK, 8);
  raw_event (&raw, 0, 5, AUGUR_EV_END, 10);
  raw_module (&raw, 0, 6, 1, 13, "/lib/new.so");
  raw_chunk (&raw, 1, 2, 1);
  raw_event (&raw, 1, 1, AUGUR_EV_THREAD_START, 1);
  /* position 2 never written */
  raw_event (&raw, 1, 3, AUGUR_EV_WRITE, 4);
  raw_event (&raw, 1, 4, AUGUR_EV_THREAD_EXIT, 6);
  /* chunk 2: handed out, never started */
  raw_chunk (&raw, 3, 1, 5);
  raw_event (&raw, 3, 1, AUGUR_EV_READ, 5);
  raw_event (&raw, 3, 2, AUGUR_EV_THREAD_EXIT, 7);
  raw_event (&raw, 3, 3, AUGUR_EV_END, 9);
  raw_module (&raw, 3, 4, 1, 11, "/lib/old.so");
  raw_save (&raw, f->path);

  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  static const guint tids[] = { 0, 2, 0, 0, 2, 1, 2, 1, 0, 1, 0 };
  static const guint64 slots[] = { 1, 513, 3, 2, 515, 1537, 516, 1538, 4, 1539, 5 };
  g_assert_cmpuint (augur_trace_n_events (t), ==, G_N_ELEMENTS (tids));
  for (guint i = 0; i < G_N_ELEMENTS (tids); i++)
    {
      g_assert_cmpuint (augur_trace_event (t, i)->addr, ==, i);
      g_assert_cmpuint (augur_trace_event (t, i)->tid, ==, tids[i]);
      g_assert_cmpuint (augur_trace_event_slot (t, i), ==, slots[i]);
    }
  g_assert_cmpuint (augur_trace_n_threads (t), ==, 3);
  g_assert_cmpuint (augur_trace_n_unwritten (t), ==, 0);
  g_assert_true (augur_trace_end (t) == augur_trace_event (t, 9));
  g_assert_cmpuint (augur_trace_end (t)->tid, ==, 1);
  g_assert_cmpstr (augur_trace_module_path (t, 1), ==, "/lib/new.so");
}

/* The low 32 bits of a seq wrap inside a chunk and between chunks. */
static void
test_seq_wrap (Fixture *f, gconstpointer data)
{
  (void) data;
  const guint64 s = (G_GUINT64_CONSTANT (5) << 32) - 2;
  Raw raw = raw_new (2, TRUE, s + 5);
  raw_chunk (&raw, 0, 0, s);
  raw_event (&raw, 0, 1, AUGUR_EV_WRITE, s);          /* low bits 0xfffffffe */
  raw_event (&raw, 0, 2, AUGUR_EV_WRITE, s + 1);      /* 0xffffffff */
  raw_event (&raw, 0, 3, AUGUR_EV_WRITE, s + 3);      /* 1 */
  raw_chunk (&raw, 1, 1, s + 2);
  raw_event (&raw, 1, 1, AUGUR_EV_READ, s + 2);       /* 0 */
  raw_event (&raw, 1, 2, AUGUR_EV_END, s + 4);        /* 2 */
  raw_save (&raw, f->path);

  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  static const guint tids[] = { 0, 0, 1, 0, 1 };
  g_assert_cmpuint (augur_trace_n_events (t), ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      /* addr is the whole seq (raw_event), the record held its low bits */
      g_assert_cmphex (augur_trace_event (t, i)->addr, ==, s + i);
      g_assert_cmpuint (augur_trace_event (t, i)->tid, ==, tids[i]);
    }
  /* every seq below the first one was never written; none is dropped as
   * past n_records */
  g_assert_cmpuint (augur_trace_n_unwritten (t), ==, s);
  g_assert_nonnull (augur_trace_end (t));
}

/* When complete, seqs from n_records on (a detached thread still recording
 * during exit) are not events, and a module announced then is not known. */
static void
test_after_end_dropped (Fixture *f, gconstpointer data)
{
  (void) data;
  Raw raw = raw_new (2, TRUE, 4);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, AUGUR_EV_THREAD_START, 0);
  raw_event (&raw, 0, 2, AUGUR_EV_THREAD_CREATE, 1);
  raw_event (&raw, 0, 3, AUGUR_EV_END, 3);
  raw_chunk (&raw, 1, 1, 2);
  raw_event (&raw, 1, 1, AUGUR_EV_THREAD_START, 2);
  raw_event (&raw, 1, 2, AUGUR_EV_WRITE, 4);
  raw_module (&raw, 1, 3, 1, 5, "/lib/late.so");
  raw_event (&raw, 1, 5, AUGUR_EV_THREAD_EXIT, 7);
  raw_save (&raw, f->path);

  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_trace_n_events (t), ==, 4);
  g_assert_cmpuint (augur_trace_event (t, 3)->kind, ==, AUGUR_EV_END);
  g_assert_true (augur_trace_end (t) == augur_trace_event (t, 3));
  g_assert_cmpuint (augur_trace_n_unwritten (t), ==, 0);
  g_assert_null (augur_trace_module_path (t, 1));
  g_assert_cmpuint (augur_trace_n_threads (t), ==, 2);
}

static void
corrupt_byte (const char *path, goffset offset)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpint (offset, <, (goffset) len);
  data[offset] ^= 0x10;
  g_assert_true (g_file_set_contents (path, data, (gssize) len, NULL));
}

static void
test_bit_flip_found_at_offset (Fixture *f, gconstpointer data)
{
  (void) data;
  /* flip one bit in each field of: the READ (position 2 of the second
   * chunk), the WRITE (position 4 of the first) and the second chunk's
   * CHUNK record: each is caught at that record's offset */
  static const goffset field_offsets[] = { 0, 1, 3, 4, 8, 12, 16, 24, 31 };
  const goffset records[] = { slot_at (1, 2), slot_at (0, 4), slot_at (1, 0) };
  for (gsize j = 0; j < G_N_ELEMENTS (records); j++)
    for (gsize k = 0; k < G_N_ELEMENTS (field_offsets); k++)
      {
        write_sample (f->path, TRUE, TRUE);
        corrupt_byte (f->path, records[j] + field_offsets[k]);
        assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, records[j]);
      }
  /* the check byte itself */
  write_sample (f->path, TRUE, TRUE);
  corrupt_byte (f->path, slot_at (1, 2) + 2);
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_null (t);
  g_autofree char *want = g_strdup_printf ("corrupt record at byte offset %" G_GOFFSET_FORMAT
                                           " (check byte mismatch)", slot_at (1, 2));
  g_assert_nonnull (strstr (error->message, want));
}

static void
test_module_path_damage (Fixture *f, gconstpointer data)
{
  (void) data;
  write_sample (f->path, TRUE, TRUE);
  /* position 2 of chunk 0 is module 0's DATA record: damage a path byte */
  corrupt_byte (f->path, slot_at (0, 2) + 6);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (0, 2));
}

/* Two records that claim one seq: the later one in the file is named. */
static void
test_duplicate_seq (Fixture *f, gconstpointer data)
{
  (void) data;
  Raw raw = raw_new (2, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, AUGUR_EV_THREAD_START, 0);
  raw_event (&raw, 0, 2, AUGUR_EV_WRITE, 2);
  raw_event (&raw, 0, 3, AUGUR_EV_WRITE, 3);
  raw_chunk (&raw, 1, 1, 1);
  raw_event (&raw, 1, 1, AUGUR_EV_READ, 1);
  raw_event (&raw, 1, 2, AUGUR_EV_READ, 2);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (1, 2));

  /* a DATA record's seq is its MODULE's + 1 */
  raw = raw_new (2, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_module (&raw, 0, 1, 0, 0, "/bin/raw");
  raw_chunk (&raw, 1, 1, 1);
  raw_event (&raw, 1, 1, AUGUR_EV_READ, 1);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (1, 1));
}

/* The chunk structure: CHUNK records at position 0 and only there, naming
 * their own chunk; DATA only after a MODULE; a MODULE block in one chunk. */
static void
test_bad_chunks (Fixture *f, gconstpointer data)
{
  (void) data;
  /* a CHUNK record naming another chunk */
  Raw raw = raw_new (2, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, AUGUR_EV_WRITE, 0);
  AugurRecord head = { .kind = AUGUR_EV_CHUNK, .tid = 1, .addr = 1, .arg = 0 };
  raw_put (&raw, 1, 0, &head);
  raw_event (&raw, 1, 1, AUGUR_EV_WRITE, 1);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (1, 0));

  /* a chunk that starts with an event */
  raw = raw_new (1, FALSE, 0);
  raw_event (&raw, 0, 0, AUGUR_EV_WRITE, 0);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (0, 0));

  /* a CHUNK record inside a chunk */
  raw = raw_new (1, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, AUGUR_EV_WRITE, 0);
  head = (AugurRecord) { .kind = AUGUR_EV_CHUNK, .tid = 0, .addr = 0, .arg = 0 };
  raw_put (&raw, 0, 2, &head);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (0, 2));

  /* records in a chunk that has no CHUNK record */
  raw = raw_new (2, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, AUGUR_EV_WRITE, 0);
  raw_event (&raw, 1, 5, AUGUR_EV_WRITE, 1);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (1, 0));

  /* a DATA record with no MODULE before it in its chunk (the MODULE
   * block before it ended already) */
  raw = raw_new (1, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_module (&raw, 0, 1, 0, 0, "/bin/raw");
  AugurDataRecord d = { .kind = AUGUR_EV_DATA, .len = 1, .payload = "x" };
  raw_put (&raw, 0, 3, (const AugurRecord *) &d);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (0, 3));

  /* a MODULE block that would run past the end of its chunk, into a
   * valid-looking DATA record at the start of the next one */
  raw = raw_new (2, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_module (&raw, 1, 0, 0, 0, "/bin/raw");        /* MODULE at (1, 0), DATA at (1, 1) */
  memcpy (raw.bytes + slot_at (0, 511), raw.bytes + slot_at (1, 0), AUGUR_TRACE_RECORD_SIZE);
  memcpy (raw.bytes + slot_at (1, 0), raw.bytes + slot_at (1, 1), AUGUR_TRACE_RECORD_SIZE);
  memset (raw.bytes + slot_at (1, 1), 0, AUGUR_TRACE_RECORD_SIZE);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (0, 511));

  /* an unknown kind (below 0x80: a byte >= 0x80 starts a packed record);
   * a kind-0 record that is not all zero */
  raw = raw_new (1, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, 120, 0);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (0, 1));
  raw = raw_new (1, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, AUGUR_EV_NONE, 7);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (0, 1));
}

static void
test_truncated (Fixture *f, gconstpointer data)
{
  (void) data;
  write_sample (f->path, TRUE, TRUE);
  g_autofree char *bytes = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (f->path, &bytes, &len, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = NULL;

  /* a complete trace cut inside its last chunk, by whole records or not */
  static const gsize cuts[] = { 3 * AUGUR_TRACE_RECORD_SIZE, 100, AUGUR_TRACE_CHUNK_BYTES - 1 };
  for (gsize k = 0; k < G_N_ELEMENTS (cuts); k++)
    {
      g_assert_true (g_file_set_contents (f->path, bytes, (gssize) (len - cuts[k]), NULL));
      t = augur_trace_open (f->path, &error);
      g_assert_null (t);
      g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_TRUNCATED);
      g_assert_nonnull (strstr (error->message, "truncated"));
      g_clear_error (&error);
    }

  /* cut inside the header */
  g_assert_true (g_file_set_contents (f->path, bytes, 100, NULL));
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_TRUNCATED, -1);

  /* a stray partial record after the last chunk */
  g_autofree char *longer = g_malloc0 (len + 5);
  memcpy (longer, bytes, len);
  g_assert_true (g_file_set_contents (f->path, longer, (gssize) (len + 5), NULL));
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_TRUNCATED, -1);

  /* an unfinished trace cut inside a MODULE block: module 1's block is at
   * positions 7..10 of chunk 0 */
  ((AugurTraceHeader *) bytes)->flags = 0;
  g_assert_true (g_file_set_contents (f->path, bytes, (gssize) slot_at (0, 9), NULL));
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_TRUNCATED, slot_at (0, 7));

  /* an unfinished trace may end inside its last chunk, even inside a
   * record: the records present count (T1's EXIT, seq 7, is cut off) */
  g_assert_true (g_file_set_contents (f->path, bytes, (gssize) slot_at (1, 3) + 10, NULL));
  t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_trace_n_events (t), ==, 7);
  g_assert_cmpuint (augur_trace_n_unwritten (t), ==, 1);
  g_assert_cmpuint (augur_trace_event (t, 4)->kind, ==, AUGUR_EV_READ);
  g_assert_cmpuint (augur_trace_event (t, 5)->kind, ==, AUGUR_EV_THREAD_JOIN);
  g_clear_pointer (&t, augur_trace_free);

  /* empty */
  g_assert_true (g_file_set_contents (f->path, "", 0, NULL));
  t = augur_trace_open (f->path, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_TRUNCATED);
  g_assert_nonnull (strstr (error->message, "empty file"));
}

static void
test_not_a_trace_and_version (Fixture *f, gconstpointer data)
{
  (void) data;
  g_autoptr (GError) error = NULL;
  g_autofree char *elf = g_malloc0 (8192);
  memcpy (elf, "\177ELF", 4);
  g_assert_true (g_file_set_contents (f->path, elf, 8192, NULL));
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_NOT_A_TRACE);
  g_clear_error (&error);

  /* the next version, and the previous ones (2: 32-byte records only;
   * 1: one global array) */
  static const guint32 versions[] = { AUGUR_TRACE_VERSION + 1, 2, 1 };
  for (gsize k = 0; k < G_N_ELEMENTS (versions); k++)
    {
      write_sample (f->path, TRUE, TRUE);
      g_autofree char *bytes = NULL;
      gsize len = 0;
      g_assert_true (g_file_get_contents (f->path, &bytes, &len, NULL));
      ((AugurTraceHeader *) bytes)->version = versions[k];
      g_assert_true (g_file_set_contents (f->path, bytes, (gssize) len, NULL));
      t = augur_trace_open (f->path, &error);
      g_assert_null (t);
      g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_VERSION);
      g_assert_nonnull (strstr (error->message, "reads version 3; re-record it"));
      g_clear_error (&error);
    }

  g_autofree char *missing = g_build_filename (f->dir, "missing.trace", NULL);
  t = augur_trace_open (missing, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_OPEN);
}

/* A process killed mid-run: not complete, reserved-but-unwritten seqs in
 * the middle of two chunks, chunks never started at the end (the
 * runtime's mapped-ahead room); then finished by the tool. */
static void
test_torn_and_finish (Fixture *f, gconstpointer data)
{
  (void) data;
  write_sample (f->path, FALSE, FALSE);
  g_autofree char *bytes = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (f->path, &bytes, &len, NULL));
  ((AugurTraceHeader *) bytes)->n_records = 0;
  gsize padded = len + 3 * AUGUR_TRACE_CHUNK_BYTES;
  g_autofree char *body = g_malloc0 (padded);
  memcpy (body, bytes, len);
  /* T0's WRITE (seq 3, in the middle of chunk 0) and T1's THREAD_START
   * (seq 5, first in chunk 1) were reserved and never written */
  memset (body + slot_at (0, 4), 0, AUGUR_TRACE_RECORD_SIZE);
  memset (body + slot_at (1, 1), 0, AUGUR_TRACE_RECORD_SIZE);
  g_assert_true (g_file_set_contents (f->path, body, (gssize) padded, NULL));

  g_autoptr (GError) error = NULL;
  {
    g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
    g_assert_no_error (error);
    g_assert_false (augur_trace_is_complete (t));
    g_assert_null (augur_trace_end (t));
    g_assert_cmpuint (augur_trace_n_unwritten (t), ==, 2);
    g_assert_cmpuint (augur_trace_n_events (t), ==, 5);
    g_assert_cmpuint (augur_trace_event (t, 1)->kind, ==, AUGUR_EV_THREAD_CREATE);
    g_assert_cmpuint (augur_trace_event (t, 2)->kind, ==, AUGUR_EV_READ);
    g_assert_cmpuint (augur_trace_event (t, 2)->tid, ==, 1);
    g_autofree char *summary = augur_trace_summary (t);
    g_assert_nonnull (strstr (summary, "(2 slots left unwritten"));
  }
  g_assert_true (augur_trace_finish (f->path, AUGUR_END_TIMEOUT, 20, &error));
  g_assert_no_error (error);
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_true (augur_trace_is_complete (t));
  g_assert_cmpuint (augur_trace_n_events (t), ==, 6);
  g_assert_cmpuint (augur_trace_n_unwritten (t), ==, 2);
  /* END took the seq after the last one written (module 1's last DATA,
   * 12), in a new chunk after the two started ones, owned by T0 */
  g_assert_cmpuint (augur_trace_header (t)->n_records, ==, 14);
  const AugurRecord *end = augur_trace_end (t);
  g_assert_nonnull (end);
  g_assert_true (end == augur_trace_event (t, 5));
  g_assert_cmpuint (end->aux, ==, AUGUR_END_TIMEOUT);
  g_assert_cmpuint (end->arg, ==, 20);
  g_assert_cmpuint (end->tid, ==, 0);
  g_assert_cmpuint (augur_trace_event_slot (t, 5), ==, 2 * AUGUR_TRACE_CHUNK_RECORDS + 1);
  /* the last event before END survived */
  g_assert_cmpuint (augur_trace_event (t, 4)->kind, ==, AUGUR_EV_THREAD_JOIN);
  GStatBuf st;
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, slot_at (3, 0));
  /* finishing twice changes nothing */
  g_assert_true (augur_trace_finish (f->path, AUGUR_END_LOST, 0, &error));
  g_autoptr (AugurTrace) again = augur_trace_open (f->path, &error);
  g_assert_cmpuint (augur_trace_end (again)->aux, ==, AUGUR_END_TIMEOUT);
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, slot_at (3, 0));
}

/* A trace that ends inside a record of its last chunk: finishing drops the
 * partial record and keeps the file in whole chunks. */
static void
test_finish_partial_chunk (Fixture *f, gconstpointer data)
{
  (void) data;
  Raw raw = raw_new (2, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, AUGUR_EV_THREAD_START, 0);
  raw_event (&raw, 0, 2, AUGUR_EV_THREAD_CREATE, 1);
  raw_chunk (&raw, 1, 1, 2);
  raw_event (&raw, 1, 1, AUGUR_EV_THREAD_START, 2);
  raw_event (&raw, 1, 2, AUGUR_EV_WRITE, 3);
  raw.len = (gsize) slot_at (1, 2) + 20;
  raw_save (&raw, f->path);

  g_autoptr (GError) error = NULL;
  g_assert_true (augur_trace_finish (f->path, AUGUR_END_SIGNAL, 9, &error));
  g_assert_no_error (error);
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_trace_n_events (t), ==, 4);
  g_assert_cmpuint (augur_trace_event (t, 3)->kind, ==, AUGUR_EV_END);
  g_assert_cmpuint (augur_trace_header (t)->n_records, ==, 4);
  g_assert_cmpuint (augur_trace_n_unwritten (t), ==, 0);
  g_assert_cmpuint (augur_trace_event_slot (t, 3), ==, 2 * AUGUR_TRACE_CHUNK_RECORDS + 1);
  GStatBuf st;
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, slot_at (3, 0));
}

/* issue 16, item 1: a chunk owner no thread creation accounts for.  A
 * per-thread table sized by it would wrap (0xffffffff + 1 = 0), ask for
 * 32 GiB (0xfffffffe) or take for ever to walk (0x7fffffff). */
static void
test_thread_id_out_of_range (Fixture *f, gconstpointer data)
{
  (void) data;
  static const guint32 owners[] = { 0xffffffffu, 0xfffffffeu, 0x7fffffffu, 5 };
  for (gsize k = 0; k < G_N_ELEMENTS (owners); k++)
    {
      Raw raw = raw_new (2, FALSE, 0);
      raw_chunk (&raw, 0, 0, 0);
      raw_event (&raw, 0, 1, AUGUR_EV_THREAD_START, 0);
      raw_event (&raw, 0, 2, AUGUR_EV_THREAD_CREATE, 1);
      raw_chunk (&raw, 1, owners[k], 2);
      raw_event (&raw, 1, 1, AUGUR_EV_THREAD_START, 2);
      raw_save (&raw, f->path);
      assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (1, 0));
      g_autoptr (GError) error = NULL;
      g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
      g_autofree char *want = g_strdup_printf ("corrupt trace: thread id %u out of range", owners[k]);
      g_assert_nonnull (strstr (error->message, want));
    }
  /* the largest id the creations and chunks allow is accepted */
  Raw raw = raw_new (2, FALSE, 0);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, AUGUR_EV_THREAD_CREATE, 0);
  raw_chunk (&raw, 1, 3, 1);
  raw_event (&raw, 1, 1, AUGUR_EV_THREAD_START, 1);
  raw_save (&raw, f->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_trace_n_threads (t), ==, 4);
}

/* issue 16, item 2: the duplicate is named from the list of seqs, which
 * must still be there.  With 20,000 records that list is big enough for
 * malloc to give it back to the system when freed (see main): reading it
 * afterwards faults even without a sanitizer. */
static void
test_duplicate_seq_big (Fixture *f, gconstpointer data)
{
  (void) data;
  const guint n_chunks = 40;
  Raw raw = raw_new (n_chunks, FALSE, 0);
  guint64 seq = 0;
  for (guint c = 0; c < n_chunks; c++)
    {
      raw_chunk (&raw, c, 0, seq);
      for (guint p = 1; p < AUGUR_TRACE_CHUNK_RECORDS; p++)
        raw_event (&raw, c, p, AUGUR_EV_WRITE, seq++);
    }
  /* the last record takes the seq of the one before it */
  raw_event (&raw, n_chunks - 1, AUGUR_TRACE_CHUNK_RECORDS - 1, AUGUR_EV_WRITE, seq - 2);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (n_chunks - 1, AUGUR_TRACE_CHUNK_RECORDS - 1));
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_autofree char *want = g_strdup_printf ("is also that of the record at byte offset %" G_GOFFSET_FORMAT ")",
                                           slot_at (n_chunks - 1, AUGUR_TRACE_CHUNK_RECORDS - 2));
  g_assert_nonnull (strstr (error->message, want));
}

/* issue 16, item 3: a complete trace must hold what its header counts. */
static void
test_complete_but_cut (Fixture *f, gconstpointer data)
{
  (void) data;
  write_sample (f->path, TRUE, TRUE);
  g_autofree char *bytes = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (f->path, &bytes, &len, NULL));

  /* n_records 0, and 2^64 - 1 */
  static const guint64 counts[] = { 0, G_MAXUINT64, 15 };
  static const gint codes[] = { AUGUR_TRACE_ERROR_CORRUPT, AUGUR_TRACE_ERROR_TRUNCATED,
                                AUGUR_TRACE_ERROR_TRUNCATED };
  for (gsize k = 0; k < G_N_ELEMENTS (counts); k++)
    {
      ((AugurTraceHeader *) bytes)->n_records = counts[k];
      g_assert_true (g_file_set_contents (f->path, bytes, (gssize) len, NULL));
      assert_open_fails (f->path, codes[k], -1);
    }
  ((AugurTraceHeader *) bytes)->n_records = 14;

  /* cut at the boundary of chunk 1 (T1's: T0 then joins a thread whose
   * records are gone) */
  g_assert_true (g_file_set_contents (f->path, bytes, (gssize) slot_at (1, 0), NULL));
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_TRUNCATED, slot_at (0, 6));

  /* END's chunk cut off: complete, and no END */
  Raw raw = raw_new (2, TRUE, 4);
  raw_chunk (&raw, 0, 0, 0);
  raw_event (&raw, 0, 1, AUGUR_EV_THREAD_START, 0);
  raw_event (&raw, 0, 2, AUGUR_EV_WRITE, 1);
  raw_chunk (&raw, 1, 0, 2);
  raw_event (&raw, 1, 1, AUGUR_EV_WRITE, 2);
  raw_event (&raw, 1, 2, AUGUR_EV_END, 3);
  raw.len = (gsize) slot_at (1, 0);
  raw_save (&raw, f->path);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_TRUNCATED, -1);

  /* the header itself, nothing after it */
  g_assert_true (g_file_set_contents (f->path, bytes, AUGUR_TRACE_HEADER_SIZE, NULL));
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_TRUNCATED, -1);
}

/* issue 16, item 3: a stray stage file next to a trace.  Opening (a
 * reader) changes neither file; recovering (the recorder) puts no chunk
 * further than the stage file's own size past the trace's end. */
static void
test_stray_stage (Fixture *f, gconstpointer data)
{
  (void) data;
  write_sample (f->path, FALSE, FALSE);
  {
    /* pid 0: no recording is still running (the writer stored ours) */
    g_autofree char *bytes = NULL;
    gsize len = 0;
    g_assert_true (g_file_get_contents (f->path, &bytes, &len, NULL));
    ((AugurTraceHeader *) bytes)->pid = 0;
    g_assert_true (g_file_set_contents (f->path, bytes, (gssize) len, NULL));
  }
  GStatBuf st;
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  goffset before = st.st_size;
  g_autofree char *stage = g_strconcat (f->path, ".stage", NULL);
  g_autofree guint8 *chunk = g_malloc0 (AUGUR_TRACE_CHUNK_BYTES);
  AugurRecord head = { .kind = AUGUR_EV_CHUNK, .tid = 0, .addr = 100, .arg = 65536 };
  head.check = augur_trace_record_check (&head);
  memcpy (chunk, &head, sizeof head);
  g_assert_true (g_file_set_contents (stage, (const char *) chunk, AUGUR_TRACE_CHUNK_BYTES, NULL));

  g_autoptr (GError) error = NULL;
  {
    g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
    g_assert_no_error (error);
  }
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, before);
  g_assert_true (g_file_test (stage, G_FILE_TEST_EXISTS));

  /* chunk 65536 is 1 GiB away: not put there */
  g_assert_true (augur_trace_recover (f->path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, before);
  g_assert_false (g_file_test (stage, G_FILE_TEST_EXISTS));

  /* a staged chunk right after the trace's last one is */
  head = (AugurRecord) { .kind = AUGUR_EV_CHUNK, .tid = 0, .addr = 13, .arg = 2 };
  head.check = augur_trace_record_check (&head);
  memcpy (chunk, &head, sizeof head);
  AugurRecord w = { .kind = AUGUR_EV_WRITE, .tid = 13, .flags = 4, .addr = 0x4010 };
  w.check = augur_trace_record_check (&w);
  memcpy (chunk + AUGUR_TRACE_RECORD_SIZE, &w, sizeof w);
  g_assert_true (g_file_set_contents (stage, (const char *) chunk, AUGUR_TRACE_CHUNK_BYTES, NULL));
  g_assert_true (augur_trace_recover (f->path, &error));
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, before + AUGUR_TRACE_CHUNK_BYTES);
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_trace_event (t, augur_trace_n_events (t) - 1)->kind, ==, AUGUR_EV_WRITE);
}

/* issue 16, item 6: what is not a regular file is refused, at once. */
static void
test_not_regular (Fixture *f, gconstpointer data)
{
  (void) data;
  g_autofree char *fifo = g_build_filename (f->dir, "fifo", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  static const char *const paths[] = { NULL, "/dev/zero", "/" };
  for (gsize k = 0; k < G_N_ELEMENTS (paths); k++)
    {
      const char *p = paths[k] != NULL ? paths[k] : fifo;
      g_autoptr (GError) error = NULL;
      g_autoptr (AugurTrace) t = augur_trace_open (p, &error);
      g_assert_null (t);
      g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_OPEN);
      g_assert_nonnull (strstr (error->message, "not a regular file"));
    }
  g_unlink (fifo);
}

static void
test_check_byte (void)
{
  /* any single flipped bit in the other 31 bytes shows */
  AugurRecord r = { .kind = AUGUR_EV_WRITE, .tid = 3, .pc = 0x1234, .addr = 0xdeadbeef, .arg = 42 };
  guint8 base = augur_trace_record_check (&r);
  for (guint byte = 0; byte < sizeof r; byte++)
    {
      if (byte == 2)
        continue;
      for (guint bit = 0; bit < 8; bit++)
        {
          AugurRecord x = r;
          ((guint8 *) &x)[byte] ^= (guint8) (1u << bit);
          g_assert_cmpuint (augur_trace_record_check (&x), !=, base);
        }
    }
}

static guint8 *
put_le (guint8 *q, guint64 v, guint n)
{
  for (guint i = 0; i < n; i++)
    *q++ = (guint8) (v >> (8 * i));
  return q;
}

/* A packed record (augur-trace-format.h) at byte `at` of the file, its
 * differences from the *seq, *key and *addr of the event before it in its
 * chunk, which become its own.  Returns the byte after it. */
static gsize
raw_packed (Raw *raw, gsize at, const AugurRecord *r, guint64 seq, guint64 *last_seq,
            guint64 *last_key, guint64 *last_addr)
{
  guint8 *p = raw->bytes + at;
  guint64 key = (guint64) r->module << 32 | r->pc;
  guint64 zseq = augur_trace_zigzag (seq - *last_seq);
  guint64 zkey = augur_trace_zigzag (key - *last_key);
  guint64 zaddr = augur_trace_zigzag (r->addr - *last_addr);
  guint ns = augur_trace_packed_bytes (zseq), nk = augur_trace_packed_bytes (zkey);
  guint na = augur_trace_packed_bytes (zaddr), nv = augur_trace_packed_bytes (r->arg);
  guint nx = augur_trace_packed_bytes (r->aux);
  guint16 lens = (guint16) (ns | nk << 3 | na << 6 | nv << 9 | nx << 13);
  guint8 *q = put_le (p + AUGUR_PACKED_HEAD, zseq, ns);
  q = put_le (q, zkey, nk);
  q = put_le (q, zaddr, na);
  q = put_le (q, r->arg, nv);
  q = put_le (q, r->aux, nx);
  p[0] = (guint8) (AUGUR_PACKED_TAG | r->kind);
  p[2] = r->flags;
  p[3] = (guint8) lens;
  p[4] = (guint8) (lens >> 8);
  p[1] = augur_trace_packed_check (p[0], p[2], lens, zseq, zkey, zaddr, r->aux, r->arg);
  *last_seq = seq;
  *last_key = key;
  *last_addr = r->addr;
  g_assert_cmpuint ((gsize) (q - raw->bytes), <=, raw->len);
  return (gsize) (q - raw->bytes);
}

/* Packed records between 32-byte ones (the runtime's plain accesses):
 * decoded into their fields, merged in seq order with the other thread's
 * events, each found at the slot its first byte is in. */
static gsize
write_packed_sample (Raw *raw, gsize *first_end)
{
  *raw = raw_new (2, TRUE, 16);
  raw_chunk (raw, 0, 0, 10);
  raw_event (raw, 0, 1, AUGUR_EV_THREAD_START, 10);
  guint64 seq = 10, key = 0, addr = 0;
  AugurRecord rd = { .kind = AUGUR_EV_READ, .flags = 4, .pc = 0x1234, .addr = 0x5000, .arg = 0x2a };
  gsize at = raw_packed (raw, (gsize) slot_at (0, 2), &rd, 12, &seq, &key, &addr);
  if (first_end != NULL)
    *first_end = at;
  AugurRecord wr = { .kind = AUGUR_EV_WRITE, .flags = 8, .module = 1, .pc = 0x10,
                     .aux = 0x1234, .addr = 0x4ff8, .arg = G_MAXUINT64 };
  at = raw_packed (raw, at, &wr, 13, &seq, &key, &addr);
  /* the second one runs on across a 32-byte boundary */
  g_assert_cmpint ((goffset) at, >, slot_at (0, 3));
  g_assert_cmpint ((goffset) at, <, slot_at (0, 4));
  raw_event (raw, 0, 4, AUGUR_EV_MUTEX_LOCK, 14);
  raw_event (raw, 0, 5, AUGUR_EV_END, 15);
  raw_chunk (raw, 1, 1, 11);
  raw_event (raw, 1, 1, AUGUR_EV_THREAD_START, 11);
  return at;
}

static void
test_packed (Fixture *f, gconstpointer data)
{
  (void) data;
  Raw raw;
  gsize first_end = 0;
  write_packed_sample (&raw, &first_end);
  raw_save (&raw, f->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_trace_n_events (t), ==, 6);
  static const guint kinds[] = { AUGUR_EV_THREAD_START, AUGUR_EV_THREAD_START, AUGUR_EV_READ,
                                 AUGUR_EV_WRITE, AUGUR_EV_MUTEX_LOCK, AUGUR_EV_END };
  static const guint tids[] = { 0, 1, 0, 0, 0, 0 };
  static const guint64 slots[] = { 1, AUGUR_TRACE_CHUNK_RECORDS + 1, 2, 2, 4, 5 };
  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_assert_cmpuint (augur_trace_event (t, i)->kind, ==, kinds[i]);
      g_assert_cmpuint (augur_trace_event (t, i)->tid, ==, tids[i]);
      g_assert_cmpuint (augur_trace_event_slot (t, i), ==, slots[i]);
    }
  const AugurRecord *rd = augur_trace_event (t, 2);
  g_assert_cmpuint (rd->flags, ==, 4);
  g_assert_cmpuint (rd->module, ==, 0);
  g_assert_cmpuint (rd->pc, ==, 0x1234);
  g_assert_cmpuint (rd->addr, ==, 0x5000);
  g_assert_cmpuint (rd->arg, ==, 0x2a);
  const AugurRecord *wr = augur_trace_event (t, 3);
  g_assert_cmpuint (wr->flags, ==, 8);
  g_assert_cmpuint (wr->module, ==, 1);
  g_assert_cmpuint (wr->pc, ==, 0x10);
  g_assert_cmpuint (wr->addr, ==, 0x4ff8);
  g_assert_cmpuint (wr->arg, ==, G_MAXUINT64);
  g_assert_cmpuint (wr->aux, ==, 0x1234);
  g_clear_pointer (&raw.bytes, g_free);

  /* any bit flipped in the first packed record is caught at its offset */
  for (goffset b = slot_at (0, 2); b < (goffset) first_end; b++)
    for (guint bit = 0; bit < 8; bit++)
      {
        write_packed_sample (&raw, NULL);
        raw.bytes[b] ^= (guint8) (1u << bit);
        raw_save (&raw, f->path);
        g_clear_pointer (&raw.bytes, g_free);
        assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (0, 2));
      }

  /* what would be a 32-byte record right after a packed one, off its
   * 32-byte boundary */
  gsize after = write_packed_sample (&raw, NULL);
  raw.bytes[after] = AUGUR_EV_READ;
  raw_save (&raw, f->path);
  g_clear_pointer (&raw.bytes, g_free);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, (goffset) after);

  /* END is never packed */
  write_packed_sample (&raw, NULL);
  raw.bytes[slot_at (0, 4)] = (guint8) (AUGUR_PACKED_TAG | AUGUR_EV_END);
  raw_save (&raw, f->path);
  g_clear_pointer (&raw.bytes, g_free);
  assert_open_fails (f->path, AUGUR_TRACE_ERROR_CORRUPT, slot_at (0, 4));
}

int
main (int argc, char **argv)
{
  /* A fixed threshold: every block of 64 KiB or more is its own mapping,
   * unmapped when freed, so that reading freed memory (duplicate-seq-big)
   * faults even without a sanitizer. */
  mallopt (M_MMAP_THRESHOLD, 64 << 10);
  g_test_init (&argc, &argv, NULL);
#define ADD(name, fn) g_test_add ("/trace/" name, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("round-trip", test_round_trip);
  ADD ("writer-chunks", test_writer_chunks);
  ADD ("out-of-order", test_out_of_order);
  ADD ("seq-wrap", test_seq_wrap);
  ADD ("after-end-dropped", test_after_end_dropped);
  ADD ("bit-flip-found-at-offset", test_bit_flip_found_at_offset);
  ADD ("module-path-damage", test_module_path_damage);
  ADD ("duplicate-seq", test_duplicate_seq);
  ADD ("bad-chunks", test_bad_chunks);
  ADD ("packed", test_packed);
  ADD ("truncated", test_truncated);
  ADD ("not-a-trace-and-version", test_not_a_trace_and_version);
  ADD ("torn-and-finish", test_torn_and_finish);
  ADD ("finish-partial-chunk", test_finish_partial_chunk);
  ADD ("thread-id-out-of-range", test_thread_id_out_of_range);
  ADD ("duplicate-seq-big", test_duplicate_seq_big);
  ADD ("complete-but-cut", test_complete_but_cut);
  ADD ("stray-stage", test_stray_stage);
  ADD ("not-regular", test_not_regular);
#undef ADD
  g_test_add_func ("/trace/check-byte", test_check_byte);
  return g_test_run ();
}
