/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * executor.h — runs the program under test under the controlled scheduler:
 * starts it once as a fork server (AUGUR_SCHED, see common/augur-sched-
 * format.h) and asks it for one execution at a time, each with its prefix,
 * sleep set and step bound, under a watchdog.
 */
#ifndef AUGUR_EXECUTOR_H
#define AUGUR_EXECUTOR_H

#include <glib.h>
#include <sched.h>

#include "common/augur-sched-format.h"
#include "explorer/explore-error.h"

G_BEGIN_DECLS

typedef struct _AugurExecutor AugurExecutor;

/* Starts the fork server, in a process group of its own.  show_output:
 * the program's stdout/stderr go to ours (else to /dev/null).  Its
 * standard input is /dev/null, or the file set with
 * augur_executor_set_stdin, read from its start by every execution. */
AugurExecutor *augur_executor_new (const char *const *argv, gboolean show_output, GError **error);
/* Closes the server's command pipe, which ends it; one that has not ended
 * 200 ms later is killed.  It is reaped either way. */
void           augur_executor_free (AugurExecutor *ex);

/* `--stdin FILE` of the commands: what every explored run reads (a
 * regular file; NULL: /dev/null).  For the executors started after. */
void augur_executor_set_stdin (const char *path);

/* The page the next execution reads (prefix, sleep, bounds) and the
 * previous one wrote (steps, status ...). */
AugurSchedShm *augur_executor_shm (AugurExecutor *ex);
/* The execution server's process id, as a string (borrowed). */
const char *augur_executor_server_pid (AugurExecutor *ex);

/* Runs one execution and waits for it while it takes steps: it is killed
 * (*timed_out) when it has taken none for @timeout seconds, or at
 * AUGUR_EXECUTOR_RUN_CAP times @timeout whatever it does (as
 * augur_executor_run_watched with augur_executor_run_deadline's cap).
 * FALSE if the fork server is gone. */
gboolean augur_executor_run (AugurExecutor *ex, double timeout, gboolean *timed_out, GError **error);
/* The deadline of an explored run whose watchdog waits @idle seconds for
 * a step: AUGUR_EXECUTOR_RUN_CAP times @idle from now (a run still taking
 * steps that late is taken as a hang: a livelock, or a wait that polls),
 * or @hard (monotonic µs, 0: none) when it comes first. */
#define AUGUR_EXECUTOR_RUN_CAP 10
gint64 augur_executor_run_deadline (double idle, gint64 hard);
/* The same, with the watchdog of an explored run: it kills the execution
 * when it has taken no scheduling step for @idle seconds (a spin on
 * something augur cannot see, a blocking call it does not model: a hang),
 * or at @deadline (monotonic µs, 0: none) whatever it does.  A run that is
 * slow but still taking steps is not killed before @deadline. */
gboolean augur_executor_run_watched (AugurExecutor *ex, double idle, gint64 deadline,
                                     gboolean *timed_out, GError **error);

/* The thread that drives @ex (calls augur_executor_run) runs on the CPU
 * its server is pinned to: each execution is a hand-over between the two,
 * and a wake-up on the same CPU is a fraction of one on another
 * (executor.c).  Pinned until augur_executor_unpin_caller; FALSE, and
 * nothing changed, where the server is not pinned or the CPU is not in the
 * caller's set. */
typedef struct {
  gboolean pinned;
  cpu_set_t saved;        /* the caller's set before */
} AugurExecutorPin;

gboolean augur_executor_pin_caller (AugurExecutor *ex, AugurExecutorPin *pin);
void augur_executor_unpin_caller (AugurExecutorPin *pin);

/* The servers are started without address randomisation (personality
 * ADDR_NO_RANDOMIZE), so that every server of a program lays it out the
 * same way and the steps of one server's executions (their addresses) mean
 * the same in another's: FALSE if the system refuses that (a parallel
 * exploration then runs on one server). */
gboolean augur_executor_same_layout (void);

/* For `augur replay --gdb`: a shared page set up like the executor's, to
 * hand to a program started by someone else with AUGUR_SCHED=fd.
 * Returns the fd (inheritable) and maps the page. */
int augur_executor_make_page (AugurSchedShm **shm, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurExecutor, augur_executor_free)

G_END_DECLS

#endif /* AUGUR_EXECUTOR_H */
