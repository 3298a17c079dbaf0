/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * divergence.h — where an execution left the schedule it was given.
 *
 * A program that behaves differently when run again (it reads the time
 * and formats it, appends to a file and checks its size, reads input, or
 * takes a branch on an address) does not follow the prefix the explorer
 * replays: at some step the thread the schedule names is not there to
 * run, or is about to do something else.  The explorer drops such a run
 * and says how many it dropped; this names the first place, so that the
 * driver can be made deterministic there.
 */
#ifndef AUGUR_DIVERGENCE_H
#define AUGUR_DIVERGENCE_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "common/symbolizer.h"

G_BEGIN_DECLS

/* "at step 57, thread 1 was to do the read at format.c:120 (zlog_format)
 * and was about to do the write at format.c:131 (zlog_format) instead", or
 * "... and was blocked"; NULL when @shm's execution did not diverge.  @sym
 * (may be NULL) names the places.  @at_misuse: either step is on a lock
 * or condition variable the run destroyed or initialised again while in
 * use (or unlocked, waited on, without holding it) before that point:
 * augur's own model of the misuse, rather than the program's time or
 * input, is the likelier cause. */
char *augur_divergence_text (AugurSymbolizer *sym, const AugurSchedShm *shm, gboolean *at_misuse);

/* Why a run left its schedule, after where: the program's own
 * nondeterminism, or (@at_misuse) a lock or condition it destroyed or
 * initialised again while in use; @examples: name the usual sources of
 * nondeterminism. */
const char *augur_explore_divergence_cause (gboolean at_misuse, gboolean examples);

G_END_DECLS

#endif /* AUGUR_DIVERGENCE_H */
