/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-pipeline.h — `augur check`: record, predict, confirm, explore,
 * report, within one time budget.
 *
 * The budget is a hard limit.  Each stage has a deadline of its own
 * inside it (check-stages.h); a few seconds are kept at the end for the
 * names, the grouping and the report; the recorded run's watchdog is at
 * most a quarter of the budget and its trace has a size cap, derived from
 * the budget, so that reading and predicting from it fits as well.
 *
 * The check is complete only when the exploration's search ended with its
 * full guarantee (check-strategy.h) and, if the recorded run hung (killed
 * by the watchdog), an explored run hung too (a deadlock, a hang); every
 * summary — the last lines printed, results.json's "analysis", the HTML
 * report — says "complete: ..." or "incomplete: ..." with why, and a check
 * that found no error but is incomplete exits with AUGUR_EXIT_INCOMPLETE.
 *
 * The stages share one results model (common/results.h): predictions are
 * counted there per class (harmful, benign, not realisable); every
 * confirmed bug becomes a finding, whichever stage confirmed it; findings
 * are deduplicated by their source locations, and at the end the findings
 * that are one bug (an assertion and the race that made it fail) become
 * one finding (check-merge.h).  Then, when a failure was confirmed and
 * time is left, its diagnosis and repairs (check-repair.h) go to
 * DIR/diagnosis.json; they never change a finding.  Results are saved after
 * each stage, so a stage that fails or runs out of time never loses what
 * the earlier ones found.
 */
#ifndef AUGUR_CHECK_PIPELINE_H
#define AUGUR_CHECK_PIPELINE_H

#include <glib.h>

#include "common/results.h"

G_BEGIN_DECLS

/* The exploration strategies (check-strategy.h). */
typedef enum {
  AUGUR_CHECK_MODE_AUTO,      /* optimal DPOR, then preemption bounds and PCT in the rest */
  AUGUR_CHECK_MODE_OPTIMAL,
  AUGUR_CHECK_MODE_DPOR,
  AUGUR_CHECK_MODE_PREEMPT,   /* bounds 2, 3, ... */
  AUGUR_CHECK_MODE_PCT,
} AugurCheckMode;

/* "auto", "optimal", "dpor", "preempt", "pct"; FALSE for anything else. */
gboolean augur_check_mode_from_string (const char *text, AugurCheckMode *mode);

typedef struct {
  const char *const *argv;   /* the program (checked, absolute) and its arguments */
  const char *out_dir;       /* trace, results.json and the HTML report */
  const char *source_dir;    /* for relative source names in the report; may be NULL */
  const char *stdin_path;    /* what the runs read as standard input; NULL: the recorded run
                              * reads augur's, the explored ones /dev/null */
  int budget_seconds;        /* for the whole check */
  int run_timeout_seconds;   /* for one run of the program */
  gboolean run_timeout_given; /* ... set by -t; else explored runs may wait less for a step
                              * (augur_check_run_watchdog) */
  gboolean quiet;
  const char *static_cflags; /* preprocessor flags for every source (--cflags); may be NULL */
  const char *compile_db;    /* compile_commands.json (-p): flags of the files it lists,
                              * over those augur-cc recorded; may be NULL */
  AugurSeverity fail_on;     /* exit 1 for findings this severe or worse (default error) */
  AugurCheckMode mode;       /* default AUGUR_CHECK_MODE_AUTO */
  guint64 max_trace_bytes;   /* size cap of the recorded trace; 0: derived from the budget
                              * (augur_check_default_trace_cap) */
  guint64 max_trace_events;  /* its cap in events; 0: derived from the budget
                              * (augur_check_default_trace_events) */
  guint jobs;                /* execution servers of the explorations (AugurExploreOptions.jobs;
                              * 0 or 1: one) */
  gboolean no_repair;        /* no diagnosis after the stages (check-repair.h) */
  guint max_steps;           /* step bound of one explored or confirming run; 0: the
                              * explorer's default, or its cap when the recorded run was
                              * longer (augur_check_max_steps) */
  gboolean sync_only;        /* explore scheduling at synchronisation only */
} AugurCheckOptions;

/* The trace size cap for a budget: what can be read, modelled and
 * predicted from within the budget's shares (see check-pipeline.c). */
guint64 augur_check_default_trace_cap (int budget_seconds);
/* The same in events: the reading, the model and the prediction cost by
 * the event, and a spin's events are a fifth of the size of others, so
 * that the size cap alone lets a spinning run fill the budget. */
guint64 augur_check_default_trace_events (int budget_seconds);

/* Runs the pipeline and returns augur's exit status (common/augur-exit.h). */
int augur_check_run (const AugurCheckOptions *options);

G_END_DECLS

#endif /* AUGUR_CHECK_PIPELINE_H */
