/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * solver.c — Z3 contexts, solvers and optimizers for the diagnosis stage
 * (solver.h).
 */
#include "config.h"

#include "diagnose/solver.h"

#include <glib.h>

static void
ignore_error (Z3_context ctx, Z3_error_code code)
{
  (void) ctx;
  (void) code;  /* Z3_get_error_code is read by the caller */
}

Z3_context
augur_diag_solver_context_new (void)
{
  Z3_config cfg = Z3_mk_config ();
  Z3_context ctx = Z3_mk_context (cfg);
  Z3_del_config (cfg);
  Z3_set_error_handler (ctx, ignore_error);
  return ctx;
}

void
augur_diag_solver_set_timeout (Z3_context ctx, Z3_solver s, Z3_optimize o, double timeout)
{
  if (timeout <= 0)
    return;
  Z3_params p = Z3_mk_params (ctx);
  Z3_params_inc_ref (ctx, p);
  Z3_params_set_uint (ctx, p, Z3_mk_string_symbol (ctx, "timeout"),
                      (unsigned) MIN (timeout * 1000, G_MAXUINT));
  if (s != NULL)
    Z3_solver_set_params (ctx, s, p);
  else
    Z3_optimize_set_params (ctx, o, p);
  Z3_params_dec_ref (ctx, p);
}

Z3_optimize
augur_diag_solver_optimize_new (Z3_context ctx, double timeout)
{
  Z3_optimize opt = Z3_mk_optimize (ctx);
  Z3_optimize_inc_ref (ctx, opt);
  augur_diag_solver_set_timeout (ctx, NULL, opt, timeout);
  return opt;
}
