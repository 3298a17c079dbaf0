/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * finding-ref.h — "RESULTS#N", the way a person names one finding of a
 * results file (`augur replay`), and the schedule of that finding as the
 * controlled scheduler will replay it.
 *
 * Both come from outside: the reference from the command line, the
 * schedule from a results file anyone may have written.  N is decimal
 * digits only, 1 to G_MAXUINT (a number that does not fit is refused, not
 * taken modulo 2^32); a schedule is refused if it is longer than the
 * scheduler's step table or names a thread it cannot run, rather than
 * being cut to fit.
 */
#ifndef AUGUR_FINDING_REF_H
#define AUGUR_FINDING_REF_H

#include <glib.h>

#include "common/results.h"

G_BEGIN_DECLS

/* Splits "RESULTS" or "RESULTS#N" (the last '#'): *path is RESULTS (newly
 * allocated), *number is N, 1 when there is no '#'.  FALSE with a
 * G_OPTION_ERROR_BAD_VALUE error (a usage error) when N is not a number
 * from 1 to G_MAXUINT. */
gboolean augur_finding_ref_parse (const char *ref, char **path, guint *number, GError **error);

/* The thread of each step of f's schedule (n_steps of them, plus a 0 at
 * the end), or NULL with an AUGUR_RESULTS_ERROR_INVALID error naming the
 * step when the schedule has more than max_steps steps or a thread id of
 * max_threads or more. */
guint *augur_finding_ref_schedule (AugurFinding *f, guint max_threads, guint max_steps,
                                   guint *n_steps, GError **error);

G_END_DECLS

#endif /* AUGUR_FINDING_REF_H */
