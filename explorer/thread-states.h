/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * thread-states.h — a set of threads at each state of an execution (state
 * k: before step k), replayed from a log of changes in the form of the
 * runtime's enabled-set log (AugurSchedEnabled: from step `step` on,
 * thread `tid` is in the set, or not, until a later change says
 * otherwise).  One bit per thread and state: a lookup is a load.
 */
#ifndef AUGUR_THREAD_STATES_H
#define AUGUR_THREAD_STATES_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "explorer/tidset.h"

G_BEGIN_DECLS

typedef struct _AugurThreadStates AugurThreadStates;

/* Threads [0, @n_threads) at states [0, @n_states]: all sets empty. */
AugurThreadStates *augur_thread_states_new (guint n_threads, guint n_states);
void               augur_thread_states_free (AugurThreadStates *s);

/* Sets the states before @upto from @log's @n changes, ordered by step,
 * starting from the empty set; changes of threads past n_threads are
 * left out.  The states from @upto on stay as they were. */
void augur_thread_states_replay (AugurThreadStates *s, const AugurSchedEnabled *log, guint n,
                                 guint upto);

/* Is thread @t in the set at state @k (past the last state: the last)? */
gboolean augur_thread_states_has (const AugurThreadStates *s, guint k, guint t);
/* Adds the set at state @k to @out. */
void     augur_thread_states_add_to (const AugurThreadStates *s, guint k, AugurTidSet *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurThreadStates, augur_thread_states_free)

G_END_DECLS

#endif /* AUGUR_THREAD_STATES_H */
