/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * killed-run.h — what the threads of an execution the watchdog killed were
 * left waiting to do.
 *
 * At the end of an execution the runtime writes each thread's state and
 * pending operation into the page (AugurSchedThread): the DPOR analysis
 * makes a branch wherever a thread's pending operation could have gone
 * before a step that was taken.  An execution the watchdog kills (a loop
 * that makes no visible access, a blocking call augur does not model) has
 * no end: SIGKILL leaves the page's threads as an earlier execution wrote
 * them.  Without them the search made no branch at all below a hang, and
 * ended after the first one: a lock request of the other thread, which
 * could have gone first and led to a plain assertion failure, was never
 * tried (SV-COMP's dekker, peterson, lamport and szymanski: 5 to 13
 * executions).
 *
 * So the killed execution is run again, the same schedule, cut by the
 * step bound just before its last step: where the runtime chose that
 * step, every thread had published its next operation, and the cut run
 * ends there as a step-bound run does, writing them.  The killed run's
 * page is put back with those threads, the last step's thread now running
 * (it took that step and did not come back).  A cut run that does not
 * follow the killed one (the program behaves differently) gives nothing:
 * the threads are then left "running, nothing pending", never stale.
 */
#ifndef AUGUR_KILLED_RUN_H
#define AUGUR_KILLED_RUN_H

#include <glib.h>

#include "explorer/executor.h"

G_BEGIN_DECLS

/* @ex's page holds an execution the watchdog killed, as augur_executor_run
 * left it: its threads are filled in as above, by a cut run whose
 * watchdog is @timeout seconds, ended at @hard (monotonic µs, 0: none) if
 * that comes first: a search's deadline, which the cut run of a long
 * killed one (a run that polls takes the watchdog's whole cap) would
 * otherwise overrun by as long again.  A cut run ended early gives
 * nothing (as one that does not follow).  FALSE with @error only if the
 * server is gone. */
gboolean augur_killed_run_threads (AugurExecutor *ex, double timeout, gint64 hard, GError **error);

G_END_DECLS

#endif
