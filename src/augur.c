/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur.c — main(): dispatch to a subcommand.  Nothing else lives here.
 */
#include "config.h"

#include <glib.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/interrupt.h"
#include "common/sort-strings.h"
#include "common/source-label.h"
#include "predictor/predict.h"
#include "src/augur-cmd.h"

static const AugurCmd commands[] = {
  { .name = "check", .func = augur_cmd_check, .program_args = TRUE,
    .summary = "record, predict, confirm and explore one program, and write the report" },
  { .name = "record", .func = augur_cmd_record, .program_args = TRUE, .own_signals = TRUE,
    .summary = "run a program built with augur-cc and record one execution" },
  { .name = "trace show", .func = augur_cmd_trace_show,
    .summary = "print a recorded trace, symbolised, one event per line" },
  { .name = "static", .func = augur_cmd_static,
    .summary = "find shared locations and candidate racing pairs with Frama-C" },
  { .name = "predict", .func = augur_cmd_predict,
    .summary = "predict atomicity violations, races and deadlocks from one trace" },
  { .name = "confirm", .func = augur_cmd_confirm,
    .summary = "confirm predictions by replaying and exploring around each violation" },
  { .name = "explore", .func = augur_cmd_explore,
    .summary = "run the program under augur's scheduler and explore its interleavings" },
  { .name = "replay", .func = augur_cmd_replay,
    .summary = "re-run a finding's schedule and stop at the bug (--gdb: under gdb)" },
  { .name = "diagnose", .func = augur_cmd_diagnose, .program_args = TRUE,
    .summary = "root cause, kill-sets and verified repairs of a results file's failures" },
  { .name = "report", .func = augur_cmd_report,
    .summary = "render a results file as HTML pages, JSON or SARIF" },
};

static const char exit_help[] =
  "Exit status:\n"
  "  0  ran to the end and found no bug (no error; see --fail-on)\n"
  "  1  confirmed bug(s) found (errors, or what --fail-on names)\n"
  "  2  usage error (bad command line)\n"
  "  3  bad input: missing file, program not built with augur-cc (or\n"
  "     only linked by it), corrupt or truncated trace or results file\n"
  "  4  the program under test could not be analysed (did not start,\n"
  "     or behaved nondeterministically under replay; a bug found before\n"
  "     that is still 1)\n"
  "  5  augur or a tool it runs (Frama-C, Z3) failed\n"
  "  6  no bug found, but the analysis did not finish (budget spent, runs\n"
  "     cut by a bound or the watchdog, a hang of the recorded run not found\n"
  "     again, instructions or accesses augur cannot see, a PCT sample,\n"
  "     schedules left out by --mode preempt's bound): never read it as clean\n"
  "  130, 143, 129  stopped by SIGINT, SIGTERM or SIGHUP: what augur started\n"
  "     is killed, its temporary files removed, and its results file is the\n"
  "     last one written whole (augur record: the program gets the signal,\n"
  "     its trace is kept and the status is record's own)\n";

static void
print_help (FILE *out)
{
  fprintf (out, "Usage: augur COMMAND [OPTION...] [-- PROGRAM [ARG...]]\n\n"
                "augur finds concurrency bugs in C programs that use POSIX threads.\n"
                "Build the program with augur-cc (./configure CC=augur-cc), then:\n\n"
                "Commands:\n");
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-12s %s\n", commands[i].name, commands[i].summary);
  fprintf (out, "\nRun 'augur COMMAND --help' for a command's options.\n\n%s", exit_help);
}

void
augur_cmd_print_error (const char *cmd, const char *message)
{
  fprintf (stderr, "augur %s: %s\n", cmd, message);
}

int
augur_cmd_error (const char *cmd, int status, const char *message)
{
  augur_cmd_print_error (cmd, message);
  return status;
}

int
augur_cmd_usage_error (const char *cmd, const char *message)
{
  return augur_cmd_error (cmd, AUGUR_EXIT_USAGE, message);
}

gboolean
augur_cmd_parse_options (const char *cmd, const GOptionEntry *entries, const char *summary,
                         const char *description, gboolean program_args, int *argc,
                         char ***argv)
{
  g_autoptr(GOptionContext) ctx = g_option_context_new (NULL);
  g_option_context_set_summary (ctx, summary);
  if (description != NULL)
    g_option_context_set_description (ctx, description);
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_strict_posix (ctx, program_args);
  g_autoptr(GError) error = NULL;
  if (g_option_context_parse (ctx, argc, argv, &error))
    return TRUE;
  augur_cmd_print_error (cmd, error->message);
  return FALSE;
}

/* GOption takes no value glued to a short option: "-j1" was read as "-j"
 * followed by the next argument, "1" being lost.  No augur option is a
 * digit, so "-<letter><digits>" can only be an option and its number:
 * it is split in two, up to "--" (after it are the program's arguments;
 * for a command that runs a program, nothing is split unless "--" says
 * where they start).  Returns a new vector. */
static char **
split_glued_numbers (int argc, char **argv, gboolean program_args, int *new_argc)
{
  int end = argc;
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--") == 0)
      {
        end = i;
        break;
      }
  if (program_args && end == argc)
    end = 0;
  GPtrArray *out = g_ptr_array_new ();
  for (int i = 0; i < argc; i++)
    {
      const char *a = argv[i];
      if (i > 0 && i < end && a[0] == '-' && g_ascii_isalpha (a[1]) && a[2] != '\0'
          && strspn (a + 2, "0123456789") == strlen (a + 2))
        {
          g_ptr_array_add (out, g_strndup (a, 2));
          g_ptr_array_add (out, g_strdup (a + 2));
        }
      else
        g_ptr_array_add (out, g_strdup (a));
    }
  *new_argc = (int) out->len;
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* A command's status, or 128 + the signal that stopped augur. */
static int
run_command (const AugurCmd *cmd, int argc, char **argv)
{
  int n = 0;
  char **args = split_glued_numbers (argc, argv, cmd->program_args, &n);
  /* GOption moves and drops the vector's pointers: free the strings
   * through a copy of it, once the command is done with them */
  g_autofree char **strings = g_memdup2 (args, sizeof (char *) * (gsize) (n + 1));
  int status = cmd->func (n, args);
  g_free (args);
  g_strfreev (g_steal_pointer (&strings));
  int sig = augur_interrupt_signal ();
  if (sig != 0 && !cmd->own_signals && status != AUGUR_EXIT_USAGE)
    status = 128 + sig;
  /* a Z3 check the predictor gave up still runs: Z3's static destructors
   * must not run under it */
  if (augur_predict_busy ())
    {
      fflush (NULL);
      _exit (status);
    }
  return status;
}

gboolean
augur_cmd_parse_size (const char *text, guint64 *bytes)
{
  char *end = NULL;
  if (text == NULL || !g_ascii_isdigit (text[0]))
    return FALSE;
  errno = 0;
  guint64 n = g_ascii_strtoull (text, &end, 10);
  if (errno != 0)
    return FALSE;
  guint shift = 0;
  switch (g_ascii_toupper (*end))
    {
    case '\0': break;
    case 'K': shift = 10; end++; break;
    case 'M': shift = 20; end++; break;
    case 'G': shift = 30; end++; break;
    default: return FALSE;
    }
  if (*end == 'i' || *end == 'B')   /* "MiB", "MB": the same powers of 1024 */
    end += *end == 'i' && end[1] == 'B' ? 2 : 1;
  if (*end != '\0' || n > (G_MAXUINT64 >> shift))
    return FALSE;
  *bytes = n << shift;
  return TRUE;
}

gboolean
augur_cmd_parse_fail_on (const char *cmd, const char *text, AugurSeverity *threshold)
{
  *threshold = AUGUR_SEVERITY_ERROR;
  if (text == NULL || augur_severity_from_string (text, threshold))
    return TRUE;
  augur_cmd_usage_error (cmd, "--fail-on takes error, warning or note");
  return FALSE;
}

int
augur_cmd_flush_stdout (const char *cmd, int status)
{
  if (fflush (stdout) != 0 || ferror (stdout))
    return augur_cmd_error (cmd, AUGUR_EXIT_TOOL, "cannot write to standard output");
  return status;
}

char *
augur_cmd_finding_locations (AugurFinding *f, gboolean sorted)
{
  g_autoptr(GPtrArray) l = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < augur_finding_get_n_accesses (f); k++)
    {
      const AugurAccess *a = augur_finding_get_access (f, k);
      g_autofree char *base = a->file == NULL ? g_strdup ("?")
                              : sorted       ? g_strdup (a->file)
                                             : augur_source_label (a->file);
      g_ptr_array_add (l, g_strdup_printf ("%s:%u", base, a->line));
    }
  if (sorted)
    augur_sort_strings (l);
  g_ptr_array_add (l, NULL);
  return g_strjoinv (" ", (char **) l->pdata);
}

char *
augur_cmd_finding_heading (AugurFinding *f)
{
  g_autofree char *kind = augur_finding_dup_full_kind (f);
  g_autofree char *locs = augur_cmd_finding_locations (f, FALSE);
  return locs[0] != '\0' ? g_strdup_printf ("%s %s", kind, locs) : g_steal_pointer (&kind);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  /* standard output is findings and results: every log message, debug
   * ones too (G_MESSAGES_DEBUG=augur-explorer ...), goes to stderr */
  g_log_writer_default_set_use_stderr (TRUE);
  /* before any library can install a handler of its own */
  augur_interrupt_install ();

  if (argc < 2)
    {
      print_help (stderr);
      return AUGUR_EXIT_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0
      || strcmp (argv[1], "help") == 0)
    {
      print_help (stdout);
      return AUGUR_EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("augur %s\n", PACKAGE_VERSION);
      return AUGUR_EXIT_OK;
    }

  /* Two-word commands ("trace show") first, then one-word ones. */
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *name = commands[i].name;
      const char *space = strchr (name, ' ');
      if (space != NULL)
        {
          gsize len = (gsize) (space - name);
          if (argc >= 3 && strlen (argv[1]) == len && strncmp (argv[1], name, len) == 0
              && strcmp (argv[2], space + 1) == 0)
            return run_command (&commands[i], argc - 2, argv + 2);
        }
      else if (strcmp (argv[1], name) == 0)
        return run_command (&commands[i], argc - 1, argv + 1);
    }

  fprintf (stderr, "augur: unknown command '%s'%s%s; run 'augur --help' for the list\n",
           argv[1], argc >= 3 ? " " : "", argc >= 3 ? argv[2] : "");
  return AUGUR_EXIT_USAGE;
}
