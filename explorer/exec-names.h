/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * exec-names.h — the stable names (common/objects.h) of the objects that
 * the steps of one controlled execution touch.
 *
 * The runtime writes no trace under the scheduler; it logs instead, in the
 * shared page, the events that give addresses their names (allocations,
 * frees, thread stack tops and thread pointers), each tagged with the step
 * it came before (augur-sched-format.h).  Replaying them through
 * AugurObjects up to a step gives the name that `augur predict` gives the
 * same object in a recorded trace: "T0.alloc1+16", "counter",
 * "T1.stack-0x2c", "T1.tls-0x28".  From the step at which the runtime's
 * log was full on, only globals keep their names; other objects are
 * named by their address.
 */
#ifndef AUGUR_EXEC_NAMES_H
#define AUGUR_EXEC_NAMES_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "common/symbolizer.h"

G_BEGIN_DECLS

typedef struct _AugurExecNames AugurExecNames;

/* `symbolizer` (globals; may be NULL) and `events` (n events in step order,
 * the log being incomplete from step `lost_at` on, G_MAXUINT32 if never)
 * are borrowed. */
AugurExecNames *augur_exec_names_new (AugurSymbolizer *symbolizer,
                                      const AugurSchedObjectEvent *events, guint n,
                                      guint32 lost_at);
void augur_exec_names_free (AugurExecNames *names);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurExecNames, augur_exec_names_free)

/* The name of `address` just before step `step` runs (newly allocated).
 * Cheapest when asked for in step order. */
char *augur_exec_names_at (AugurExecNames *names, guint step, guint64 address);
/* The allocation of heap block @block ("T2.alloc1") in this execution:
 * its size and call site (module, pc as a step's; pc 0 if unknown).
 * FALSE if the log has none. */
gboolean augur_exec_names_alloc (AugurExecNames *names, const char *block, guint64 *size,
                                 guint *module, guint32 *pc);
/* A time limit for the evidence of names (@stop in microseconds of
 * g_get_monotonic_time, 0: none): past it, a finding's heap blocks get
 * no allocation sites (augur_steps_add_schedule), whose lookups in the
 * debug info cost a finding of a long run more than its steps (0.2 to
 * 0.34 s for 2,000 blocks).  Its objects keep their names. */
void augur_exec_names_set_deadline (AugurExecNames *names, gint64 stop);
/* TRUE once past it (checked now, remembered after). */
gboolean augur_exec_names_out_of_time (AugurExecNames *names);
/* Was it found past (by augur_exec_names_out_of_time, not checked now)? */
gboolean augur_exec_names_was_cut (AugurExecNames *names);

/* Is `address` the word of a pipe, socket pair or eventfd the program made
 * (common/objects.h), as of step `step`? */
gboolean augur_exec_names_is_channel (AugurExecNames *names, guint step, guint64 address);

G_END_DECLS

#endif /* AUGUR_EXEC_NAMES_H */
