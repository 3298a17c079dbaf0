/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diagnose.h — why a failing execution failed: the atomicity violations in
 * its schedule that the failure depends on.
 *
 * Exploration finds a failing execution (assertion, abort, crash) and its
 * schedule, but the failure is often far from its cause: a worker's
 * check-then-act on a counter interleaved by another worker, and main's
 * assertion after the joins.  The predictor finds such violations in the
 * recorded run only if the failing thread took the failing path there; the
 * explorer's failing execution always took it.
 *
 * The model:
 *   - A triple (a1, r, a2) of the failing steps: thread t accesses a
 *     location at a1 and next at a2, and between them another thread u
 *     accesses it at r, the three forming one of the four patterns that no
 *     serial order of t's pair and r gives (R-W-R, W-W-R, R-W-W, W-R-W: the
 *     unserializable interleavings of the McPatom seed, section 2).
 *   - Two locations: t accesses x at a1 and then y at a2, and u accesses x
 *     at r (conflicting with a1) and y at r2 (conflicting with a2) in
 *     between: t sees one of u's updates and not the other (the classic
 *     check of a flag, then use of the data it guards).  Conflict
 *     serializability says the same of both kinds: a1 before r and r2
 *     before a2 order t before u and u before t at once.  For each a2, the
 *     previous access of t to a2's location and up to AUGUR_DIAGNOSE_OTHER
 *     accesses of t to other locations after it are tried as a1, nearest
 *     first (the tightest region first).
 *   - A read followed by the same read instruction again (a loop that
 *     re-checks, the `while` around a condition wait, a retry loop) is not
 *     a candidate: re-reading is how such a loop is meant to work.
 *   - Only triples that fork/join order lets be serialised are kept: r
 *     first needs a1 not to happen before r through create/join; r last
 *     needs r not to happen before a2.  (Locks and other synchronisation
 *     can be ordered the other way in another schedule; create and join
 *     cannot.)
 *   - Serialising a triple gives a schedule: r first moves t's steps
 *     between a1 and r after r; r last moves u's steps between a1 and a2
 *     after a2.  The window's ends are moved out of both threads'
 *     critical sections (to where the moved thread took the locks it holds
 *     at a1; to where the other releases those it holds at r or a2), so
 *     that sections move whole.  The rest of the failing schedule follows unchanged.  A
 *     serialisation that also reorders a conflicting pair of accesses to
 *     another location is not tried: it would not tell which race matters.
 *   - The explorer fixes the part of each serialised schedule that decides
 *     the order (up to the moved thread's first step, r first; up to the
 *     end of the others' steps, r last) and explores what may follow it
 *     with DPOR, up to a bound.  If that prefix can be followed and no
 *     continuation fails, the failure needs the unserializable
 *     interleaving, and the triple is reported as an atomicity violation
 *     (explore-diagnose.c).  A prefix that needs a blocked thread, or a failing
 *     continuation (the failure has another cause too), blames nothing.
 *   - Candidates are collected nearest the end first, deduplicated by their
 *     source locations and operations, at most `max` of them, from the last
 *     AUGUR_DIAGNOSE_WINDOW steps; they are then tried: those whose a1 is a
 *     check first (a read the thread relies on: check-then-act,
 *     check-then-use; not the read of an increment, which t's next access
 *     writes back), tightest first (the fewest steps from a1 to a2: the
 *     most precise account of what had to be atomic).
 */
#ifndef AUGUR_DIAGNOSE_H
#define AUGUR_DIAGNOSE_H

#include <glib.h>

#include "common/augur-sched-format.h"

G_BEGIN_DECLS

#define AUGUR_DIAGNOSE_WINDOW 4096u

#define AUGUR_DIAGNOSE_OTHER 4u  /* accesses to other locations tried as a1, per a2 */

typedef struct {
  guint a1, r, a2;           /* step indices, a1 < r < a2 */
  guint r2;                  /* the access of r's thread that conflicts with a2: r itself
                              * when a1 and a2 touch one location */
  gboolean r_first_ok;       /* r and r2 can be moved before a1 */
  gboolean r_last_ok;        /* r and r2 can be moved after a2 */
  gboolean check;            /* a1 is a check: a read that t does not write back at once */
} AugurTriple;

/* The candidate triples of steps[0..n), in the order to try them (owned
 * GArray of AugurTriple). */
GArray *augur_diagnose_triples (const AugurSchedStep *steps, guint n, guint max);

/* "R-W-R" etc. for a triple of steps, "R-W-W-R" (a1, r, r2, a2) for two
 * locations (owned). */
char *augur_diagnose_pattern (const AugurSchedStep *steps, const AugurTriple *t);

/* TRUE if serialising @t (r first or r last) reorders no conflicting pair
 * of accesses but those to the triple's location: a serialisation that
 * also reorders another race would not show that this one matters. */
gboolean augur_diagnose_flips_only_location (const AugurSchedStep *steps, guint n,
                                             const AugurTriple *t, gboolean r_first);

/* The serialised schedule of @t (owned GArray of AugurSchedStep, n steps):
 * r first (@r_first) or r last.  *@decided (may be NULL) receives the
 * length of its prefix that decides the order: every continuation of it
 * runs r before a1 (r first) or after a2 (r last). */
GArray *augur_diagnose_serialise (const AugurSchedStep *steps, guint n, const AugurTriple *t,
                                  gboolean r_first, guint *decided);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_H */
