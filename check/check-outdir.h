/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-outdir.h — the output folder of one `augur check`.
 *
 * Two checks writing into one folder at once overwrite each other's trace
 * and results and fail with misleading errors ("wrote no trace", "corrupt
 * record"); a check run again into a used folder left the earlier run's
 * finding pages and static facts next to its own (augur replay picks up
 * DIR/static-facts.json).  So a check takes the folder for itself: it
 * creates it, holds an flock on DIR/.augur-check.lock (which names its
 * pid) until it ends, and first removes what an earlier check wrote there
 * -- its trace, results, predictions, explorer file, static facts and
 * report pages -- and nothing else: the folder may hold the user's files.
 */
#ifndef AUGUR_CHECK_OUTDIR_H
#define AUGUR_CHECK_OUTDIR_H

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_CHECK_OUTDIR_ERROR (augur_check_outdir_error_quark ())
GQuark augur_check_outdir_error_quark (void);

typedef enum {
  AUGUR_CHECK_OUTDIR_ERROR_BUSY,   /* another check holds the folder */
  AUGUR_CHECK_OUTDIR_ERROR_IO,     /* it cannot be created, locked or cleared */
} AugurCheckOutdirError;

/* Creates, locks and clears dir; the lock's descriptor (keep it open for
 * the run: closing it, or exiting, releases the folder), or -1. */
int augur_check_outdir_take (const char *dir, GError **error);

G_END_DECLS

#endif /* AUGUR_CHECK_OUTDIR_H */
