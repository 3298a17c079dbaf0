/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * prune.h — static pruning of the explorer's scheduling points:
 * an access at a source line that static analysis put in no candidate pair
 * can never race, so it need not be a scheduling point.
 *
 * The table handed to the runtime (AugurSchedShm.pruned, see
 * common/augur-sched-format.h) is a sorted list of disjoint PC ranges
 * [lo, hi) of the executable, in the runtime's step pc convention: an
 * offset from the load bias, i.e. the ELF virtual address (the runtime's
 * pc of an access is the hook call's return address minus one, an address
 * inside the call instruction, so it lies in the line-table row of the
 * call's line).
 *
 * Ranges come from the executable's DWARF line table: each row covers
 * [its address, the next row's address) of its sequence and names a
 * (file, line).  A row is pruned when (file, line) is an access site of
 * the facts and augur_static_facts_is_site_candidate() says no.  Several
 * rows at one address count as pruned only if all are; any address also
 * covered by a row that is not pruned is taken out again.
 *
 * Soundness: nothing is pruned when the facts cannot prune (incomplete or
 * fallback), when the executable has no line table, or when the ranges do
 * not fit in AUGUR_SCHED_MAX_PRUNED (then `overflow` says so).
 */
#ifndef AUGUR_PRUNE_H
#define AUGUR_PRUNE_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "static/static-facts.h"

G_BEGIN_DECLS

typedef struct {
  guint n_ranges;       /* written to the page */
  guint n_sites;        /* distinct file:line access sites pruned (found in the line table) */
  gboolean overflow;    /* too many ranges: nothing pruned */
  gboolean no_debug;    /* the executable has no readable line table: nothing pruned */
} AugurPruneInfo;

/* Fills shm->pruned / shm->n_pruned for @exe (the executable's path) from
 * @facts (may be NULL: nothing pruned).  Always sets shm->n_pruned. */
void augur_prune_fill (AugurSchedShm *shm, const char *exe, AugurStaticFacts *facts,
                       AugurPruneInfo *info);

G_END_DECLS

#endif /* AUGUR_PRUNE_H */
