/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-model.h — a second oracle, independent of the runtime: the outcomes of
 * a difftest program computed from its text alone, by enumerating every
 * interleaving of an abstract machine that follows vm.c operation by
 * operation.
 *
 * The naive walk (dt-naive.h) trusts the runtime's scheduling points and
 * its blocking rules; this model does not run the program at all.  Where
 * the two disagree, either the runtime models a pthread call differently
 * from what the program does, or it makes a scheduling point too few or
 * too many (the schedule counts are compared too).
 *
 * The model's steps are the runtime's visible operations as vm.c makes
 * them: each access of a shared variable (an increment is a read and a
 * write; the final state is read one variable at a time), each pthread or
 * semaphore call (a condition wait is two: WAIT releases the mutex, WAKE
 * re-acquires it; a successful trylock is followed by its unlock; a timed
 * wait starts with clock_gettime, a read of the virtual clock, and one
 * that may time out has a TIMEOUT step between WAIT and WAKE, which
 * needs no mutex: run while no signal is for the thread, it times out
 * and takes the thread out of the waiters, so a later signal wakes
 * another, and its WAKE needs only the mutex; run after a signal, it does
 * nothing), the end of
 * a worker (EXIT) and the end of the process (END).  Code between two
 * steps runs with the step before it: a register assertion or crash fails
 * there, and a new thread runs to its first step inside the create.
 *
 * The end of the process and failures follow runtime/rt-sched.c ("The end
 * of the process"): main's return, exit() and a failure (assertion,
 * crash) ask for an END step, and the asking thread stops there; an END
 * can run only when no other thread can (then the END of the
 * lowest-numbered thread that asked, and the status is the one it asked
 * for), so the others run to their end or block first, and their failures
 * are recorded too.  A deadlock is an execution where nothing can run and
 * no END was asked for.
 *
 * Where POSIX leaves a choice the model makes the runtime's
 * (runtime/rt-sched-sync.c), so that only real differences show: a signal
 * wakes the waiter that waited first, the rwlock prefers readers.  A
 * condition wait may wake without a signal: a timed one times out (at its
 * TIMEOUT step, or, in a wait that has none as the thread's last wake-up
 * was unsignalled, at its WAKE once the virtual clock jumped after the
 * wait began; the clock jumps, at most 8 times, when nothing can run and
 * a timed waiter waits unsignalled), an untimed one
 * wakes spuriously unless @no_spurious (at most once until a signal wakes
 * the thread).  The scheduler never makes a spurious wake-up by itself:
 * it is a branch of its own at every state where it is possible, the
 * leaves included (a deadlock is still a schedule, and so is every
 * continuation after a wake-up there), as the runtime lets a prefix ask
 * for it (runtime/rt-sched.c, enabled and chooseable).
 * Outcomes are written as dt-outcome.h writes them (threads by the
 * runtime's numbers, given as their creators reach pthread_create),
 * misuses included (the runtime reports main returning while a worker has
 * not ended, and a condition variable waited on with two mutexes).
 */
#ifndef DT_MODEL_H
#define DT_MODEL_H

#include <glib.h>

#include "tests/difftest/dt-program.h"

G_BEGIN_DECLS

typedef struct {
  guint64 schedules;        /* complete interleavings */
  GHashTable *outcomes;     /* whole outcome -> a schedule showing it ("0.0.1..."), owned */
  gboolean over_limit;      /* more than the limit: the enumeration stopped */
} DtModelResult;

void dt_model_explore (const DtProgram *p, gboolean no_spurious, guint64 max_schedules,
                       DtModelResult *result);
void dt_model_result_clear (DtModelResult *result);

G_END_DECLS

#endif /* DT_MODEL_H */
