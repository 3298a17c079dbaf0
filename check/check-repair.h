/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-repair.h — `augur check`'s repair step: after the stages, when a
 * confirmed failure (assertion, abort, crash, deadlock) is there and time
 * is left in the budget, `augur diagnose` runs on the results and writes
 * DIR/diagnosis.json next to results.json (its text in DIR/diagnosis.txt):
 * root causes, kill-sets and repairs (diagnose/diagnose.h).
 *
 * It runs as a child process killed at the budget's end, so that the
 * budget stays a hard limit whatever the solver and the re-explorations
 * take.  Repairs are verified (patched, rebuilt with augur-cc, explored)
 * when the program is built from one C source file found on this machine;
 * otherwise they are proposed unverified, and diagnosis.json's "note" says
 * so.  Nothing here changes a finding or the exit status: a diagnosis that
 * fails, is skipped or runs out of time leaves a note (in diagnosis.json
 * and on the console).
 */
#ifndef AUGUR_CHECK_REPAIR_H
#define AUGUR_CHECK_REPAIR_H

#include <glib.h>

#include "check/check-stages.h"

G_BEGIN_DECLS

/* The diagnosis is not worth starting with less time than this, seconds. */
#define AUGUR_CHECK_REPAIR_MIN_SECONDS 2.0

/* Runs the repair step (unless --no-repair) and returns the line that
 * says what it did, for the console ("diagnosis: ..."), or NULL when
 * there was nothing to diagnose. */
char *augur_check_repair (AugurCheckState *state);

G_END_DECLS

#endif /* AUGUR_CHECK_REPAIR_H */
