/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * frames-run.h — one recorded run of the program, for the names of the
 * stack variables and heap blocks in findings that came without a trace.
 *
 * A variable on a thread's stack has a stable name ("T0.stack-0x158",
 * common/objects.h) that the debug info turns into its own ("counter")
 * only with the stack frames a recorded run's synchronisation calls walked
 * (FRAME records, common/dwarf-frames.h).  augur check has its recorded
 * run; augur explore and augur replay run under the scheduler, which
 * records no trace, so their findings kept the stable name.  When one of
 * their findings names a stack slot or a heap block, the program is run
 * once more with the recording runtime, its output thrown away, under a
 * watchdog: its frames name the slots, and its allocations name the
 * blocks of findings that carry no allocation sites of their own
 * execution (common/results.h, AugurBlockSite; an explorer execution's
 * findings carry them, and are named from them only: blocks go by
 * (thread, allocation number), and another run's block of a number may
 * be another one when which thread allocates what depends on the
 * interleaving).
 */
#ifndef AUGUR_FRAMES_RUN_H
#define AUGUR_FRAMES_RUN_H

#include <glib.h>

#include "common/results.h"
#include "common/trace.h"

G_BEGIN_DECLS

/* Does a finding or a part of @results (its object, its explanation)
 * name a stack slot, or a heap block without its own execution's sites? */
gboolean augur_frames_run_needed (AugurResults *results);

/* Records one run of @argv (reading @stdin_path, a regular file, or
 * nothing if NULL) for at most @timeout seconds, and returns its trace,
 * or NULL (said on the debug log: the names then stay stable names). */
AugurTrace *augur_frames_run (const char *const *argv, const char *stdin_path, guint timeout);

G_END_DECLS

#endif
