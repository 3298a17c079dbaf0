/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * patterns.h — McPatom's unserializable two-thread patterns (its Fig. 6),
 * for any number of accesses.
 *
 * A local thread makes a run of accesses to one variable between two of its
 * synchronisation points (the local accesses, "the block"); a remote thread's
 * access b comes between two of them.  Splitting the block at b's position
 * into B1 (before) and B3 (after), the interleaving is unserializable exactly
 * when it matches one of (A = any access, * = zero or more):
 *
 *   R-W-R   R1 W2 R1     a read, then a remote write, then a read
 *   W-W-R   W1 R1* W2 R1 the local write is overwritten before it is read back
 *   R-W-W   R1 W2 W1     the value read is stale when the local write lands
 *   W-R-W   W1 R1* R2 W1 the remote read sees an intermediate value
 *   W-W-W   W1 R1* W2 W1 the remote write is lost
 *
 * (McPatom's proof of completeness: whatever is left, R+ R2 A+ and A+ R2 R+,
 * is serializable.)  As in McPatom's LTL formulas, c is the first local
 * access after the split (the remote access is followed directly by the
 * local one, W2+ U A1), and a is the latest local access of its kind before
 * the split with only reads after it (A1 X (R1 U ...)).  A block of n
 * accesses therefore has at most n-1 splits and one witness (a, c) per split
 * and pattern: the number of queries grows linearly with the accesses.
 *
 * Local kinds are 'R' (a plain or atomic load) and 'W' (any write,
 * read-modify-writes included).
 */
#ifndef AUGUR_PRED_PATTERNS_H
#define AUGUR_PRED_PATTERNS_H

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  AUGUR_PATTERN_RWR,
  AUGUR_PATTERN_WWR,
  AUGUR_PATTERN_RWW,
  AUGUR_PATTERN_WRW,
  AUGUR_PATTERN_WWW,
  AUGUR_PATTERN_N
} AugurPattern;

/* "R-W-R" ... */
const char *augur_pattern_name (AugurPattern p);
gboolean    augur_pattern_from_name (const char *name, AugurPattern *p);
/* The kind of the remote access: 'W' or 'R'. */
char        augur_pattern_remote_kind (AugurPattern p);
/* One sentence on why the pattern is unserializable. */
const char *augur_pattern_description (AugurPattern p);

/* For a block whose access kinds are kinds[0..n-1] ('R'/'W') and a remote
 * access placed between kinds[split-1] and kinds[split] (1 <= split < n):
 * TRUE if pattern p applies, with its witness accesses a < split <= c. */
gboolean augur_pattern_witness (AugurPattern p, const char *kinds, guint n, guint split,
                                guint *a, guint *c);
/* The same in constant time, with last_w[i] = 1 + the index of the last
 * 'W' in kinds[0..i] (0: none), which augur_pattern_last_writes() fills
 * in one pass: a block of a spin loop holds millions of reads, and
 * walking back from every split is quadratic. */
gboolean augur_pattern_witness_at (AugurPattern p, const char *kinds, const guint *last_w,
                                   guint n, guint split, guint *a, guint *c);
void     augur_pattern_last_writes (const char *kinds, guint n, guint *last_w);

/* Every (split, pattern, witness) of a block, as text, for tests:
 * "1 R-W-R 0,1; 2 W-R-W 1,2". */
char *augur_pattern_block_to_string (const char *kinds);

G_END_DECLS

#endif /* AUGUR_PRED_PATTERNS_H */
