/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * solver.h — the Z3 set-up the diagnosis stage's encodings share: a
 * context whose errors are read back by the caller (Z3_get_error_code)
 * rather than aborting, and a solver or an optimizer bounded by a timeout.
 * root-cause.c (the MaxSAT root cause) and repair.c (binate covers) build
 * on it.
 */
#pragma once

#include <z3.h>

/* A fresh context (Z3_del_context to free); its error handler does
 * nothing, so a failed call is seen through Z3_get_error_code. */
Z3_context augur_diag_solver_context_new (void);

/* A simple solver (referenced: Z3_solver_dec_ref), bounded by timeout
 * seconds if timeout > 0. */
Z3_solver augur_diag_solver_new (Z3_context ctx, double timeout);

/* An optimizer (referenced: Z3_optimize_dec_ref), bounded the same way. */
Z3_optimize augur_diag_solver_optimize_new (Z3_context ctx, double timeout);
