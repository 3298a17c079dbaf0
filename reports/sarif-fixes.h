/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sarif-fixes.h — a finding's verified repairs (diagnosis.h) as SARIF
 * fixes: one fix per verified repair, its description the repair's
 * summary and verification, one artifactChange per file of its patch,
 * each hunk's runs of removed and added lines a replacement (deletedRegion:
 * the removed lines, from column 1 of the first to column 1 of the line
 * after the last, empty for a pure insertion; insertedContent: the added
 * lines).  Rejected and unverified repairs are not offered: a
 * code-scanning tool may apply a fix with one click.
 */
#ifndef AUGUR_REPORT_SARIF_FIXES_H
#define AUGUR_REPORT_SARIF_FIXES_H

#include <json-glib/json-glib.h>

#include "reports/diagnosis.h"

G_BEGIN_DECLS

/* Adds "fixes" to the result being built in @b, for finding @number
 * (1-based), when @d has a verified repair for it; nothing otherwise.
 * The files the diffs name are relative to @source_dir (may be NULL), as
 * the result's locations (common/sarif-log.h). */
void augur_report_sarif_add_fixes (JsonBuilder *b, AugurReportDiagnosis *d, guint number,
                                   const char *source_dir);

/* How many fixes augur_report_sarif_add_fixes adds for finding @number. */
guint augur_report_sarif_n_fixes (AugurReportDiagnosis *d, guint number);

G_END_DECLS

#endif /* AUGUR_REPORT_SARIF_FIXES_H */
