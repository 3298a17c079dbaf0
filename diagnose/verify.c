/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * verify.c — apply, build, explore (verify.h).
 */
#include "config.h"

#include "diagnose/verify.h"

#include <string.h>
#include <errno.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "common/interrupt.h"

#include "diagnose/runs.h"

static char *
augur_cc (const AugurDiagVerifyOptions *o)
{
  if (o->cc != NULL)
    return g_strdup (o->cc);
  const char *env = g_getenv ("AUGUR_CC_BIN");
  if (env != NULL && *env != '\0')
    return g_strdup (env);
  g_autofree char *installed = g_build_filename (AUGUR_BINDIR, "augur-cc", NULL);
  if (g_file_test (installed, G_FILE_TEST_IS_EXECUTABLE))
    return g_steal_pointer (&installed);
  return g_strdup ("augur-cc");
}

/* Runs @argv in @dir; FALSE with *why (its output) if it fails. */
static gboolean
run (const char *const *argv, const char *dir, char **why)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocessLauncher) l = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                                 | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_set_cwd (l, dir);
  g_autoptr (GSubprocess) p = g_subprocess_launcher_spawnv (l, argv, &error);
  g_autofree char *out = NULL;
  if (p == NULL || !g_subprocess_communicate_utf8 (p, NULL, NULL, &out, NULL, &error))
    {
      *why = g_strdup_printf ("%s: %s", argv[0], error->message);
      return FALSE;
    }
  if (!g_subprocess_get_if_exited (p) || g_subprocess_get_exit_status (p) != 0)
    {
      *why = g_strdup_printf ("%s failed: %s", argv[0], out != NULL ? g_strstrip (out) : "");
      return FALSE;
    }
  return TRUE;
}

/* The temporary directory and what verification put in it. */
static void
rm_temp (const char *dir, const char *const *files)
{
  for (guint i = 0; files[i] != NULL; i++)
    {
      g_unlink (files[i]);
      augur_interrupt_remove_temp (files[i]);
    }
  const char *argv[] = { "rm", "-rf", dir, NULL };
  g_autoptr (GSubprocess) p = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                                                 | G_SUBPROCESS_FLAGS_STDERR_SILENCE, NULL);
  if (p != NULL)
    g_subprocess_wait (p, NULL, NULL);
}

static void
reject (AugurDiagRepair *r, char *why)
{
  r->verdict = AUGUR_DIAG_REJECTED;
  r->verification = g_strdup_printf ("rejected \u2014 %s", why);
  g_free (why);
}

/* Appends @flags, split on spaces, to @argv. */
static void
add_flags (GPtrArray *argv, const char *flags)
{
  if (flags == NULL)
    return;
  g_auto (GStrv) fl = g_strsplit_set (flags, " \t", -1);
  for (guint i = 0; fl[i] != NULL; i++)
    if (fl[i][0] != '\0')
      g_ptr_array_add (argv, g_strdup (fl[i]));
}

/* "cc -O0 -g" and, for the patched copy, its original's directory for
 * quoted includes (the copy is alone in @dir). */
static GPtrArray *
cc_argv (const AugurDiagRepair *r, const AugurDiagVerifyOptions *o)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (argv, augur_cc (o));
  g_ptr_array_add (argv, g_strdup ("-O0"));
  g_ptr_array_add (argv, g_strdup ("-g"));
  g_autofree char *home = g_path_get_dirname (r->source);
  g_ptr_array_add (argv, g_strdup_printf ("-iquote%s", home));
  return argv;
}

/* augur-cc in @dir: -o @out (an object with @object: -c) from @inputs,
 * with each of @flag_sets (split on spaces; NULL entries none) and then
 * the flags given. */
static gboolean
cc (const AugurDiagRepair *r, const AugurDiagVerifyOptions *o, const char *dir, gboolean object,
    const char *out, const char *const *inputs, guint n_inputs, const char *const *flag_sets,
    guint n_sets, char **why)
{
  g_autoptr (GPtrArray) argv = cc_argv (r, o);
  if (object)
    g_ptr_array_add (argv, g_strdup ("-c"));
  g_ptr_array_add (argv, g_strdup ("-o"));
  g_ptr_array_add (argv, g_strdup (out));
  for (guint i = 0; i < n_inputs; i++)
    g_ptr_array_add (argv, g_strdup (inputs[i]));
  for (guint i = 0; i < n_sets; i++)
    add_flags (argv, flag_sets[i]);
  add_flags (argv, o->cflags);
  g_ptr_array_add (argv, NULL);
  return run ((const char *const *) argv->pdata, dir, why);
}

/* The patched program: of one source, the patched copy with the flags
 * given; of several, each compiled with its own flags (the patched copy
 * for its original), then all linked with all the flags. */
static gboolean
build (const AugurDiagRepair *r, const char *copy, const char *dir, const char *prog,
       const AugurDiagVerifyOptions *o, char **why)
{
  if (o->sources == NULL || o->sources[0] == NULL)
    return cc (r, o, dir, FALSE, prog, &copy, 1, NULL, 0, why);
  guint n = g_strv_length ((char **) o->sources);
  g_autoptr (GPtrArray) objs = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    {
      const char *src = strcmp (o->sources[i], r->source) == 0 ? copy : o->sources[i];
      const char *flags = o->source_flags != NULL ? o->source_flags[i] : NULL;
      char *obj = g_strdup_printf ("%s/augur-repaired-%u.o", dir, i);
      g_ptr_array_add (objs, obj);
      augur_interrupt_add_temp (obj);
      if (!cc (r, o, dir, TRUE, obj, &src, 1, &flags, 1, why))
        return FALSE;
    }
  return cc (r, o, dir, FALSE, prog, (const char *const *) objs->pdata, objs->len,
             o->source_flags, o->source_flags != NULL ? n : 0, why);
}

/* Applies and builds in @dir; the built program's path, or NULL (rejected). */
static char *
apply_and_build (AugurDiagRepair *r, const char *dir, const AugurDiagVerifyOptions *o)
{
  char *why = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *copy = g_build_filename (dir, r->rel, NULL);
  g_autofree char *parent = g_path_get_dirname (copy);
  g_autofree char *text = NULL;
  gsize len = 0;
  g_autofree char *patch = g_build_filename (dir, "repair.patch", NULL);
  augur_interrupt_add_temp (copy);
  augur_interrupt_add_temp (patch);
  if (g_mkdir_with_parents (parent, 0700) != 0
      || !g_file_get_contents (r->source, &text, &len, &error)
      || !g_file_set_contents (copy, text, (gssize) len, &error)
      || !g_file_set_contents (patch, r->patch, -1, &error))
    {
      reject (r, g_strdup_printf ("the patched copy could not be written: %s",
                                  error != NULL ? error->message : g_strerror (errno)));
      return NULL;
    }
  const char *pargv[] = { "patch", "-p1", "--batch", "--silent", "-i", patch, NULL };
  if (!run (pargv, dir, &why))
    {
      reject (r, g_strdup_printf ("the patch does not apply (patch -p1): %s", why));
      g_free (why);
      return NULL;
    }
  char *prog = g_build_filename (dir, "augur-repaired-prog", NULL);
  augur_interrupt_add_temp (prog);
  if (!build (r, copy, dir, prog, o, &why))
    {
      reject (r, g_strdup_printf ("the patched program does not build: %s", why));
      g_free (why);
      g_free (prog);
      return NULL;
    }
  return prog;
}

void
augur_diag_verify (AugurDiagRepair *r, const char *const *argv, const AugurDiagVerifyOptions *o)
{
  g_autoptr (GError) error = NULL;
  if (o->sources != NULL && o->sources[0] != NULL
      && !g_strv_contains ((const char *const *) o->sources, r->source))
    {
      r->verdict = AUGUR_DIAG_UNVERIFIED;
      r->verification = g_strdup_printf ("not verified \u2014 %s is not one of the sources the "
                                         "program's debug info names", r->source);
      return;
    }
  g_autofree char *dir = g_dir_make_tmp ("augur-repair-XXXXXX", &error);
  if (dir == NULL)
    {
      r->verdict = AUGUR_DIAG_UNVERIFIED;
      r->verification = g_strdup_printf ("not verified \u2014 %s", error->message);
      return;
    }
  g_autofree char *prog = apply_and_build (r, dir, o);
  if (prog != NULL)
    {
      guint n = g_strv_length ((char **) argv);
      g_autofree const char **pargv = g_new0 (const char *, n + 1);
      pargv[0] = prog;
      for (guint i = 1; i < n; i++)
        pargv[i] = argv[i];
      AugurDiagExploration ex;
      if (!augur_diag_explore (pargv, o->timeout, 1,
                               o->exit_fails ? AUGUR_DIAG_EXPLORE_EXIT_FAILS : 0, &ex, &error))
        reject (r, g_strdup_printf ("the patched program cannot be explored: %s", error->message));
      else if (ex.failing > 0 || ex.deadlocks > 0)
        {
          GString *s = g_string_new ("still ");
          if (ex.failing > 0)
            g_string_append_printf (s, "fails in %" G_GUINT64_FORMAT " execution%s", ex.failing,
                                    ex.failing == 1 ? "" : "s");
          if (ex.deadlocks > 0)
            g_string_append_printf (s, "%sdeadlocks in %" G_GUINT64_FORMAT " execution%s",
                                    ex.failing > 0 ? " and " : "", ex.deadlocks,
                                    ex.deadlocks == 1 ? "" : "s");
          g_string_append_printf (s, " of %" G_GUINT64_FORMAT, ex.executions);
          if (ex.runs->len > 0)
            {
              AugurDiagRun *f = g_ptr_array_index (ex.runs, 0);
              g_autofree char *site = augur_diag_run_site (f);
              r->still_fails = augur_diag_run_schedule_text (f);
              if (f->exit_status > 0)
                g_string_append_printf (s, ": it ends with exit status %d, schedule %s",
                                        f->exit_status, r->still_fails);
              else
                g_string_append_printf (s, ": %s %s%s, schedule %s",
                                        strchr (site, ':') != NULL ? "at" : "in", site,
                                        strchr (site, ':') != NULL ? " of the patched source" : "",
                                        r->still_fails);
            }
          reject (r, g_string_free (s, FALSE));
        }
      else if (!ex.complete)
        {
          r->verdict = AUGUR_DIAG_UNVERIFIED;
          r->verification = g_strdup_printf (
            "not verified \u2014 no failure in %" G_GUINT64_FORMAT " executions, but the "
            "exploration did not finish (%s)", ex.executions,
            ex.timed_out ? "time budget spent" : "executions cut by a bound");
        }
      else
        {
          r->verdict = AUGUR_DIAG_VERIFIED;
          r->verification = g_strdup_printf (
            "verified \u2014 0 failing executions of %" G_GUINT64_FORMAT " (all traces), no deadlock",
            ex.executions);
        }
      augur_diag_exploration_clear (&ex);
    }
  g_autofree char *copy = g_build_filename (dir, r->rel, NULL);
  g_autofree char *patch = g_build_filename (dir, "repair.patch", NULL);
  g_autofree char *built = g_build_filename (dir, "augur-repaired-prog", NULL);
  const char *files[] = { copy, patch, built, NULL };
  rm_temp (dir, files);
}
