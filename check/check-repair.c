/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-repair.c — the repair step of `augur check` (check-repair.h).
 *
 * The time it gets: what the stages left of the budget, less the reserve
 * for the report; the diagnosis's exploration a third of it, each
 * repair's verification a sixth (two repairs at most); the child is sent
 * SIGTERM at the end of it (augur's interrupt handling then takes down
 * what it started and removes its temporary files) and killed a second
 * later.
 */
#include "config.h"

#include "check/check-repair.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>

#include "check/check-sources.h"
#include "common/interrupt.h"
#include "common/json-input.h"
#include "common/results.h"
#include "static/static-compile-db.h"

/* Seconds kept for the child to stop after SIGTERM. */
#define STOP_SECONDS 1.0

/* A failure the diagnosis explains: an assertion, an abort or a crash.
 * A deadlock is not one (augur diagnose only notes what the finding says
 * each blocked thread waits for), so a run whose only failures are deadlocks starts no
 * diagnosis that would report "0 failures diagnosed". */
static gboolean
is_failure (AugurFinding *f)
{
  AugurFindingKind k = augur_finding_get_kind (f);
  return augur_finding_get_severity (f) == AUGUR_SEVERITY_ERROR
         && (k == AUGUR_FINDING_ASSERTION || k == AUGUR_FINDING_ABORT || k == AUGUR_FINDING_CRASH);
}

static guint
count_failures (AugurResults *r)
{
  guint n = 0;
  for (guint i = 0; i < augur_results_get_n_findings (r); i++)
    if (is_failure (augur_results_get_finding (r, i)))
      n++;
  return n;
}

/* The program's sources are known: for one, its directory and flags
 * (of several, augur diagnose finds each one's); FALSE with *why when
 * there is none. */
static gboolean
one_source (AugurCheckState *st, char **dir, char **flags, char **why)
{
  g_autoptr (GError) error = NULL;
  guint n_recorded = 0;
  g_autoptr (GPtrArray) units =
    augur_check_program_units (st->options->argv[0], st->trace, &n_recorded, &error);
  if (units == NULL || units->len == 0)
    {
      *why = g_strdup_printf ("the program's source is not known (%s)",
                              error != NULL ? error->message
                                            : "no C source in its debug info: build it with "
                                              "augur-cc");
      return FALSE;
    }
  /* several of the program's own: augur diagnose rebuilds it from them,
   * each with its own recorded flags; a library's are not rebuilt */
  if (units->len > 1)
    {
      g_autoptr (GPtrArray) own = augur_check_program_units (st->options->argv[0], NULL,
                                                            &n_recorded, NULL);
      if (own != NULL && own->len == units->len)
        return TRUE;
      *why = g_strdup_printf ("the program and its libraries are built from %u source files, and "
                              "a library is not rebuilt to verify a repair", units->len);
      return FALSE;
    }
  const AugurStaticCompileUnit *u = g_ptr_array_index (units, 0);
  *dir = g_path_get_dirname (u->file);
  *flags = augur_check_rebuild_flags (u);
  return TRUE;
}

/* The augur-cc that rebuilds a patched program: $AUGUR_CC_BIN, the one
 * beside this augur (a build tree, or the same bin/), the installed one,
 * then PATH's; NULL if there is none. */
static char *
find_cc (void)
{
  const char *env = g_getenv ("AUGUR_CC_BIN");
  if (env != NULL && *env != '\0')
    return g_strdup (env);
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);
      g_autofree char *beside = g_build_filename (dir, "augur-cc", NULL);
      if (g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE))
        return g_steal_pointer (&beside);
    }
  g_autofree char *installed = g_build_filename (AUGUR_BINDIR, "augur-cc", NULL);
  if (g_file_test (installed, G_FILE_TEST_IS_EXECUTABLE))
    return g_steal_pointer (&installed);
  return g_find_program_in_path ("augur-cc");
}

typedef struct {
  gboolean done;
  gboolean timed_out;
} Wait;

static void
on_child_exit (GObject *source, GAsyncResult *res, gpointer data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), res, NULL);
  ((Wait *) data)->done = TRUE;
}

static gboolean
on_timeout (gpointer data)
{
  ((Wait *) data)->timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the loop of @ctx until @p ended or @w timed out. */
static void
loop_until (GMainContext *ctx, Wait *w, double seconds)
{
  w->timed_out = FALSE;
  GSource *t = g_timeout_source_new ((guint) MAX (1, seconds * 1000));
  g_source_set_callback (t, on_timeout, w, NULL);
  g_source_attach (t, ctx);
  while (!w->done && !w->timed_out)
    g_main_context_iteration (ctx, TRUE);
  g_source_destroy (t);
  g_source_unref (t);
}

/* Waits for @p at most @seconds; TRUE if it ended by then.  Otherwise it
 * is sent SIGTERM (augur's interrupt handling then kills what it started
 * and removes its temporary files), and killed STOP_SECONDS later. */
static gboolean
wait_for (GSubprocess *p, double seconds)
{
  g_autoptr (GMainContext) ctx = g_main_context_new ();
  g_main_context_push_thread_default (ctx);
  Wait w = { 0 };
  g_subprocess_wait_async (p, NULL, on_child_exit, &w);
  loop_until (ctx, &w, seconds);
  gboolean in_time = w.done;
  if (!w.done)
    {
      g_subprocess_send_signal (p, SIGTERM);
      loop_until (ctx, &w, STOP_SECONDS);
    }
  if (!w.done)
    {
      g_subprocess_force_exit (p);
      while (!w.done)
        g_main_context_iteration (ctx, TRUE);
    }
  g_main_context_pop_thread_default (ctx);
  return in_time;
}

/* Runs `augur diagnose` within @seconds; FALSE with *why if it did not
 * finish or failed. */
static gboolean
run_diagnose (AugurCheckState *st, double seconds, const char *source_dir, const char *flags,
              const char *cc, const char *why_not, guint n_fail, const char *diag_path,
              char **why)
{
  const AugurCheckOptions *o = st->options;
  double work = MAX (0.5, seconds - STOP_SECONDS);
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (argv, g_file_read_link ("/proc/self/exe", NULL));
  if (g_ptr_array_index (argv, 0) == NULL)
    g_ptr_array_index (argv, 0) = g_strdup ("augur");
  g_ptr_array_add (argv, g_strdup ("diagnose"));
  g_ptr_array_add (argv, g_strdup_printf ("--timeout=%.1f", MAX (0.5, work / 3 / n_fail)));
  g_ptr_array_add (argv, g_strdup_printf ("--verify-timeout=%.1f", MAX (0.5, work / 6 / n_fail)));
  g_ptr_array_add (argv, g_strdup ("--max-repairs=2"));
  g_ptr_array_add (argv, g_strdup_printf ("--output=%s", diag_path));
  if (source_dir != NULL)
    g_ptr_array_add (argv, g_strdup_printf ("--source-dir=%s", source_dir));
  if (flags != NULL)
    g_ptr_array_add (argv, g_strdup_printf ("--cflags=%s", flags));
  if (cc != NULL)
    g_ptr_array_add (argv, g_strdup_printf ("--cc=%s", cc));
  else
    g_ptr_array_add (argv, g_strdup_printf ("--no-verify-because=%s", why_not));
  g_ptr_array_add (argv, g_strdup (st->results_path));
  g_ptr_array_add (argv, g_strdup ("--"));
  for (guint i = 0; o->argv[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (o->argv[i]));
  g_ptr_array_add (argv, NULL);

  g_autoptr (GSubprocessLauncher) l =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_autofree char *text_path = g_build_filename (o->out_dir, "diagnosis.txt", NULL);
  g_subprocess_launcher_set_stdin_file_path (l, "/dev/null");
  g_subprocess_launcher_set_stdout_file_path (l, text_path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) p =
    g_subprocess_launcher_spawnv (l, (const char *const *) argv->pdata, &error);
  if (p == NULL)
    {
      *why = g_strdup_printf ("the diagnosis could not start: %s", error->message);
      return FALSE;
    }
  if (!wait_for (p, work))
    {
      *why = g_strdup_printf ("the diagnosis ran out of the budget's time (%.0f s): "
                              "run augur diagnose on the results for more", work);
      return FALSE;
    }
  if (augur_interrupt_signal () != 0)
    {
      *why = g_strdup ("the diagnosis was interrupted");
      return FALSE;
    }
  /* augur diagnose exits 1 when the results hold a bug: that is its success */
  int status = g_subprocess_get_if_exited (p) ? g_subprocess_get_exit_status (p) : -1;
  if (status != 0 && status != 1)
    {
      *why = g_strdup_printf ("the diagnosis failed (exit %d): see %s", status, text_path);
      return FALSE;
    }
  return TRUE;
}

/* Adds "note" to @path's diagnosis, or writes a diagnosis that has only
 * the note when @path has none. */
static void
save_note (AugurCheckState *st, const char *path, const char *note)
{
  g_autoptr (JsonParser) parser = augur_json_parse_file (path, NULL);
  JsonNode *root = parser != NULL ? json_parser_get_root (parser) : NULL;
  g_autoptr (JsonNode) fresh = NULL;
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      JsonObject *obj = json_object_new ();
      json_object_set_string_member (obj, "schema", "augur-diagnosis/1");
      json_object_set_string_member (obj, "results", st->results_path);
      json_object_set_array_member (obj, "findings", json_array_new ());
      fresh = json_node_init_object (json_node_alloc (), obj);
      json_object_unref (obj);
      root = fresh;
    }
  json_object_set_string_member (json_node_get_object (root), "note", note);
  g_autoptr (JsonGenerator) g = json_generator_new ();
  json_generator_set_root (g, root);
  json_generator_set_pretty (g, TRUE);
  g_autoptr (GError) error = NULL;
  if (!json_generator_to_file (g, path, &error))
    g_printerr ("augur check: %s\n", error->message);
}

/* "1 failure diagnosed, 1 verified repair" from the diagnosis file. */
static char *
summary_of (const char *path)
{
  g_autoptr (JsonParser) parser = augur_json_parse_file (path, NULL);
  if (parser == NULL)
    return g_strdup ("written");
  JsonNode *root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return g_strdup ("written");
  JsonArray *fs = json_object_get_array_member (json_node_get_object (root), "findings");
  guint diagnosed = 0, classes = 0, verified = 0, proposed = 0;
  for (guint i = 0; fs != NULL && i < json_array_get_length (fs); i++)
    {
      JsonObject *f = json_array_get_object_element (fs, i);
      if (json_object_get_boolean_member_with_default (f, "diagnosed", FALSE))
        diagnosed++;
      JsonArray *cl = json_object_get_array_member (f, "classes");
      classes += cl != NULL ? json_array_get_length (cl) : 0;
      JsonArray *rs = json_object_get_array_member (f, "repairs");
      for (guint k = 0; rs != NULL && k < json_array_get_length (rs); k++)
        {
          const char *v = json_object_get_string_member_with_default (
            json_array_get_object_element (rs, k), "verdict", "");
          proposed++;
          if (strcmp (v, "verified") == 0)
            verified++;
        }
    }
  return g_strdup_printf ("%u failure%s diagnosed, %u class%s of failing schedules, "
                          "%u repair%s proposed, %u verified",
                          diagnosed, diagnosed == 1 ? "" : "s", classes, classes == 1 ? "" : "es",
                          proposed, proposed == 1 ? "" : "s", verified);
}

char *
augur_check_repair (AugurCheckState *st)
{
  const AugurCheckOptions *o = st->options;
  guint n_fail = count_failures (st->results);
  if (n_fail == 0)
    return NULL;
  g_autofree char *path = g_build_filename (o->out_dir, "diagnosis.json", NULL);
  if (o->no_repair)
    return g_strdup ("diagnosis skipped (--no-repair): run augur diagnose on the results");
  if (augur_interrupt_signal () != 0)
    return g_strdup ("diagnosis skipped: interrupted");
  g_autofree char *note = NULL;
  if (o->stdin_path != NULL)
    note = g_strdup ("diagnosis skipped: the diagnosis's runs cannot read --stdin's file; "
                     "run augur diagnose on the results");
  double left = augur_check_stage_time_left (st);
  if (note == NULL && left < AUGUR_CHECK_REPAIR_MIN_SECONDS)
    note = g_strdup_printf ("diagnosis skipped: %.1f s left in the budget; run augur diagnose "
                            "on the results, or give a larger --budget", MAX (left, 0.0));
  if (note != NULL)
    {
      save_note (st, path, note);
      return g_steal_pointer (&note);
    }
  g_autofree char *source_dir = NULL, *flags = NULL, *why_not = NULL;
  g_autofree char *cc = NULL;
  gboolean verify = one_source (st, &source_dir, &flags, &why_not);
  if (verify)
    {
      cc = find_cc ();
      if (cc == NULL)
        why_not = g_strdup ("augur-cc, which rebuilds a patched program, was not found "
                            "(set AUGUR_CC_BIN)");
    }
  verify = cc != NULL;
  if (!verify)
    note = g_strdup_printf ("repairs not verified: %s", why_not);
  /* said before the run, as progress: the time is what the budget allows,
   * not what the run took, which is said after it */
  augur_check_say (st, "diagnosing %u failure%s, with %.1f s of the budget left%s", n_fail,
                   n_fail == 1 ? "" : "s", left, verify ? "" : " (repairs not verified)");
  g_autofree char *why = NULL;
  g_unlink (path);
  gint64 t0 = g_get_monotonic_time ();
  gboolean ran = run_diagnose (st, left, source_dir, flags, cc, why_not, n_fail, path, &why);
  augur_check_say (st, "diagnosis of %u failure%s took %.1f s", n_fail, n_fail == 1 ? "" : "s",
                   (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC);
  if (!ran)
    {
      g_autofree char *n = note != NULL ? g_strdup_printf ("%s; %s", why, note) : g_strdup (why);
      save_note (st, path, n);
      return g_strdup_printf ("diagnosis: %s", n);
    }
  if (note != NULL)
    save_note (st, path, note);
  g_autofree char *sum = summary_of (path);
  return g_strdup_printf ("diagnosis: %s%s%s: %s", sum, note != NULL ? "; " : "",
                          note != NULL ? note : "", path);
}
