/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * runs.h — the executions diagnosis works on: a failing execution's steps
 * kept after the explorer ran it, and an exhaustive exploration that keeps
 * every failing one (the bounded model checker of ConcBugAssist's
 * Algorithm 1 is augur's explorer: optimal DPOR runs each Mazurkiewicz
 * trace once, so the failing executions it keeps are every failing
 * schedule up to equivalence).
 *
 * The same exploration is the verification of a repair: it counts the
 * executions that fail, deadlock or are cut, and keeps the first failing
 * one's schedule to show.
 *
 * An execution fails when the runtime saw it fail (assertion, abort,
 * crash), and, when the exploration is asked to (a finding that is one),
 * when it ran to its end and the program ended itself with a nonzero exit
 * status: what `augur explore` reports as an exit-status failure
 * (explorer/explore-findings.c), a test that checks its own result.
 */
#ifndef AUGUR_DIAGNOSE_RUNS_H
#define AUGUR_DIAGNOSE_RUNS_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "explorer/explore.h"

G_BEGIN_DECLS

#define AUGUR_DIAG_MAX_SIGS 200000u
#define AUGUR_DIAG_MAX_SIG_EVENTS 4000000u   /* events in all signatures (~48 MB) */

/* One execution, copied out of the scheduler's page. */
typedef struct {
  AugurSchedStep *steps;
  guint n_steps;
  AugurSchedObjectEvent *objects;
  guint n_objects;
  guint32 objects_lost_at;
  guint64 exe_bias;
  guint status;                 /* AugurSchedStatus */
  gboolean failed;              /* an assertion, abort or crash, or a nonzero exit status */
  gint exit_status;             /* > 0: it failed by ending with this exit status, the
                                 * runtime seeing no failure */
  AugurSchedFailure failure;    /* the first failure, when failed (an exit status's: the
                                 * last step, as the explorer reports it) */
  AugurSchedStep *pending;      /* the next operation of each thread still alive at the end
                                 * (blocked or runnable), tid set */
  guint n_pending;
} AugurDiagRun;

/* @exit_fails: a nonzero exit status is a failure (runs.h, above). */
AugurDiagRun *augur_diag_run_copy (const AugurSchedShm *shm, gboolean killed,
                                   gboolean exit_fails);
void          augur_diag_run_free (AugurDiagRun *run);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDiagRun, augur_diag_run_free)

/* "prog.c:23": where the run failed (basename), newly allocated; NULL if
 * it did not fail.  "pc 0x4a1" when the runtime could not place it in the
 * program, AUGUR_DIAG_SITE_LIBRARY in a library (a crash in strlen). */
#define AUGUR_DIAG_SITE_LIBRARY "a library"

char *augur_diag_run_site (const AugurDiagRun *run);

/* The schedule of a run, as people read it: "T0×4 T1×2 T2×3 T0" (runs of
 * the same thread collapsed).  Newly allocated. */
char *augur_diag_run_schedule_text (const AugurDiagRun *run);

/* What diagnosis needs of any explored execution: the position of each
 * memory access, by key (events.h), and where it failed. */
typedef struct {
  guint64 *keys;                /* sorted */
  guint *pos;                   /* step index of keys[i] */
  guint n;
  char *site;                   /* augur_diag_run_site, NULL if it did not fail */
  gint exit_status;             /* the run's (AugurDiagRun) */
} AugurDiagSig;

void augur_diag_sig_free (AugurDiagSig *sig);

/* The step index of the access with @key in @sig, or -1. */
gint augur_diag_sig_find (const AugurDiagSig *sig, guint64 key);

typedef struct {
  guint64 executions;           /* complete executions (traces) */
  guint64 failing;              /* ... that failed (assertion, abort, crash; with
                                 * AUGUR_DIAG_EXPLORE_EXIT_FAILS a nonzero exit status) */
  guint64 deadlocks;            /* ... that deadlocked */
  guint64 cut;                  /* cut by a bound or the watchdog */
  gboolean complete;            /* every trace explored, none cut */
  gboolean timed_out;
  double seconds;
  GPtrArray *runs;              /* AugurDiagRun: the failing ones (at most max_kept) */
  GPtrArray *passing;           /* AugurDiagRun: executions that ran to their end without
                                 * failing (at most max_kept): the passing side of the
                                 * root cause, against which a core is checked */
  GPtrArray *sigs;              /* AugurDiagSig of every execution that ran to its end
                                 * (passing, failing or deadlocked), while at most
                                 * AUGUR_DIAG_MAX_SIGS */
  guint64 sig_events;           /* events in them */
  gboolean sigs_overflow;       /* more executions or events than that: signatures dropped */
} AugurDiagExploration;

void augur_diag_exploration_clear (AugurDiagExploration *ex);

typedef enum {
  AUGUR_DIAG_EXPLORE_SIGS = 1 << 0,       /* the signature of every execution */
  AUGUR_DIAG_EXPLORE_EXIT_FAILS = 1 << 1, /* a nonzero exit status is a failure */
} AugurDiagExploreFlags;

/* Explores @argv exhaustively (optimal mode, no static pruning, no
 * diagnosis re-runs) within @timeout seconds (0 = none), keeping at most
 * @max_kept failing runs (and passing ones), with AUGUR_DIAG_EXPLORE_SIGS
 * the signature of every execution.  FALSE with @error when the program
 * could not be explored (AUGUR_EXPLORE_ERROR_*). */
gboolean augur_diag_explore (const char *const *argv, double timeout, guint max_kept,
                             AugurDiagExploreFlags flags, AugurDiagExploration *out,
                             GError **error);

/* Re-runs @threads (one thread per step) on @argv and returns that one
 * execution (the first one the prefix leads to), or NULL with @error;
 * @exit_fails as for augur_diag_run_copy. */
AugurDiagRun *augur_diag_replay (const char *const *argv, const guint *threads, guint n,
                                 gboolean exit_fails, GError **error);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_RUNS_H */
