/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur-cmd.h — the subcommand table of the augur program.
 *
 * Each subcommand lives in its own file src/cmd-<name>.c and exports one
 * entry point.  main() (src/augur.c) only dispatches; all logic is in the
 * libraries of the pipeline folders.  An entry point returns an AugurExit.
 */
#ifndef AUGUR_CMD_H
#define AUGUR_CMD_H

#include <glib.h>

#include "common/augur-exit.h"
#include "common/results.h"

typedef int (*AugurCmdFunc) (int argc, char **argv);

typedef struct {
  const char  *name;      /* "record", "trace show" ... */
  AugurCmdFunc func;      /* argv[0] is the subcommand's name */
  const char  *summary;   /* one line for `augur --help` */
  gboolean     program_args;  /* takes [--] PROGRAM ARG...: only what is before "--" is augur's */
  gboolean     own_signals;   /* a signal that stops augur does not change its exit status */
} AugurCmd;

int augur_cmd_record (int argc, char **argv);
int augur_cmd_trace_show (int argc, char **argv);
int augur_cmd_report (int argc, char **argv);
int augur_cmd_static (int argc, char **argv);
int augur_cmd_predict (int argc, char **argv);
int augur_cmd_explore (int argc, char **argv);
int augur_cmd_replay (int argc, char **argv);
int augur_cmd_check (int argc, char **argv);
int augur_cmd_confirm (int argc, char **argv);
int augur_cmd_diagnose (int argc, char **argv);

/* Helpers shared by the subcommands. */
void augur_cmd_print_error (const char *cmd, const char *message);
/* The same, then returns @status (an AUGUR_EXIT_* code), for
 * `return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);`. */
int augur_cmd_error (const char *cmd, int status, const char *message);
/* The same for a usage error; returns AUGUR_EXIT_USAGE. */
int augur_cmd_usage_error (const char *cmd, const char *message);
/* Parses the subcommand's options: entries, the --help summary and
 * description (NULL: none); with program_args, options stop at the first
 * argument that is not one (the program's own follow).  FALSE once a usage
 * error is told. */
gboolean augur_cmd_parse_options (const char *cmd, const GOptionEntry *entries,
                                  const char *summary, const char *description,
                                  gboolean program_args, int *argc, char ***argv);
/* A size as a number of bytes with an optional K, M or G suffix (powers of
 * 1024; "64M", "1G", "0"); FALSE if it is not one. */
gboolean augur_cmd_parse_size (const char *text, guint64 *bytes);
/* The --fail-on option: @text (NULL when not given: error) as the least
 * severity of a finding that makes the exit status 1, into *threshold;
 * FALSE once a usage error is told. */
gboolean augur_cmd_parse_fail_on (const char *cmd, const char *text, AugurSeverity *threshold);
/* Flushes standard output, at the end of a command that writes to it:
 * @status, or AUGUR_EXIT_TOOL once the failure to write is told. */
int augur_cmd_flush_stdout (const char *cmd, int status);

/* A finding's accesses as file:line, space-separated: in its order with
 * the files' labels, as augur explore prints them ("prog.c:12
 * prog.c:20"), or (@sorted) sorted with their whole names, to compare
 * findings whatever their order (a label depends on the other files of
 * that name seen so far, "ck_pr.h" or "gcc/ck_pr.h").  Newly allocated. */
char *augur_cmd_finding_locations (AugurFinding *f, gboolean sorted);
/* A finding's kind and its accesses as explore prints them, "data-race
 * prog.c:12 prog.c:20", or the kind alone when it has no access: what
 * explore and replay put before ": " and the explanation.  Newly
 * allocated. */
char *augur_cmd_finding_heading (AugurFinding *f);

#endif /* AUGUR_CMD_H */
