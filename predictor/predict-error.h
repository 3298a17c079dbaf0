/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * predict-error.h — the error domain of predictor/: Z3 failed (not a
 * timeout, which is an undecided query), or a trace whose model would not
 * fit in memory (model.h, AUGUR_PRED_MAX_VC).
 */
#ifndef AUGUR_PREDICT_ERROR_H
#define AUGUR_PREDICT_ERROR_H

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_PREDICT_ERROR (augur_predict_error_quark ())
GQuark augur_predict_error_quark (void);

typedef enum {
  AUGUR_PREDICT_ERROR_Z3,        /* Z3 failed (not a timeout) */
  AUGUR_PREDICT_ERROR_TOO_LARGE, /* the model would not fit (model.h, AUGUR_PRED_MAX_VC) */
} AugurPredictError;

G_END_DECLS

#endif /* AUGUR_PREDICT_ERROR_H */
