/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-merge.h — one finding per bug when several stages report it: the
 * confirmed predictions and the explorer may both find the race on
 * `pushed` at queue.c:40.  Two findings are the same bug when they have the
 * same kind (and sub-kind) and the same set of source lines among their
 * accesses (or, without accesses, among their bug steps).  The first one
 * added is kept: the pipeline adds the confirmed predictions first, whose
 * explanation says what followed the violation.
 */
#ifndef AUGUR_CHECK_MERGE_H
#define AUGUR_CHECK_MERGE_H

#include <glib.h>

#include "common/results.h"

G_BEGIN_DECLS

/* The dedup key of @finding: "kind[/subkind] file:line file:line ..." with
 * the lines sorted and unique. */
char *augur_check_finding_key (AugurFinding *finding);

/* Adds the findings of @from to @into unless @into has the same bug;
 * returns how many were added. */
guint augur_check_merge_findings (AugurResults *into, AugurResults *from);

G_END_DECLS

#endif /* AUGUR_CHECK_MERGE_H */
