/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * step-text.h — how a schedule step reads in a report: its operation, its
 * object, the peer thread, then the base name of its file and its line
 * ("lock m T2 prog.c:12").  The pictures (hb-graph.c, DOT labels) and the
 * HTML timelines (html.c) write the same words, each escaped its own way
 * and with its own mark-up around the place.
 */
#ifndef AUGUR_REPORT_STEP_TEXT_H
#define AUGUR_REPORT_STEP_TEXT_H

#include <glib.h>

#include "common/results.h"

G_BEGIN_DECLS

/* Appends text to s with what the output needs escaped. */
typedef void (*AugurReportEscapeFunc) (GString *s, const char *text);

/* Appends the step to s; the place (when the step has a file) goes between
 * place_open and place_close. */
void augur_report_step_text_append (GString *s, const AugurStep *step,
                                    AugurReportEscapeFunc escape, const char *place_open,
                                    const char *place_close);

G_END_DECLS

#endif /* AUGUR_REPORT_STEP_TEXT_H */
