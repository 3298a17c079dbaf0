/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * delay.h — a race checked by delaying one thread, for windows too large
 * to encode.  A race whose accesses x and y (x first) lie far apart in
 * the trace (an unlocked queue push long after the consumer first looked:
 * lbzip2's worker and sink, 112,000 events apart) has windows far over
 * the encoder's limit.  Often the race needs no reordering but one: x's
 * thread waits, the rest runs as recorded up to y, then x, then y.  This
 * checks that reordering, going forward once over the events between.
 */
#ifndef AUGUR_PRED_DELAY_H
#define AUGUR_PRED_DELAY_H

#include <glib.h>

#include "predictor/model.h"

G_BEGIN_DECLS

/* TRUE if running the trace as recorded from @lo up to @y, with @x's
 * thread and whatever needs it held back from @x on, then x, then y, is
 * a run of the program: @schedule (guint32 global indices from @lo on,
 * as augur_encoder_check gives them) receives it.  FALSE (the schedule
 * empty) if y's thread would have to wait too, or an event could not be
 * judged. */
gboolean augur_pred_delay_schedule (const AugurPredModel *m, guint32 lo, guint32 x, guint32 y,
                                    GArray *schedule);

G_END_DECLS

#endif /* AUGUR_PRED_DELAY_H */
