/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-schedule-pack.c — long schedules in the results file
 * (common/schedule-pack.h): packed past AUGUR_SCHEDULE_PACK_MIN_STEPS,
 * read back step for step (strings that need escapes, NULL and empty
 * strings, peers, events that are not implied, a thread id too high to be
 * tracked), written back byte for byte, kilobytes for a 100,000-step loop,
 * and every kind of damaged packed schedule refused with its place named.
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "common/results.h"
#include "common/schedule-pack.h"

/* A thread pool's schedule: main queues @n_tasks tasks (13 steps each,
 * the queue slot in the object's name), then the odd steps of the rest. */
static AugurFinding *
build_long (guint n_tasks)
{
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_MISUSE, "double-unlock", "Unlocked twice.");
  guint64 ev[3] = { 0, 0, 0 };
  augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_CREATE, NULL, 1, "pool.c", 10, "main");
  augur_finding_add_step (f, 1, ev[1]++, AUGUR_OP_START, NULL, 0, NULL, 0, NULL);
  for (guint i = 0; i < n_tasks; i++)
    {
      g_autofree char *slot = g_strdup_printf ("pool->queue[%u].function", i % 1024);
      augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_LOCK, "pool->lock", -1, "src/pool.c", 156, "pool_add");
      for (guint k = 0; k < 10; k++)
        augur_finding_add_step (f, 0, ev[0]++, k == 4 ? AUGUR_OP_WRITE : AUGUR_OP_READ,
                                k == 4 ? slot : "pool->count", -1, "src/pool.c", 165 + k, "pool_add");
      augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_SIGNAL, "pool->notify", -1, "src/pool.c", 183, "pool_add");
      augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_UNLOCK, "pool->lock", -1, "src/pool.c", 189, "pool_add");
    }
  /* what needs escaping, NULL against "", an event that skips */
  augur_finding_add_step (f, 1, ev[1]++, AUGUR_OP_WRITE, "a\tb\\c\nd\re", -1, "dir with space/x.c", 7,
                          "");
  augur_finding_add_step (f, 1, ev[1] + 40, AUGUR_OP_READ, "", -1, "", 0, "f\\E");
  augur_finding_add_step (f, 1, 3, AUGUR_OP_READ, "\\E", -1, NULL, 1, NULL);   /* event going back */
  /* a thread beyond the tracked ones: its events are always written */
  augur_finding_add_step (f, 70000, 0, AUGUR_OP_START, NULL, 0, NULL, 0, NULL);
  augur_finding_add_step (f, 70000, 1, AUGUR_OP_EXIT, NULL, -1, NULL, 0, NULL);
  guint a = augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_UNLOCK, "pool->lock", -1, "src/pool.c", 233, "destroy");
  guint b = augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_UNLOCK, "pool->lock", -1, "src/pool.c", 234, "destroy");
  augur_finding_mark_bug_step (f, a);
  augur_finding_mark_bug_step (f, b);
  augur_finding_set_replay (f, "augur replay r.json#1");
  return f;
}

static AugurResults *
results_with (AugurFinding *f)
{
  AugurResults *r = augur_results_new ("/bin/pool", "explore");
  const char *argv[] = { "/bin/pool", NULL };
  augur_results_set_argv (r, argv);
  augur_results_add_finding (r, f);
  return r;
}

static void
test_round_trip (void)
{
  g_autoptr (AugurFinding) f = build_long (8192);
  g_assert_cmpuint (augur_finding_get_n_steps (f), ==, 8192 * 13 + 9);
  g_autoptr (AugurResults) r = results_with (f);
  gsize len = 0;
  g_autofree char *data = augur_results_to_data (r, &len);
  g_assert_nonnull (strstr (data, "\"schedule_packed\" : {"));
  g_assert_null (strstr (data, "\"schedule\" :"));
  /* kilobytes, not the 25 MB of one JSON object a step */
  g_test_message ("106,505 steps: %" G_GSIZE_FORMAT " bytes", len);
  g_assert_cmpuint (len, <, 64 * 1024);

  g_autoptr (GError) error = NULL;
  g_autoptr (AugurResults) back = augur_results_load_from_data (data, (gssize) len, &error);
  g_assert_no_error (error);
  AugurFinding *g = augur_results_get_finding (back, 0);
  g_autofree char *want = augur_finding_to_string (f);
  g_autofree char *got = augur_finding_to_string (g);
  g_assert_cmpstr (got, ==, want);
  /* NULL and "" stay apart (to_string prints both as nothing) */
  guint n = augur_finding_get_n_steps (g);
  const AugurStep *esc = augur_finding_get_step (g, n - 7);
  const AugurStep *empty = augur_finding_get_step (g, n - 6);
  const AugurStep *lit = augur_finding_get_step (g, n - 5);
  g_assert_cmpstr (esc->object, ==, "a\tb\\c\nd\re");
  g_assert_cmpstr (esc->function, ==, "");
  g_assert_cmpstr (empty->object, ==, "");
  g_assert_cmpstr (empty->file, ==, "");
  g_assert_cmpstr (empty->function, ==, "f\\E");
  g_assert_cmpuint (empty->event, ==, 42);
  g_assert_cmpstr (lit->object, ==, "\\E");
  g_assert_null (lit->file);
  g_assert_null (lit->function);
  g_assert_cmpuint (lit->event, ==, 3);
  g_assert_cmpint (augur_finding_get_step (g, 0)->peer, ==, 1);
  g_assert_cmpint (augur_finding_get_step (g, 2)->peer, ==, -1);
  g_assert_cmpuint (augur_finding_get_step (g, n - 4)->thread, ==, 70000);

  /* written back byte for byte */
  gsize len2 = 0;
  g_autofree char *again = augur_results_to_data (back, &len2);
  g_assert_cmpuint (len2, ==, len);
  g_assert_cmpstr (again, ==, data);
}

/* Up to AUGUR_SCHEDULE_PACK_MIN_STEPS steps, a schedule stays readable. */
static void
test_short_stays_plain (void)
{
  g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "Race.");
  for (guint i = 0; i < AUGUR_SCHEDULE_PACK_MIN_STEPS; i++)
    augur_finding_add_step (f, i % 2, i / 2, AUGUR_OP_WRITE, "x", -1, "p.c", 3, "run");
  g_autoptr (AugurResults) r = results_with (f);
  g_autofree char *data = augur_results_to_data (r, NULL);
  g_assert_nonnull (strstr (data, "\"schedule\" : ["));
  g_assert_null (strstr (data, "schedule_packed"));
  augur_finding_add_step (f, 0, 500, AUGUR_OP_WRITE, "x", -1, "p.c", 3, "run");
  g_autofree char *longer = augur_results_to_data (r, NULL);
  g_assert_nonnull (strstr (longer, "schedule_packed"));
}

/* A results file of one finding whose schedule is @packed_member. */
static char *
packed_file (const char *packed_member)
{
  return g_strdup_printf (
    "{\"schema\": \"augur-results/1\", \"program\": \"p\", \"argv\": [\"p\"], "
    "\"command\": \"explore\", \"duration_ms\": 0, \"executions\": 1, \"findings\": [{"
    "\"kind\": \"data-race\", \"explanation\": \"e\", \"threads\": [], \"accesses\": [], "
    "%s, \"bug_steps\": []}]}", packed_member);
}

/* base64 of the zlib stream of @text */
static char *
pack_text (const char *text)
{
  g_autoptr (GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 6);
  guint8 out[4096];
  gsize read = 0, written = 0;
  GConverterResult res = g_converter_convert (G_CONVERTER (z), text, strlen (text), out,
                                              sizeof out, G_CONVERTER_INPUT_AT_END, &read,
                                              &written, NULL);
  g_assert_cmpint (res, ==, G_CONVERTER_FINISHED);
  return g_base64_encode (out, written);
}

static void
expect_bad (const char *member, const char *message_part)
{
  g_autofree char *data = packed_file (member);
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurResults) r = augur_results_load_from_data (data, -1, &error);
  g_assert_null (r);
  g_assert_error (error, AUGUR_RESULTS_ERROR, AUGUR_RESULTS_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "finding 1"));
  g_assert_nonnull (strstr (error->message, message_part));
}

static char *
member_of (guint steps, const char *text)
{
  g_autofree char *b64 = pack_text (text);
  return g_strdup_printf ("\"schedule_packed\": {\"steps\": %u, \"encoding\": "
                          "\"tsv+deflate+base64\", \"data\": \"%s\"}", steps, b64);
}

static void
test_bad (void)
{
  const char *two = "0\t\tcreate\t\t1\tp.c\t3\tmain\n1\t\tstart\t\t0\t\t\t\n";
  /* a good one first, so that what fails below is what each changes */
  {
    g_autofree char *m = member_of (2, two);
    g_autofree char *data = packed_file (m);
    g_autoptr (GError) error = NULL;
    g_autoptr (AugurResults) r = augur_results_load_from_data (data, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (augur_finding_get_n_steps (augur_results_get_finding (r, 0)), ==, 2);
  }
  g_autofree char *more = member_of (1, two);
  expect_bad (more, "holds more steps than it declares");
  g_autofree char *fewer = member_of (3, two);
  expect_bad (fewer, "holds fewer steps than it declares");
  g_autofree char *op = member_of (1, "0\t\tfly\t\t\t\t\t\n");
  expect_bad (op, "step 0: op names an unknown operation");
  g_autofree char *fields = member_of (1, "0\t\tread\t\t\t\t\n");
  expect_bad (fields, "fewer than 8 fields");
  g_autofree char *escape = member_of (1, "0\t\tread\tx\\q\t\t\t\t\n");
  expect_bad (escape, "object has an unknown escape");
  g_autofree char *number = member_of (1, "0\t-1\tread\t\t\t\t\t\n");
  expect_bad (number, "event is not a number in range");
  g_autofree char *high = member_of (1, "70000\t\tread\t\t\t\t\t\n");
  expect_bad (high, "event is missing");
  g_autofree char *unended = member_of (1, "0\t\tread\t\t\t\t\t");
  expect_bad (unended, "ends in the middle of a line");
  expect_bad ("\"schedule_packed\": {\"steps\": 1, \"encoding\": \"tsv+deflate+base64\", "
              "\"data\": \"bm90IHpsaWI=\"}", "is not a packed schedule");
  expect_bad ("\"schedule_packed\": {\"steps\": 1, \"encoding\": \"lzma\", \"data\": \"\"}",
              "schedule_packed.encoding");
  g_autofree char *both = g_strdup_printf ("\"schedule\": [], %s", more);
  expect_bad (both, "is given twice");
  expect_bad ("\"schedule_packed\": {\"steps\": 99999999, \"encoding\": \"tsv+deflate+base64\", "
              "\"data\": \"\"}", "steps' is out of range");
  expect_bad ("\"bug\": 1", "member 'schedule' is missing");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/schedule-pack/round-trip", test_round_trip);
  g_test_add_func ("/schedule-pack/short-stays-plain", test_short_stays_plain);
  g_test_add_func ("/schedule-pack/bad", test_bad);
  return g_test_run ();
}
