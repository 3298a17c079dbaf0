/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diagnosis.h — a diagnosis file ("augur-diagnosis/1", diagnosis.json,
 * written by `augur diagnose` and `augur check`'s repair step next to the
 * results) as the reports read it: per finding, the classes of failing
 * schedules with their root cause (the orderings that must all hold) and
 * kill-set, and the repairs with their patch and verdict
 * (diagnose/diagnose-output.c documents the format).
 *
 * The reports read the file, not the diagnose/ model, so that a report can
 * be made from the two files alone.  Findings are matched by their number
 * in the results the diagnosis was made from.
 */
#ifndef AUGUR_REPORT_DIAGNOSIS_H
#define AUGUR_REPORT_DIAGNOSIS_H

#include <glib.h>
#include <json-glib/json-glib.h>

#include "common/results.h"

G_BEGIN_DECLS

typedef struct _AugurReportDiagnosis AugurReportDiagnosis;

/* One end of an ordering: thread, "read" | "write" | "sync", file, line. */
typedef struct {
  guint thread;
  const char *op;
  const char *file;   /* may be NULL */
  guint line;
} AugurReportDiagEvent;

/* An ordering "before → after" of a class's core or kill-set. */
typedef struct {
  AugurReportDiagEvent before;
  AugurReportDiagEvent after;
  const char *text;   /* in words */
  guint klass;        /* 1-based */
} AugurReportDiagEdge;

/* Loads @path; NULL with @error if it cannot be read or is not a diagnosis. */
AugurReportDiagnosis *augur_report_diagnosis_load (const char *path, GError **error);
void augur_report_diagnosis_free (AugurReportDiagnosis *d);

/* Leaves out the diagnosed findings whose number names no finding of
 * @results, or one of another kind (a diagnosis of other results, made
 * before they were written again); returns how many were left out. */
guint augur_report_diagnosis_match (AugurReportDiagnosis *d, AugurResults *results);

/* diagnosis.json in the directory of @results_path, if it is there, else NULL. */
char *augur_report_diagnosis_beside (const char *results_path);

/* The note of the whole diagnosis (why it was cut, skipped or not
 * verified), or NULL. */
const char *augur_report_diagnosis_get_note (AugurReportDiagnosis *d);

/* The diagnosis of finding @number (1-based), or NULL. */
JsonObject *augur_report_diagnosis_get_finding (AugurReportDiagnosis *d, guint number);

/* The root-cause orderings of every class of finding @number (an array
 * of AugurReportDiagEdge, whose strings belong to @d; empty if none). */
GArray *augur_report_diagnosis_core_edges (AugurReportDiagnosis *d, guint number);

/* Reads an ordering ({ "before": EV, "after": EV, "text" }) into @e. */
void augur_report_diagnosis_read_edge (JsonObject *pair, guint klass, AugurReportDiagEdge *e);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurReportDiagnosis, augur_report_diagnosis_free)

G_END_DECLS

#endif /* AUGUR_REPORT_DIAGNOSIS_H */
