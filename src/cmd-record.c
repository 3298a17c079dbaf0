/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cmd-record.c — `augur record [-o TRACE] [--timeout S] [--max-trace-size SIZE]
 * [--max-trace-events N] -- PROGRAM ARGS...`: run a program built with
 * augur-cc once and write its trace.  The trace is capped (default 1 GiB,
 * and no cap in events): a program that never stops fills gigabytes in
 * seconds; at a cap the recording stops, the trace ends there ("ended: cut
 * at the trace size cap") and the program is stopped.
 *
 * The program's standard streams are augur's (its input too, or the file
 * given with --stdin); augur's one-line summary goes to standard error.  The exit status is about the
 * recording, not about the program: a program that crashes is recorded
 * (its ending is in the trace and in the summary) and the status is 0.
 *
 * Exit status: 0 trace written, 2 usage error, 3 program missing or not
 * built with augur-cc, or the trace path not writable, 4 the program ran but did not record, 5 the trace
 * could not be written or finished.
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>

#include "common/program-check.h"
#include "common/record-run.h"
#include "common/trace.h"
#include "src/augur-cmd.h"

#define CMD "record"
#define DEFAULT_TIMEOUT 300
#define DEFAULT_MAX_TRACE_SIZE "1G"

int
augur_cmd_record (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *stdin_file = NULL;
  int timeout = DEFAULT_TIMEOUT;
  g_autofree char *max_size_text = NULL;
  gint64 max_events = 0;
  gboolean quiet = FALSE;
  g_auto (GStrv) rest = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write the trace to TRACE (default: PROGRAM's name + .trace, in the current directory)",
      "TRACE" },
    { "timeout", 't', 0, G_OPTION_ARG_INT, &timeout,
      "Kill the program after S seconds (0: never; default 300); the trace is kept", "S" },
    { "stdin", 0, 0, G_OPTION_ARG_FILENAME, &stdin_file,
      "The program reads FILE as its standard input (default: augur's own)", "FILE" },
    { "max-trace-size", 0, 0, G_OPTION_ARG_STRING, &max_size_text,
      "Stop recording when the trace reaches SIZE bytes (K, M, G suffixes; 0: no cap; default "
      DEFAULT_MAX_TRACE_SIZE "); the trace ends there and the program is stopped", "SIZE" },
    { "max-trace-events", 0, 0, G_OPTION_ARG_INT64, &max_events,
      "Stop recording after about N events (0: no cap, the default); as --max-trace-size", "N" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "Do not print the summary line", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL,
      "-- PROGRAM [ARG...]" },
    { NULL }
  };
  static const char help_summary[] =
    "Run a program built with augur-cc once and record its execution.";
  static const char help_description[] =
    "The program's standard streams are augur's: it reads what you type or pipe into\n"
    "augur (or --stdin FILE).  Ctrl-C, SIGTERM or SIGHUP reach the program; augur\n"
    "keeps its trace, with the signal as its ending.\n"
    "Exit status: 0 trace written (whatever the program's own ending), 2 usage error,\n"
    "3 program missing or not built with augur-cc, or TRACE not writable,\n"
    "4 it ran but did not record, "
    "5 the trace could not be written.";
  if (!augur_cmd_parse_options (CMD, entries, help_summary, help_description, TRUE, &argc, &argv))
    return AUGUR_EXIT_USAGE;
  g_autoptr (GError) error = NULL;
  if (rest == NULL || rest[0] == NULL)
    return augur_cmd_usage_error (CMD, "no program given; "
                                       "usage: augur record [-o TRACE] -- PROGRAM [ARG...]");
  if (timeout < 0)
    return augur_cmd_usage_error (CMD, "--timeout must be 0 (none) or a number of seconds");
  guint64 max_size = 0;
  if (!augur_cmd_parse_size (max_size_text != NULL ? max_size_text : DEFAULT_MAX_TRACE_SIZE,
                             &max_size))
    return augur_cmd_usage_error (CMD, "--max-trace-size takes a size in bytes, with K, M or G "
                                       "(\"64M\"), or 0 for no cap");
  if (max_events < 0)
    return augur_cmd_usage_error (CMD, "--max-trace-events takes a number of events, "
                                       "or 0 for no cap");

  g_autofree char *program = augur_program_check (rest[0], &error);
  if (program == NULL)
    return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
  if (output == NULL)
    {
      g_autofree char *base = g_path_get_basename (program);
      output = g_strconcat (base, ".trace", NULL);
    }

  g_free (rest[0]);
  rest[0] = g_strdup (program);
  AugurRecordOutcome outcome;
  AugurRecordCaps caps = { .bytes = max_size, .events = (guint64) max_events };
  if (!augur_record_run (rest, output, (guint) timeout, &caps, stdin_file, NULL, &outcome,
                         &error))
    {
      augur_cmd_print_error (CMD, error->message);
      if (g_error_matches (error, AUGUR_RECORD_ERROR, AUGUR_RECORD_ERROR_SPAWN)
          || g_error_matches (error, AUGUR_RECORD_ERROR, AUGUR_RECORD_ERROR_OUTPUT))
        return AUGUR_EXIT_INPUT;
      if (g_error_matches (error, AUGUR_RECORD_ERROR, AUGUR_RECORD_ERROR_NO_TRACE)
          || error->domain == AUGUR_TRACE_ERROR)
        return AUGUR_EXIT_PROGRAM;
      return AUGUR_EXIT_TOOL;
    }

  g_autoptr (AugurTrace) trace = augur_trace_open (output, &error);
  if (trace == NULL)
    return augur_cmd_error (CMD, AUGUR_EXIT_PROGRAM, error->message);
  if (!quiet)
    {
      g_autofree char *summary = augur_trace_summary (trace);
      g_printerr ("augur record: %s: %s (%.2f s)\n", output, summary, outcome.seconds);
    }
  return AUGUR_EXIT_OK;
}
