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
 * re-acquires it once signalled; a successful trylock is followed by its
 * unlock), the end of a worker (EXIT) and main's return (its EXIT).  Code
 * between two steps runs with the step before it: a register assertion or
 * crash fails there, exit() ends the process right after the last read of
 * the final state, and a new thread runs to its first step inside the
 * create.  Where POSIX leaves a choice the model makes the runtime's
 * (runtime/rt-sched.c), so that only real differences show: a signal wakes
 * the waiter that waited first, the rwlock prefers readers, a timed wait
 * may time out at any time, and there are no spurious wake-ups.  Outcomes
 * are written as dt-outcome.h writes them (threads by the runtime's
 * numbers, given as their creators reach pthread_create), misuses
 * included (the runtime
 * reports main returning while a thread is alive and a condition variable
 * waited on with two mutexes).
 */
#ifndef DT_MODEL_H
#define DT_MODEL_H

#include <glib.h>

#include "tests/difftest/dt-program.h"

G_BEGIN_DECLS

typedef struct {
  guint64 schedules;        /* complete interleavings */
  GHashTable *outcomes;     /* outcome -> a schedule showing it ("0.0.1..."), owned */
  gboolean over_limit;      /* more than the limit: the enumeration stopped */
} DtModelResult;

void dt_model_explore (const DtProgram *p, guint64 max_schedules, DtModelResult *result);
void dt_model_result_clear (DtModelResult *result);

G_END_DECLS

#endif /* DT_MODEL_H */
