/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-filter.h — what the static facts (static/) rule out for the
 * predictor: queries whose accesses can never conflict, and predictions
 * whose accesses the facts prove cannot interfere.
 *
 * Sound by construction: a site without a source line, or facts that say
 * they cannot prune (incomplete analysis, Frama-C failed), rule out nothing.
 * Paths are compared canonical: debug info says "build/../src/a.c", Frama-C
 * "src/a.c".
 */
#ifndef AUGUR_STATIC_FILTER_H
#define AUGUR_STATIC_FILTER_H

#include <glib.h>

#include "common/results.h"
#include "common/symbolizer.h"
#include "common/trace.h"
#include "predictor/model.h"
#include "static/static-facts.h"

G_BEGIN_DECLS

typedef struct _AugurStaticFilter AugurStaticFilter;

/* NULL when `facts` is NULL or cannot prune: nothing is then filtered. */
AugurStaticFilter *augur_static_filter_new (AugurStaticFacts *facts, const AugurPredModel *model,
                                        AugurSymbolizer *symbolizer);
void augur_static_filter_free (AugurStaticFilter *filter);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurStaticFilter, augur_static_filter_free)

/* May thread t1's accesses to var v and thread t2's take part in an
 * atomicity violation: does each side have an access at a site that
 * conflicts with something? */
gboolean augur_static_filter_may_interfere (AugurStaticFilter *filter, guint v, guint t1, guint t2);
/* May they race: is some pair of their sites a candidate pair? */
gboolean augur_static_filter_may_race (AugurStaticFilter *filter, guint v, guint t1, guint t2);

/* The prediction's accesses cannot conflict: a race whose two sites are in
 * no candidate pair, or an atomicity violation with a site that conflicts
 * with nothing.  FALSE for facts that cannot prune (NULL included). */
gboolean augur_static_filter_ruled_out (AugurStaticFacts *facts, AugurFinding *finding);

G_END_DECLS

#endif /* AUGUR_STATIC_FILTER_H */
