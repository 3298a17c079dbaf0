/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * steps.h — the explorer's steps (AugurSchedStep, one per visible
 * operation) in the results' vocabulary: the op a step shows as, the name
 * of what it touches, and a finding's schedule made of an execution's steps.
 *
 * In a schedule written by the explorer, a step's `event` is its index
 * among its thread's steps (not among its thread's trace events: an
 * execution under the scheduler records no trace); replay only needs the
 * thread of each step.
 */
#ifndef AUGUR_STEPS_H
#define AUGUR_STEPS_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "common/results.h"
#include "common/symbolizer.h"
#include "explorer/exec-names.h"
#include "explorer/thread-states.h"

G_BEGIN_DECLS

/* How the step shows in results (a failed CAS is a load, a failed trylock
 * a lock request ...). */
AugurOp augur_steps_op (const AugurSchedStep *step);

/* The stable name of the object steps[k] touches ("counter", "m+8",
 * "T0.alloc1+16": exec-names.h), NULL for thread operations.  @names are
 * the execution's (augur_steps_names). */
char *augur_steps_object (AugurExecNames *names, const AugurSchedStep *steps, guint k);
/* Whether augur_steps_object needs the execution's names for @step's
 * object (FALSE: it has none, or "the clock"), so that a caller can make
 * them only when needed. */
gboolean augur_steps_object_needs_names (const AugurSchedStep *step);

/* The names of the objects of the execution @shm describes; @sym (borrowed)
 * has the program as module 0 at @shm's load bias (globals). */
AugurExecNames *augur_steps_names (AugurSymbolizer *sym, const AugurSchedObjectEvent *events,
                                   guint n_events, guint32 lost_at);

/* The program's functions a lock acquisition was called from (the
 * runtime's AugurSchedCallers, innermost first) into @frames, whose
 * strings are @sym's (borrowed); how many.  The runtime's or libc's own
 * frames are left out. */
guint augur_steps_callers (AugurSymbolizer *sym, const AugurSchedCallers *callers,
                           AugurFrame frames[AUGUR_SCHED_MAX_CALLERS]);

/* The last spurious wake-up (a condition wait's return with no signal)
 * of steps[0..n), or -1. */
gint augur_steps_last_spurious (const AugurSchedStep *steps, guint n);
/* @text, and if steps[0..n) has a spurious wake-up, a sentence naming the
 * last one (at @where, its "file:line"): the finding (@what: "race",
 * "failure") may need it, and a reader should know that only a wake-up
 * without a signal leads there.  Newly allocated. */
char *augur_steps_spurious_note (const char *text, const AugurSchedStep *steps, guint n,
                                 const char *where, const char *what);
/* That sentence as it stands in @text (an explanation made with it),
 * newly allocated, or NULL. */
char *augur_steps_spurious_sentence (const char *text);

/* The index of every step among its thread's steps; n + 1 entries (owned). */
guint64 *augur_steps_event_indices (const AugurSchedStep *steps, guint n);

/* The locks thread @tid holds after steps[0..upto): those it took (a
 * lock, read or write lock, a trylock that succeeded, a condition wait's
 * re-acquisition) and has not released since (an unlock, a condition
 * wait), as stable names at step @upto, without duplicates, in the order taken;
 * NULL-terminated, owned.  @names may be NULL (then addresses). */
char **augur_steps_locks_held (AugurExecNames *names, const AugurSchedStep *steps, guint upto,
                               guint tid);

/* Which threads exist at each state of steps[0..n), as far as the steps
 * tell: a thread exists from the start, or from the step after its
 * creation, until its exit (owned; the threads the steps name). */
AugurThreadStates *augur_steps_lives (const AugurSchedStep *steps, guint n);

/* The exclusive locks (mutexes, spinlocks, write-held rwlocks, a condition
 * wait's mutex) thread @tid holds after steps[0..upto), sorted, in @held
 * (emptied first; its data is returned, *@n its length). */
const guint64 *augur_steps_exclusive_locks (const AugurSchedStep *steps, guint upto, guint tid,
                                            GArray *held, guint *n);

/* Does thread @tid hold lock @lock (a mutex, a spinlock, a rwlock) after
 * steps[0..upto)?  The step of its outermost acquisition still held (a
 * thread may read-lock a rwlock, or lock a recursive mutex, more than
 * once; a condition wait releases every hold and its wake-up takes the
 * lock again), -1 if it holds it not; *@shared: taken for reading. */
gint augur_steps_lock_held_since (const AugurSchedStep *steps, guint upto, guint tid,
                                  guint64 lock, gboolean *shared);

/* Appends steps[0..n) to @finding's schedule; @ev from augur_steps_event_indices.
 * With @names, the heap blocks' allocation sites too, unless past its
 * time limit (augur_exec_names_set_deadline). */
void augur_steps_add_schedule (AugurSymbolizer *sym, AugurExecNames *names, AugurFinding *finding,
                               const AugurSchedStep *steps, guint n, const guint64 *ev);

G_END_DECLS

#endif /* AUGUR_STEPS_H */
