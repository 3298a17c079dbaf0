/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-stages.h — the analysis stages of `augur check` and the state
 * they share.  Each stage adds to the results what it confirmed and
 * returns FALSE (with an error) only when it could not do its job; the
 * pipeline saves the results after every stage.
 */
#ifndef AUGUR_CHECK_STAGES_H
#define AUGUR_CHECK_STAGES_H

#include <glib.h>

#include "common/deadline.h"

#include "check/check-pipeline.h"
#include "common/results.h"
#include "common/trace.h"
#include "static/static-facts.h"

G_BEGIN_DECLS

typedef struct {
  const AugurCheckOptions *options;
  GTimer *timer;
  char *trace_path;         /* the recorded run */
  char *results_path;
  AugurTrace *trace;
  AugurResults *results;
  AugurResults *predictions; /* of the predict stage; not bugs until confirmed */
  AugurResults *benign;      /* of the confirm stage: the predictions it classified benign
                              * (their accesses, and whether the run failed anyway) */
  AugurResults *benign_races; /* ... the races among them, as predicted: findings (their
                              * re-execution showed them) unless a run showed them too */
  AugurResults *untried_races; /* of the confirm stage: race predictions it could not
                              * re-execute (warnings unless a run showed the race) */
  AugurStaticFacts *facts;   /* of the static stage; NULL when it did not run */
  GHashTable *observed;      /* of the explore stage when facts can prune: the line pairs
                              * whose accesses met (AugurExploreOptions.observed) */
  gboolean explore_complete; /* the explore stage ran and its mode's search finished */
  char *explore_guarantee;   /* what it guarantees (check-strategy.h), NULL if it did not
                              * run */
  gboolean recorded_hung;    /* the recorded run was killed by the watchdog */
  guint unseen_pairs;        /* static pairs the runs went through without augur seeing
                              * an access of theirs (augur_check_add_static_only) */
  double recorded_seconds;   /* its wall time */
  char *recorded_failed;     /* how the recorded run failed ("abort (SIGABRT)"), or NULL */
  gboolean recorded_exited;  /* the recorded run ended normally ... */
  gint recorded_exit;        /* ... with this exit status (AugurExploreOptions.known_exit) */
  guint unconfirmed;         /* predictions left unconfirmed at the confirm deadline */
  guint untried;             /* predictions whose schedule could not be replayed */
  AugurDeadline *deadline;   /* owned: the budget, less the reserve for the end */
  guint max_steps;           /* augur_check_max_steps's answer, once asked */
  gboolean names_cut;        /* a strategy's findings made past its deadline got no
                              * allocation sites (AugurExploreStats.names_cut) */
} AugurCheckState;

/* The passes over the findings' schedules after the stages (the names,
 * the grouping, the results file, the report), each about a save's worth;
 * a strategy's new findings cost these and the merge and the save after
 * the stage.  The end's fixed cost, and its cost per finding (the
 * happens-before graph laid out), in seconds, from what it took on a
 * machine of two cores at a load of 12 to 20 (augur check --budget 10,
 * from the end of the stages to the last line, the diagnosis's own time
 * left out: 0.02 to 0.05 s for tests/programs/account, 1 finding of 72
 * steps; 0.24 to 0.62 s for 40 races of 4,960 steps in all; 0.42 to
 * 0.53 s for bench/deadline-workload.c, 1 finding and the predicted
 * races merged at the end, 181,241 steps).  At 0.3 s and 0.05 s a finding
 * the reserve for those 40 was 2.3 s, a quarter of the budget and four
 * times what the end took; it is 1.1 s now.  A loaded machine's saves
 * raise it (common/deadline.h, finding_rate). */
#define AUGUR_CHECK_TAIL_PASSES 4.0
#define AUGUR_CHECK_TAIL_BASE 0.2
#define AUGUR_CHECK_TAIL_PER_FINDING 0.02
/* The share of that reserve kept for what follows the names (the results
 * file, the report; the grouping costs little): the names from the debug
 * info stop there (check-pipeline.c's naming_stop).  Measured on libuv's
 * signal_multiple_loops (three findings of 262,144 steps): the save 0.7
 * to 0.9 s and the report 0.2 s of a 2.1 s reserve. */
#define AUGUR_CHECK_TAIL_AFTER_NAMES 0.5

typedef struct {
  const char *name;
  gboolean (*run) (AugurCheckState *state, GError **error);
} AugurCheckStage;

/* In order; the last entry has name NULL. */
extern const AugurCheckStage augur_check_stages[];

/* After the stages: the static analysis's candidate pairs not exercised by
 * the test driver — the explorer never saw their accesses meet (two
 * threads, the same memory, one writing), and no finding or prediction
 * involves them — added to the results as a coverage hint.  Nothing is
 * added when the explorer did not run with facts that can prune. */
void augur_check_add_static_only (AugurCheckState *state);

/* The step bound of one run of the confirm and explore stages: the
 * option's; else, when the recorded run had more events than the
 * explorer's default bound, its cap (said once); else 0, the default. */
guint augur_check_max_steps (AugurCheckState *state);

/* How long an explored or confirming run may go without a step before
 * it is a hang, when a stage has @slice seconds: -t when given; else at
 * most a quarter of the slice, since a hang costs two watchdog periods
 * (a killed run is run again) and the run that finds where its threads
 * were; never less than a second and four times the recorded run (no
 * stretch between two steps of an explored run is longer than the whole
 * recorded run), never more than -t's default. */
double augur_check_run_watchdog (AugurCheckState *state, double slice);

/* Seconds of the budget left (negative when spent). */
double augur_check_time_left (AugurCheckState *state);
/* Seconds left for the stages: the budget less what was spent and what is
 * kept for the end (names, grouping, report) of the findings so far
 * (common/deadline.h). */
double augur_check_stage_time_left (AugurCheckState *state);
/* A progress line on stderr ("augur check: ..."), unless quiet. */
void augur_check_say (AugurCheckState *state, const char *fmt, ...) G_GNUC_PRINTF (2, 3);
void augur_check_state_clear (AugurCheckState *state);

G_END_DECLS

#endif /* AUGUR_CHECK_STAGES_H */
