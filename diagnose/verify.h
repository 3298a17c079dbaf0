/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * verify.h — a repair proven by re-exploration (beyond ConcBugAssist,
 * whose repairs are never checked).
 *
 * The patch is applied with `patch -p1` to a copy of the source in a
 * temporary directory, the copy is built with augur-cc (a program of one
 * source file: `augur-cc -O0 -g -o prog FILE` plus the flags given; of
 * several: each source compiled with -c and its own recorded flags, the
 * patched copy in place of its original, and the objects linked with all
 * of them; the copy's quoted includes are looked for where its original
 * is), and
 * the patched program is explored exhaustively (optimal DPOR: every
 * Mazurkiewicz trace once).  Verified: the exploration completed, no
 * execution failed (for an exit-status failure, none ended with a nonzero
 * exit status either) and none deadlocked ("verified — 0 failing executions
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
  /* a program of several sources: each one's absolute path and its own
   * flags (an entry may be NULL), NULL-terminated; NULL: the patched
   * file is the program */
  const char *const *sources;
  const char *const *source_flags;
  gboolean exit_fails;     /* a nonzero exit status is a failure too (the finding was one) */
} AugurDiagVerifyOptions;

/* Sets r->verdict, r->verification and r->still_fails.  @argv: the
 * program's command line; its argv[0] is replaced by the patched build.
 * r->source is the original file the patch's a/REL stands for. */
void augur_diag_verify (AugurDiagRepair *r, const char *const *argv,
                        const AugurDiagVerifyOptions *opts);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_VERIFY_H */
