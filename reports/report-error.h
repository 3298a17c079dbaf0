/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * report-error.h — the error domain of reports/: rendering or writing a
 * report failed.  (A bad results file is an AUGUR_RESULTS_ERROR.)
 */
#ifndef AUGUR_REPORT_ERROR_H
#define AUGUR_REPORT_ERROR_H

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_REPORT_ERROR (augur_report_error_quark ())
GQuark augur_report_error_quark (void);

typedef enum {
  AUGUR_REPORT_ERROR_GRAPHVIZ,  /* Graphviz could not lay out or render a diagram */
  AUGUR_REPORT_ERROR_WRITE,     /* the report could not be written */
  AUGUR_REPORT_ERROR_FINDING,   /* no such finding */
  AUGUR_REPORT_ERROR_INPUT,     /* a diagnosis file that cannot be read */
} AugurReportError;

G_END_DECLS

#endif /* AUGUR_REPORT_ERROR_H */
