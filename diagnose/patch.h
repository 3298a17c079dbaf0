/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * patch.h — Algorithm 2's TRANSFORMPROGRAM: a repair realised as a change
 * to the user's source, written as a unified diff (`patch -p1` in the
 * source directory applies it).
 *
 *   - Lock (the paper's composite solution, section 4.3): when every core
 *     orders two threads both ways (each interleaves the other's region),
 *     a new mutex around each thread's region — the lines from its first
 *     to its last event in the cores, in one function — makes the regions
 *     mutually exclusive, which kills every core at once while letting
 *     either thread go first.  A region whose lines do not form whole
 *     statements of one block (braces that do not balance) is not
 *     realised, nor one that would hold the new mutex across a blocking
 *     wait (lock-block.h): that deadlocks without running it.
 *   - Order (an elementary solution): each chosen edge x →s y becomes a
 *     handshake, a flag set and broadcast under a new mutex after x's
 *     statement and waited for before y's.
 * The patch only inserts lines; the verification (verify.h) decides
 * whether it repairs anything and introduces no deadlock.
 */
#ifndef AUGUR_DIAGNOSE_PATCH_H
#define AUGUR_DIAGNOSE_PATCH_H

#include <glib.h>

#include "diagnose/repair.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_DIAG_REPAIR_LOCK,
  AUGUR_DIAG_REPAIR_ORDER,
  AUGUR_DIAG_REPAIR_GIVEN,    /* a patch the user gave (--verify-patch) */
} AugurDiagRepairKind;

typedef enum {
  AUGUR_DIAG_UNVERIFIED,
  AUGUR_DIAG_VERIFIED,
  AUGUR_DIAG_REJECTED,
} AugurDiagVerdict;

/* Text inserted at the start of a line of the original source (1-based;
 * the line after the last: at the end), for SARIF's artifactChanges. */
typedef struct {
  guint line;
  char *text;         /* whole lines, each ending in a newline */
} AugurDiagInsertion;

void augur_diag_insertion_free (AugurDiagInsertion *in);

typedef struct {
  AugurDiagRepairKind kind;
  char *summary;      /* what it does, in words */
  char *source;       /* the file patched, as found on disk */
  char *rel;          /* its name in the diff (a/REL, b/REL) */
  char *patch;        /* the unified diff */
  guint edges;        /* happens-before edges it enforces (order), regions (lock) */
  AugurDiagVerdict verdict;
  char *verification; /* "verified — 0 failing executions of 12 (all traces), no deadlock" */
  char *still_fails;  /* rejected: the schedule that still fails, NULL otherwise */
  GPtrArray *insertions; /* AugurDiagInsertion, in line order; NULL for a patch given */
} AugurDiagRepair;

void augur_diag_repair_free (AugurDiagRepair *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDiagRepair, augur_diag_repair_free)

/* The lock repair of @classes, or NULL with *why (a sentence) when it does
 * not apply or cannot be written.  @source_dir: where relative source
 * names are (may be NULL: the current directory). */
AugurDiagRepair *augur_diag_repair_lock (GPtrArray *classes, const char *source_dir, char **why);

/* The order repair for one binate cover (AugurDiagChoice), or NULL with *why. */
AugurDiagRepair *augur_diag_repair_order (GPtrArray *classes, GArray *cover,
                                          const char *source_dir, char **why);

/* The file the debug info calls @path: absolute, or under @source_dir, or
 * under the current directory; NULL if none exists. */
char *augur_diag_source_resolve (const char *path, const char *source_dir);

/* The name of @source in a diff: relative to @source_dir or the current
 * directory when under one of them, else its basename. */
char *augur_diag_source_rel (const char *source, const char *source_dir);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_PATCH_H */
