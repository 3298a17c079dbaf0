/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * interrupt.h — augur owns SIGINT, SIGTERM and SIGHUP.
 *
 * A person presses Ctrl-C, CI sends SIGTERM at its time limit: augur must
 * stop soon, take down what it started (Frama-C, the program under test
 * and its fork server), leave no temporary file, and leave its results
 * file valid.  Libraries must not decide otherwise: libz3 installs a
 * SIGINT handler around each query and, from several threads, can leave
 * one installed that dereferences a freed object (a segfault at Ctrl-C
 * after `augur check`'s predict stage).
 *
 * The model:
 *   - augur_interrupt_install() (main, before anything else) installs one
 *     handler for the three signals (and one for SIGPIPE that does
 *     nothing: writing to a fork server augur killed fails with EPIPE
 *     instead of killing augur; not SIG_IGN, which exec would pass on to
 *     the programs augur runs).  It only writes the signal to a pipe
 *     (async-signal-safe).  From then on, signal() called by a library on
 *     one of the three changes nothing (interrupt.c defines signal() for
 *     that: libz3's way); a watcher thread reads the pipe, and takes the
 *     three signals back, within 100 ms, from a library that replaced
 *     augur's handler with sigaction.
 *   - First signal: augur_interrupt_signal() says which from then on, and
 *     the code stops at its next check (augur check: between stages and
 *     between predictions).  The program a recording runs (registered with
 *     augur_interrupt_set_forward) gets the signal too when it was sent to
 *     augur alone (a terminal sends it to both); every other process augur
 *     started, and theirs, is frozen (SIGSTOP, so that none starts another
 *     or reports the death of its child) and killed (SIGKILL), parents
 *     first.  Processes augur starts later are killed as they appear.
 *   - If augur has not ended GRACE seconds later (a Z3 query does not
 *     stop), or at a second signal, the recorded program is killed as
 *     well; a little later, or at a third signal, augur removes the
 *     temporary files registered with augur_interrupt_add_temp and exits
 *     at once with status 128 + the first signal.  The results file is
 *     then the last one written whole (common/results.h writes to a
 *     temporary file and renames it).
 */
#ifndef AUGUR_INTERRUPT_H
#define AUGUR_INTERRUPT_H

#include <glib.h>
#include <sys/types.h>

G_BEGIN_DECLS

/* Seconds between the first signal and taking everything down. */
#define AUGUR_INTERRUPT_GRACE 5

void augur_interrupt_install (void);

/* The first of SIGINT, SIGTERM, SIGHUP augur received; 0 if none. */
int augur_interrupt_signal (void);

/* The process augur is recording (0: none any more).  Registered while it
 * runs; if augur was interrupted already, it is killed at once. */
void augur_interrupt_set_forward (pid_t pid);

/* Files to remove if augur must exit without finishing (a temporary file
 * being written).  Copied; removed from the list by the same path. */
void augur_interrupt_add_temp (const char *path);
void augur_interrupt_remove_temp (const char *path);

G_END_DECLS

#endif /* AUGUR_INTERRUPT_H */
