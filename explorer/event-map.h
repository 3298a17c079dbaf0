/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * event-map.h — from a prediction's schedule, whose steps are trace events
 * (doc/predictor.md, "The schedule"), to the explorer's prefix, whose steps
 * are scheduling points (common/augur-sched-format.h).
 *
 * The model:
 *   - A prediction's schedule names each event by (thread, index among
 *     that thread's recorded events, op).  Under the scheduler, most events
 *     are one step each (a condition wait's WAIT and WAKE records are its
 *     two steps, a barrier's ENTER and LEAVE likewise).  These are not
 *     steps: thread start and thread_tls (both `start`), lock requests,
 *     alloc/free, fences, the end of the run, and the `init` the runtime
 *     records at the first use of a statically initialised mutex (the
 *     event right before a use of the same object on the same line).
 *     Neither are main's thread's events before its `main` event: they
 *     are the constructors', run before the scheduler starts.
 *   - The mapping is derived from the ops alone, so it could be wrong for
 *     an operation the runtime treats differently.  It is therefore
 *     checked: augur_event_map_check compares every step the replay took
 *     with the event it stands for (op and source line), and a mismatch is
 *     a divergence at that event, never a silent misalignment.
 *   - Each thread's events must be listed from its event 0 without gaps
 *     (a schedule cut to its window cannot be mapped).  An event named a
 *     second time (a deadlock's final lock requests) adds no step.
 */
#ifndef AUGUR_EVENT_MAP_H
#define AUGUR_EVENT_MAP_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "common/results.h"
#include "common/symbolizer.h"

G_BEGIN_DECLS

#define AUGUR_EVENT_MAP_ERROR (augur_event_map_error_quark ())
GQuark augur_event_map_error_quark (void);

typedef enum {
  AUGUR_EVENT_MAP_ERROR_NO_SCHEDULE,  /* the prediction has no schedule (answer unknown) */
  AUGUR_EVENT_MAP_ERROR_GAP,          /* a thread's events are not listed from 0 without gaps */
} AugurEventMapError;

typedef struct {
  GArray *threads;   /* guint: the thread of each explorer step, in order */
  GArray *origin;    /* guint: for each explorer step, its event's index in the schedule */
  guint n_schedule;  /* steps in the prediction's schedule */
} AugurEventMap;

/* The explorer prefix that follows @prediction's schedule. */
AugurEventMap *augur_event_map_new (AugurFinding *prediction, GError **error);
void           augur_event_map_free (AugurEventMap *map);

/* Whether the schedule's step @k (an event) is a scheduling step; see above. */
gboolean augur_event_map_is_step (AugurFinding *prediction, guint k);

/* Compares the first MIN(n, prefix length) steps an execution took with
 * the events they stand for.  Returns the index of the first explorer
 * step that differs (and in @why, if not NULL, a sentence saying how), or
 * -1 if all agree.  Lines are compared only where both sides know them. */
gint augur_event_map_check (const AugurEventMap *map, AugurFinding *prediction,
                            const AugurSchedStep *steps, guint n, AugurSymbolizer *sym, char **why);

/* "T0<0 T0<2 T1<5 ...": each explorer step as thread < schedule index. */
char *augur_event_map_to_string (const AugurEventMap *map);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurEventMap, augur_event_map_free)

G_END_DECLS

#endif /* AUGUR_EVENT_MAP_H */
