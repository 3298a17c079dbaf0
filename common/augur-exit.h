/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur-exit.h — the documented exit statuses of the augur command.
 * Keep in step with `augur --help` (src/augur.c) and README.md.
 */
#ifndef AUGUR_EXIT_H
#define AUGUR_EXIT_H

typedef enum {
  AUGUR_EXIT_OK = 0,        /* ran to the end and found no bug */
  AUGUR_EXIT_BUG = 1,       /* confirmed bug(s) found */
  AUGUR_EXIT_USAGE = 2,     /* bad command line */
  AUGUR_EXIT_INPUT = 3,     /* bad input: missing file, program not built with augur-cc,
                             * corrupt or truncated trace or results file */
  AUGUR_EXIT_PROGRAM = 4,   /* the program under test could not be analysed: it did not
                             * start, or behaved nondeterministically under replay */
  AUGUR_EXIT_TOOL = 5,      /* augur itself or a tool it runs (Frama-C, Z3) failed */
  AUGUR_EXIT_INCOMPLETE = 6,/* no bug found, but the analysis did not finish: the budget ran
                             * out, runs were cut (step bound, watchdog, thread limit), or the
                             * program could not be explored; never read this as "clean" */
} AugurExit;

#endif /* AUGUR_EXIT_H */
