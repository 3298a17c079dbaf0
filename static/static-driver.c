/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-driver.c — run frama-c (GSubprocess, argv array, never a shell)
 * with augur's harness and plug-in, under a timeout, and load the facts the
 * plug-in wrote.
 *
 * The Eva options are not tuning, each one is needed (see
 * doc/design.md): -eva-no-memexec, or Eva reuses one call's
 * result for another call stack and whole threads' accesses vanish;
 * -eva-precision 1, so that create/join loops with constant bounds are
 * unrolled instead of merging threads; -eva-unroll-recursive-calls, because
 * a thread that creates or joins a thread calls pthread_create again while
 * the harness's pthread_create is on the stack, and Eva calls that
 * recursion (without the option it falls back to the libc contract and the
 * nested thread's body is never analysed); -machdep gcc_x86_64 for __thread.
 *
 * Preprocessing: every source gets its own flags and directory through a
 * compile_commands.json written for -json-compilation-database (frama-c
 * runs `cd DIR && gcc -E ...` per file, quoting each flag).  Headers are
 * tried in two ways (see augur_static_run); a file that fails in both is
 * left out and named in the facts.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "common/c-ident.h"
#include "common/child-wait.h"
#include "static/static-compile-db.h"
#include "static/static-driver.h"
#include "static/static-driver-private.h"
#include "static/static-cache.h"
#include "static/static-error.h"
#include "static/static-failure-cause.h"
#include "static/static-preprocess.h"

/* Enough for threads that create threads four deep; Eva's cost grows
 * exponentially with it on recursive code (cp_avltree: 1.1 s at 2, 2.4 s
 * at 4, 77 s at 8). */
#define AUGUR_STATIC_RECURSION_DEPTH "4"

/* Eva's options: each is needed (see the top) */
static const char *const EVA_OPTIONS[] = {
  "-eva", "-eva-no-memexec", "-eva-precision", "1",
  "-eva-unroll-recursive-calls", AUGUR_STATIC_RECURSION_DEPTH, "-eva-verbose", "0",
};

/* $env; else, when augur runs from a staging root (make install
 * DESTDIR=ROOT: the running program is ROOT$(bindir)/augur), the file
 * under ROOT; else the installed file; else, when augur runs from its
 * build tree, the one next to it: BUILDDIR/static/plugin/ or
 * SRCDIR/static/harness/. */
static char *
find_file (const char *env, const char *dir, const char *name, const char *tree_dir)
{
  const char *v = g_getenv (env);
  if (v != NULL && *v != '\0')
    return g_strdup (v);
  char *installed = g_build_filename (dir, name, NULL);
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *bindir = exe != NULL ? g_path_get_dirname (exe) : NULL;
  if (bindir != NULL && g_str_has_suffix (bindir, AUGUR_BINDIR)
      && strlen (bindir) > strlen (AUGUR_BINDIR))
    {
      g_autofree char *root = g_strndup (bindir, strlen (bindir) - strlen (AUGUR_BINDIR));
      g_autofree char *staged = g_build_filename (root, dir, name, NULL);
      if (g_file_test (staged, G_FILE_TEST_IS_REGULAR))
        {
          g_free (installed);
          return g_steal_pointer (&staged);
        }
    }
  if (g_file_test (installed, G_FILE_TEST_IS_REGULAR) || bindir == NULL)
    return installed;
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
      /* its own failure ("Unexpected error (Stack overflow)."), then an
       * invitation to report it */
      if (strstr (l, "Unexpected error (") != NULL)
        return g_strdup_printf ("Frama-C crashed: %s", strstr (l, "Unexpected error ("));
      if (strstr (l, "User Error") != NULL || strstr (l, "Fatal error") != NULL
          || strstr (l, "Failure") != NULL || strstr (l, "error:") != NULL)
        {
          GString *msg = g_string_new (l);
          for (guint j = i + 1; lines[j] != NULL && lines[j][0] == ' '; j++)
            {
              /* not gcc's or frama-c's quote of the source lines ("  12 | x",
               * "  12    x", "     ^^^") */
              gsize lead = strspn (lines[j], " ");
              gsize digits = strspn (lines[j] + lead, "0123456789");
              if ((digits > 0 && (lines[j][lead + digits] == ' ' || lines[j][lead + digits] == '\0'))
                  || lines[j][lead] == '|' || lines[j][lead] == '^')
                break;
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
  while (augur_c_ident_char (*end))
    end++;
  return end > p ? g_strndup (p, (gsize) (end - p)) : NULL;
}

/* @dir and what is in it, but @keep (and then the directory) when not
 * NULL. */
static void
remove_tmpdir (const char *dir, const char *keep)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      if (keep == NULL || strcmp (p, keep) != 0)
        g_unlink (p);
    }
  if (keep == NULL)
    g_rmdir (dir);
}

/* Every run's log copied to @dest when it is not NULL, else left where
 * it is; where it is then, or NULL when there is none. */
static char *
keep_log (const char *all_log, const char *dest)
{
  if (!g_file_test (all_log, G_FILE_TEST_IS_REGULAR))
    return NULL;
  if (dest == NULL)
    return g_strdup (all_log);
  g_autofree char *text = NULL;
  gsize len = 0;
  if (!g_file_get_contents (all_log, &text, &len, NULL)
      || !g_file_set_contents (dest, text, (gssize) len, NULL))
    return NULL;
  return g_strdup (dest);
}

/* The units to analyse, each file once: the given units, then the given
 * sources, else the database's files; a file's flags are the database's
 * entry for it, else its unit's. */
static GPtrArray *
collect_units (const AugurStaticRunOptions *o, GError **error)
{
  g_autoptr(GPtrArray) db = NULL;
  if (o->compile_db != NULL)
    {
      db = augur_static_compile_db_load (o->compile_db, error);
      if (db == NULL)
        return NULL;
    }
  g_autoptr(GPtrArray) units =
    g_ptr_array_new_with_free_func ((GDestroyNotify) augur_static_compile_unit_free);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *cwd = g_get_current_dir ();
  guint n_units = o->units != NULL ? o->units->len : 0;
  guint n_sources = o->sources != NULL ? g_strv_length ((char **) o->sources) : 0;
  for (guint i = 0; i < n_units + n_sources; i++)
    {
      const AugurStaticCompileUnit *given = i < n_units ? o->units->pdata[i] : NULL;
      const char *name = given != NULL ? given->file : o->sources[i - n_units];
      if (!g_file_test (name, G_FILE_TEST_IS_REGULAR))
        {
          g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                       "no such source file: %s", name);
          return NULL;
        }
      const AugurStaticCompileUnit *entry = augur_static_compile_db_find (db, name);
      AugurStaticCompileUnit *u = entry != NULL ? augur_static_compile_unit_copy (entry)
                                  : given != NULL ? augur_static_compile_unit_copy (given)
                                  : augur_static_compile_unit_new (cwd, name, NULL);
      if (!g_hash_table_add (seen, g_strdup (u->file)))
        augur_static_compile_unit_free (u);
      else
        g_ptr_array_add (units, u);
    }
  for (guint i = 0; units->len == 0 && db != NULL && i < db->len; i++)
    {
      const AugurStaticCompileUnit *e = db->pdata[i];
      if (!g_file_test (e->file, G_FILE_TEST_IS_REGULAR))
        {
          g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                       "%s names a source file that does not exist: %s", o->compile_db, e->file);
          return NULL;
        }
    }
  if (units->len == 0 && db != NULL)
    {
      if (db->len == 0)
        {
          g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                       "%s lists no C source file", o->compile_db);
          return NULL;
        }
      return g_steal_pointer (&db);
    }
  if (units->len == 0)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                   "no source file to analyse");
      return NULL;
    }
  return g_steal_pointer (&units);
}

/* The system's include path as gcc (the preprocessor frama-c runs) sees
 * it, for the headers Frama-C's libc lacks; computed once. */
static const char *const *
system_include_dirs (void)
{
  static char **dirs;
  if (dirs != NULL)
    return (const char *const *) dirs;
  const char *argv[] = { "gcc", "-xc", "-E", "-v", "/dev/null", NULL };
  g_autofree char *err = NULL;
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  if (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                    NULL, NULL, NULL, &err, NULL, NULL))
    {
      g_auto(GStrv) lines = g_strsplit (err, "\n", -1);
      gboolean in = FALSE;
      for (guint i = 0; lines[i] != NULL; i++)
        {
          if (g_str_has_prefix (lines[i], "#include <...> search starts here:"))
            in = TRUE;
          else if (g_str_has_prefix (lines[i], "End of search list."))
            in = FALSE;
          else if (in && lines[i][0] == ' ')
            g_strv_builder_add (b, g_strstrip (lines[i]));
        }
    }
  dirs = g_strv_builder_end (b);
  if (dirs[0] == NULL)
    {
      g_strfreev (dirs);
      const char *fallback[] = { "/usr/local/include", "/usr/include", NULL };
      dirs = g_strdupv ((char **) fallback);
    }
  return (const char *const *) dirs;
}


/* Adds this run's log to every run's, after a line saying which run it
 * was: for the user when frama-c failed. */
static void
append_log (const Run *r, guint n_units, Libc libc, const char *end)
{
  g_autofree char *text = NULL;
  gsize len = 0;
  if (!g_file_get_contents (r->log, &text, &len, NULL))
    return;
  FILE *f = g_fopen (r->all_log, "a");
  if (f == NULL)
    return;
  fprintf (f, "==== augur: frama-c on %u file%s with %s: %s\n", n_units, n_units == 1 ? "" : "s",
           libc == LIBC_SYSTEM ? "the system's headers" : "Frama-C's libc", end);
  fwrite (text, 1, len, f);
  fclose (f);
}

/* Eva's log as it is written: once it says that it cannot bound a
 * recursion without a specification, the run can only fail (the facts
 * would not be sound) and the rest of it is wasted time (cgaebel/pipe:
 * said after 11 s of a 20 s run).  Read from where the last poll stopped,
 * with the end of the last read kept for a message across reads. */
typedef struct {
  const char *path;
  goffset offset;
  GString *text;              /* the tail of the last read, then the new bytes */
} LogScan;

#define RECURSION_MESSAGE "Recursive call to "

static gboolean
recursion_reported (gpointer data)
{
  LogScan *scan = data;
  g_autoptr(GFile) file = g_file_new_for_path (scan->path);
  g_autoptr(GFileInputStream) in = g_file_read (file, NULL, NULL);
  if (in == NULL || !g_seekable_seek (G_SEEKABLE (in), scan->offset, G_SEEK_SET, NULL, NULL))
    return FALSE;
  char buf[65536];
  gssize n;
  while ((n = g_input_stream_read (G_INPUT_STREAM (in), buf, sizeof buf, NULL, NULL)) > 0)
    {
      scan->offset += n;
      g_string_append_len (scan->text, buf, n);
      /* "Recursive call to NAME without a specification." on the line
       * after Eva's "User Error" */
      const char *p = strstr (scan->text->str, RECURSION_MESSAGE);
      if (p != NULL && strstr (p, " without a specification") != NULL)
        return TRUE;
      gsize keep = MIN (scan->text->len, (gsize) 256);
      g_string_erase (scan->text, 0, (gssize) (scan->text->len - keep));
    }
  return FALSE;
}

GPtrArray *
augur_static_frama_c_argv (const Run *r, GPtrArray *units, Libc libc, gboolean analyse,
                           GError **error)
{
  /* each file's flags and directory, through a compilation database; in
   * LIBC_FRAMA_C, the system's include path after Frama-C's libc (which
   * frama-c puts first): only the program's files get it, the harness
   * must see Frama-C's libc alone */
  g_autoptr(GPtrArray) db =
    g_ptr_array_new_with_free_func ((GDestroyNotify) augur_static_compile_unit_free);
  for (guint i = 0; i < units->len; i++)
    {
      const AugurStaticCompileUnit *u = units->pdata[i];
      g_autoptr(GStrvBuilder) args = g_strv_builder_new ();
      g_strv_builder_add (args, u->arguments[0] != NULL ? u->arguments[0] : "cc");
      for (guint k = 1; u->arguments[0] != NULL && u->arguments[k] != NULL; k++)
        g_strv_builder_add (args, u->arguments[k]);
      if (libc == LIBC_FRAMA_C)
        {
          for (const char *const *d = system_include_dirs (); *d != NULL; d++)
            {
              g_strv_builder_add (args, "-idirafter");
              g_strv_builder_add (args, *d);
            }
          /* glibc defines __BYTE_ORDER in nearly every file (<stdlib.h>
           * and <netinet/in.h> include <endian.h>), Frama-C's libc only in
           * <endian.h>, which, unlike glibc's, reads no feature macro:
           * code that tests the byte order (LMDB) stopped at its #error */
          g_strv_builder_add (args, "-include");
          g_strv_builder_add (args, "endian.h");
        }
      /* what Frama-C cannot take as GCC does (augur-frama-c.h): the
       * program's files only */
      g_strv_builder_add (args, "-include");
      g_strv_builder_add (args, r->compat);
      if (g_hash_table_contains (r->offsetof_files, u->file))
        {
          g_strv_builder_add (args, "-include");
          g_strv_builder_add (args, r->compat_offsetof);
        }
      /* what glibc gives a Linux program and Frama-C's libc lacks */
      if (libc == LIBC_FRAMA_C)
        {
          g_strv_builder_add (args, "-include");
          g_strv_builder_add (args, r->compat_libc);
        }
      g_auto(GStrv) argv = g_strv_builder_end (args);
      g_ptr_array_add (db, augur_static_compile_unit_new (u->directory, u->file,
                                                          (const char *const *) argv));
    }
  g_autofree char *db_path = g_build_filename (r->tmp, "compile_commands.json", NULL);
  if (!augur_static_compile_db_save (db, db_path, error))
    return NULL;

  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (argv, g_strdup (r->frama_c));
  /* the kernel makes the preprocessing commands: printing them takes
   * 0.1 s without loading the plug-ins, 0.6 to 1.5 s with them */
  if (!analyse)
    g_ptr_array_add (argv, g_strdup ("-no-autoload-plugins"));
  g_ptr_array_add (argv, g_strdup ("-machdep"));
  g_ptr_array_add (argv, g_strdup ("gcc_x86_64"));
  /* C11's keywords, which gcc takes by default (gnu17) and Frama-C 25
   * only with -c11: _Noreturn (lbzip2), _Thread_local (the "thread"
   * attribute, as __thread), _Static_assert; and a typedef repeated in
   * one scope.  None of them changes what the program accesses. */
  g_ptr_array_add (argv, g_strdup ("-c11"));
  if (libc == LIBC_SYSTEM)
    g_ptr_array_add (argv, g_strdup ("-no-frama-c-stdlib"));
  if (r->cflags != NULL && *r->cflags != '\0')
    g_ptr_array_add (argv, g_strdup_printf ("-cpp-extra-args=%s", r->cflags));
  g_ptr_array_add (argv, g_strdup ("-json-compilation-database"));
  g_ptr_array_add (argv, g_strdup (db_path));
  for (guint i = 0; analyse && i < G_N_ELEMENTS (EVA_OPTIONS); i++)
    g_ptr_array_add (argv, g_strdup (EVA_OPTIONS[i]));
  if (analyse)
    {
      g_ptr_array_add (argv, g_strdup ("-load-module"));
      g_ptr_array_add (argv, g_strdup (r->plugin));
      g_ptr_array_add (argv, g_strdup ("-augur-static-out"));
      g_ptr_array_add (argv, g_strdup (r->out));
    }
  else
    g_ptr_array_add (argv, g_strdup ("-print-cpp-commands"));
  g_ptr_array_add (argv, g_strdup (r->harness));
  for (guint i = 0; i < units->len; i++)
    g_ptr_array_add (argv, g_strdup (((AugurStaticCompileUnit *) units->pdata[i])->file));
  g_ptr_array_add (argv, NULL);
  return argv;
}

/* One frama-c run on units under libc, at most timeout seconds. */
static RunStatus
run_frama_c (const Run *r, GPtrArray *units, Libc libc, guint timeout, double *seconds,
             GError **error)
{
  g_autoptr(GPtrArray) argv = augur_static_frama_c_argv (r, units, libc, TRUE, error);
  if (argv == NULL)
    return RUN_NOT_STARTED;
  g_unlink (r->out);

  /* a fresh log: the end of the last run's named the wrong file in its
   * "stopping on file" (the system's headers blamed on the file Frama-C's
   * libc failed on, and tried again at every attempt) */
  g_autoptr(GSubprocessLauncher) launcher = augur_static_frama_c_launcher (r->log, r->tmp);
  g_autoptr(GError) local = NULL;
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GSubprocess) proc =
    g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &local);
  if (proc == NULL)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_MISSING,
                   "cannot run frama-c (%s): %s", r->frama_c, local->message);
      return RUN_NOT_STARTED;
    }
  LogScan scan = { r->log, 0, g_string_new (NULL) };
  AugurChildWatch watch = { .timeout_ms = (guint) MIN ((guint64) MAX (timeout, 1) * 1000, G_MAXUINT),
                            .poll = recursion_reported, .poll_data = &scan, .poll_ms = 200 };
  AugurChildEnd end = augur_child_wait (proc, &watch);
  g_string_free (scan.text, TRUE);
  *seconds += (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  const char *said = end == AUGUR_CHILD_TIMED_OUT ? "timed out"
                     : end == AUGUR_CHILD_STOPPED ? "stopped: a recursion Eva cannot bound"
                     : g_subprocess_get_successful (proc) ? "ok" : "failed";
  g_debug ("frama-c (%s) on %u file%s: %s", libc == LIBC_SYSTEM ? "system headers" : "Frama-C's libc",
           units->len, units->len == 1 ? "" : "s", said);
  append_log (r, units->len, libc, said);
  if (end == AUGUR_CHILD_TIMED_OUT)
    return RUN_TIMEOUT;
  if (end == AUGUR_CHILD_STOPPED)
    return RUN_FAILED;   /* the log says why: set_run_error names the function */
  return g_subprocess_get_successful (proc) ? RUN_OK : RUN_FAILED;
}

/* What frama-c's log says about the file it stopped on. */
typedef struct {
  char *stopped_on;   /* "stopping on file "X" that has errors": X */
  char *parsing;      /* the last "Parsing X (with preprocessing)" before
                       * the first syntax error: X */
  char *syntax_file;  /* the syntax error's "[kernel] FILE:LINE:", which is
                       * a header when the error is in one */
  guint syntax_line;
  char *token;        /* "before or at token: T" */
} FramaCFailure;

static void
frama_c_failure_clear (FramaCFailure *f)
{
  g_clear_pointer (&f->stopped_on, g_free);
  g_clear_pointer (&f->parsing, g_free);
  g_clear_pointer (&f->syntax_file, g_free);
  g_clear_pointer (&f->token, g_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (FramaCFailure, frama_c_failure_clear)

/* Reads @f from the log.  A syntax error is in the file being parsed, or
 * in a header it includes (GCC's avx512fp16intrin.h with _Float16, for
 * any file that includes <immintrin.h>): frama-c then names the header,
 * never the file, and stops without "stopping on file", so the file is
 * the one whose "Parsing" line came last.  FALSE without a log. */
static gboolean
read_failure (const char *log_path, FramaCFailure *f)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (log_path, &text, NULL, NULL))
    return FALSE;
  /* frama-c wraps its messages: join the lines first */
  g_autoptr(GRegex) space = g_regex_new ("\\s*\\n\\s*", 0, 0, NULL);
  g_autofree char *joined = g_regex_replace_literal (space, text, -1, 0, " ", 0, NULL);
  g_autoptr(GRegex) re =
    g_regex_new ("stopping on file \"([^\"]+)\"|"
                 "\\[kernel\\] Parsing (.+?) \\((?:with|no) preprocessing\\)|"
                 "\\[kernel\\] (\\S+):([0-9]+): syntax error"
                 "(?::? .*?before or at token: (\\S+))?|"
                 "\\[kernel\\] Current source was: (\\S+):[0-9]+", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  g_autofree char *parsing = NULL;
  for (g_regex_match (re, joined != NULL ? joined : "", 0, &m); g_match_info_matches (m);
       g_match_info_next (m, NULL))
    {
      g_autofree char *stopped = g_match_info_fetch (m, 1);
      g_autofree char *file = g_match_info_fetch (m, 2);
      g_autofree char *syntax = g_match_info_fetch (m, 3);
      g_autofree char *crashed = g_match_info_fetch (m, 6);
      /* frama-c crashed on a file (libuv's linux.c: Stack overflow) */
      if (crashed != NULL && *crashed != '\0')
        {
          f->stopped_on = g_steal_pointer (&crashed);
          break;
        }
      if (stopped != NULL && *stopped != '\0')
        {
          f->stopped_on = g_steal_pointer (&stopped);
          break;
        }
      if (file != NULL && *file != '\0')
        {
          g_free (parsing);
          parsing = g_steal_pointer (&file);
          continue;
        }
      if (syntax != NULL && *syntax != '\0' && f->syntax_file == NULL)
        {
          g_autofree char *line = g_match_info_fetch (m, 4);
          g_autofree char *token = g_match_info_fetch (m, 5);
          f->syntax_file = g_steal_pointer (&syntax);
          f->syntax_line = (guint) g_ascii_strtoull (line, NULL, 10);
          f->token = token != NULL && *token != '\0' ? g_steal_pointer (&token) : NULL;
          f->parsing = g_steal_pointer (&parsing);
        }
    }
  return TRUE;
}

/* The file frama-c stopped on, as one of units' files; NULL when it
 * names none of them (the harness, or an error that is not about one
 * file, such as two files' declarations that do not link). */
static const AugurStaticCompileUnit *
failing_unit (const char *log_path, GPtrArray *units)
{
  g_auto(FramaCFailure) f = { 0 };
  if (!read_failure (log_path, &f))
    return NULL;
  const char *name = f.stopped_on != NULL ? f.stopped_on : f.parsing;
  if (name == NULL)
    return NULL;
  g_autofree char *canon = g_canonicalize_filename (name, NULL);
  const AugurStaticCompileUnit *u = augur_static_compile_db_find (units, canon);
  if (u != NULL || g_path_is_absolute (name))
    return u;
  /* frama-c shortens a path by cutting its working directory off as a
   * string prefix, not a directory: run in /x/lb, /x/lbzip2/src/main.c is
   * "zip2/src/main.c".  The one unit whose path ends with it. */
  for (guint i = 0; i < units->len; i++)
    {
      const AugurStaticCompileUnit *c = units->pdata[i];
      if (g_str_has_suffix (c->file, name))
        {
          if (u != NULL)
            return NULL;   /* two: cannot tell */
          u = c;
        }
    }
  return u;
}

/* A header as the program includes it: <immintrin.h> for one of the
 * system's include directories (GCC's own differs from one GCC to the
 * next), else as frama-c spelled it. */
static char *
header_name (const char *path)
{
  for (const char *const *d = system_include_dirs (); *d != NULL; d++)
    {
      gsize n = strlen (*d);
      if (strncmp (path, *d, n) == 0 && path[n] == '/' && path[n + 1] != '\0')
        return g_strdup_printf ("<%s>", path + n + 1);
    }
  return g_strdup (path);
}

/* Why frama-c stopped on @unit_file, for the facts: a syntax error with
 * the file and line it is at when that is a header the unit includes,
 * else frama-c's first error line; said to come from Frama-C's atomics
 * model when it does (not a header the file lacks). */
static char *
failure_reason (const char *log_path, const char *unit_file)
{
  g_auto(FramaCFailure) f = { 0 };
  g_autofree char *reason = NULL;
  guint line = 0;
  if (read_failure (log_path, &f) && f.stopped_on == NULL && f.syntax_file != NULL)
    {
      g_autofree char *at = g_canonicalize_filename (f.syntax_file, NULL);
      g_autofree char *unit = g_canonicalize_filename (unit_file, NULL);
      g_autofree char *token = f.token != NULL
        ? g_strdup_printf (" (before or at token: %s)", f.token) : g_strdup ("");
      g_autofree char *header = header_name (f.syntax_file);
      if (strcmp (at, unit) == 0)
        line = f.syntax_line;
      reason = line != 0
        ? g_strdup_printf ("syntax error at line %u%s", f.syntax_line, token)
        : g_strdup_printf ("syntax error in a header it includes, %s:%u%s",
                           header, f.syntax_line, token);
    }
  else
    {
      reason = first_error_line (log_path);
      line = augur_static_error_line_in (reason, unit_file);
    }
  if (!augur_static_atomics_rejected (reason, unit_file, line))
    return g_steal_pointer (&reason);
  return g_strdup_printf ("%s rejected it: %s", AUGUR_STATIC_ATOMICS_MODEL, reason);
}

/* Did the preprocessor miss a header ("fatal error: x.h: No such file or
 * directory")? */
static gboolean
header_missing (const char *log_path)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (log_path, &text, NULL, NULL))
    return FALSE;
  return g_regex_match_simple ("fatal error: [^\n]*: No such file or directory", text, 0, 0);
}

/* file relative to the current directory when it is below it, as frama-c
 * spells the files of the facts. */
static char *
display_path (const char *file)
{
  g_autofree char *cwd = g_get_current_dir ();
  gsize n = strlen (cwd);
  if (strncmp (file, cwd, n) == 0 && file[n] == '/' && file[n + 1] != '\0')
    return g_strdup (file + n + 1);
  return g_strdup (file);
}

/* frama-c, augur's plug-in and the pthread harness, found (each
 * overridable from the environment), and the header forced into the
 * program's files, beside the harness; FALSE when one is missing.  The
 * caller frees what was found, even on failure. */
static gboolean
find_tools (char **frama_c, char **plugin, char **harness, char **compat, char **compat_libc,
            char **compat_offsetof, GError **error)
{
  *frama_c = find_frama_c ();
  if (*frama_c == NULL || !g_file_test (*frama_c, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_MISSING,
                   "frama-c not found%s%s: install the Debian package frama-c-base, or set "
                   "AUGUR_FRAMA_C to its path", *frama_c ? " at " : "", *frama_c ? *frama_c : "");
      return FALSE;
    }
  *plugin = find_file ("AUGUR_STATIC_PLUGIN", AUGUR_PKGLIBDIR,
                       "augur_static.cmxs", "static/plugin");
  *harness = find_file ("AUGUR_STATIC_HARNESS", AUGUR_PKGDATADIR,
                        "augur-pthread-harness.c", "static/harness");
  g_autofree char *dir = g_path_get_dirname (*harness);
  *compat = g_build_filename (dir, "augur-frama-c.h", NULL);
  *compat_libc = g_build_filename (dir, "augur-frama-c-libc.h", NULL);
  *compat_offsetof = g_build_filename (dir, "augur-frama-c-offsetof.h", NULL);
  const char *missing = !g_file_test (*plugin, G_FILE_TEST_IS_REGULAR) ? *plugin
                        : !g_file_test (*harness, G_FILE_TEST_IS_REGULAR) ? *harness
                        : !g_file_test (*compat, G_FILE_TEST_IS_REGULAR) ? *compat
                        : !g_file_test (*compat_libc, G_FILE_TEST_IS_REGULAR) ? *compat_libc
                        : !g_file_test (*compat_offsetof, G_FILE_TEST_IS_REGULAR) ? *compat_offsetof
                        : NULL;
  if (missing != NULL)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_MISSING,
                   "augur's Frama-C part %s is missing: run 'make install' again, or set "
                   "AUGUR_STATIC_PLUGIN and AUGUR_STATIC_HARNESS", missing);
      return FALSE;
    }
  return TRUE;
}

/* Frama-C's message for a __builtin_offsetof it cannot fold ("Unable to
 * compute offset .workers[nworkers] in type ringbuf_t: Index is not
 * constant") */
#define OFFSETOF_MESSAGE "Index is not constant"

/* Attempts: Frama-C's libc; when frama-c stops on a file for an offsetof
 * with a variable index, the same again with augur-frama-c-offsetof.h in
 * that file; when it stops on a file otherwise, the system's
 * headers; when that fails too, without the file, and again.  A file
 * the system's headers failed on rules them out until it is left out.
 * Adds the time frama-c took to *seconds, the files left out to
 * @left_out (file, reason...); *used is the libc of the last run, and
 * *system_reason why Frama-C's libc was not used when the system's
 * headers succeeded.  Returns the last run's status. */
static RunStatus
run_attempts (const Run *r, GPtrArray *units, guint timeout, double *seconds,
              GPtrArray *left_out, Libc *used, char **system_reason, GError **error)
{
  const char *log = r->log;
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout * G_USEC_PER_SEC;
  g_autoptr(GHashTable) system_failed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean system_unusable = FALSE;
  RunStatus st = RUN_NOT_STARTED;
  for (;;)
    {
      guint left = (guint) MAX (0, (deadline - g_get_monotonic_time ()) / G_USEC_PER_SEC);
      *used = LIBC_FRAMA_C;
      st = left == 0 ? RUN_TIMEOUT : run_frama_c (r, units, LIBC_FRAMA_C, left, seconds, error);
      if (st != RUN_FAILED)
        break;
      const AugurStaticCompileUnit *bad = failing_unit (log, units);
      if (bad == NULL)
        break;
      g_autofree char *bad_file = display_path (bad->file);
      g_autofree char *why = failure_reason (log, bad->file);
      /* an offsetof with a variable index (GCC's extension): the same
       * run again, the file with augur-frama-c-offsetof.h */
      if (strstr (why, OFFSETOF_MESSAGE) != NULL
          && g_hash_table_add (r->offsetof_files, g_strdup (bad->file)))
        {
          g_debug ("%s: offsetof with a variable index, again with %s", bad_file,
                   r->compat_offsetof);
          continue;
        }
      /* a header missing with Frama-C's libc, whose search path ends with
       * the system's, is missing with the system's headers too */
      gboolean try_system = !system_unusable && !header_missing (log);
      for (guint i = 0; try_system && i < units->len; i++)
        try_system = !g_hash_table_contains (system_failed,
                                             ((AugurStaticCompileUnit *) units->pdata[i])->file);
      if (try_system)
        {
          *r->system_tried = TRUE;
          left = (guint) MAX (0, (deadline - g_get_monotonic_time ()) / G_USEC_PER_SEC);
          *used = LIBC_SYSTEM;
          st = left == 0 ? RUN_TIMEOUT
                         : run_frama_c (r, units, LIBC_SYSTEM, left, seconds, error);
          if (st == RUN_OK)
            {
              *system_reason = g_strdup_printf ("%s: %s", bad_file, why);
              break;
            }
          if (st != RUN_FAILED)
            break;
          const AugurStaticCompileUnit *bad2 = failing_unit (log, units);
          g_debug ("system headers failed on %s", bad2 != NULL ? bad2->file : "?");
          if (bad2 != NULL)
            g_hash_table_add (system_failed, g_strdup (bad2->file));
          else
            system_unusable = TRUE;
        }
      /* leave the file out, and go on with Frama-C's libc; the files
       * before it parsed, so the next run starts with those after it:
       * frama-c parses the files in order and stops on the first that
       * fails, and re-parsing the good ones first made each attempt
       * longer than the last (libuv: 9 attempts, 22 s to 100 s) */
      g_ptr_array_add (left_out, g_strdup (bad_file));
      g_ptr_array_add (left_out, g_strdup (why));
      if (r->complete_only)
        {
          st = RUN_INCOMPLETE;
          break;
        }
      guint k = 0;
      g_ptr_array_find (units, bad, &k);
      g_ptr_array_remove_index (units, k);   /* frees it */
      for (guint i = 0; i < k && i < units->len; i++)
        g_ptr_array_add (units, g_ptr_array_steal_index (units, 0));
      if (units->len == 0)
        {
          st = RUN_FAILED;
          break;
        }
    }
  return st;
}

/* What to do about a failure: the usual cause, or one of Frama-C's
 * atomics model, which flags cannot help. */
#define HEADERS_HINT \
  "if headers or macros are missing, pass them with --cflags or -p compile_commands.json"
#define HEADERS_HINT_PARSE \
  "give it the headers or macros it lacks with --cflags or -p compile_commands.json, or " \
  "put what Frama-C cannot parse under #ifndef __FRAMAC__"
#define ATOMICS_HINT \
  "this is a limit of Frama-C, not a missing header or macro: to have the code analysed, " \
  "put the atomic operations it rejects under #ifndef __FRAMAC__ with plain C that " \
  "touches the same memory"

/* The files left out, short: the first with its reason, and how many
 * more ("core.c (syntax error at line 2052 ...) and 7 more files"); the
 * log names them all. */
static char *
left_out_summary (GPtrArray *left_out)
{
  if (left_out->len == 0)
    return g_strdup ("");
  g_autofree char *base = g_path_get_basename (left_out->pdata[0]);
  g_autofree char *why = augur_static_short_reason (left_out->pdata[1]);
  guint more = left_out->len / 2 - 1;
  g_autofree char *rest = more > 0
    ? g_strdup_printf (" and %u more file%s", more, more == 1 ? "" : "s") : g_strdup ("");
  return g_strdup_printf ("%s (%s)%s", base, why, rest);
}

/* The error of attempts that ended in @st, other than RUN_OK: frama-c
 * not started (already set), out of time, failing on every source, or
 * failing on the rest (an unbounded recursion said as such).  One short
 * line: the cause at its file and line, what to do, and @log_note, where
 * frama-c's whole log is. */
static void
set_run_error (RunStatus st, GPtrArray *units, GPtrArray *left_out, guint timeout,
               const char *log, const char *log_note, GError **error)
{
  g_autofree char *unparsed = left_out_summary (left_out);
  if (st == RUN_NOT_STARTED)
    ;   /* error set */
  else if (st == RUN_INCOMPLETE)
    g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED,
                 "frama-c could not parse %s, so its facts would be incomplete and prune "
                 "nothing: stopped there; %s%s", unparsed,
                 g_str_has_prefix (left_out->pdata[1], AUGUR_STATIC_ATOMICS_MODEL)
                 ? ATOMICS_HINT : HEADERS_HINT_PARSE, log_note);
  else if (st == RUN_TIMEOUT)
    {
      g_autofree char *also = left_out->len > 0
        ? g_strdup_printf (" (left out, as it could not parse them: %s)", unparsed)
        : g_strdup ("");
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_TIMEOUT,
                   "frama-c did not finish within %u s%s: give it more time (augur static "
                   "--timeout; augur check gives it a third of --budget), or analyse fewer "
                   "sources at once%s", timeout, also, log_note);
    }
  else if (st == RUN_FAILED && units->len == 0)
    {
      gboolean atomics = TRUE;   /* every file's reason */
      for (guint i = 1; i < left_out->len; i += 2)
        atomics = atomics && g_str_has_prefix (left_out->pdata[i], AUGUR_STATIC_ATOMICS_MODEL);
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED,
                   "frama-c failed on every source: %s; %s%s", unparsed,
                   atomics ? ATOMICS_HINT : HEADERS_HINT, log_note);
    }
  else if (st == RUN_FAILED)
    {
      g_autofree char *why = first_error_line (log);
      g_autofree char *recursive = unbounded_recursion (why);
      g_autofree char *cause = augur_static_short_reason (why);
      g_autofree char *also = left_out->len > 0
        ? g_strdup_printf (" (left out, as frama-c could not parse them: %s)", unparsed)
        : g_strdup ("");
      if (recursive != NULL)
        g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_UNSUPPORTED,
                     "Eva cannot bound the recursion of %s() (deeper than %s calls) without "
                     "an ACSL specification, so its facts would not be sound; write one "
                     "(/*@ assigns ...; */ on %s) to get pruning%s%s", recursive,
                     AUGUR_STATIC_RECURSION_DEPTH, recursive, also, log_note);
      else if (augur_static_atomics_rejected (why, NULL, 0))
        g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED,
                     "frama-c failed on the sources: %s rejected them (%s)%s; %s%s",
                     AUGUR_STATIC_ATOMICS_MODEL, cause, also, ATOMICS_HINT, log_note);
      else
        g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED,
                     "frama-c failed on the sources (%s)%s; %s%s", cause, also, HEADERS_HINT,
                     log_note);
    }
}

/* The facts frama-c wrote, with its time, the warning that the system's
 * headers were used, and the files left out. */
static AugurStaticFacts *
load_facts (const char *out, double seconds, Libc used, const char *system_reason,
            GPtrArray *left_out, GError **error)
{
  g_autoptr(GError) local = NULL;
  AugurStaticFacts *facts = augur_static_facts_load (out, &local);
  if (facts == NULL)
    g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FRAMA_C_FAILED,
                 "augur's Frama-C plug-in wrote no usable facts (%s); the plug-in may "
                 "not match this frama-c: rebuild augur", local->message);
  else
    {
      augur_static_facts_set_frama_c_seconds (facts, seconds);
      if (used == LIBC_SYSTEM)
        {
          g_autofree char *msg =
            g_strdup_printf ("analysed with the system's headers instead of Frama-C's "
                             "libc, which could not parse %s; libc functions have no "
                             "contracts (each is assumed to read and write what its "
                             "pointer arguments reach)", system_reason);
          augur_static_facts_add_warning (facts, "system-headers", NULL, 0, msg);
        }
      for (guint i = 0; i < left_out->len; i += 2)
        augur_static_facts_add_unanalysed (facts, left_out->pdata[i], left_out->pdata[i + 1]);
    }
  return facts;
}

AugurStaticFacts *
augur_static_run (const AugurStaticRunOptions *o, GError **error)
{
  g_return_val_if_fail (o != NULL, NULL);

  g_autoptr(GPtrArray) units = collect_units (o, error);
  if (units == NULL)
    return NULL;

  g_autofree char *frama_c = NULL;
  g_autofree char *plugin = NULL;
  g_autofree char *harness = NULL;
  g_autofree char *compat = NULL;
  g_autofree char *compat_libc = NULL;
  g_autofree char *compat_offsetof = NULL;
  if (!find_tools (&frama_c, &plugin, &harness, &compat, &compat_libc, &compat_offsetof, error))
    return NULL;

  g_autoptr(GError) local = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-static-XXXXXX", &local);
  if (tmp == NULL)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_IO,
                   "cannot make a temporary directory: %s", local->message);
      return NULL;
    }
  g_autofree char *out = g_build_filename (tmp, "facts.json", NULL);
  g_autofree char *log = g_build_filename (tmp, "frama-c-run.log", NULL);
  g_autofree char *all_log = g_build_filename (tmp, "frama-c.log", NULL);
  g_autoptr(GHashTable) offsetof_files = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                               g_free, NULL);
  gboolean system_tried = FALSE;
  Run r = { frama_c, plugin, harness, compat, compat_libc, compat_offsetof, offsetof_files,
            o->cflags, tmp, out, log, all_log, o->complete_only, &system_tried };

  guint timeout = o->timeout != 0 ? o->timeout : AUGUR_STATIC_DEFAULT_TIMEOUT;
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout * G_USEC_PER_SEC;
  g_autofree char *cache_dir = augur_static_cache_dir ();
  g_autofree char *key = cache_dir != NULL
    ? augur_static_run_cache_key (&r, units, o, deadline) : NULL;
  AugurStaticFacts *facts = NULL;
  if (key != NULL && augur_static_run_cached (&r, units, cache_dir, key, timeout, o->log_path,
                                              deadline, &facts, error))
    {
      remove_tmpdir (tmp, NULL);
      return facts;
    }
  /* all of the program's files: the runs leave some out */
  g_autoptr(GPtrArray) all_units = g_ptr_array_new_with_free_func (
    (GDestroyNotify) augur_static_compile_unit_free);
  for (guint i = 0; i < units->len; i++)
    g_ptr_array_add (all_units, augur_static_compile_unit_copy (units->pdata[i]));

  double seconds = 0;
  g_autoptr(GPtrArray) left_out = g_ptr_array_new_with_free_func (g_free);  /* file, reason... */
  g_autofree char *system_reason = NULL;   /* why Frama-C's libc was not used */
  Libc used = LIBC_FRAMA_C;
  guint left = (guint) MAX (0, (deadline - g_get_monotonic_time ()) / G_USEC_PER_SEC);
  RunStatus st = run_attempts (&r, units, left, &seconds, left_out, &used, &system_reason,
                               error);

  gboolean keep_tmp = FALSE;   /* for the log named in the error */
  g_autoptr(GError) failure = NULL;   /* the error without the log's path, for the cache */
  if (st == RUN_OK)
    {
      facts = load_facts (out, seconds, used, system_reason, left_out, error);
      g_free (keep_log (all_log, o->log_path));
    }
  else
    {
      g_autofree char *kept = keep_log (all_log, o->log_path);
      g_autofree char *note = kept != NULL ? g_strdup_printf ("; frama-c's log: %s", kept)
                                           : g_strdup ("");
      set_run_error (st, units, left_out, timeout, log, "", &failure);
      if (failure != NULL)
        g_set_error (error, failure->domain, failure->code, "%s%s", failure->message, note);
      keep_tmp = kept != NULL && o->log_path == NULL;
    }
  /* what the same input gives again: facts, a file frama-c cannot parse,
   * a run out of its time (not one that could not start, or failed
   * otherwise) */
  gboolean again = facts != NULL || st == RUN_TIMEOUT || st == RUN_INCOMPLETE
                   || (st == RUN_FAILED && units->len == 0);
  if (key != NULL && again)
    augur_static_run_cache_keep (&r, all_units, cache_dir, key, timeout, facts, failure,
                                 st == RUN_TIMEOUT, g_get_monotonic_time () + 60 * G_USEC_PER_SEC);
  remove_tmpdir (tmp, keep_tmp ? all_log : NULL);
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
