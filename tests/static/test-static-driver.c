/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-static-driver.c — how augur_static_run goes about files Frama-C
 * cannot parse (static-driver.c), on small generated programs: the error
 * is one short line that names the file, its line and frama-c's log; the
 * log holds every attempt; with complete_only it stops at the first file
 * it would leave out; and an attempt after a file left out does not parse
 * again the files that parsed before it.  Plus augur_static_short_reason
 * on frama-c's messages as libuv made it write them (no Frama-C needed).
 * The rest is skipped when frama-c or the plug-in is missing.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "static/static-driver.h"
#include "static/static-error.h"
#include "static/static-facts.h"
#include "static/static-failure-cause.h"

static gboolean
have_frama_c (void)
{
  const char *fc = g_getenv ("AUGUR_FRAMA_C");
  g_autofree char *path = g_find_program_in_path (fc != NULL ? fc : "frama-c");
  const char *plugin = g_getenv ("AUGUR_STATIC_PLUGIN");
  return path != NULL && plugin != NULL && g_file_test (plugin, G_FILE_TEST_IS_REGULAR);
}

/* dir/name.c: a file that parses (a thread and a counter under a lock
 * for "main", a locked counter of its own otherwise) or, when @bad, one
 * whose header is missing (no attempt with the system's headers then). */
static char *
write_source (const char *dir, const char *name, gboolean bad)
{
  g_autofree char *file = g_strdup_printf ("%s.c", name);
  char *path = g_build_filename (dir, file, NULL);
  g_autofree char *text = NULL;
  if (bad)
    text = g_strdup_printf ("#include \"no-such-header-%s.h\"\nint %s_value (void) { return 1; }\n",
                            name, name);
  else if (strcmp (name, "main") == 0)
    text = g_strdup ("#include <pthread.h>\n#include <stddef.h>\n"
                     "static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\nstatic int n;\n"
                     "static void *w (void *a) { (void) a; pthread_mutex_lock (&m); n++;\n"
                     "  pthread_mutex_unlock (&m); return NULL; }\n"
                     "int main (void) { pthread_t t; pthread_create (&t, NULL, w, NULL);\n"
                     "  pthread_mutex_lock (&m); n++; pthread_mutex_unlock (&m);\n"
                     "  pthread_join (t, NULL); return 0; }\n");
  else
    text = g_strdup_printf ("static int %s_n;\nint %s_value (void) { return ++%s_n; }\n",
                            name, name, name);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* How many times frama-c's log says it parsed @file. */
static guint
times_parsed (const char *log, const char *file)
{
  g_autofree char *needle = g_strdup_printf ("Parsing %s (with preprocessing)", file);
  guint n = 0;
  for (const char *p = strstr (log, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

typedef struct {
  char *dir;
  GPtrArray *sources;   /* char *, NULL-terminated once filled */
  char *log;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer layout)
{
  /* layout: "main good1 !bad1 good2 !bad2 good3", ! for a bad file */
  f->dir = g_dir_make_tmp ("augur-static-driver-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->sources = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) names = g_strsplit (layout, " ", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      gboolean bad = names[i][0] == '!';
      g_ptr_array_add (f->sources, write_source (f->dir, names[i] + bad, bad));
    }
  g_ptr_array_add (f->sources, NULL);
  f->log = g_build_filename (f->dir, "frama-c.log", NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer layout)
{
  (void) layout;
  g_autoptr(GDir) d = g_dir_open (f->dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (f->dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  g_ptr_array_unref (f->sources);
  g_free (f->log);
}

/* Two files left out of five: each attempt after one is left out starts
 * with the files after it, so a file that parsed is parsed again only in
 * the run that succeeds (before: once per attempt, three times for
 * good1); the log of every attempt is written where asked. */
static void
test_resume_after_left_out (Fixture *f, gconstpointer layout)
{
  (void) layout;
  if (!have_frama_c ())
    {
      g_test_skip ("frama-c or augur's plug-in is missing");
      return;
    }
  AugurStaticRunOptions opts = { .sources = (const char *const *) f->sources->pdata,
                                 .log_path = f->log };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurStaticFacts) facts = augur_static_run (&opts, &error);
  g_assert_no_error (error);
  g_auto(GStrv) left_out = augur_static_facts_dup_unanalysed (facts);
  g_assert_cmpuint (g_strv_length (left_out), ==, 2);
  g_autofree char *log = NULL;
  g_assert_true (g_file_get_contents (f->log, &log, NULL, NULL));
  g_assert_cmpuint (times_parsed (log, f->sources->pdata[0]), ==, 2);   /* main.c */
  g_assert_cmpuint (times_parsed (log, f->sources->pdata[1]), ==, 2);   /* good1.c */
  g_assert_cmpuint (times_parsed (log, f->sources->pdata[3]), ==, 2);   /* good2.c */
  g_assert_cmpuint (times_parsed (log, f->sources->pdata[5]), ==, 1);   /* good3.c */
  g_assert_nonnull (strstr (log, "==== augur: frama-c on 4 files with Frama-C's libc: ok"));
}

/* complete_only: the first file that cannot be parsed ends it, with one
 * short line that names it, the line and what is wrong there, and the log */
static void
test_complete_only (Fixture *f, gconstpointer layout)
{
  (void) layout;
  if (!have_frama_c ())
    {
      g_test_skip ("frama-c or augur's plug-in is missing");
      return;
    }
  AugurStaticRunOptions opts = { .sources = (const char *const *) f->sources->pdata,
                                 .log_path = f->log, .complete_only = TRUE };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurStaticFacts) facts = augur_static_run (&opts, &error);
  g_assert_null (facts);
  g_assert_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED);
  g_test_message ("%s", error->message);
  g_assert_null (strchr (error->message, '\n'));
  g_assert_cmpuint (strlen (error->message), <, 400);
  g_assert_true (g_str_has_prefix (error->message, "frama-c could not parse bad1.c ("));
  g_assert_nonnull (strstr (error->message, "no-such-header-bad1.h"));
  g_assert_nonnull (strstr (error->message, "--cflags"));
  g_autofree char *tail = g_strdup_printf ("; frama-c's log: %s", f->log);
  g_assert_true (g_str_has_suffix (error->message, tail));
  g_autofree char *log = NULL;
  g_assert_true (g_file_get_contents (f->log, &log, NULL, NULL));
  /* one attempt: bad2.c was never reached */
  g_assert_cmpuint (times_parsed (log, f->sources->pdata[0]), ==, 1);
  g_assert_cmpuint (times_parsed (log, f->sources->pdata[4]), ==, 0);
}

/* Every file left out: the line names the first and counts the others,
 * where it listed each with frama-c's message (libuv: ~2,000
 * characters); without log_path the log is kept and named. */
static void
test_every_file_short (Fixture *f, gconstpointer layout)
{
  (void) layout;
  if (!have_frama_c ())
    {
      g_test_skip ("frama-c or augur's plug-in is missing");
      return;
    }
  AugurStaticRunOptions opts = { .sources = (const char *const *) f->sources->pdata };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurStaticFacts) facts = augur_static_run (&opts, &error);
  g_assert_null (facts);
  g_assert_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED);
  g_test_message ("%s", error->message);
  g_assert_cmpuint (strlen (error->message), <, 400);
  g_assert_true (g_str_has_prefix (error->message, "frama-c failed on every source: bad1.c ("));
  g_assert_nonnull (strstr (error->message, ") and 5 more files; "));
  const char *at = strstr (error->message, "; frama-c's log: ");
  g_assert_nonnull (at);
  const char *kept = at + strlen ("; frama-c's log: ");
  g_autofree char *log = NULL;
  g_assert_true (g_file_get_contents (kept, &log, NULL, NULL));
  g_assert_cmpuint (times_parsed (log, f->sources->pdata[5]), ==, 1);   /* bad6.c */
  g_unlink (kept);
  g_autofree char *kept_dir = g_path_get_dirname (kept);
  g_assert_cmpint (g_rmdir (kept_dir), ==, 0);   /* nothing else was left there */
}

static void
test_short_reason (void)
{
  /* libuv's threadpool.c beside a file that includes <unistd.h> */
  g_autofree char *atfork = augur_static_short_reason (
    "[kernel] User Error: Incompatible declaration for pthread_atfork: different type "
    "constructors: void (void) vs. void First declaration was at FRAMAC_SHARE/libc/unistd.h:1002 "
    "Current declaration is at /tmp/survey30/libuv/src/threadpool.c:269");
  g_assert_cmpstr (atfork, ==,
                   "threadpool.c:269: Incompatible declaration for pthread_atfork: different type "
                   "constructors: void (void) vs. void (first declared at "
                   "FRAMAC_SHARE/libc/unistd.h:1002)");
  g_autofree char *at = augur_static_short_reason (
    "[kernel] /tmp/survey30/libuv/src/unix/process.c:491: User Error: Cannot resolve variable "
    "RTLD_DEFAULT");
  g_assert_cmpstr (at, ==, "process.c:491: Cannot resolve variable RTLD_DEFAULT");
  g_autofree char *gcc = augur_static_short_reason (
    "/tmp/x/bad1.c:1:10: fatal error: no-such-header.h: No such file or directory");
  g_assert_cmpstr (gcc, ==, "bad1.c:1: no-such-header.h: No such file or directory");
  g_autofree char *plain = augur_static_short_reason ("syntax error at line 2052 (before or at token: set)");
  g_assert_cmpstr (plain, ==, "syntax error at line 2052 (before or at token: set)");
  g_autofree char *longer = g_strnfill (1000, 'x');
  g_autofree char *cut = augur_static_short_reason (longer);
  g_assert_cmpuint (strlen (cut), <=, 203);
  g_assert_true (g_str_has_suffix (cut, "..."));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/static-driver/short-reason", test_short_reason);
  g_test_add ("/static-driver/resume-after-left-out", Fixture, "main good1 !bad1 good2 !bad2 good3",
              fixture_set_up, test_resume_after_left_out, fixture_tear_down);
  g_test_add ("/static-driver/complete-only", Fixture, "main good1 !bad1 good2 !bad2 good3",
              fixture_set_up, test_complete_only, fixture_tear_down);
  g_test_add ("/static-driver/every-file-short", Fixture, "!bad1 !bad2 !bad3 !bad4 !bad5 !bad6",
              fixture_set_up, test_every_file_short, fixture_tear_down);
  return g_test_run ();
}
