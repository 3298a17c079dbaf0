/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-facts.c — the static facts model: lifetime, sorting, the indexes
 * behind the queries, the queries themselves and the text rendering.
 *
 * Invariant of the queries: when the facts cannot prune (sound fallback or
 * incomplete analysis) every query answers TRUE; otherwise a query answers
 * FALSE only when the listed facts rule the thing out.
 */
#include "config.h"

#include <string.h>

#include "static/static-facts-private.h"
#include "static/static-failure-cause.h"

/* ---- elements ---- */

void
augur_static_thread_free (gpointer p)
{
  AugurStaticThread *t = p;
  g_strfreev (t->entries);
  g_free (t->create_file);
  g_free (t);
}

void
augur_static_shared_free (gpointer p)
{
  AugurStaticShared *s = p;
  g_free (s->location);
  g_free (s->kind);
  g_array_unref (s->threads);
  g_free (s);
}

void
augur_static_access_free (gpointer p)
{
  AugurStaticAccess *a = p;
  g_free (a->file);
  g_free (a->location);
  g_strfreev (a->locks);
  g_free (a);
}

void
augur_static_pair_free (gpointer p)
{
  AugurStaticPair *pair = p;
  g_free (pair->location);
  g_free (pair->file_a);
  g_free (pair->file_b);
  g_strfreev (pair->kinds);
  g_free (pair->lock);
  g_free (pair);
}

void
augur_static_unknown_site_free (gpointer p)
{
  AugurStaticUnknownSite *u = p;
  g_free (u->file);
  g_free (u->reason);
  g_free (u);
}

void
augur_static_warning_free (gpointer p)
{
  AugurStaticWarning *w = p;
  g_free (w->kind);
  g_free (w->file);
  g_free (w->message);
  g_free (w);
}

static const char *const access_kind_names[] = {
  [AUGUR_STATIC_READ] = "R",
  [AUGUR_STATIC_WRITE] = "W",
  [AUGUR_STATIC_ATOMIC] = "A",
};

const char *
augur_static_access_kind_to_string (AugurStaticAccessKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (access_kind_names), NULL);
  return access_kind_names[kind];
}

gboolean
augur_static_access_kind_from_string (const char *s, AugurStaticAccessKind *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (access_kind_names); i++)
    if (g_strcmp0 (s, access_kind_names[i]) == 0)
      {
        *kind = (AugurStaticAccessKind) i;
        return TRUE;
      }
  return FALSE;
}

/* ---- lifetime ---- */

AugurStaticFacts *
augur_static_facts_new_empty (void)
{
  AugurStaticFacts *f = g_new0 (AugurStaticFacts, 1);
  g_atomic_ref_count_init (&f->ref);
  f->complete = TRUE;
  f->threads = g_ptr_array_new_with_free_func (augur_static_thread_free);
  f->shared = g_ptr_array_new_with_free_func (augur_static_shared_free);
  f->accesses = g_ptr_array_new_with_free_func (augur_static_access_free);
  f->pairs = g_ptr_array_new_with_free_func (augur_static_pair_free);
  f->protected_pairs = g_ptr_array_new_with_free_func (augur_static_pair_free);
  f->unknown_sites = g_ptr_array_new_with_free_func (augur_static_unknown_site_free);
  f->warnings = g_ptr_array_new_with_free_func (augur_static_warning_free);
  return f;
}

AugurStaticFacts *
augur_static_facts_new_fallback (const char *reason)
{
  g_return_val_if_fail (reason != NULL, NULL);

  AugurStaticFacts *f = augur_static_facts_new_empty ();
  f->sound_fallback = TRUE;
  f->complete = FALSE;
  g_autofree char *msg = g_strdup_printf ("%s: nothing is pruned, every location is shared "
                                          "and every pair of accesses is a candidate", reason);
  augur_static_facts_add_warning (f, "no-static-analysis", NULL, 0, msg);
  augur_static_facts_finish (f);
  return f;
}

AugurStaticFacts *
augur_static_facts_ref (AugurStaticFacts *facts)
{
  g_return_val_if_fail (facts != NULL, NULL);
  g_atomic_ref_count_inc (&facts->ref);
  return facts;
}

void
augur_static_facts_unref (AugurStaticFacts *facts)
{
  g_return_if_fail (facts != NULL);
  if (!g_atomic_ref_count_dec (&facts->ref))
    return;
  g_clear_pointer (&facts->candidate_sites, g_hash_table_unref);
  g_clear_pointer (&facts->conflicting_sites, g_hash_table_unref);
  g_clear_pointer (&facts->listed_sites, g_hash_table_unref);
  g_clear_pointer (&facts->shared_names, g_hash_table_unref);
  g_ptr_array_unref (facts->threads);
  g_ptr_array_unref (facts->shared);
  g_ptr_array_unref (facts->accesses);
  g_ptr_array_unref (facts->pairs);
  g_ptr_array_unref (facts->protected_pairs);
  g_ptr_array_unref (facts->unknown_sites);
  g_ptr_array_unref (facts->warnings);
  g_free (facts->cached_in);
  g_free (facts);
}

/* ---- sorting and indexes ---- */

static int
cmp_site (const char *fa, guint la, const char *fb, guint lb)
{
  int c = g_strcmp0 (fa, fb);
  if (c != 0)
    return c;
  return la < lb ? -1 : la > lb;
}

static int
cmp_thread (gconstpointer a, gconstpointer b)
{
  const AugurStaticThread *x = *(AugurStaticThread *const *) a;
  const AugurStaticThread *y = *(AugurStaticThread *const *) b;
  return x->id < y->id ? -1 : x->id > y->id;
}

static int
cmp_shared (gconstpointer a, gconstpointer b)
{
  const AugurStaticShared *x = *(AugurStaticShared *const *) a;
  const AugurStaticShared *y = *(AugurStaticShared *const *) b;
  return strcmp (x->location, y->location);
}

static int
cmp_access (gconstpointer a, gconstpointer b)
{
  const AugurStaticAccess *x = *(AugurStaticAccess *const *) a;
  const AugurStaticAccess *y = *(AugurStaticAccess *const *) b;
  int c = cmp_site (x->file, x->line, y->file, y->line);
  if (c == 0)
    c = x->thread < y->thread ? -1 : x->thread > y->thread;
  if (c == 0)
    c = (int) x->kind - (int) y->kind;
  if (c == 0)
    c = strcmp (x->location, y->location);
  return c;
}

static int
cmp_pair (gconstpointer a, gconstpointer b)
{
  const AugurStaticPair *x = *(AugurStaticPair *const *) a;
  const AugurStaticPair *y = *(AugurStaticPair *const *) b;
  int c = cmp_site (x->file_a, x->line_a, y->file_a, y->line_a);
  if (c == 0)
    c = cmp_site (x->file_b, x->line_b, y->file_b, y->line_b);
  if (c == 0)
    c = strcmp (x->location, y->location);
  return c;
}

static int
cmp_unknown (gconstpointer a, gconstpointer b)
{
  const AugurStaticUnknownSite *x = *(AugurStaticUnknownSite *const *) a;
  const AugurStaticUnknownSite *y = *(AugurStaticUnknownSite *const *) b;
  int c = cmp_site (x->file, x->line, y->file, y->line);
  return c != 0 ? c : strcmp (x->reason, y->reason);
}

static int
cmp_warning (gconstpointer a, gconstpointer b)
{
  const AugurStaticWarning *x = *(AugurStaticWarning *const *) a;
  const AugurStaticWarning *y = *(AugurStaticWarning *const *) b;
  int c = cmp_site (x->file, x->line, y->file, y->line);
  if (c == 0)
    c = strcmp (x->kind, y->kind);
  return c != 0 ? c : strcmp (x->message, y->message);
}

/* "prog.c:12" from any spelling of prog.c's path. */
static char *
site_key (const char *file, guint line)
{
  const char *slash = strrchr (file, '/');
  return g_strdup_printf ("%s:%u", slash != NULL ? slash + 1 : file, line);
}

/* Two spellings of one file: equal, or one is a path suffix of the other. */
static gboolean
files_match (const char *a, const char *b)
{
  if (strcmp (a, b) == 0)
    return TRUE;
  gsize la = strlen (a), lb = strlen (b);
  if (la > lb)
    return a[la - lb - 1] == '/' && strcmp (a + la - lb, b) == 0;
  if (lb > la)
    return b[lb - la - 1] == '/' && strcmp (b + lb - la, a) == 0;
  return FALSE;
}

/* index: site key -> GPtrArray of borrowed SiteRefs with an end there. */
static void
index_add (GHashTable *index, const char *file, guint line, gpointer element)
{
  g_autofree char *key = site_key (file, line);
  GPtrArray *list = g_hash_table_lookup (index, key);
  if (list == NULL)
    {
      list = g_ptr_array_new ();
      g_hash_table_insert (index, g_steal_pointer (&key), list);
    }
  g_ptr_array_add (list, element);
}

/* Elements of the indexes: a pair (either end matches) or an unknown site. */
typedef struct {
  const char *file_a;
  guint line_a;
  const char *file_b;      /* NULL for an unknown site: matches anything */
  guint line_b;
} SiteRef;

/* A new SiteRef, owned by refs. */
static SiteRef *
site_ref_new (GPtrArray *refs, const char *file_a, guint line_a,
              const char *file_b, guint line_b)
{
  SiteRef *r = g_new0 (SiteRef, 1);
  *r = (SiteRef) { file_a, line_a, file_b, line_b };
  g_ptr_array_add (refs, r);
  return r;
}

static void
index_pair (GHashTable *index, GPtrArray *refs, const AugurStaticPair *p)
{
  SiteRef *r = site_ref_new (refs, p->file_a, p->line_a, p->file_b, p->line_b);
  index_add (index, p->file_a, p->line_a, r);
  if (cmp_site (p->file_a, p->line_a, p->file_b, p->line_b) != 0)
    index_add (index, p->file_b, p->line_b, r);
}

/* site key -> owned GPtrArray of borrowed SiteRefs */
static GHashTable *
site_index_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                (GDestroyNotify) g_ptr_array_unref);
}

void
augur_static_facts_finish (AugurStaticFacts *f)
{
  g_return_if_fail (f->candidate_sites == NULL);

  g_ptr_array_sort (f->threads, cmp_thread);
  g_ptr_array_sort (f->shared, cmp_shared);
  g_ptr_array_sort (f->accesses, cmp_access);
  g_ptr_array_sort (f->pairs, cmp_pair);
  g_ptr_array_sort (f->protected_pairs, cmp_pair);
  g_ptr_array_sort (f->unknown_sites, cmp_unknown);
  g_ptr_array_sort (f->warnings, cmp_warning);

  /* The SiteRefs are owned by a list hung on the index itself, under a key
   * no site can have. */
  GPtrArray *refs = g_ptr_array_new_with_free_func (g_free);
  f->candidate_sites = site_index_new ();
  f->conflicting_sites = site_index_new ();
  f->listed_sites = site_index_new ();
  g_hash_table_insert (f->candidate_sites, g_strdup (""), refs);
  for (guint i = 0; i < f->pairs->len; i++)
    {
      index_pair (f->candidate_sites, refs, f->pairs->pdata[i]);
      index_pair (f->conflicting_sites, refs, f->pairs->pdata[i]);
      index_pair (f->listed_sites, refs, f->pairs->pdata[i]);
    }
  for (guint i = 0; i < f->protected_pairs->len; i++)
    {
      index_pair (f->conflicting_sites, refs, f->protected_pairs->pdata[i]);
      index_pair (f->listed_sites, refs, f->protected_pairs->pdata[i]);
    }
  for (guint i = 0; i < f->unknown_sites->len; i++)
    {
      const AugurStaticUnknownSite *u = f->unknown_sites->pdata[i];
      SiteRef *r = site_ref_new (refs, u->file, u->line, NULL, 0);
      index_add (f->candidate_sites, u->file, u->line, r);
      index_add (f->conflicting_sites, u->file, u->line, r);
      index_add (f->listed_sites, u->file, u->line, r);
    }
  for (guint i = 0; i < f->accesses->len; i++)
    {
      const AugurStaticAccess *a = f->accesses->pdata[i];
      SiteRef *r = site_ref_new (refs, a->file, a->line, NULL, 0);
      index_add (f->listed_sites, a->file, a->line, r);
      /* Atomic accesses are in no race pair (two atomics do not race), but
       * they synchronise: one another thread may see is a scheduling point
       * (a spin on an atomic flag must see the store that ends it). */
      if (a->kind == AUGUR_STATIC_ATOMIC && !a->alone)
        {
          index_add (f->candidate_sites, a->file, a->line, r);
          index_add (f->conflicting_sites, a->file, a->line, r);
        }
    }

  f->shared_names = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < f->shared->len; i++)
    {
      AugurStaticShared *s = f->shared->pdata[i];
      g_hash_table_add (f->shared_names, s->location);
      if (strcmp (s->location, "*") == 0)
        f->any_unknown_location = TRUE;
    }
}

/* ---- state ---- */

gboolean
augur_static_facts_get_sound_fallback (AugurStaticFacts *facts)
{
  g_return_val_if_fail (facts != NULL, TRUE);
  return facts->sound_fallback;
}

gboolean
augur_static_facts_get_complete (AugurStaticFacts *facts)
{
  g_return_val_if_fail (facts != NULL, FALSE);
  return facts->complete;
}

gboolean
augur_static_facts_can_prune (AugurStaticFacts *facts)
{
  g_return_val_if_fail (facts != NULL, FALSE);
  return facts->complete && !facts->sound_fallback;
}

double
augur_static_facts_get_frama_c_seconds (AugurStaticFacts *facts)
{
  g_return_val_if_fail (facts != NULL, 0);
  return facts->frama_c_seconds;
}

void
augur_static_facts_set_frama_c_seconds (AugurStaticFacts *facts, double seconds)
{
  g_return_if_fail (facts != NULL);
  facts->frama_c_seconds = seconds;
}

const char *
augur_static_facts_get_cached_in (AugurStaticFacts *facts)
{
  g_return_val_if_fail (facts != NULL, NULL);
  return facts->cached_in;
}

void
augur_static_facts_set_cached_in (AugurStaticFacts *facts, const char *path)
{
  g_return_if_fail (facts != NULL);
  g_free (facts->cached_in);
  facts->cached_in = g_strdup (path);
}

void
augur_static_facts_add_warning (AugurStaticFacts *facts, const char *kind, const char *file,
                                guint line, const char *message)
{
  g_return_if_fail (facts != NULL && kind != NULL && message != NULL);
  AugurStaticWarning *w = g_new0 (AugurStaticWarning, 1);
  w->kind = g_strdup (kind);
  w->file = g_strdup (file);
  w->line = file != NULL ? line : 0;
  w->message = g_strdup (message);
  g_ptr_array_add (facts->warnings, w);
  g_ptr_array_sort (facts->warnings, cmp_warning);
}

void
augur_static_facts_add_unanalysed (AugurStaticFacts *facts, const char *file, const char *reason)
{
  g_return_if_fail (facts != NULL && file != NULL && reason != NULL);
  /* flags cannot help with Frama-C's atomics model */
  const char *flags = g_str_has_prefix (reason, AUGUR_STATIC_ATOMICS_MODEL) ? ""
                      : "give it the macros or headers it lacks with --cflags, or ";
  g_autofree char *msg =
    g_strdup_printf ("not analysed: %s; code in it may run in any thread and touch any "
                     "memory, nothing is pruned (to have it analysed, %sput what Frama-C "
                     "cannot parse under #ifndef __FRAMAC__ with plain C that touches the "
                     "same memory)", reason, flags);
  augur_static_facts_add_warning (facts, AUGUR_STATIC_WARNING_NOT_ANALYSED, file, 0, msg);
  facts->complete = FALSE;
}

char **
augur_static_facts_dup_unanalysed (AugurStaticFacts *facts)
{
  g_return_val_if_fail (facts != NULL, NULL);
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  for (guint i = 0; i < facts->warnings->len; i++)
    {
      const AugurStaticWarning *w = facts->warnings->pdata[i];
      if (w->file != NULL && strcmp (w->kind, AUGUR_STATIC_WARNING_NOT_ANALYSED) == 0)
        g_strv_builder_add (b, w->file);
    }
  return g_strv_builder_end (b);
}

/* ---- queries ---- */

/* "heap@prog.c:30" -> ("prog.c", 30); FALSE if not a heap location. */
static gboolean
parse_heap (const char *location, char **file, guint *line)
{
  if (!g_str_has_prefix (location, "heap@"))
    return FALSE;
  const char *colon = strrchr (location, ':');
  if (colon == NULL || colon < location + 5)
    return FALSE;
  *file = g_strndup (location + 5, (gsize) (colon - location - 5));
  *line = (guint) g_ascii_strtoull (colon + 1, NULL, 10);
  return TRUE;
}

gboolean
augur_static_facts_is_heap_site_shared (AugurStaticFacts *facts, const char *file, guint line)
{
  g_return_val_if_fail (facts != NULL && file != NULL, TRUE);
  if (!augur_static_facts_can_prune (facts) || facts->any_unknown_location)
    return TRUE;
  for (guint i = 0; i < facts->shared->len; i++)
    {
      const AugurStaticShared *s = facts->shared->pdata[i];
      g_autofree char *f = NULL;
      guint l;
      if (parse_heap (s->location, &f, &l) && l == line && files_match (f, file))
        return TRUE;
    }
  return FALSE;
}

gboolean
augur_static_facts_is_location_shared (AugurStaticFacts *facts, const char *location)
{
  g_return_val_if_fail (facts != NULL && location != NULL, TRUE);
  if (!augur_static_facts_can_prune (facts) || facts->any_unknown_location)
    return TRUE;
  g_autofree char *file = NULL;
  guint line;
  if (parse_heap (location, &file, &line))
    return augur_static_facts_is_heap_site_shared (facts, file, line);
  return g_hash_table_contains (facts->shared_names, location);
}

/* Does the index hold the site file:line, and (when other_file != NULL)
 * with the other end at other_file:other_line? */
static gboolean
index_has (GHashTable *index, const char *file, guint line,
           const char *other_file, guint other_line)
{
  g_autofree char *key = site_key (file, line);
  GPtrArray *list = g_hash_table_lookup (index, key);
  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const SiteRef *r = list->pdata[i];
      gboolean a_here = r->line_a == line && files_match (r->file_a, file);
      gboolean b_here = r->file_b != NULL && r->line_b == line
                        && files_match (r->file_b, file);
      if (!a_here && !b_here)
        continue;
      if (other_file == NULL || r->file_b == NULL)
        return TRUE;
      if (a_here && r->line_b == other_line && files_match (r->file_b, other_file))
        return TRUE;
      if (b_here && r->line_a == other_line && files_match (r->file_a, other_file))
        return TRUE;
    }
  return FALSE;
}

/* A site the facts do not name says nothing: a file Frama-C was not
 * given, or a line the compiler's debug info gives to an access that the
 * analysis put on another line (at -O1 and above a loop's body may be
 * attributed to the loop's header). */
static gboolean
listed (AugurStaticFacts *facts, const char *file, guint line)
{
  return index_has (facts->listed_sites, file, line, NULL, 0);
}

/* The site queries: is file:line in index (the candidate or the
 * conflicting sites), or can the facts not rule it out? */
static gboolean
site_in (AugurStaticFacts *facts, GHashTable *index, const char *file, guint line)
{
  if (!augur_static_facts_can_prune (facts) || !listed (facts, file, line))
    return TRUE;
  return index_has (index, file, line, NULL, 0);
}

gboolean
augur_static_facts_is_site_candidate (AugurStaticFacts *facts, const char *file, guint line)
{
  g_return_val_if_fail (facts != NULL && file != NULL, TRUE);
  return site_in (facts, facts->candidate_sites, file, line);
}

gboolean
augur_static_facts_is_site_conflicting (AugurStaticFacts *facts, const char *file, guint line)
{
  g_return_val_if_fail (facts != NULL && file != NULL, TRUE);
  return site_in (facts, facts->conflicting_sites, file, line);
}

gboolean
augur_static_facts_is_pair_candidate (AugurStaticFacts *facts,
                                      const char *file_a, guint line_a,
                                      const char *file_b, guint line_b)
{
  g_return_val_if_fail (facts != NULL && file_a != NULL && file_b != NULL, TRUE);
  if (!augur_static_facts_can_prune (facts) || !listed (facts, file_a, line_a)
      || !listed (facts, file_b, line_b))
    return TRUE;
  /* pairs are indexed under both ends; an unknown site only under its own */
  return index_has (facts->candidate_sites, file_a, line_a, file_b, line_b)
         || index_has (facts->candidate_sites, file_b, line_b, file_a, line_a);
}

/* ---- listings ---- */

const GPtrArray *augur_static_facts_get_threads (AugurStaticFacts *f) { return f->threads; }
const GPtrArray *augur_static_facts_get_shared (AugurStaticFacts *f) { return f->shared; }
const GPtrArray *augur_static_facts_get_accesses (AugurStaticFacts *f) { return f->accesses; }
const GPtrArray *augur_static_facts_get_candidate_pairs (AugurStaticFacts *f) { return f->pairs; }
const GPtrArray *augur_static_facts_get_protected_pairs (AugurStaticFacts *f) { return f->protected_pairs; }
const GPtrArray *augur_static_facts_get_unknown_sites (AugurStaticFacts *f) { return f->unknown_sites; }
const GPtrArray *augur_static_facts_get_warnings (AugurStaticFacts *f) { return f->warnings; }

void
augur_static_facts_count_sites (AugurStaticFacts *facts, guint *n_sites,
                                guint *n_no_conflict, guint *n_no_candidate)
{
  g_return_if_fail (facts != NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint no_conflict = 0, no_candidate = 0;
  for (guint i = 0; i < facts->accesses->len; i++)
    {
      const AugurStaticAccess *a = facts->accesses->pdata[i];
      char *key = g_strdup_printf ("%s:%u", a->file, a->line);
      if (!g_hash_table_add (seen, key))
        continue;
      if (!augur_static_facts_is_site_conflicting (facts, a->file, a->line))
        no_conflict++;
      if (!augur_static_facts_is_site_candidate (facts, a->file, a->line))
        no_candidate++;
    }
  if (n_sites != NULL)
    *n_sites = g_hash_table_size (seen);
  if (n_no_conflict != NULL)
    *n_no_conflict = no_conflict;
  if (n_no_candidate != NULL)
    *n_no_candidate = no_candidate;
}

/* ---- text ---- */

static void
append_strv (GString *s, char **v, const char *sep)
{
  for (guint i = 0; v != NULL && v[i] != NULL; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? sep : "", v[i]);
}

char *
augur_static_facts_to_string (AugurStaticFacts *facts)
{
  g_return_val_if_fail (facts != NULL, NULL);

  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "state %s\n",
                          facts->sound_fallback ? "sound-fallback"
                          : facts->complete ? "complete" : "incomplete");
  for (guint i = 0; i < facts->threads->len; i++)
    {
      const AugurStaticThread *t = facts->threads->pdata[i];
      g_string_append_printf (s, "thread %u entries=", t->id);
      if (t->entries == NULL || t->entries[0] == NULL)
        g_string_append (s, "?");
      append_strv (s, t->entries, ",");
      if (t->create_file != NULL)
        g_string_append_printf (s, " %s=%s:%u", t->at_join ? "joined" : "created",
                                t->create_file, t->create_line);
      g_string_append_printf (s, " parent=%u%s\n", t->parent, t->multiple ? " multiple" : "");
    }
  for (guint i = 0; i < facts->shared->len; i++)
    {
      const AugurStaticShared *sh = facts->shared->pdata[i];
      g_string_append_printf (s, "shared %s %s threads=", sh->kind, sh->location);
      for (guint j = 0; j < sh->threads->len; j++)
        g_string_append_printf (s, "%s%u", j > 0 ? "," : "", g_array_index (sh->threads, guint, j));
      g_string_append_c (s, '\n');
    }
  for (guint i = 0; i < facts->pairs->len; i++)
    {
      const AugurStaticPair *p = facts->pairs->pdata[i];
      g_string_append_printf (s, "candidate %s %s:%u %s:%u ", p->location,
                              p->file_a, p->line_a, p->file_b, p->line_b);
      append_strv (s, p->kinds, ",");
      g_string_append_c (s, '\n');
    }
  for (guint i = 0; i < facts->protected_pairs->len; i++)
    {
      const AugurStaticPair *p = facts->protected_pairs->pdata[i];
      g_string_append_printf (s, "protected %s %s:%u %s:%u lock=%s\n", p->location,
                              p->file_a, p->line_a, p->file_b, p->line_b, p->lock);
    }
  for (guint i = 0; i < facts->unknown_sites->len; i++)
    {
      const AugurStaticUnknownSite *u = facts->unknown_sites->pdata[i];
      g_string_append_printf (s, "unknown %s:%u %s\n", u->file, u->line, u->reason);
    }
  for (guint i = 0; i < facts->warnings->len; i++)
    {
      const AugurStaticWarning *w = facts->warnings->pdata[i];
      if (w->file != NULL)
        g_string_append_printf (s, "warning %s %s:%u %s\n", w->kind, w->file, w->line, w->message);
      else
        g_string_append_printf (s, "warning %s %s\n", w->kind, w->message);
    }
  return g_string_free (s, FALSE);
}
