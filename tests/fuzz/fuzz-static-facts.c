/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz-static-facts.c — the static facts reader (static/static-facts-
 * json.c, `--static-facts FACTS` and augur check's static-facts.json) and
 * what the predictor and explorer ask of the facts: counts, candidate
 * pairs, the queries by site, and writing them again.
 */
#include "config.h"

#include "static/static-error.h"
#include "static/static-facts.h"
#include "tests/fuzz/fuzz.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  augur_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurStaticFacts) f = augur_static_facts_load_from_data ((const char *) data,
                                                                      (gssize) size, &error);
  if (f == NULL)
    {
      g_assert (error != NULL && error->domain == AUGUR_STATIC_ERROR);
      return 0;
    }
  guint n_sites = 0, no_conflict = 0, no_pair = 0;
  augur_static_facts_count_sites (f, &n_sites, &no_conflict, &no_pair);
  (void) augur_static_facts_can_prune (f);
  const GPtrArray *pairs = augur_static_facts_get_candidate_pairs (f);
  for (guint i = 0; i < pairs->len; i++)
    {
      const AugurStaticPair *p = g_ptr_array_index (pairs, i);
      (void) augur_static_facts_is_pair_candidate (f, p->file_a, p->line_a, p->file_b, p->line_b);
      (void) augur_static_facts_is_site_candidate (f, p->file_a, p->line_a);
      (void) augur_static_facts_is_site_conflicting (f, p->file_b, p->line_b);
    }
  const GPtrArray *shared = augur_static_facts_get_shared (f);
  for (guint i = 0; i < shared->len; i++)
    (void) augur_static_facts_is_location_shared (
      f, ((const AugurStaticShared *) g_ptr_array_index (shared, i))->location);
  g_free (augur_static_facts_to_string (f));
  gsize len = 0;
  g_autofree char *out = augur_static_facts_to_data (f, &len);
  g_autoptr (AugurStaticFacts) again = augur_static_facts_load_from_data (out, (gssize) len, &error);
  if (again == NULL)
    g_error ("what augur wrote does not read back: %s", error->message);
  return 0;
}
