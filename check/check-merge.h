/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-merge.h — one finding per bug.
 *
 * Two steps.  While the stages run, the same finding reported twice is
 * kept once (augur_check_merge_findings): the confirmed predictions and
 * the explorer may both find the race on `pushed` at queue.c:40.  Two
 * findings are the same when they have the same kind (and sub-kind) and
 * the same set of source lines among their accesses (or, without
 * accesses, among their bug steps).  The first one added is kept: the
 * pipeline adds the confirmed predictions first, whose explanation says
 * what followed the violation.
 *
 * At the end, the findings that are one bug become one finding
 * (augur_check_group_findings): a failure (assertion, abort, crash,
 * deadlock) with the atomicity violations and races that confirmation or
 * diagnosis tied to it — their harm is that failure, at its line; a race
 * is not tied so to a deadlock, whose execution merely contains it —, an
 * abort with the misuse its thread made just before it, and the races on
 * the same object at lines of such a violation whose accesses appear in
 * the failing schedule.  The failure's finding then has them as parts, its
 * explanation is the cause chain ("Assertion `…` at drive-queue.c:37 fails
 * because of a lost update of `q->pushed` at queue.c:55."), its schedule
 * is the tied violation's failing execution (the violation's steps and the
 * failure highlighted), and its severity the worst of all.  A race that
 * confirmation classified benign (it happened, nothing failed) and that
 * is in no bug is a warning.  A lock-order inversion (common/lock-graph.h)
 * that a deadlock realised (the deadlock's blocked lock requests are its
 * acquisitions) is a part of that deadlock, and an error.
 */
#ifndef AUGUR_CHECK_MERGE_H
#define AUGUR_CHECK_MERGE_H

#include <glib.h>

#include "common/results.h"

G_BEGIN_DECLS

/* The dedup key of @finding: "kind[/subkind] file:line file:line ..." with
 * the lines sorted and unique. */
char *augur_check_finding_key (AugurFinding *finding);

/* Adds the findings of @from to @into unless @into has the same bug, as a
 * finding or as a part of one; returns how many were added.  A finding of
 * @from that needs no spurious wake-up replaces its same-key finding of
 * @into that did (not a part). */
guint augur_check_merge_findings (AugurResults *into, AugurResults *from);
/* The same; *@bettered (may be NULL): how many findings of @into were
 * replaced by a witness that needs no spurious wake-up. */
guint augur_check_merge_findings_full (AugurResults *into, AugurResults *from, guint *bettered);

/* Groups the findings of @results into bugs (see above).  @benign (may be
 * NULL) holds the race predictions confirmation classified benign.
 * Returns how many findings became parts of another. */
guint augur_check_group_findings (AugurResults *results, AugurResults *benign);

/* Only the first kinds of grouping, for `augur explore`, whose findings
 * stay one per kind otherwise: each lock-order inversion a deadlock
 * realised (the deadlock's blocked lock requests are its acquisitions)
 * becomes a part of that deadlock's finding, an error; a misuse (an error)
 * that was the last call on the threads API a thread made before it
 * called abort() becomes a part of that abort's finding ("The program
 * calls abort() at t.c:12 because of a misuse of the threads API
 * (double-join) at t.c:11.").  Returns how many. */
guint augur_check_link_for_explore (AugurResults *results);

/* The cause chain of a failure @head and its causes @parts (in order):
 * "Assertion `n == 2` at t.c:9 fails because of a lost update of `x` at
 * a.c:12."  With @head_note, what the explorer said after a failed
 * assertion (a spurious wake-up in its execution) ends it: pass it when
 * the bug shows the head's own schedule.  Newly allocated. */
char *augur_check_cause_chain (AugurFinding *head, GPtrArray *parts, gboolean head_note);

G_END_DECLS

#endif /* AUGUR_CHECK_MERGE_H */
