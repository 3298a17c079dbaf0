/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * solver.h — the Z3 set-up the diagnosis stage's encodings share: a
 * context whose errors are read back by the caller (Z3_get_error_code)
 * rather than aborting, and a timeout on a solver or an optimizer.
 * root-cause.c (the MaxSAT root cause) and repair.c (binate covers) build
 * on it.
 */
#ifndef AUGUR_DIAGNOSE_SOLVER_H
#define AUGUR_DIAGNOSE_SOLVER_H

#include <glib.h>
#include <z3.h>

G_BEGIN_DECLS

/* A fresh context (Z3_del_context to free); its error handler does
 * nothing, so a failed call is seen through Z3_get_error_code. */
Z3_context augur_diag_solver_context_new (void);

/* Bounds solver s, or else optimizer o, by timeout seconds if timeout > 0
 * (Z3 counts unsigned milliseconds: a longer timeout is clamped). */
void augur_diag_solver_set_timeout (Z3_context ctx, Z3_solver s, Z3_optimize o, double timeout);

/* An optimizer (referenced: Z3_optimize_dec_ref), bounded by timeout
 * seconds if timeout > 0. */
Z3_optimize augur_diag_solver_optimize_new (Z3_context ctx, double timeout);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_SOLVER_H */
