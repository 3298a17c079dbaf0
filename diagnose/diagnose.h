/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diagnose.h — `augur diagnose`: ConcBugAssist's diagnosis and repair
 * (Algorithms 1 and 2) for the failures of a results file, each repair
 * proven by re-exploration.
 *
 * For each finding that is a failure (assertion, abort, crash, or a
 * nonzero exit status of a program that checks its own result: then an
 * execution fails when it ends with the same status, runs.h):
 *   1. its schedule is replayed to get the failing execution's steps, and
 *      the program is explored exhaustively to get every failing schedule
 *      at the same place (and a sample of passing ones);
 *   2. Algorithm 1: the first failing execution's root cause (root-
 *      cause.h) is a class; every later failing execution in which a known
 *      core holds is blocked by it (¬φcore); the first one in which none
 *      holds gives the next class, until none is left (φΔ);
 *   3. a level-1 core that an explored passing execution also satisfies
 *      is recomputed at level 2; if one still does, the class is marked
 *      approximate;
 *   4. Algorithm 2: kill-sets, binate covers (repair.h), realised as
 *      patches (patch.h): the lock repair first when it applies, then an
 *      order repair per cover, cheapest first; each verified (verify.h).
 * Failures that are not assertions or crashes (deadlocks, races ...) are
 * left as they are, with a note.  Nothing here changes a finding: a
 * diagnosis that fails or runs out of time only adds a note.
 */
#ifndef AUGUR_DIAGNOSE_DIAGNOSE_H
#define AUGUR_DIAGNOSE_DIAGNOSE_H

#include <glib.h>
#include <json-glib/json-glib.h>

#include "common/results.h"
#include "diagnose/patch.h"
#include "diagnose/repair.h"
#include "diagnose/verify.h"

G_BEGIN_DECLS

typedef struct {
  double timeout;            /* the diagnosis exploration, seconds (0 = none) */
  guint max_runs;            /* failing (and passing) executions kept (0 = 200) */
  guint max_classes;         /* 0 = 32 */
  guint max_repairs;         /* repairs written and verified (0 = 4) */
  gboolean no_verify;
  const char *no_verify_why; /* not verified, for this reason (NULL: they are) */
  const char *source_dir;    /* where relative source names are (NULL: the results') */
  const char *given_patch;   /* a patch to verify as well (--verify-patch), its text */
  guint only;                /* 1-based: diagnose this finding only (0: every failure) */
  gboolean trace_formula;    /* the trace formula even when the exploration was exhaustive */
  gboolean progress;         /* a line on stderr as each stage of a finding starts */
  AugurDiagVerifyOptions verify;
} AugurDiagOptions;

void augur_diag_options_init (AugurDiagOptions *o);

typedef struct {
  guint finding;             /* 1-based, in the results */
  char *kind;                /* "assertion" ... */
  char *site;                /* "prog.c:23" */
  char *file;                /* the site's file as the results name it (NULL: unknown) */
  guint line;                /* ... and its line */
  gboolean exit_failure;     /* an exit-status failure (the program ended itself nonzero) */
  gint exit_status;          /* ... with this status, as its failing executions end (0: none
                              * found) */
  char *match_site;          /* the site of its failing executions (runs.h), the same
                              * or, for a crash in a library, AUGUR_DIAG_SITE_LIBRARY; for an
                              * exit status "exit status 1" */
  gboolean diagnosed;
  char *note;                /* why not, or a caveat; NULL if none */
  GPtrArray *classes;        /* AugurDiagClass */
  guint64 failing_runs;      /* failing executions at this site among those kept */
  guint64 failing_explored;  /* failing executions the exploration met, at any site */
  guint failing_kept;        /* ... of which kept (--max-failing): the sample diagnosed */
  guint64 executions;
  gboolean complete;         /* the exploration was exhaustive */
  guint passing_checked;     /* passing executions the cores were checked against */
  guint covers;              /* binate covers found */
  char *no_lock;             /* why there is no lock repair (a sentence), NULL if there is one */
  GPtrArray *repairs;        /* AugurDiagRepair, recommended (verified) first */
  double seconds;
} AugurDiagFinding;

void augur_diag_finding_free (AugurDiagFinding *f);

/* Diagnoses every failure of @results on the program @argv.  Returns
 * AugurDiagFinding (one per failure finding; never NULL). */
GPtrArray *augur_diagnose (AugurResults *results, const char *const *argv,
                           const AugurDiagOptions *opts);

/* The diagnosis in words, for stdout. */
char *augur_diag_to_text (GPtrArray *findings);

/* Writes the diagnosis as JSON ("augur-diagnosis/1") to @path. */
gboolean augur_diag_save_json (GPtrArray *findings, const char *results_path, const char *path,
                               GError **error);

/* Writes the diagnosed failures as SARIF 2.1.0 to @path, each verified
 * repair a fix with artifactChanges (diagnose-sarif.c); files under
 * @source_dir (may be NULL) are named relative to it, as `augur report
 * --format sarif` names them (common/sarif-log.h). */
gboolean augur_diag_save_sarif (GPtrArray *findings, const char *source_dir, const char *path,
                                GError **error);

/* What @b built, pretty-printed, written to @path whole or not at all
 * (common/output-file.h): the one writer of both documents above. */
gboolean augur_diag_write_json (JsonBuilder *b, const char *path, GError **error);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_DIAGNOSE_H */
