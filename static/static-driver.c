/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-driver.c — run frama-c (GSubprocess, argv array, never a shell)
 * with augur's harness and plug-in, under a timeout, and load the facts the
 * plug-in wrote.
 *
 * The Eva options are not tuning, each one is needed (see
 * doc/static-analysis.md): -eva-no-memexec, or Eva reuses one call's
 * result for another call stack and whole threads' accesses vanish;
 * -eva-precision 1, so that create/join loops with constant bounds are
 * unrolled instead of merging threads; -eva-unroll-recursive-calls, because
 * a thread that creates or joins a thread calls pthread_create again while
 * the harness's pthread_create is on the stack, and Eva calls that
 * recursion (without the option it falls back to the libc contract and the
 * nested thread's body is never analysed); -machdep gcc_x86_64 for __thread.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "static/static-compile-db.h"
#include "static/static-driver.h"
#include "static/static-error.h"

/* Enough for threads that create threads four deep; Eva's cost grows
 * exponentially with it on recursive code (cp_avltree: 1.1 s at 2, 2.4 s
 * at 4, 77 s at 8). */
#define AUGUR_STATIC_RECURSION_DEPTH "4"

/* The installed file, else (augur run from its build tree) the one next to
 * the running program: BUILDDIR/static/plugin/ or SRCDIR/static/harness/. */
static char *
find_file (const char *env, const char *dir, const char *name, const char *tree_dir)
{
  const char *v = g_getenv (env);
  if (v != NULL && *v != '\0')
    return g_strdup (v);
  char *installed = g_build_filename (dir, name, NULL);
  if (g_file_test (installed, G_FILE_TEST_IS_REGULAR))
    return installed;
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe == NULL)
    return installed;
  g_autofree char *bindir = g_path_get_dirname (exe);
  /* only from a build tree: the uninstalled augur sits next to config.status */
  g_autofree char *marker = g_build_filename (bindir, "config.status", NULL);
  if (!g_file_test (marker, G_FILE_TEST_IS_REGULAR))
    return installed;
  const char *roots[] = { bindir, AUGUR_ABS_TOP_SRCDIR };
  for (guint i = 0; i < G_N_ELEMENTS (roots); i++)
    {
      g_autofree char *p = g_build_filename (roots[i], tree_dir, name, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_REGULAR))
        {
          g_free (installed);
          return g_steal_pointer (&p);
        }
    }
  return installed;
}

static char *
find_frama_c (void)
{
  const char *v = g_getenv ("AUGUR_FRAMA_C");
  if (v != NULL && *v != '\0')
    return strchr (v, '/') != NULL ? g_strdup (v) : g_find_program_in_path (v);
  return g_strdup (AUGUR_FRAMA_C_PATH);
}

/* frama-c's first error message with its indented continuation lines
 * joined, or its last line; for the one-line message. */
static char *
first_error_line (const char *log_path)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (log_path, &text, NULL, NULL))
    return g_strdup ("no output");
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  const char *last = NULL;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *l = g_strstrip (lines[i]);
      if (*l == '\0')
        continue;
      if (strstr (l, "User Error") != NULL || strstr (l, "Fatal error") != NULL
          || strstr (l, "Failure") != NULL || strstr (l, "error:") != NULL)
        {
          GString *msg = g_string_new (l);
          for (guint j = i + 1; lines[j] != NULL && lines[j][0] == ' '; j++)
            {
              g_string_append_c (msg, ' ');
              g_string_append (msg, g_strstrip (lines[j]));
            }
          return g_string_free (msg, FALSE);
        }
      last = l;
    }
  return g_strdup (last != NULL ? last : "no output");
}

/* "Recursive call to NAME without a specification": Eva then guesses the
 * call's effects, so the facts would not be sound.  The function's name. */
static char *
unbounded_recursion (const char *why)
{
  const char *p = strstr (why, "Recursive call to ");
  if (p == NULL)
    return NULL;
  p += strlen ("Recursive call to ");
  const char *end = p;
  while (g_ascii_isalnum (*end) || *end == '_')
    end++;
  return end > p ? g_strndup (p, (gsize) (end - p)) : NULL;
}

typedef struct {
  gboolean done;
  gboolean timed_out;
} Wait;

static void
on_wait_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *w = data;
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  w->done = TRUE;
}

static gboolean
on_timeout (gpointer data)
{
  Wait *w = data;
  w->timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Waits for proc at most timeout seconds; kills it when it runs longer.
 * Returns FALSE when it had to be killed. */
static gboolean
wait_with_timeout (GSubprocess *proc, guint timeout)
{
  GMainContext *ctx = g_main_context_new ();
  g_main_context_push_thread_default (ctx);
  Wait w = { FALSE, FALSE };
  g_subprocess_wait_async (proc, NULL, on_wait_done, &w);
  GSource *timer = g_timeout_source_new_seconds (timeout);
  g_source_set_callback (timer, on_timeout, &w, NULL);
  g_source_attach (timer, ctx);
  while (!w.done && !w.timed_out)
    g_main_context_iteration (ctx, TRUE);
  gboolean killed = !w.done;
  if (killed)
    {
      g_subprocess_force_exit (proc);
      while (!w.done)
        g_main_context_iteration (ctx, TRUE);
    }
  g_source_destroy (timer);
  g_source_unref (timer);
  g_main_context_pop_thread_default (ctx);
  g_main_context_unref (ctx);
  return !killed;
}

static void
remove_tmpdir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (dir);
}

/* The sources to analyse: the given ones, else the database's. */
static char **
collect_sources (const AugurStaticRunOptions *o, GError **error)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  guint n = 0;
  for (guint i = 0; o->sources != NULL && o->sources[i] != NULL; i++, n++)
    {
      if (!g_file_test (o->sources[i], G_FILE_TEST_IS_REGULAR))
        {
          g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                       "no such source file: %s", o->sources[i]);
          return NULL;
        }
      g_strv_builder_add (b, o->sources[i]);
    }
  if (o->compile_db != NULL)
    {
      g_auto(GStrv) db = augur_static_compile_db_sources (o->compile_db, error);
      if (db == NULL)
        return NULL;
      for (guint i = 0; n == 0 && db[i] != NULL; i++)
        {
          if (!g_file_test (db[i], G_FILE_TEST_IS_REGULAR))
            {
              g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                           "%s names a source file that does not exist: %s",
                           o->compile_db, db[i]);
              return NULL;
            }
          g_strv_builder_add (b, db[i]);
        }
      if (n == 0 && db[0] == NULL)
        {
          g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                       "%s lists no C source file", o->compile_db);
          return NULL;
        }
    }
  else if (n == 0)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                   "no source file to analyse");
      return NULL;
    }
  return g_strv_builder_end (b);
}

AugurStaticFacts *
augur_static_run (const AugurStaticRunOptions *o, GError **error)
{
  g_return_val_if_fail (o != NULL, NULL);

  g_auto(GStrv) sources = collect_sources (o, error);
  if (sources == NULL)
    return NULL;

  g_autofree char *frama_c = find_frama_c ();
  if (frama_c == NULL || !g_file_test (frama_c, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_MISSING,
                   "frama-c not found%s%s: install the Debian package frama-c-base, or set "
                   "AUGUR_FRAMA_C to its path", frama_c ? " at " : "", frama_c ? frama_c : "");
      return NULL;
    }
  g_autofree char *plugin = find_file ("AUGUR_STATIC_PLUGIN", AUGUR_PKGLIBDIR,
                                       "augur_static.cmxs", "static/plugin");
  g_autofree char *harness = find_file ("AUGUR_STATIC_HARNESS", AUGUR_PKGDATADIR,
                                        "augur-pthread-harness.c", "static/harness");
  const char *missing = !g_file_test (plugin, G_FILE_TEST_IS_REGULAR) ? plugin
                        : !g_file_test (harness, G_FILE_TEST_IS_REGULAR) ? harness : NULL;
  if (missing != NULL)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_MISSING,
                   "augur's Frama-C part %s is missing: run 'make install' again, or set "
                   "AUGUR_STATIC_PLUGIN and AUGUR_STATIC_HARNESS", missing);
      return NULL;
    }

  g_autoptr(GError) local = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-static-XXXXXX", &local);
  if (tmp == NULL)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_IO,
                   "cannot make a temporary directory: %s", local->message);
      return NULL;
    }
  g_autofree char *out = g_build_filename (tmp, "facts.json", NULL);
  g_autofree char *log = g_build_filename (tmp, "frama-c.log", NULL);

  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (argv, g_strdup (frama_c));
  g_ptr_array_add (argv, g_strdup ("-machdep"));
  g_ptr_array_add (argv, g_strdup ("gcc_x86_64"));
  if (o->cflags != NULL && *o->cflags != '\0')
    g_ptr_array_add (argv, g_strdup_printf ("-cpp-extra-args=%s", o->cflags));
  if (o->compile_db != NULL)
    {
      g_ptr_array_add (argv, g_strdup ("-json-compilation-database"));
      g_ptr_array_add (argv, g_strdup (o->compile_db));
    }
  const char *const eva[] = { "-eva", "-eva-no-memexec", "-eva-precision", "1",
                              "-eva-unroll-recursive-calls", AUGUR_STATIC_RECURSION_DEPTH,
                              "-eva-verbose", "0", "-load-module" };
  for (guint i = 0; i < G_N_ELEMENTS (eva); i++)
    g_ptr_array_add (argv, g_strdup (eva[i]));
  g_ptr_array_add (argv, g_strdup (plugin));
  g_ptr_array_add (argv, g_strdup ("-augur-static-out"));
  g_ptr_array_add (argv, g_strdup (out));
  g_ptr_array_add (argv, g_strdup (harness));
  for (guint i = 0; sources[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (sources[i]));
  g_ptr_array_add (argv, NULL);

  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_INHERIT | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_set_stdout_file_path (launcher, log);
  guint timeout = o->timeout != 0 ? o->timeout : AUGUR_STATIC_DEFAULT_TIMEOUT;
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GSubprocess) proc =
    g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &local);
  if (proc == NULL)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_MISSING,
                   "cannot run frama-c (%s): %s", frama_c, local->message);
      remove_tmpdir (tmp);
      return NULL;
    }
  gboolean finished = wait_with_timeout (proc, timeout);
  double seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  g_debug ("frama-c ran %.2f s", seconds);

  AugurStaticFacts *facts = NULL;
  if (!finished)
    g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_TIMEOUT,
                 "frama-c did not finish within %u s: raise --timeout, or analyse fewer "
                 "sources at once", timeout);
  else if (!g_subprocess_get_if_exited (proc) || g_subprocess_get_exit_status (proc) != 0)
    {
      g_autofree char *why = first_error_line (log);
      g_autofree char *recursive = unbounded_recursion (why);
      if (recursive != NULL)
        g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_UNSUPPORTED,
                     "Eva cannot bound the recursion of %s() (deeper than %s calls) without "
                     "an ACSL specification, so its facts would not be sound; write one "
                     "(/*@ assigns ...; */ on %s) to get pruning", recursive,
                     AUGUR_STATIC_RECURSION_DEPTH, recursive);
      else
        g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED,
                     "frama-c failed on the sources (%s); if headers or macros are missing, "
                     "pass them with --cflags or -p compile_commands.json", why);
    }
  else
    {
      facts = augur_static_facts_load (out, &local);
      if (facts == NULL)
        g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED,
                     "augur's Frama-C plug-in wrote no usable facts (%s); the plug-in may "
                     "not match this frama-c: rebuild augur", local->message);
      else
        augur_static_facts_set_frama_c_seconds (facts, seconds);
    }
  remove_tmpdir (tmp);
  return facts;
}

AugurStaticFacts *
augur_static_run_or_fallback (const AugurStaticRunOptions *o, GError **error)
{
  g_autoptr(GError) local = NULL;
  AugurStaticFacts *facts = augur_static_run (o, &local);
  if (facts != NULL)
    return facts;
  if (g_error_matches (local, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  g_debug ("static analysis skipped: %s", local->message);
  return augur_static_facts_new_fallback (local->message);
}
