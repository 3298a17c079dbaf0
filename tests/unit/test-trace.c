/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-trace.c — the trace format: written and read back, and every kind
 * of damage detected with the right error and byte offset.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

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

/* main creates T1, both access `x`, T1 exits, main joins, END exit 0. */
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
  g_assert_cmpstr (augur_trace_program (t), ==, "/bin/sample");
  g_assert_cmpuint (augur_trace_n_modules (t), ==, 2);
  g_assert_cmpstr (augur_trace_module_path (t, 1), ==,
                   "/usr/lib/x86_64-linux-gnu/libsomething-with-a-long-name.so.1");
  g_assert_cmphex (augur_trace_module_bias (t, 1), ==, 0x7ffff7dd0000);
  g_assert_cmphex (augur_trace_module_bias (t, 0), ==, 0x555555554000);
  const AugurRecord *r = augur_trace_event (t, 4);
  g_assert_cmpuint (r->kind, ==, AUGUR_EV_READ);
  g_assert_cmpuint (r->tid, ==, 1);
  g_assert_cmphex (r->addr, ==, 0x4010);
  g_assert_cmpuint (r->arg, ==, 7);
  /* event 4 is slot 5: the MODULE block of module 0 has 1 DATA record */
  g_assert_cmpuint (augur_trace_event_slot (t, 4), ==, 6);
  const AugurRecord *end = augur_trace_end (t);
  g_assert_nonnull (end);
  g_assert_cmpuint (end->aux, ==, AUGUR_END_EXIT);
  g_autofree char *summary = augur_trace_summary (t);
  g_assert_cmpstr (summary, ==, "2 threads, 8 events, ended: exit status 0");
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
  /* flip one bit in the address of the READ (slot 6), and then in each
   * other field of it: each is caught at that record's offset */
  static const goffset field_offsets[] = { 0, 1, 3, 4, 8, 12, 16, 24, 31 };
  for (gsize k = 0; k < G_N_ELEMENTS (field_offsets); k++)
    {
      write_sample (f->path, TRUE, TRUE);
      goffset record = AUGUR_TRACE_HEADER_SIZE + 6 * AUGUR_TRACE_RECORD_SIZE;
      corrupt_byte (f->path, record + field_offsets[k]);
      g_autoptr (GError) error = NULL;
      g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
      g_assert_null (t);
      g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_CORRUPT);
      g_autofree char *where = g_strdup_printf ("byte offset %" G_GOFFSET_FORMAT, record);
      g_assert_nonnull (strstr (error->message, where));
      g_assert_nonnull (strstr (error->message, f->path));
    }
}

static void
test_module_path_damage (Fixture *f, gconstpointer data)
{
  (void) data;
  write_sample (f->path, TRUE, TRUE);
  /* slot 1 is module 0's DATA record: damage a path byte */
  goffset record = AUGUR_TRACE_HEADER_SIZE + 1 * AUGUR_TRACE_RECORD_SIZE;
  corrupt_byte (f->path, record + 6);
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_CORRUPT);
  g_autofree char *where = g_strdup_printf ("byte offset %" G_GOFFSET_FORMAT, record);
  g_assert_nonnull (strstr (error->message, where));
}

static void
test_truncated (Fixture *f, gconstpointer data)
{
  (void) data;
  write_sample (f->path, TRUE, TRUE);
  g_autofree char *bytes = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (f->path, &bytes, &len, NULL));

  /* cut in the middle of the records: the header announces more */
  g_assert_true (g_file_set_contents (f->path, bytes, (gssize) (len - 3 * AUGUR_TRACE_RECORD_SIZE), NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_TRUNCATED);
  g_assert_nonnull (strstr (error->message, "truncated"));
  g_clear_error (&error);

  /* cut inside the header */
  g_assert_true (g_file_set_contents (f->path, bytes, 100, NULL));
  t = augur_trace_open (f->path, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_TRUNCATED);
  g_clear_error (&error);

  /* a stray partial record */
  g_assert_true (g_file_set_contents (f->path, bytes, (gssize) (len + 0), NULL));
  g_autofree char *longer = g_malloc0 (len + 5);
  memcpy (longer, bytes, len);
  g_assert_true (g_file_set_contents (f->path, longer, (gssize) (len + 5), NULL));
  t = augur_trace_open (f->path, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_CORRUPT);
  g_clear_error (&error);

  /* empty */
  g_assert_true (g_file_set_contents (f->path, "", 0, NULL));
  t = augur_trace_open (f->path, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_TRUNCATED);
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

  write_sample (f->path, TRUE, TRUE);
  g_autofree char *bytes = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (f->path, &bytes, &len, NULL));
  ((AugurTraceHeader *) bytes)->version = AUGUR_TRACE_VERSION + 1;
  g_assert_true (g_file_set_contents (f->path, bytes, (gssize) len, NULL));
  t = augur_trace_open (f->path, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_VERSION);
  g_clear_error (&error);

  g_autofree char *missing = g_build_filename (f->dir, "missing.trace", NULL);
  t = augur_trace_open (missing, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_OPEN);
}

/* A process killed mid-run: not complete, a reserved-but-unwritten slot
 * in the middle, zero slots at the tail (the mapping's spare room). */
static void
test_torn_and_finish (Fixture *f, gconstpointer data)
{
  (void) data;
  write_sample (f->path, FALSE, FALSE);
  g_autofree char *bytes = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (f->path, &bytes, &len, NULL));
  ((AugurTraceHeader *) bytes)->n_records = 0;
  gsize padded = len + 64 * AUGUR_TRACE_RECORD_SIZE;
  g_autofree char *body = g_malloc0 (padded);
  memcpy (body, bytes, len);
  /* slot 5 (T1's THREAD_START) was reserved and never written */
  memset (body + AUGUR_TRACE_HEADER_SIZE + 5 * AUGUR_TRACE_RECORD_SIZE, 0, AUGUR_TRACE_RECORD_SIZE);
  g_assert_true (g_file_set_contents (f->path, body, (gssize) padded, NULL));

  g_autoptr (GError) error = NULL;
  {
    g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
    g_assert_no_error (error);
    g_assert_false (augur_trace_is_complete (t));
    g_assert_null (augur_trace_end (t));
    g_assert_cmpuint (augur_trace_n_unwritten (t), ==, 1);
    g_assert_cmpuint (augur_trace_n_events (t), ==, 6);
  }
  g_assert_true (augur_trace_finish (f->path, AUGUR_END_TIMEOUT, 20, &error));
  g_assert_no_error (error);
  g_autoptr (AugurTrace) t = augur_trace_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_true (augur_trace_is_complete (t));
  g_assert_cmpuint (augur_trace_n_events (t), ==, 7);
  const AugurRecord *end = augur_trace_end (t);
  g_assert_nonnull (end);
  g_assert_cmpuint (end->aux, ==, AUGUR_END_TIMEOUT);
  g_assert_cmpuint (end->arg, ==, 20);
  /* the last event before END survived */
  g_assert_cmpuint (augur_trace_event (t, 5)->kind, ==, AUGUR_EV_THREAD_JOIN);
  /* finishing twice changes nothing */
  g_assert_true (augur_trace_finish (f->path, AUGUR_END_LOST, 0, &error));
  g_autoptr (AugurTrace) again = augur_trace_open (f->path, &error);
  g_assert_cmpuint (augur_trace_end (again)->aux, ==, AUGUR_END_TIMEOUT);
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, fn) g_test_add ("/trace/" name, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("round-trip", test_round_trip);
  ADD ("bit-flip-found-at-offset", test_bit_flip_found_at_offset);
  ADD ("module-path-damage", test_module_path_damage);
  ADD ("truncated", test_truncated);
  ADD ("not-a-trace-and-version", test_not_a_trace_and_version);
  ADD ("torn-and-finish", test_torn_and_finish);
#undef ADD
  g_test_add_func ("/trace/check-byte", test_check_byte);
  return g_test_run ();
}
