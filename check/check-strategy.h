/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-strategy.h — how `augur check` explores: which of the explorer's
 * modes run, in which order, for how long, and what the whole guarantees.
 *
 * --mode auto (the default): optimal DPOR first, with half of the time.
 * If its search ends with no run cut, every interleaving was explored and
 * the check is complete.  Otherwise (its time ran out, or runs were cut
 * by the step bound, the watchdog, the exit bound or the thread limit,
 * so that what was explored is not everything) the rest goes half to
 * preemption-bounded schedules, bound 2, then 3 and on while time is left
 * (a bound whose search covers every schedule makes the check complete),
 * and half to PCT schedules (random priorities, seed 0) until the time
 * runs out.  Before them, when optimal DPOR's time ran out and some of
 * its runs had a spurious wake-up, optimal DPOR without spurious
 * wake-ups gets a third of what is left: its search may end, and says so
 * ("optimal without spurious wake-ups: complete: ..."), but it never
 * makes the check complete (a smaller space than the program's).  --mode optimal, dpor, preempt or pct runs that strategy
 * alone with all of the time (preempt: bounds 2, 3, ...; pct: schedules
 * until the time runs out).
 *
 * Each strategy's findings are merged into the check's results as the
 * other stages' are (check-merge.h), and each one is recorded in them
 * (augur_results_add_strategy) with what it guarantees.  The check is
 * complete only when a strategy's search ended with that guarantee
 * ("complete: every interleaving up to equivalence", or preempt's
 * "complete: every schedule"); a PCT sample, a preemption bound, a time
 * limit or a cut run never make it complete.
 */
#ifndef AUGUR_CHECK_STRATEGY_H
#define AUGUR_CHECK_STRATEGY_H

#include <glib.h>

#include "check/check-stages.h"

G_BEGIN_DECLS

/* Explores @state's program in @seconds with the strategies of its
 * options' mode; sets state->explore_complete and explore_guarantee and
 * adds the findings, executions, bounds and strategies to state->results.
 * FALSE with @error when the program could not be explored at all (what
 * was found before is kept). */
gboolean augur_check_explore (AugurCheckState *state, double seconds, GError **error);

/* The auto plan's share for PCT of the @left seconds after the strategies
 * before it, in an exploration given @seconds in all whose strategies so
 * far took @rate seconds an execution (0: none ran): half of @left, or
 * its floor when more (an eighth of @seconds, or 200 executions at
 * @rate), at most three quarters of @left (check-strategy.c). */
double augur_check_pct_share (double seconds, double left, double rate);

G_END_DECLS

#endif /* AUGUR_CHECK_STRATEGY_H */
