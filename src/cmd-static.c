/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cmd-static.c — `augur static [--cflags FLAGS] [-p compile_commands.json]
 * [--program PROGRAM] [-o FACTS.json] [--timeout S] [--print-facts]
 * SOURCES...`: run Frama-C on the sources (or on those augur-cc recorded in
 * PROGRAM, with their flags), print a summary (or, with --print-facts, the
 * facts as sorted text) and write the facts file that explore/predict/check
 * read.
 *
 * Exit status: 0 when the facts were written (possibly with sources left
 * out that Frama-C could not parse: the summary names them), 2 for a bad
 * command line, 3 for a missing source, an unparsable compile_commands.json
 * or a PROGRAM without augur-cc's records, 5 when
 * frama-c is missing, failed or timed out.  In that last case the facts
 * file is still written, as the sound fallback (nothing pruned), so that a
 * pipeline that goes on stays correct.
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <unistd.h>

#include "src/augur-cmd.h"
#include "static/static-driver.h"
#include "static/static-error.h"
#include "static/static-facts.h"
#include "static/static-recorded-flags.h"

#define CMD "static"
#define DEFAULT_OUTPUT "augur-static.json"

static void
print_summary (AugurStaticFacts *facts, const char *output)
{
  guint n_sites, n_no_conflict, n_no_candidate;
  augur_static_facts_count_sites (facts, &n_sites, &n_no_conflict, &n_no_candidate);
  const GPtrArray *warnings = augur_static_facts_get_warnings (facts);
  /* a thread context is a creation site: one in a loop stands for
   * every thread it creates */
  const GPtrArray *threads = augur_static_facts_get_threads (facts);
  guint n_multiple = 0;
  for (guint i = 0; i < threads->len; i++)
    n_multiple += ((const AugurStaticThread *) threads->pdata[i])->multiple;
  if (n_multiple > 0)
    g_print ("threads           %u (besides main; %u of them may stand for several threads, "
             "created in a loop or more than once)\n", threads->len, n_multiple);
  else
    g_print ("threads           %u (besides main)\n", threads->len);
  g_print ("shared locations  %u\n", augur_static_facts_get_shared (facts)->len);
  g_print ("access sites      %u (%u in no candidate pair, %u in no conflicting pair)\n",
           n_sites, n_no_candidate, n_no_conflict);
  g_print ("candidate pairs   %u (%u more ordered by a common lock)\n",
           augur_static_facts_get_candidate_pairs (facts)->len,
           augur_static_facts_get_protected_pairs (facts)->len);
  g_print ("warnings          %u\n", warnings->len);
  const char *cached = augur_static_facts_get_cached_in (facts);
  if (cached != NULL)
    g_print ("frama-c time      %.2f s, at an earlier run: these are its facts, cached in %s "
             "(the sources and headers are unchanged)\n",
             augur_static_facts_get_frama_c_seconds (facts), cached);
  else
    g_print ("frama-c time      %.2f s\n", augur_static_facts_get_frama_c_seconds (facts));
  if (!augur_static_facts_can_prune (facts))
    g_print ("pruning           none: the analysis is incomplete (see the warnings)\n");
  g_auto(GStrv) left_out = augur_static_facts_dup_unanalysed (facts);
  for (guint i = 0; left_out[i] != NULL; i++)
    g_print ("not analysed      %s (frama-c could not parse it)\n", left_out[i]);
  for (guint i = 0; i < warnings->len; i++)
    if (g_strcmp0 (((const AugurStaticWarning *) warnings->pdata[i])->kind, "system-headers") == 0)
      g_print ("headers           the system's, not Frama-C's libc (see the warnings)\n");
  for (guint i = 0; i < warnings->len && i < 10; i++)
    {
      const AugurStaticWarning *w = warnings->pdata[i];
      if (w->file != NULL)
        g_print ("  warning: %s:%u: %s\n", w->file, w->line, w->message);
      else
        g_print ("  warning: %s\n", w->message);
    }
  if (warnings->len > 10)
    g_print ("  ... %u more warnings in %s\n", warnings->len - 10, output);
  g_print ("facts written to  %s\n", output);
}

int
augur_cmd_static (int argc, char **argv)
{
  g_autofree char *cflags = NULL;
  g_autofree char *compile_db = NULL;
  g_autofree char *program = NULL;
  g_autofree char *output = NULL;
  gint timeout = AUGUR_STATIC_DEFAULT_TIMEOUT;
  gboolean print_facts = FALSE;
  g_auto(GStrv) sources = NULL;
  GOptionEntry entries[] = {
    { "cflags", 0, 0, G_OPTION_ARG_STRING, &cflags,
      "Preprocessor flags of the program (\"-Iinclude -DNDEBUG\")", "FLAGS" },
    { "compile-commands", 'p', 0, G_OPTION_ARG_FILENAME, &compile_db,
      "Take the flags (and, without SOURCES, the sources) from a compilation database",
      "compile_commands.json" },
    { "program", 0, 0, G_OPTION_ARG_FILENAME, &program,
      "Analyse the sources of a program (or library) built with augur-cc, each with the "
      "flags augur-cc recorded in it", "PROGRAM" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write the facts to FILE (default " DEFAULT_OUTPUT ")", "FILE" },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &timeout,
      "Give up on Frama-C after S seconds (default 120)", "S" },
    { "print-facts", 0, 0, G_OPTION_ARG_NONE, &print_facts,
      "Print the facts as sorted text instead of the summary", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &sources, NULL, "SOURCES..." },
    { NULL }
  };
  static const char help_summary[] =
    "Find with Frama-C the locations threads may share and the access pairs that may race,\n"
    "with the locks held, and write them for explore, predict and check.";
  if (!augur_cmd_parse_options (CMD, entries, help_summary, NULL, FALSE, &argc, &argv))
    return AUGUR_EXIT_USAGE;
  g_autoptr(GError) error = NULL;
  if ((sources == NULL || sources[0] == NULL) && compile_db == NULL && program == NULL)
    return augur_cmd_usage_error (CMD, "expected SOURCES, --program PROGRAM or -p "
                                       "compile_commands.json; see 'augur static --help'");
  if (timeout <= 0)
    return augur_cmd_usage_error (CMD, "--timeout must be a positive number of seconds");
  const char *out = output != NULL ? output : DEFAULT_OUTPUT;

  g_autoptr(GPtrArray) units = NULL;
  if (program != NULL)
    {
      units = augur_static_recorded_units (program, &error);
      if (units != NULL && units->len == 0)
        g_set_error (&error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                     "%s carries no compile records: build it with augur-cc, or give the "
                     "sources", program);
      if (error != NULL)
        return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
    }

  AugurStaticRunOptions opts = {
    .units = units,
    .sources = (const char *const *) sources,
    .cflags = cflags,
    .compile_db = compile_db,
    .timeout = (guint) timeout,
  };
  int status = AUGUR_EXIT_OK;
  /* A progress line while frama-c runs, only for a person watching. */
  gboolean tty = isatty (STDERR_FILENO);
  if (tty)
    fprintf (stderr, "augur static: running frama-c (at most %d s)...", timeout);
  g_autoptr(AugurStaticFacts) facts = augur_static_run (&opts, &error);
  if (tty)
    fprintf (stderr, "\r\033[K");
  if (facts == NULL)
    {
      augur_cmd_print_error (CMD, error->message);
      if (g_error_matches (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT))
        return AUGUR_EXIT_INPUT;
      facts = augur_static_facts_new_fallback (error->message);
      status = AUGUR_EXIT_TOOL;
    }

  g_autoptr(GError) werror = NULL;
  if (!augur_static_facts_save (facts, out, &werror))
    return augur_cmd_error (CMD, AUGUR_EXIT_TOOL, werror->message);
  if (status != AUGUR_EXIT_OK)
    {
      g_autofree char *msg = g_strdup_printf ("wrote %s with no pruning (every location "
                                              "shared, every pair a candidate)", out);
      augur_cmd_print_error (CMD, msg);
      return status;
    }
  if (print_facts)
    {
      g_autofree char *text = augur_static_facts_to_string (facts);
      fputs (text, stdout);
    }
  else
    print_summary (facts, out);
  return status;
}
