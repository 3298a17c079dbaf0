/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mazurkiewicz.h — the canonical name of an execution's Mazurkiewicz trace,
 * to check that two search strategies reach the same traces.
 *
 * Two executions are equivalent when one is obtained from the other by
 * swapping adjacent independent steps.  The steps that must stay ordered
 * are: program order; augur_sched_dependent (common/augur-sched-format.h,
 * the relation the sleep sets use); a thread's CREATE before its steps; a
 * thread's EXIT before its JOIN; the waking step before a COND_WAKE or
 * BARRIER_LEAVE.  The name is the lexicographic normal form: the schedule
 * (thread of each step, "0.0.1.2...") obtained by always running, among
 * the steps whose predecessors have run, the one of the lowest thread.  It
 * is itself a schedule of the trace, so equal names mean equivalent
 * executions and different names different traces.
 *
 * Quadratic in the steps: for tests and debugging, not for the explorer's
 * hot path.
 */
#ifndef AUGUR_MAZURKIEWICZ_H
#define AUGUR_MAZURKIEWICZ_H

#include <glib.h>

#include "common/augur-sched-format.h"

G_BEGIN_DECLS

char *augur_mazurkiewicz_normal_form (const AugurSchedStep *steps, guint n);

G_END_DECLS

#endif /* AUGUR_MAZURKIEWICZ_H */
