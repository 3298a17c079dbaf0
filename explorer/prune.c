/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * prune.c — the pruned PC ranges of the executable from its DWARF line
 * table and the static facts (prune.h).
 */
#include "config.h"

#include "explorer/prune.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  guint64 lo, hi;
} Range;

static gint
range_cmp (gconstpointer a, gconstpointer b)
{
  const Range *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo ? 1 : x->hi < y->hi ? -1 : x->hi > y->hi;
}

/* sorts and merges overlapping or adjacent ranges in place */
static void
normalise (GArray *a)
{
  g_array_sort (a, range_cmp);
  guint out = 0;
  for (guint i = 0; i < a->len; i++)
    {
      Range r = g_array_index (a, Range, i);
      if (out > 0 && r.lo <= g_array_index (a, Range, out - 1).hi)
        {
          Range *p = &g_array_index (a, Range, out - 1);
          p->hi = MAX (p->hi, r.hi);
        }
      else
        g_array_index (a, Range, out++) = r;
    }
  g_array_set_size (a, out);
}

typedef struct {
  AugurStaticFacts *facts;
  GHashTable *access_lines;  /* line numbers (GUINT_TO_POINTER) of the facts' access sites */
  GHashTable *decided;       /* "file:line" -> 1 pruned, 2 kept */
  GHashTable *pruned_sites;  /* "file:line" pruned and present in the table */
} Decider;

static gboolean
row_pruned (Decider *d, const char *comp_dir, const char *file, guint line)
{
  if (file == NULL || line == 0
      || !g_hash_table_contains (d->access_lines, GUINT_TO_POINTER (line)))
    return FALSE;
  g_autofree char *key = g_strdup_printf ("%s:%u:%s", comp_dir ? comp_dir : "", line, file);
  gpointer v = g_hash_table_lookup (d->decided, key);
  if (v == NULL)
    {
      g_autofree char *canon = g_canonicalize_filename (file, comp_dir);
      /* a site the facts do not name is a candidate (static-facts.h) */
      gboolean prune = !augur_static_facts_is_site_candidate (d->facts, canon, line);
      v = GUINT_TO_POINTER (prune ? 1u : 2u);
      g_hash_table_insert (d->decided, g_steal_pointer (&key), v);
      if (prune)
        g_hash_table_add (d->pruned_sites, g_strdup_printf ("%s:%u", canon, line));
    }
  return GPOINTER_TO_UINT (v) == 1u;
}

/* The rows of one CU's line table into prune / keep ranges. */
static void
cu_ranges (Decider *d, Dwarf_Die *cu, GArray *prune, GArray *keep)
{
  Dwarf_Lines *lines;
  size_t n;
  if (dwarf_getsrclines (cu, &lines, &n) != 0)
    return;
  Dwarf_Attribute at;
  const char *comp_dir = dwarf_formstring (dwarf_attr (cu, DW_AT_comp_dir, &at));
  gboolean group_pruned = TRUE;   /* every row so far at the current address */
  Dwarf_Addr group_addr = 0;
  for (size_t i = 0; i < n; i++)
    {
      Dwarf_Line *l = dwarf_onesrcline (lines, i);
      Dwarf_Addr addr;
      bool end = false;
      if (l == NULL || dwarf_lineaddr (l, &addr) != 0)
        continue;
      dwarf_lineendsequence (l, &end);
      if (i == 0 || addr != group_addr)
        {
          group_addr = addr;
          group_pruned = TRUE;
        }
      if (end)
        continue;
      int line = 0;
      dwarf_lineno (l, &line);
      const char *file = dwarf_linesrc (l, NULL, NULL);
      gboolean p = row_pruned (d, comp_dir, file, line > 0 ? (guint) line : 0);
      group_pruned = group_pruned && p;
      if (i + 1 >= n)
        {
          /* a last row without an end of sequence: its extent is unknown */
          continue;
        }
      Dwarf_Addr next;
      Dwarf_Line *nl = dwarf_onesrcline (lines, i + 1);
      if (nl == NULL || dwarf_lineaddr (nl, &next) != 0 || next <= addr)
        continue;   /* a later row at the same address covers it */
      Range r = { addr, next };
      g_array_append_val (group_pruned ? prune : keep, r);
    }
}

void
augur_prune_fill (AugurSchedShm *shm, const char *exe, AugurStaticFacts *facts,
                  AugurPruneInfo *info)
{
  memset (info, 0, sizeof *info);
  shm->n_pruned = 0;
  if (facts == NULL || !augur_static_facts_can_prune (facts) || exe == NULL)
    return;
  int fd = open (exe, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      info->no_debug = TRUE;
      return;
    }
  Dwarf *dw = dwarf_begin (fd, DWARF_C_READ);
  if (dw == NULL)
    {
      close (fd);
      info->no_debug = TRUE;
      return;
    }
  Decider d = { facts, g_hash_table_new (NULL, NULL),
                g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL),
                g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL) };
  const GPtrArray *acc = augur_static_facts_get_accesses (facts);
  for (guint i = 0; i < acc->len; i++)
    {
      const AugurStaticAccess *a = g_ptr_array_index ((GPtrArray *) acc, i);
      g_hash_table_add (d.access_lines, GUINT_TO_POINTER (a->line));
    }
  g_autoptr (GArray) prune = g_array_new (FALSE, FALSE, sizeof (Range));
  g_autoptr (GArray) keep = g_array_new (FALSE, FALSE, sizeof (Range));
  Dwarf_Off off = 0, next;
  size_t hsize;
  gboolean any_cu = FALSE;
  while (dwarf_nextcu (dw, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cu;
      if (dwarf_offdie (dw, off + hsize, &cu) != NULL)
        {
          any_cu = TRUE;
          cu_ranges (&d, &cu, prune, keep);
        }
      off = next;
    }
  dwarf_end (dw);
  close (fd);
  info->no_debug = !any_cu;
  normalise (prune);
  normalise (keep);
  /* prune minus keep (soundness when rows of two sequences overlap) */
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (Range));
  guint k = 0;
  for (guint i = 0; i < prune->len; i++)
    {
      Range r = g_array_index (prune, Range, i);
      while (k < keep->len && g_array_index (keep, Range, k).hi <= r.lo)
        k++;
      for (guint j = k; j < keep->len && r.lo < r.hi; j++)
        {
          Range q = g_array_index (keep, Range, j);
          if (q.lo >= r.hi)
            break;
          if (q.lo > r.lo)
            {
              Range piece = { r.lo, q.lo };
              g_array_append_val (out, piece);
            }
          r.lo = MAX (r.lo, q.hi);
        }
      if (r.lo < r.hi)
        g_array_append_val (out, r);
    }
  guint n_sites = g_hash_table_size (d.pruned_sites);
  g_hash_table_unref (d.access_lines);
  g_hash_table_unref (d.decided);
  g_hash_table_unref (d.pruned_sites);
  if (out->len > AUGUR_SCHED_MAX_PRUNED)
    {
      info->overflow = TRUE;
      return;
    }
  for (guint i = 0; i < out->len; i++)
    {
      Range r = g_array_index (out, Range, i);
      if (r.hi > G_MAXUINT32)
        {
          /* beyond what a step pc can say: prune nothing rather than guess */
          info->overflow = TRUE;
          shm->n_pruned = 0;
          return;
        }
      shm->pruned[i].lo = (guint32) r.lo;
      shm->pruned[i].hi = (guint32) r.hi;
    }
  shm->n_pruned = out->len;
  info->n_ranges = out->len;
  info->n_sites = out->len > 0 ? n_sites : 0;
}
