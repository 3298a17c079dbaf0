/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * html.h — the HTML report: a self-contained directory a person opens in a
 * browser, offline (one inline stylesheet, inline SVG, no script, no font,
 * no external resource).
 *
 *   index.html          the run (program, command line, date, duration,
 *                       executions, bounds hit), the predictions and their
 *                       classes, the findings by kind, the list of findings
 *                       (id "findings"), the static-only candidate pairs
 *   finding-N.html      one finding: its kind and explanation, the threads
 *                       and the object, each involved access with file:line,
 *                       function, locks held and the source lines around it,
 *                       the schedule as a per-thread timeline (table id
 *                       "timeline", the bug's steps highlighted), the
 *                       happens-before diagram inline (SVG), the replay command
 *   finding-N.dot/.svg  the diagram as files
 *
 * With a diagnosis (diagnosis.json, reports/diagnosis.h), a finding's page
 * also has its diagnosis (html-diagnosis.h) and its diagram the root
 * cause's orderings as bold red edges.
 *
 * Every piece of program text (names, paths, source lines, argv) goes through
 * g_markup_escape_text: a source line holding <script> shows as text.
 *
 * Relative source file names are resolved against @source_dir (NULL: the
 * current directory).  A source file that cannot be read gives a note on the
 * page, never a failure.
 */
#ifndef AUGUR_REPORT_HTML_H
#define AUGUR_REPORT_HTML_H

#include "common/results.h"
#include "reports/diagnosis.h"

G_BEGIN_DECLS

/* Writes the report into @out_dir (created if needed). */
gboolean augur_report_html_write (AugurResults *results,
                                  const char   *source_dir,
                                  const char   *out_dir,
                                  GError      **error);

/* The same, with the diagnosis of the findings (may be NULL). */
gboolean augur_report_html_write_diagnosed (AugurResults         *results,
                                            AugurReportDiagnosis *diagnosis,
                                            const char           *source_dir,
                                            const char           *out_dir,
                                            GError              **error);

/* The pages as strings (what augur_report_html_write writes). */
char *augur_report_html_index (AugurResults *results);
/* index: 0-based finding; svg: the diagram (a complete SVG document) or NULL. */
char *augur_report_html_finding (AugurResults *results,
                                 guint         index,
                                 const char   *source_dir,
                                 const char   *svg);

/* The same with the finding's diagnosis (may be NULL); drawn: how many
 * root-cause orderings @svg shows. */
char *augur_report_html_finding_diagnosed (AugurResults         *results,
                                           guint                 index,
                                           const char           *source_dir,
                                           const char           *svg,
                                           AugurReportDiagnosis *diagnosis,
                                           guint                 drawn);

/* Appends @text (NULL: nothing) to @s as HTML text: made valid UTF-8, then
 * g_markup_escape_text. */
void augur_report_html_escape (GString *s, const char *text);

G_END_DECLS

#endif /* AUGUR_REPORT_HTML_H */
