/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * html-diagnosis.h — the diagnosis section of a finding's HTML page
 * (section id "diagnosis"): the root cause of each class of failing
 * schedules in words (the orderings that must all hold), how many of them
 * the happens-before diagram draws, the kill-sets, and each repair with
 * its verdict and its patch as a diff (lines added, removed, hunk headers
 * in their own CSS classes: diff-add, diff-del, diff-hunk, diff-file).
 * Every piece of text from the diagnosis file is escaped.
 */
#ifndef AUGUR_REPORT_HTML_DIAGNOSIS_H
#define AUGUR_REPORT_HTML_DIAGNOSIS_H

#include <glib.h>

#include "reports/diagnosis.h"

G_BEGIN_DECLS

/* Appends the section for finding @number (1-based); @drawn: how many
 * root-cause orderings the diagram shows.  Appends nothing when @d has no
 * diagnosis for the finding and no note. */
void augur_report_html_diagnosis_append (GString *s, AugurReportDiagnosis *d, guint number,
                                         guint drawn);

/* The section alone, as a string (for tests). */
char *augur_report_html_diagnosis (AugurReportDiagnosis *d, guint number, guint drawn);

G_END_DECLS

#endif /* AUGUR_REPORT_HTML_DIAGNOSIS_H */
