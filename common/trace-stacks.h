/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * trace-stacks.h — what a trace says about its threads' stacks, besides
 * its events: the CALLERS records after lock acquisitions (the call sites
 * above the function that took the lock) and the FRAME records after
 * thread creations (the creating thread's frames, for naming the locals
 * it shares).  Both are records that are not events
 * (augur-trace-format.h); trace.c reads them here while it puts the
 * events in order, and answers for them.
 */
#ifndef AUGUR_TRACE_STACKS_H
#define AUGUR_TRACE_STACKS_H

#include <glib.h>

#include "common/augur-trace-format.h"

G_BEGIN_DECLS

typedef struct _AugurTraceStacks AugurTraceStacks;

AugurTraceStacks *augur_trace_stacks_new (void);
void augur_trace_stacks_free (AugurTraceStacks *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurTraceStacks, augur_trace_stacks_free)

/* Event number @event (in seq order) was kept: CALLERS records of its
 * thread that come next belong to it when it acquired a lock.  Call in
 * event order. */
void augur_trace_stacks_event (AugurTraceStacks *s, gsize event, const AugurRecord *e);

/* A CALLERS or FRAME record @r of thread @tid, in seq order. */
void augur_trace_stacks_note (AugurTraceStacks *s, guint tid, const AugurRecord *r);

/* The call sites above the function where event @i took its lock,
 * innermost first, into @module and @pc (up to AUGUR_TRACE_MAX_CALLERS);
 * how many (0: none recorded). */
guint augur_trace_stacks_callers (const AugurTraceStacks *s, gsize i, guint8 *module, guint32 *pc);

/* The FRAME records in seq order, `tid` the creating thread; @n: how many. */
const AugurRecord *augur_trace_stacks_frames (const AugurTraceStacks *s, gsize *n);

G_END_DECLS

#endif /* AUGUR_TRACE_STACKS_H */
