/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * same-bug.h — findings that are one bug shown more than once become one
 * finding, with the others listed in it as its variants.
 *
 * The explorer and the predictor report a finding per kind and set of
 * source lines, so one bug often shows several times: the races of one
 * unlocked write with each of the lines that read the variable, a wait
 * and a signal on the same uninitialised condition variable, the same
 * deadlock once with its cause chain and once alone.  A person fixes each
 * of these once.  Two findings are the same bug when they have the same
 * kind (and misuse sub-kind) and
 *   - data race, misuse: the same object (its name as shown) and one
 *     source line in common, the other side differing (a use of an
 *     uninitialised mutex or condition variable: the same object is
 *     enough, the bug is the missing init wherever it is used);
 *   - data races between the same two functions where the one holds a
 *     lock and the other does not, the same lock: one missing lock,
 *     whatever the variables (zlog's reload against its logging showed
 *     42 races, one per field);
 *   - deadlock, hang: the stuck locations of one are among the other's;
 *   - misuses of objects' lifetimes (double free or destroy, use after
 *     free or destroy, destroy of a held lock or a waited-on condition or
 *     barrier), whatever their sub-kinds: every free or destroy of both
 *     in one function that two threads ran (a double free or destroy
 *     with both ends in it, by two threads, says so): one teardown run
 *     twice ends every object it touches twice, and cgaebel/pipe showed
 *     it as 17 errors.  A worker's teardown and main's, each destroying
 *     the objects, stay apart, as do the uses after a teardown run once.
 * Findings are taken in the results' order (the most severe first); each
 * joins the first earlier finding it is the same bug as, which keeps its
 * own schedule (the one `augur replay` runs), gets the others as parts
 * (what a report lists as "what it is made of") and says so in its
 * explanation.  A finding that has parts of its own (a cause chain) is
 * never made a variant of another: it heads the bug instead.  Other kinds (assertion, crash,
 * atomicity violation, lock-order inversion) are one per location already.
 */
#ifndef AUGUR_SAME_BUG_H
#define AUGUR_SAME_BUG_H

#include <glib.h>

#include "common/results.h"

G_BEGIN_DECLS

/* Merges the findings of @results that are the same bug (see above);
 * returns how many became variants of another. */
guint augur_same_bug_merge (AugurResults *results);
/* How many findings @results would hold after augur_same_bug_merge
 * now, leaving it as it is (for a progress line).  The merge compares
 * every pair of findings: beyond AUGUR_SAME_BUG_COUNT_MAX findings this
 * returns G_MAXUINT instead of counting. */
#define AUGUR_SAME_BUG_COUNT_MAX 256u
guint augur_same_bug_count (AugurResults *results);

G_END_DECLS

#endif /* AUGUR_SAME_BUG_H */
