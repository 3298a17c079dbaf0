/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * results-private.h — the representation of the results model, shared by
 * its own files only: results.c (the container), results-finding.c (the
 * finding), results-text.c and results-json.c (its text and JSON forms).
 * Everyone else uses the accessors of results.h.
 */
#ifndef AUGUR_RESULTS_PRIVATE_H
#define AUGUR_RESULTS_PRIVATE_H

#include "common/results.h"

G_BEGIN_DECLS

struct _AugurFinding {
  gint              ref_count;
  AugurFindingKind  kind;
  char             *subkind;      /* owned, may be NULL */
  char             *explanation;  /* owned */
  char             *object;       /* owned, may be NULL */
  char             *object_kind;  /* owned, may be NULL */
  char             *object_id;    /* owned, may be NULL: the stable name when object is not */
  AugurSeverity     severity;
  GPtrArray        *parts;        /* AugurFinding*, owned refs, in cause order */
  GArray           *threads;      /* guint, sorted unique */
  GArray           *accesses;     /* AugurAccess, owns its strings */
  GArray           *steps;        /* AugurStep, owns its strings */
  GArray           *bug_steps;    /* guint, sorted unique */
  char             *replay;       /* owned, may be NULL */
  char             *pattern;      /* owned: set on a prediction (not confirmed), else NULL */
  char             *answer;       /* owned: the solver's answer of a prediction, else NULL */
  gint              cls;          /* AugurPredictionClass once confirmed, else -1 */
  GArray           *block_sites;  /* AugurBlockSite, owns its strings; NULL: not its own
                                   * execution's blocks (augur_finding_mark_own_blocks) */
};

struct _AugurResults {
  gint       ref_count;
  char      *program;       /* owned */
  char      *command;       /* owned */
  GPtrArray *argv;          /* char*, owned, NULL-terminated */
  char      *mode;          /* owned, may be NULL */
  gboolean   malloc_reuse;  /* explored with freed blocks handed back (--malloc-reuse) */
  char      *source_dir;    /* owned, may be NULL */
  GDateTime *started;       /* owned ref, may be NULL */
  double     duration;      /* seconds */
  guint64    executions;
  GPtrArray *bounds_hit;    /* char*, sorted unique, NULL-terminated */
  gint       complete;      /* -1: not said (augur_results_set_completeness), else 0 or 1 */
  char      *completeness;  /* owned, NULL when not said */
  GArray    *strategies;    /* AugurStrategy, owns its strings */
  guint64    predictions[AUGUR_FINDING_N_KINDS][AUGUR_PREDICTION_N_CLASSES];
  GArray    *candidates;    /* AugurStaticCandidate */
  GPtrArray *findings;      /* AugurFinding*, owned refs */
  gboolean   dirty;         /* findings/candidates need sorting */
  GData     *data;          /* augur_results_set_data */
};

/* A source location: findings and static candidates are ordered by them. */
typedef struct {
  const char *file;
  guint line;
} AugurResultsLoc;

/* Compares two AugurResultsLoc*: by file, then line (a GCompareFunc). */
int augur_results_loc_cmp_ (gconstpointer a, gconstpointer b);

/* Replaces the string *field by a copy of value (which may be NULL). */
void augur_results_set_string_ (char **field, const char *value);

/* Sorts the findings and static candidates if something was added since. */
void augur_results_sort_findings_ (AugurResults *results);

G_END_DECLS

#endif /* AUGUR_RESULTS_PRIVATE_H */
