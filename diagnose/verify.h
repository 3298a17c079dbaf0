/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * verify.h — a repair proven by re-exploration (beyond ConcBugAssist,
 * whose repairs are never checked).
 *
 * The patch is applied with `patch -p1` to a copy of the source in a
 * temporary directory, the copy is built with augur-cc (the program is one
 * source file: `augur-cc -O0 -g -o prog FILE` plus the flags given), and
 * the patched program is explored exhaustively (optimal DPOR: every
 * Mazurkiewicz trace once).  Verified: the exploration completed, no
 * execution failed and none deadlocked ("verified — 0 failing executions
 * of 12 (all traces), no deadlock").  Rejected: some execution fails or
 * deadlocks (the first one's schedule is shown), or the patch does not
 * apply or build.  Not verified: the exploration did not finish in time.
 */
#ifndef AUGUR_DIAGNOSE_VERIFY_H
#define AUGUR_DIAGNOSE_VERIFY_H

#include <glib.h>

#include "diagnose/patch.h"

G_BEGIN_DECLS

typedef struct {
  const char *cc;          /* augur-cc to build with (NULL: AUGUR_CC_BIN, then the installed one) */
  const char *cflags;      /* more flags, split on spaces (may be NULL) */
  double timeout;          /* exploration of the patched program, seconds (0 = none) */
} AugurDiagVerifyOptions;

/* Sets r->verdict, r->verification and r->still_fails.  @argv: the
 * program's command line; its argv[0] is replaced by the patched build.
 * r->source is the original file the patch's a/REL stands for. */
void augur_diag_verify (AugurDiagRepair *r, const char *const *argv,
                        const AugurDiagVerifyOptions *opts);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_VERIFY_H */
