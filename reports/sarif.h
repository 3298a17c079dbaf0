/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sarif.h — the results as a SARIF 2.1.0 log, for CI and code-scanning UIs.
 *
 * One run; tool.driver "augur" with one rule per kind of finding present
 * (rule id = the kind, "data-race"); one result per finding (level "error",
 * kind "fail") whose message is the finding's explanation, whose location is
 * its first access and whose related locations are all its accesses (with
 * the thread and locks held).  The schedule is a code flow with one thread
 * flow per thread; each step carries its place in the global order as
 * executionOrder and is "essential" when it is one of the bug's steps.
 * Long schedules are cut to the steps that matter, as in the HTML timeline.
 *
 * With a diagnosis (diagnosis.h), each verified repair of a finding is a
 * fix of its result, with artifactChanges (sarif-fixes.h).
 *
 * Source files are named as every SARIF log of augur names them
 * (common/sarif-log.h): relative to the base id SRCROOT, which
 * originalUriBaseIds maps to @source_dir when one is known, when they are
 * relative or under it; by their file URI otherwise.
 */
#ifndef AUGUR_REPORT_SARIF_H
#define AUGUR_REPORT_SARIF_H

#include "common/results.h"
#include "common/sarif-log.h"
#include "reports/diagnosis.h"

G_BEGIN_DECLS

/* Pretty-printed JSON, deterministic, newline-terminated.  source_dir may be NULL. */
char *augur_report_sarif_to_data (AugurResults *results, const char *source_dir, gsize *length);

/* The same with the findings' diagnosis (may be NULL). */
char *augur_report_sarif_to_data_diagnosed (AugurResults *results, AugurReportDiagnosis *diagnosis,
                                            const char *source_dir, gsize *length);

G_END_DECLS

#endif /* AUGUR_REPORT_SARIF_H */
