/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-filter.c — the static facts applied to the predictor's queries and
 * predictions (see static-filter.h).
 */
#include "config.h"

#include "predictor/static-filter.h"

#include <string.h>

typedef struct {
  char *file;    /* canonical, NULL when the PC has no source line */
  guint line;
} Site;

struct _AugurStaticFilter {
  AugurStaticFacts *facts;          /* a reference */
  const AugurPredModel *m;
  AugurSymbolizer *sym;
  GHashTable *sites;                /* (module << 32 | pc) -> Site*, owned */
};

static void
site_free (gpointer p)
{
  Site *s = p;
  g_free (s->file);
  g_free (s);
}

AugurStaticFilter *
augur_static_filter_new (AugurStaticFacts *facts, const AugurPredModel *model,
                       AugurSymbolizer *symbolizer)
{
  if (facts == NULL || !augur_static_facts_can_prune (facts))
    return NULL;
  AugurStaticFilter *f = g_new0 (AugurStaticFilter, 1);
  f->facts = augur_static_facts_ref (facts);
  f->m = model;
  f->sym = symbolizer;
  f->sites = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, site_free);
  return f;
}

void
augur_static_filter_free (AugurStaticFilter *f)
{
  if (f == NULL)
    return;
  augur_static_facts_unref (f->facts);
  g_hash_table_unref (f->sites);
  g_free (f);
}

/* The source line of event g, looked up once per PC. */
static const Site *
site_of (AugurStaticFilter *f, guint32 g)
{
  gint64 key = (gint64) augur_pred_model_site (f->m, g);
  Site *s = g_hash_table_lookup (f->sites, &key);
  if (s != NULL)
    return s;
  s = g_new0 (Site, 1);
  AugurSource src;
  augur_pred_model_source (f->m, f->sym, g, &src);
  if (src.file != NULL)
    {
      s->file = g_canonicalize_filename (src.file, NULL);
      s->line = src.line;
    }
  gint64 *k = g_new (gint64, 1);
  *k = key;
  g_hash_table_insert (f->sites, k, s);
  return s;
}

static const GArray *
accesses (AugurStaticFilter *f, guint v, guint t)
{
  const AugurPredVar *var = g_ptr_array_index (f->m->vars, v);
  return var->acc[t];
}

/* Some access of thread t to var v is at a site that conflicts with
 * something (or has no source line, which rules nothing out). */
static gboolean
side_conflicts (AugurStaticFilter *f, guint v, guint t)
{
  const GArray *a = accesses (f, v, t);
  if (a == NULL)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const Site *s = site_of (f, g_array_index (a, guint32, i));
      if (s->file == NULL || augur_static_facts_is_site_conflicting (f->facts, s->file, s->line))
        return TRUE;
    }
  return FALSE;
}

gboolean
augur_static_filter_may_interfere (AugurStaticFilter *f, guint v, guint t1, guint t2)
{
  if (f == NULL)
    return TRUE;
  return side_conflicts (f, v, t1) && side_conflicts (f, v, t2);
}

/* The distinct sites of thread t's accesses to var v; NULL if one of them
 * has no source line. */
static GPtrArray *
distinct_sites (AugurStaticFilter *f, guint v, guint t)
{
  const GArray *a = accesses (f, v, t);
  GPtrArray *out = g_ptr_array_new ();
  GHashTable *seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; a != NULL && i < a->len; i++)
    {
      const Site *s = site_of (f, g_array_index (a, guint32, i));
      if (s->file == NULL)
        {
          g_hash_table_unref (seen);
          g_ptr_array_unref (out);
          return NULL;
        }
      if (g_hash_table_add (seen, (gpointer) s))
        g_ptr_array_add (out, (gpointer) s);
    }
  g_hash_table_unref (seen);
  return out;
}

gboolean
augur_static_filter_may_race (AugurStaticFilter *f, guint v, guint t1, guint t2)
{
  if (f == NULL)
    return TRUE;
  g_autoptr (GPtrArray) s1 = distinct_sites (f, v, t1);
  g_autoptr (GPtrArray) s2 = distinct_sites (f, v, t2);
  if (s1 == NULL || s2 == NULL)
    return TRUE;
  for (guint i = 0; i < s1->len; i++)
    for (guint j = 0; j < s2->len; j++)
      {
        const Site *a = g_ptr_array_index (s1, i), *b = g_ptr_array_index (s2, j);
        if (augur_static_facts_is_pair_candidate (f->facts, a->file, a->line, b->file, b->line))
          return TRUE;
      }
  return FALSE;
}

gboolean
augur_static_filter_ruled_out (AugurStaticFacts *facts, AugurFinding *p)
{
  if (facts == NULL || !augur_static_facts_can_prune (facts))
    return FALSE;
  guint n = augur_finding_get_n_accesses (p);
  for (guint i = 0; i < n; i++)
    if (augur_finding_get_access (p, i)->file == NULL)
      return FALSE;
  switch (augur_finding_get_kind (p))
    {
    case AUGUR_FINDING_DATA_RACE:
      if (n != 2)
        return FALSE;
      {
        const AugurAccess *a = augur_finding_get_access (p, 0), *b = augur_finding_get_access (p, 1);
        g_autofree char *fa = g_canonicalize_filename (a->file, NULL);
        g_autofree char *fb = g_canonicalize_filename (b->file, NULL);
        return !augur_static_facts_is_pair_candidate (facts, fa, a->line, fb, b->line);
      }
    case AUGUR_FINDING_ATOMICITY_VIOLATION:
      for (guint i = 0; i < n; i++)
        {
          const AugurAccess *a = augur_finding_get_access (p, i);
          g_autofree char *fa = g_canonicalize_filename (a->file, NULL);
          if (!augur_static_facts_is_site_conflicting (facts, fa, a->line))
            return TRUE;
        }
      return FALSE;
    default:
      return FALSE;
    }
}
