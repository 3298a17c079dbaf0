/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * report-error.c — the AUGUR_REPORT_ERROR domain.
 */
#include "config.h"

#include "reports/report-error.h"

G_DEFINE_QUARK (augur-report-error-quark, augur_report_error)
