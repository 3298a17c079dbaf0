/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cmd-diagnose.c — `augur diagnose RESULTS[#N] -- PROGRAM [ARG...]`: the
 * root cause of each failure of a results file (the few inter-thread
 * orderings that must all hold for it, one set per class of failing
 * schedules), the kill-sets, and repairs as source patches, each verified
 * by exploring the patched program (diagnose/diagnose.h).  Prints the
 * diagnosis and writes it as JSON next to the results (diagnosis.json),
 * and with --sarif as SARIF whose fixes are the verified repairs.
 *
 * Exit status: 1 the results hold a bug (whatever the diagnosis found: a
 * diagnosis that fails or times out leaves the finding as it was, with a
 * note), 0 they hold none, 2 usage, 3 bad results file, patch or program,
 * 5 augur failed.
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <unistd.h>

#include "common/augur-exit.h"
#include "common/finding-ref.h"
#include "check/check-sources.h"
#include "common/results.h"
#include "diagnose/diagnose.h"
#include "src/augur-cmd.h"

#define CMD "diagnose"

static gboolean
has_bug (AugurResults *r)
{
  for (guint i = 0; i < augur_results_get_n_findings (r); i++)
    if (augur_finding_get_severity (augur_results_get_finding (r, i)) == AUGUR_SEVERITY_ERROR)
      return TRUE;
  return FALSE;
}

static const char help_summary[] =
  "Find the root cause of each failure of RESULTS (assertion, abort, crash, or the\n"
  "program ending itself with a nonzero exit status): the few inter-thread orderings\n"
  "that must all hold for it, one set per class of failing schedules (ConcBugAssist);\n"
  "their kill-sets; and repairs as patches (a new mutex making regions mutually\n"
  "exclusive, or handshakes enforcing an order), each verified by exploring the\n"
  "patched program exhaustively.  Only verified repairs are recommended.";

static const char help_description[] =
  "Patched programs are rebuilt from one source file with augur-cc; apply a patch\n"
  "with `patch -p1` in the source directory.\n"
  "Exit status: 1 RESULTS holds a bug (the diagnosis never changes that), 0 it holds\n"
  "none, 2 usage, 3 bad RESULTS, patch or program, 5 augur failed.\n";

int
augur_cmd_diagnose (int argc, char **argv)
{
  g_autofree char *output = NULL, *source_dir = NULL, *cc = NULL, *cflags = NULL;
  g_autofree char *verify_patch = NULL, *sarif = NULL;
  g_auto (GStrv) rest = NULL;
  double timeout = 60, verify_timeout = 60;
  gint max_repairs = 4, max_failing = 200;
  gboolean no_verify = FALSE, trace_formula = FALSE, progress = FALSE, no_progress = FALSE;
  g_autofree char *no_verify_because = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Diagnosis file (default diagnosis.json next to RESULTS)", "FILE" },
    { "sarif", 0, 0, G_OPTION_ARG_FILENAME, &sarif,
      "Also write the diagnosis as SARIF 2.1.0, each verified repair a fix (artifactChanges)",
      "FILE" },
    { "timeout", 't', 0, G_OPTION_ARG_DOUBLE, &timeout,
      "Seconds for the exploration that finds every failing schedule (default 60, 0 = none)", "S" },
    { "verify-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &verify_timeout,
      "Seconds for exploring each patched program (default 60, 0 = none)", "S" },
    { "max-failing", 0, 0, G_OPTION_ARG_INT, &max_failing,
      "Failing executions kept from the exploration, each a candidate class (default 200)", "N" },
    { "max-repairs", 0, 0, G_OPTION_ARG_INT, &max_repairs,
      "Repairs written and verified per failure (default 4)", "N" },
    /* augur check's: why it cannot verify, said in place of --no-verify */
    { "no-verify-because", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &no_verify_because,
      NULL, "TEXT" },
    { "no-verify", 0, 0, G_OPTION_ARG_NONE, &no_verify,
      "Write the repairs without verifying them (none is then recommended)", NULL },
    { "trace-formula", 0, 0, G_OPTION_ARG_NONE, &trace_formula,
      "Root causes from the failing execution's formula (program order, synchronisation, "
      "reads-from) even when every execution was explored", NULL },
    { "verify-patch", 0, 0, G_OPTION_ARG_FILENAME, &verify_patch,
      "Also verify this patch (a unified diff for patch -p1 in the source directory)", "PATCH" },
    { "source-dir", 0, 0, G_OPTION_ARG_FILENAME, &source_dir,
      "Where the program's sources are (default: the results' source directory)", "DIR" },
    { "cc", 0, 0, G_OPTION_ARG_FILENAME, &cc,
      "augur-cc to rebuild patched programs with (default $AUGUR_CC_BIN, then the installed one)",
      "PATH" },
    { "cflags", 0, 0, G_OPTION_ARG_STRING, &cflags,
      "More flags for rebuilding a patched program (its one source file: augur-cc -O0 -g -o prog FILE FLAGS)",
      "FLAGS" },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &progress,
      "Always show a line on stderr as each stage of a diagnosis starts (default: when stderr is a terminal)",
      NULL },
    { "no-progress", 0, 0, G_OPTION_ARG_NONE, &no_progress, "Never show the progress lines", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL,
      "RESULTS[#N] -- PROGRAM [ARG...]" },
    { NULL }
  };
  if (!augur_cmd_parse_options (CMD, entries, help_summary, help_description, FALSE, &argc, &argv))
    return AUGUR_EXIT_USAGE;
  g_autoptr (GError) error = NULL;
  guint nrest = rest != NULL ? g_strv_length (rest) : 0;
  if (nrest < 2)
    return augur_cmd_usage_error (CMD, "usage: augur diagnose [OPTION...] RESULTS[#N] -- PROGRAM [ARG...]");
  if (timeout < 0 || verify_timeout < 0 || max_repairs < 1 || max_failing < 1)
    return augur_cmd_usage_error (CMD, "timeouts must not be negative, --max-repairs and "
                                       "--max-failing at least 1");
  g_autofree char *path = NULL;
  guint number = 0;
  if (!augur_finding_ref_parse (rest[0], &path, &number, &error))
    return augur_cmd_usage_error (CMD, error->message);
  g_autoptr (AugurResults) results = augur_results_load (path, &error);
  if (results == NULL)
    return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
  g_autofree char *patch_text = NULL;
  if (verify_patch != NULL && !g_file_get_contents (verify_patch, &patch_text, NULL, &error))
    return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
  AugurDiagOptions o;
  augur_diag_options_init (&o);
  o.timeout = timeout;
  o.max_repairs = (guint) max_repairs;
  o.max_runs = (guint) max_failing;
  o.no_verify = no_verify;
  o.trace_formula = trace_formula;
  o.progress = !no_progress && (progress || isatty (2));
  o.source_dir = source_dir;
  o.given_patch = patch_text;
  o.only = g_strrstr (rest[0], "#") != NULL ? number : 0;
  o.verify.cc = cc;
  o.verify.cflags = cflags;
  o.verify.timeout = verify_timeout;
  /* a program of several sources is rebuilt from all of them, each with
   * the flags augur-cc recorded for it (the debug info's sources) */
  guint n_recorded = 0;
  g_autoptr (GPtrArray) units = augur_check_program_units (rest[1], NULL, &n_recorded, NULL);
  g_autoptr (GPtrArray) sources = g_ptr_array_new ();
  g_autoptr (GPtrArray) source_flags = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; units != NULL && units->len > 1 && i < units->len; i++)
    {
      const AugurStaticCompileUnit *u = g_ptr_array_index (units, i);
      g_ptr_array_add (sources, u->file);
      g_ptr_array_add (source_flags, augur_check_rebuild_flags (u));
    }
  g_ptr_array_add (sources, NULL);
  g_ptr_array_add (source_flags, NULL);
  o.verify.sources = (const char *const *) sources->pdata;
  o.verify.source_flags = (const char *const *) source_flags->pdata;
  o.no_verify_why = no_verify_because;
  g_autoptr (GPtrArray) diag = augur_diagnose (results, (const char *const *) rest + 1, &o);
  g_autofree char *text = augur_diag_to_text (diag);
  fputs (text, stdout);
  if (output == NULL)
    {
      g_autofree char *dir = g_path_get_dirname (path);
      output = g_build_filename (dir, "diagnosis.json", NULL);
    }
  if (!augur_diag_save_json (diag, path, output, &error))
    return augur_cmd_error (CMD, AUGUR_EXIT_TOOL, error->message);
  if (sarif != NULL
      && !augur_diag_save_sarif (diag, source_dir != NULL ? source_dir
                                                          : augur_results_get_source_dir (results),
                                 sarif, &error))
    return augur_cmd_error (CMD, AUGUR_EXIT_TOOL, error->message);
  return has_bug (results) ? AUGUR_EXIT_BUG : AUGUR_EXIT_OK;
}
