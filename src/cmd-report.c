/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cmd-report.c — `augur report RESULTS [-o OUT] [--format html|json|sarif]`:
 * turn a results file written by explore / predict / check into an HTML
 * report directory, or into JSON or SARIF for CI.  A diagnosis
 * (diagnosis.json next to the results, or --diagnosis) adds root causes
 * and repairs to the HTML pages and verified repairs to SARIF as fixes.
 *
 * The HTML pages quote the sources the results name, but only those the
 * program's debug info names too (common/source-access.h): a results file
 * cannot make the report quote /etc/passwd.
 *
 * Exit status: 0 when the report was written, 2 for a bad command line,
 * 3 for a missing or bad results file, 5 when writing or rendering failed.
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "common/output-file.h"
#include "common/results.h"
#include "common/source-access.h"
#include "reports/diagnosis.h"
#include "reports/html.h"
#include "reports/report-error.h"
#include "reports/sarif.h"
#include "src/augur-cmd.h"

#define CMD "report"

static gboolean
write_output (const char *path, const char *data, gsize len, GError **error)
{
  if (path == NULL || strcmp (path, "-") == 0)
    {
      if (fwrite (data, 1, len, stdout) != len || fflush (stdout) != 0)
        {
          g_set_error (error, AUGUR_REPORT_ERROR, AUGUR_REPORT_ERROR_WRITE,
                       "cannot write to standard output");
          return FALSE;
        }
      return TRUE;
    }
  /* not g_file_set_contents: it renames, and -o /dev/null as root would
   * replace the device with a regular file */
  return augur_output_file_write (path, data, len, error);
}

int
augur_cmd_report (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *format = NULL;
  g_autofree char *source_dir = NULL;
  g_autofree char *diagnosis_path = NULL;
  gboolean no_diagnosis = FALSE;
  g_auto(GStrv) rest = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Where to write: a directory for html (default augur-report), a file for json and "
      "sarif (default: standard output)", "OUT" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      "html (default), json (the results, schema " AUGUR_RESULTS_SCHEMA ") or sarif (SARIF 2.1.0)",
      "FORMAT" },
    { "source-dir", 's', 0, G_OPTION_ARG_FILENAME, &source_dir,
      "Resolve relative source file names against DIR (default: the results file's source_dir, "
      "else its directory)", "DIR" },
    { "diagnosis", 'd', 0, G_OPTION_ARG_FILENAME, &diagnosis_path,
      "The diagnosis of the findings (augur diagnose's JSON; default: diagnosis.json next to "
      "RESULTS, when there is one): root causes and repairs on the HTML pages, verified "
      "repairs as SARIF fixes", "FILE" },
    { "no-diagnosis", 0, 0, G_OPTION_ARG_NONE, &no_diagnosis,
      "Leave out the diagnosis next to RESULTS", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "RESULTS" },
    { NULL }
  };
  static const char help_summary[] =
    "Render a results file as an HTML report, JSON or SARIF.";
  if (!augur_cmd_parse_options (CMD, entries, help_summary, NULL, FALSE, &argc, &argv))
    return AUGUR_EXIT_USAGE;
  g_autoptr(GError) error = NULL;
  if (rest == NULL || g_strv_length (rest) != 1)
    return augur_cmd_usage_error (CMD,
                                  "expected exactly one RESULTS file; see 'augur report --help'");
  const char *fmt = format != NULL ? format : "html";
  if (strcmp (fmt, "html") != 0 && strcmp (fmt, "json") != 0 && strcmp (fmt, "sarif") != 0)
    {
      g_autofree char *msg = g_strdup_printf ("unknown format '%s': use html, json or sarif", fmt);
      augur_cmd_print_error (CMD, msg);
      return AUGUR_EXIT_USAGE;
    }

  const char *path = rest[0];
  g_autoptr(AugurResults) results = augur_results_load (path, &error);
  if (results == NULL)
    return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);

  /* The diagnosis: --diagnosis, else diagnosis.json beside the results. */
  g_autoptr(AugurReportDiagnosis) diagnosis = NULL;
  if (diagnosis_path == NULL && !no_diagnosis)
    diagnosis_path = augur_report_diagnosis_beside (path);
  if (diagnosis_path != NULL && !no_diagnosis)
    {
      diagnosis = augur_report_diagnosis_load (diagnosis_path, &error);
      if (diagnosis == NULL)
        return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
      guint stale = augur_report_diagnosis_match (diagnosis, results);
      if (stale > 0)
        g_printerr ("augur report: %u diagnosed finding%s of %s match%s no finding of %s "
                    "(a diagnosis of other results?): left out; run augur diagnose again\n",
                    stale, stale == 1 ? "" : "s", diagnosis_path, stale == 1 ? "es" : "",
                    path);
    }

  /* Relative source names: --source-dir, else the run's source_dir, else
   * the directory of the results file. */
  g_autofree char *src = NULL;
  if (source_dir != NULL)
    src = g_strdup (source_dir);
  else if (augur_results_get_source_dir (results) != NULL)
    src = g_strdup (augur_results_get_source_dir (results));
  else
    src = g_path_get_dirname (path);
  /* absolute and without "..": the notes and SARIF base ids name it */
  g_autofree char *src_abs = g_canonicalize_filename (src, NULL);

  if (strcmp (fmt, "html") == 0)
    {
      const char *dir = output != NULL ? output : "augur-report";
      /* The pages quote sources.  Where the program's debug info is not
       * there to say which files are its sources, only files under a
       * directory the user chose are read: the results file's own
       * source_dir is not trusted for that (common/source-access.h). */
      g_autofree char *quote_dir = NULL;
      if (source_dir == NULL && augur_results_get_source_dir (results) != NULL
          && !augur_source_program_has_debug_info (augur_results_get_program (results)))
        {
          g_autofree char *beside = g_path_get_dirname (path);
          quote_dir = g_canonicalize_filename (beside, NULL);
        }
      if (!augur_report_html_write_diagnosed (results, diagnosis,
                                              quote_dir != NULL ? quote_dir : src_abs, dir,
                                              &error))
        return augur_cmd_error (CMD, AUGUR_EXIT_TOOL, error->message);
      g_autofree char *index = g_build_filename (dir, "index.html", NULL);
      g_print ("%s\n", index);
      return AUGUR_EXIT_OK;
    }

  gsize len;
  g_autofree char *data = strcmp (fmt, "json") == 0
                          ? augur_results_to_data (results, &len)
                          : augur_report_sarif_to_data_diagnosed (results, diagnosis, src_abs, &len);
  if (!write_output (output, data, len, &error))
    return augur_cmd_error (CMD, AUGUR_EXIT_TOOL, error->message);
  return AUGUR_EXIT_OK;
}
