/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-names-apply.c — the source-level names of common/dwarf-names.h
 * put into results: every finding's objects, its steps' and the locks
 * held, and the stable names standing in its explanation.
 */
#include "config.h"

#include "common/dwarf-names.h"
#include "common/c-ident.h"
#include "common/objects.h"
#include "common/same-name.h"

#include <string.h>

/* ---- applying them ---- */

/* A heap block's stable name, "T2.alloc1" or "T2.alloc1+8": what only
 * the execution it comes from can name. */
static gboolean
is_heap_name (const char *name)
{
  const char *p = name;
  if (*p++ != 'T' || !g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  return strncmp (p, ".alloc", 6) == 0 && g_ascii_isdigit (p[6]);
}

/* Lookups of names already looked up, for the schedules' steps: a
 * 100,000-step schedule names a few thousand objects, and a lookup walks
 * the DWARF types.  Heap names are the execution's (@heap: the recorded
 * run's, or one finding's own), the others the same for all. */
typedef struct {
  AugurDwarfNames *names;
  GHashTable      *memo;   /* stable name -> source-level name, or NULL for none; owned */
  GHashTable      *heap;   /* the same for heap names; borrowed */
} Namer;

static GHashTable *
memo_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static const char *
namer_lookup (Namer *m, const char *name)
{
  GHashTable *memo = is_heap_name (name) ? m->heap : m->memo;
  gpointer found;
  if (g_hash_table_lookup_extended (memo, name, NULL, &found))
    return found;
  char *to = augur_dwarf_names_lookup (m->names, name);
  g_hash_table_insert (memo, g_strdup (name), to);
  return to;
}

static char *
map_name (const char *name, gpointer data)
{
  return g_strdup (namer_lookup (data, name));
}

/* What a free frees is the block, not the field or element at its start
 * that its address names too: "shared->time" is freed as "*shared",
 * "cache[0]" as "*cache", and "fp->w[0].t" as "*fp->w" (the block the
 * pointer member fp->w points to, not the struct *fp around the member).
 * From the stable name, which says which block it is: the source-level
 * name only says how the code reached it. */
static char *
block_name (const char *name, gpointer data)
{
  return augur_dwarf_names_block (((Namer *) data)->names, name);
}

/* A block's finding (a double free, a use after a free) is about the
 * block, as its free steps are (block_name) */
static void
name_block (AugurFinding *f, Namer *namer)
{
  if (g_strcmp0 (augur_finding_get_object_kind (f), "block") == 0 && augur_finding_get_object (f) != NULL)
    {
      g_autofree char *whole = block_name (augur_finding_get_object_id (f), namer);
      if (whole != NULL)
        augur_finding_set_object (f, whole, "block");   /* its object_id stays */
    }
}

/* Its own schedule's accesses (not its parts') as evidence. */
static void
note_accesses (AugurDwarfNames *n, AugurFinding *f)
{
  for (guint i = 0; i < augur_finding_get_n_steps (f); i++)
    {
      const AugurStep *s = augur_finding_get_step (f, i);
      if (s->object != NULL)
        augur_dwarf_names_note_access (n, s->object, s->file, s->line, s->function);
    }
}

/* The accesses of the findings named from the recorded run, and of their
 * parts. */
static void
note_shared (AugurDwarfNames *n, AugurFinding *f)
{
  if (!augur_finding_has_own_blocks (f))
    note_accesses (n, f);
  for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
    note_shared (n, augur_finding_get_part (f, i));
}

/* A finding's own execution's evidence: where its blocks were allocated,
 * then its accesses. */
static void
note_own (AugurDwarfNames *n, AugurFinding *f)
{
  for (guint i = 0; i < augur_finding_get_n_block_sites (f); i++)
    {
      const AugurBlockSite *b = augur_finding_get_block_site (f, i);
      augur_dwarf_names_note_alloc (n, b->object, b->size, b->file, b->line, b->function);
    }
  note_accesses (n, f);
}

/* The stable names @f itself (not its parts) shows, into @set; with
 * @heap, only heap names (its explanation's too), else only the others. */
static void
collect (AugurFinding *f, GHashTable *set, gboolean heap)
{
  g_autoptr (GHashTable) all = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (augur_finding_get_object (f) != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (augur_finding_get_object (f), ", ", -1);
      for (guint i = 0; parts[i] != NULL; i++)
        g_hash_table_add (all, g_strdup (parts[i]));
    }
  for (guint i = 0; i < augur_finding_get_n_steps (f); i++)
    {
      const AugurStep *s = augur_finding_get_step (f, i);
      if (s->object != NULL)
        g_hash_table_add (all, g_strdup (s->object));
    }
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    for (char **l = augur_finding_get_access (f, i)->locks_held; *l != NULL; l++)
      g_hash_table_add (all, g_strdup (*l));
  if (heap)
    augur_objects_heap_names_in (augur_finding_get_explanation (f), TRUE, all);
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, all);
  while (g_hash_table_iter_next (&it, &key, NULL))
    if (is_heap_name (key) == heap)
      {
        g_hash_table_iter_steal (&it);
        g_hash_table_add (set, key);
      }
}

typedef struct {
  char *from, *to;
} Rename;

static gint
longest_first (gconstpointer a, gconstpointer b)
{
  const Rename *x = a, *y = b;
  gsize lx = strlen (x->from), ly = strlen (y->from);
  return lx != ly ? (lx > ly ? -1 : 1) : strcmp (x->from, y->from);
}

/* A name that is one identifier: a global's own (its first member or
 * element refined by the rename, `a` to `a[0]`), which may also be a word
 * of the prose ("A thread locks a normal mutex ..."). */
static gboolean
is_identifier (const char *name)
{
  if (!augur_c_ident_start (*name))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!augur_c_ident_char (*p))
      return FALSE;
  return TRUE;
}

/* How many times @name stands in @text as a whole word (quoted or not). */
static guint
count_words (const char *text, const char *name)
{
  guint n = 0;
  gsize len = strlen (name);
  for (const char *p = strstr (text, name); p != NULL; p = strstr (p + 1, name))
    if ((p == text || !augur_c_ident_char (p[-1])) && !augur_c_ident_char (p[len]))
      n++;
  return n;
}

/* Stable names in @text replaced where they stand as whole names, not
 * inside quotes: an assertion's expression, quoted, is the program's own
 * text (`result[1 - me]` must not become `result[0][1 - me]`).  A name
 * that is one identifier is replaced only where quoted alone (`a`): bare,
 * it cannot be told from a word of the prose, and left as it is it still
 * names the object (the whole of it).  But the finding's own object
 * (@own, may be NULL), one identifier that the prose names once, is the
 * object where it stands: the first member of a global struct has the
 * struct's address, and "access pool without synchronisation" meant
 * pool.queue.len. */
static char *
rename_text (const char *text, GArray *renames, const char *own)
{
  if (own != NULL && (!is_identifier (own) || count_words (text, own) != 1))
    own = NULL;
  GString *s = g_string_new (NULL);
  const char *p = text;
  gboolean quoted = FALSE;
  while (*p != '\0')
    {
      gboolean done = FALSE;
      /* a quote opens after a space or a parenthesis, and closes before
       * anything but a letter ("T1's" is no quote) */
      if (*p == '`')
        quoted = !quoted;
      else if (*p == '\'' && !quoted && (p == text || p[-1] == ' ' || p[-1] == '('))
        quoted = TRUE;
      else if (*p == '\'' && quoted && !g_ascii_isalpha (p[1]))
        quoted = FALSE;
      gboolean start = !quoted
                       && (p == text || !(augur_c_ident_char (p[-1]) || p[-1] == '.' || p[-1] == '>'));
      /* a quote that is only an object's raw name (`T0.alloc1+8`) is a
       * name, not code: it is renamed too */
      gboolean whole_quote = quoted && p > text && p[-1] == '`';
      for (guint i = 0; i < renames->len && (start || whole_quote) && !done; i++)
        {
          const Rename *r = &g_array_index (renames, Rename, i);
          gsize len = strlen (r->from);
          /* p[len] is only read once p holds all of r->from: past the end
           * of a shorter text otherwise */
          if (strncmp (p, r->from, len) != 0)
            continue;
          char next = p[len];
          if (!start && next != '`')
            continue;
          if (!whole_quote && is_identifier (r->from) && (own == NULL || strcmp (r->from, own) != 0))
            continue;
          if (!augur_c_ident_char (next) && next != '+' && next != '['
              && !(next == '.' && augur_c_ident_char (p[len + 1]))
              && !(next == '-' && p[len + 1] == '>'))
            {
              g_string_append (s, r->to);
              p += len;
              done = TRUE;
            }
        }
      if (!done)
        g_string_append_c (s, *p++);
    }
  return g_string_free (s, FALSE);
}

/* The renames of the names of @set that @namer names, appended to @renames. */
static void
add_renames (GArray *renames, GHashTable *set, Namer *namer)
{
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, set);
  while (g_hash_table_iter_next (&it, &key, NULL))
    {
      const char *to = namer_lookup (namer, key);
      if (to == NULL)
        continue;
      Rename r = { g_strdup (key), g_strdup (to) };
      g_array_append_val (renames, r);
    }
}

static void
renames_free (GArray *renames)
{
  for (guint i = 0; i < renames->len; i++)
    {
      g_free (g_array_index (renames, Rename, i).from);
      g_free (g_array_index (renames, Rename, i).to);
    }
  g_array_unref (renames);
}

/* The stable names other than heap names of @f and its parts, into @set. */
static void
collect_others (AugurFinding *f, GHashTable *set)
{
  collect (f, set, FALSE);
  for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
    collect_others (augur_finding_get_part (f, i), set);
}

/* Only "main" put in the explanations of @f and its parts: what a
 * finding reached after the time limit gets. */
static void
name_main_only (AugurFinding *f)
{
  g_autofree char *main = augur_dwarf_names_main_in_prose (augur_finding_get_explanation (f));
  augur_finding_set_explanation (f, main);
  for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
    name_main_only (augur_finding_get_part (f, i));
}

/* Names @f itself (its parts are named on their own): its heap blocks
 * from its own execution when it has one, else from the recorded run
 * (@shared_heap's lookups); other names as every finding's (@others,
 * renamed in explanations wherever they stand). */
static void
name_finding (Namer *shared, GHashTable *shared_heap, GHashTable *others, AugurFinding *f)
{
  if (augur_dwarf_names_out_of_time (shared->names))
    {
      name_main_only (f);
      return;
    }
  gboolean own = augur_finding_has_own_blocks (f);
  g_autoptr (GHashTable) own_heap = own ? memo_new () : NULL;
  Namer namer = { shared->names, shared->memo, own ? own_heap : shared_heap };
  if (own)
    {
      augur_dwarf_names_begin_execution (namer.names);
      note_own (namer.names, f);
    }
  g_autoptr (GHashTable) heap = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  collect (f, heap, TRUE);
  GArray *renames = g_array_new (FALSE, FALSE, sizeof (Rename));
  add_renames (renames, heap, &namer);
  add_renames (renames, others, &namer);
  g_array_sort (renames, longest_first);
  /* the free steps by their stable names first: renamed, they stay */
  augur_finding_rename_steps (f, AUGUR_OP_FREE, block_name, &namer);
  augur_finding_rename (f, map_name, &namer);
  name_block (f, &namer);
  g_autofree char *renamed = rename_text (augur_finding_get_explanation (f), renames,
                                          augur_finding_get_object_id (f));
  g_autofree char *main = augur_dwarf_names_main_in_prose (renamed);
  augur_finding_set_explanation (f, main);
  renames_free (renames);
  if (own)
    augur_dwarf_names_end_execution (namer.names);
  for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
    name_finding (shared, shared_heap, others, augur_finding_get_part (f, i));
}

guint
augur_dwarf_names_apply (AugurDwarfNames *names, AugurResults *results)
{
  guint n = augur_results_get_n_findings (results);
  for (guint i = 0; i < n; i++)
    note_shared (names, augur_results_get_finding (results, i));
  g_autoptr (GHashTable) others = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < n && !augur_dwarf_names_out_of_time (names); i++)
    collect_others (augur_results_get_finding (results, i), others);
  g_autoptr (GHashTable) memo = memo_new ();
  g_autoptr (GHashTable) shared_heap = memo_new ();
  Namer shared = { names, memo, shared_heap };
  guint named = 0;
  for (guint i = 0; i < n; i++)
    {
      name_finding (&shared, shared_heap, others, augur_results_get_finding (results, i));
      if (!augur_dwarf_names_out_of_time (names))
        named = i + 1;
    }
  augur_same_name_tell_apart (results);
  return named;
}

char *
augur_dwarf_names_main_in_prose (const char *text)
{
  static const struct {
    const char *from, *to;
  } words[] = {
    { "Threads 0 and ", "main and thread " },
    { "threads 0 and ", "main and thread " },
    { "Thread 0", "main" },
    { "thread 0", "main" },
    { "T0's", "main's" },
    { "T0", "main" },
  };
  GString *s = g_string_new (NULL);
  const char *p = text;
  while (*p != '\0')
    {
      gboolean done = FALSE;
      gboolean start = p == text || !augur_c_ident_char (p[-1]);
      for (guint i = 0; i < G_N_ELEMENTS (words) && start && !done; i++)
        {
          gsize len = strlen (words[i].from);
          if (strncmp (p, words[i].from, len) != 0)
            continue;
          char next = p[len];
          /* "thread 0" but not "thread 01"; "T0" but not "T0.alloc1", "T0#3" */
          if (words[i].from[len - 1] != ' '
              && (augur_c_ident_char (next) || next == '#'
                  || (next == '.' && augur_c_ident_char (p[len + 1]))))
            continue;
          g_string_append (s, words[i].to);
          p += len;
          done = TRUE;
        }
      if (!done)
        g_string_append_c (s, *p++);
    }
  return g_string_free (s, FALSE);
}
