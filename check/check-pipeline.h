/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-pipeline.h — `augur check`: record, predict, confirm, explore,
 * report, within one time budget.
 *
 * The stages share one results model (common/results.h): predictions are
 * counted there per class (harmful, benign, not realisable); every
 * confirmed bug becomes a finding, whichever stage confirmed it; findings
 * are deduplicated by their source locations, and at the end the findings
 * that are one bug (an assertion and the race that made it fail) become
 * one finding (check-merge.h).  Results are saved after
 * each stage, so a stage that fails or runs out of time never loses what
 * the earlier ones found.
 */
#ifndef AUGUR_CHECK_PIPELINE_H
#define AUGUR_CHECK_PIPELINE_H

#include <glib.h>

#include "common/results.h"

G_BEGIN_DECLS

typedef struct {
  const char *const *argv;   /* the program (checked, absolute) and its arguments */
  const char *out_dir;       /* trace, results.json and the HTML report */
  const char *source_dir;    /* for relative source names in the report; may be NULL */
  const char *stdin_path;    /* what the runs read as standard input; NULL: the recorded run
                              * reads augur's, the explored ones /dev/null */
  int budget_seconds;        /* for the whole check */
  int run_timeout_seconds;   /* for one run of the program */
  gboolean quiet;
  const char *static_cflags; /* preprocessor flags for every source (--cflags); may be NULL */
  const char *compile_db;    /* compile_commands.json (-p): flags of the files it lists,
                              * over those augur-cc recorded; may be NULL */
  AugurSeverity fail_on;     /* exit 1 for findings this severe or worse (default error) */
} AugurCheckOptions;

/* Runs the pipeline and returns augur's exit status (common/augur-exit.h). */
int augur_check_run (const AugurCheckOptions *options);

G_END_DECLS

#endif /* AUGUR_CHECK_PIPELINE_H */
