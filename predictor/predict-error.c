/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * predict-error.c — the AUGUR_PREDICT_ERROR domain.
 */
#include "config.h"

#include "predictor/predict-error.h"

G_DEFINE_QUARK (augur-predict-error-quark, augur_predict_error)
