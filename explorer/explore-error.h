/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-error.h — the error domain of explorer/: a program that cannot
 * be explored (not built with augur-cc, cannot be run, does not follow
 * its schedules) or augur's own failure.  Each code maps to an exit
 * status (src/cmd-explore.c, augur_cmd_explore_exit_for_error).
 */
#ifndef AUGUR_EXPLORE_ERROR_H
#define AUGUR_EXPLORE_ERROR_H

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_EXPLORE_ERROR (augur_explore_error_quark ())
GQuark augur_explore_error_quark (void);

typedef enum {
  AUGUR_EXPLORE_ERROR_NOT_INSTRUMENTED, /* not built with augur-cc (exit 3) */
  AUGUR_EXPLORE_ERROR_SPAWN,            /* cannot run it at all (exit 3) */
  AUGUR_EXPLORE_ERROR_NONDETERMINISTIC, /* diverged from its schedules (exit 4) */
  AUGUR_EXPLORE_ERROR_FAILED,           /* augur's own failure (exit 5) */
} AugurExploreError;

G_END_DECLS

#endif /* AUGUR_EXPLORE_ERROR_H */
