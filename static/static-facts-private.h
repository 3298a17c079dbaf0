/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-facts-private.h — the inside of AugurStaticFacts, shared by
 * static-facts.c (model, queries, text) and static-facts-json.c (file).
 */
#ifndef AUGUR_STATIC_FACTS_PRIVATE_H
#define AUGUR_STATIC_FACTS_PRIVATE_H

#include "static/static-facts.h"

G_BEGIN_DECLS

struct _AugurStaticFacts
{
  gatomicrefcount ref;
  gboolean sound_fallback;
  gboolean complete;
  double   frama_c_seconds;
  char    *cached_in;          /* the cache file they were read from, or NULL; not saved */
  /* owned elements, in the order of the file; sorted by _finish () */
  GPtrArray *threads;          /* AugurStaticThread */
  GPtrArray *shared;           /* AugurStaticShared */
  GPtrArray *accesses;         /* AugurStaticAccess */
  GPtrArray *pairs;            /* AugurStaticPair, lock == NULL */
  GPtrArray *protected_pairs;  /* AugurStaticPair, lock != NULL */
  GPtrArray *unknown_sites;    /* AugurStaticUnknownSite */
  GPtrArray *warnings;         /* AugurStaticWarning */
  /* indexes built by _finish (): "basename:line" -> GPtrArray of full
   * file names (borrowed) */
  GHashTable *candidate_sites;
  GHashTable *conflicting_sites;
  GHashTable *listed_sites;    /* every site the facts name: accesses, pair ends, unknown */
  GHashTable *shared_names;    /* location -> itself (borrowed) */
  gboolean    any_unknown_location;
};

AugurStaticFacts *augur_static_facts_new_empty (void);
/* Sorts the lists and builds the query indexes; call once, after filling. */
void augur_static_facts_finish (AugurStaticFacts *facts);

void augur_static_thread_free (gpointer p);
void augur_static_shared_free (gpointer p);
void augur_static_access_free (gpointer p);
void augur_static_pair_free (gpointer p);
void augur_static_unknown_site_free (gpointer p);
void augur_static_warning_free (gpointer p);

gboolean augur_static_access_kind_from_string (const char *s, AugurStaticAccessKind *kind);

G_END_DECLS

#endif /* AUGUR_STATIC_FACTS_PRIVATE_H */
