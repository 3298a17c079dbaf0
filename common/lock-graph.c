/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock-graph.c — the lock-order graph and its inversions (see
 * lock-graph.h).
 *
 * Cycles are enumerated from their smallest lock (by name) through larger
 * ones only, so each elementary cycle is found once; the edges of a cycle
 * are then given threads by backtracking (each edge knows the threads that
 * took it), since a cycle one thread makes alone cannot deadlock.
 */
#include "config.h"

#include "common/lock-graph.h"
#include "common/sort-strings.h"
#include "common/source-label.h"

#include <string.h>

#define MAX_CYCLE 8u
#define MAX_CYCLES 64u

/* One thread's taking of an edge, with the functions that called the
 * ones taking its two locks: threads that take an edge at the same sites
 * may come there from different callers (a lock wrapper). */
typedef struct {
  guint thread;
  guint64 outer_event, inner_event;
  AugurFrame *outer_callers, *inner_callers;
  guint n_outer_callers, n_inner_callers;
} Occurrence;

typedef struct {
  char *outer, *inner;
  char *outer_file, *inner_file, *outer_function, *inner_function;
  guint outer_line, inner_line;
  GArray *occurrences;   /* Occurrence, one per thread, in the order seen */
  GPtrArray *gates;      /* char*, sorted: held at every occurrence */
} Edge;

struct _AugurLockGraph {
  GHashTable *edges;     /* key -> Edge* (owned by order) */
  GPtrArray *order;      /* Edge*, in the order first seen */
};

static void
occurrence_clear (gpointer p)
{
  Occurrence *o = p;
  augur_frames_free (o->outer_callers, o->n_outer_callers);
  augur_frames_free (o->inner_callers, o->n_inner_callers);
}

static void
edge_free (gpointer p)
{
  Edge *e = p;
  g_free (e->outer);
  g_free (e->inner);
  g_free (e->outer_file);
  g_free (e->inner_file);
  g_free (e->outer_function);
  g_free (e->inner_function);
  g_array_unref (e->occurrences);
  g_ptr_array_unref (e->gates);
  g_free (e);
}

guint
augur_lock_site_callers (AugurSymbolizer *sym, const guint8 *module, const guint32 *pc, guint n,
                         AugurFrame *frames)
{
  guint got = 0;
  for (guint i = 0; i < n; i++)
    {
      const AugurSource *l = augur_symbolizer_lookup (sym, module[i], pc[i]);
      if (l->file == NULL && l->function == NULL)
        continue;   /* the runtime's or libc's thread start */
      frames[got].file = (char *) l->file;
      frames[got].line = l->line;
      frames[got].function = (char *) l->function;
      got++;
    }
  return got;
}

guint
augur_lock_site_frames (AugurSymbolizer *sym, guint module, guint64 pc,
                        const guint8 *callers_module, const guint32 *callers_pc, guint n,
                        AugurFrame *frames)
{
  guint got = 0;
  AugurSource call;
  if (augur_symbolizer_inlined_call (sym, module, pc, &call) && call.function != NULL)
    frames[got++] = (AugurFrame) { (char *) call.file, call.line, (char *) call.function };
  return got + augur_lock_site_callers (sym, callers_module, callers_pc, n, frames + got);
}

AugurLockGraph *
augur_lock_graph_new (void)
{
  AugurLockGraph *g = g_new0 (AugurLockGraph, 1);
  g->edges = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g->order = g_ptr_array_new_with_free_func (edge_free);
  return g;
}

void
augur_lock_graph_free (AugurLockGraph *graph)
{
  if (graph == NULL)
    return;
  g_hash_table_unref (graph->edges);
  g_ptr_array_unref (graph->order);
  g_free (graph);
}

static char *
site_text (const char *file, guint line)
{
  if (file == NULL)
    return g_strdup ("?");
  g_autofree char *base = augur_source_label (file);
  return g_strdup_printf ("%s:%u", base, line);
}

gboolean
augur_lock_graph_add (AugurLockGraph *graph, guint thread, const AugurLockSite *outer,
                      const AugurLockSite *inner, const char *const *also_held)
{
  g_return_val_if_fail (graph != NULL && outer != NULL && inner != NULL, FALSE);
  g_return_val_if_fail (outer->lock != NULL && inner->lock != NULL, FALSE);
  if (strcmp (outer->lock, inner->lock) == 0)
    return FALSE;   /* a relock is another bug (misuse:recursive-lock) */
  g_autofree char *so = site_text (outer->file, outer->line);
  g_autofree char *si = site_text (inner->file, inner->line);
  g_autofree char *key = g_strdup_printf ("%s\x1f%s\x1f%s\x1f%s", outer->lock, inner->lock, so, si);
  Edge *e = g_hash_table_lookup (graph->edges, key);
  gboolean changed = FALSE;
  if (e == NULL)
    {
      e = g_new0 (Edge, 1);
      e->outer = g_strdup (outer->lock);
      e->inner = g_strdup (inner->lock);
      e->outer_file = g_strdup (outer->file);
      e->inner_file = g_strdup (inner->file);
      e->outer_function = g_strdup (outer->function);
      e->inner_function = g_strdup (inner->function);
      e->outer_line = outer->line;
      e->inner_line = inner->line;
      e->occurrences = g_array_new (FALSE, FALSE, sizeof (Occurrence));
      g_array_set_clear_func (e->occurrences, occurrence_clear);
      e->gates = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; also_held != NULL && also_held[i] != NULL; i++)
        if (strcmp (also_held[i], outer->lock) != 0 && strcmp (also_held[i], inner->lock) != 0)
          g_ptr_array_add (e->gates, g_strdup (also_held[i]));
      augur_sort_strings (e->gates);
      g_hash_table_insert (graph->edges, g_steal_pointer (&key), e);
      g_ptr_array_add (graph->order, e);
      changed = TRUE;
    }
  else
    {
      /* a gate must be held every time */
      for (guint i = e->gates->len; i-- > 0;)
        {
          const char *gate = g_ptr_array_index (e->gates, i);
          gboolean held = FALSE;
          for (guint k = 0; also_held != NULL && also_held[k] != NULL && !held; k++)
            held = strcmp (also_held[k], gate) == 0;
          if (!held)
            {
              g_ptr_array_remove_index (e->gates, i);
              changed = TRUE;
            }
        }
    }
  for (guint i = 0; i < e->occurrences->len; i++)
    if (g_array_index (e->occurrences, Occurrence, i).thread == thread)
      return changed;
  Occurrence o = { thread, outer->event, inner->event,
                   augur_frames_dup (outer->callers, outer->n_callers),
                   augur_frames_dup (inner->callers, inner->n_callers),
                   outer->n_callers, inner->n_callers };
  g_array_append_val (e->occurrences, o);
  return TRUE;
}

/* ---- cycles ---- */

typedef struct {
  AugurLockGraph *g;
  GPtrArray *nodes;          /* char*, sorted, borrowed from the edges */
  GPtrArray *cycles;         /* GPtrArray of Edge* (the chosen edges), with their threads */
  GArray *cycle_threads;     /* one GArray of guint per cycle */
  GHashTable *seen;          /* sorted lock lists already reported */
  guint start;
  GArray *path;              /* node indices */
} Search;

static gint
node_index (Search *s, const char *name)
{
  guint lo = 0, hi = s->nodes->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      int c = strcmp (g_ptr_array_index (s->nodes, mid), name);
      if (c == 0)
        return (gint) mid;
      if (c < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return -1;
}

/* Gives edges to the cycle's lock pairs and a distinct thread to each
 * edge, by backtracking; TRUE when done (@chosen, @threads filled). */
static gboolean
assign (Search *s, guint k, GPtrArray *chosen, GArray *threads)
{
  guint len = s->path->len;
  if (k == len)
    return TRUE;
  const char *from = g_ptr_array_index (s->nodes, g_array_index (s->path, guint, k));
  const char *to = g_ptr_array_index (s->nodes, g_array_index (s->path, guint, (k + 1) % len));
  for (guint i = 0; i < s->g->order->len; i++)
    {
      Edge *e = g_ptr_array_index (s->g->order, i);
      if (strcmp (e->outer, from) != 0 || strcmp (e->inner, to) != 0)
        continue;
      for (guint j = 0; j < e->occurrences->len; j++)
        {
          guint t = g_array_index (e->occurrences, Occurrence, j).thread;
          gboolean taken = FALSE;
          for (guint u = 0; u < threads->len && !taken; u++)
            taken = g_array_index (threads, guint, u) == t;
          if (taken)
            continue;
          g_ptr_array_add (chosen, e);
          g_array_append_val (threads, t);
          if (assign (s, k + 1, chosen, threads))
            return TRUE;
          g_ptr_array_set_size (chosen, chosen->len - 1);
          g_array_set_size (threads, threads->len - 1);
        }
    }
  return FALSE;
}

static void
found_cycle (Search *s)
{
  GPtrArray *names = g_ptr_array_new ();
  for (guint i = 0; i < s->path->len; i++)
    g_ptr_array_add (names, g_ptr_array_index (s->nodes, g_array_index (s->path, guint, i)));
  augur_sort_strings (names);
  g_ptr_array_add (names, NULL);
  char *key = g_strjoinv (", ", (char **) names->pdata);
  g_ptr_array_unref (names);
  if (g_hash_table_contains (s->seen, key))
    {
      g_free (key);
      return;
    }
  GPtrArray *chosen = g_ptr_array_new ();
  GArray *threads = g_array_new (FALSE, FALSE, sizeof (guint));
  if (!assign (s, 0, chosen, threads))
    {
      g_ptr_array_unref (chosen);
      g_array_unref (threads);
      g_free (key);
      return;
    }
  g_hash_table_add (s->seen, key);
  g_ptr_array_add (s->cycles, chosen);
  g_array_append_val (s->cycle_threads, threads);
}

static void
dfs (Search *s, guint v)
{
  if (s->cycles->len >= MAX_CYCLES)
    return;
  g_array_append_val (s->path, v);
  const char *name = g_ptr_array_index (s->nodes, v);
  for (guint i = 0; i < s->g->order->len && s->cycles->len < MAX_CYCLES; i++)
    {
      Edge *e = g_ptr_array_index (s->g->order, i);
      if (strcmp (e->outer, name) != 0)
        continue;
      gint w = node_index (s, e->inner);
      if (w < 0 || (guint) w < s->start)
        continue;
      if ((guint) w == s->start)
        {
          if (s->path->len >= 2)
            found_cycle (s);
          continue;
        }
      gboolean on_path = FALSE;
      for (guint k = 0; k < s->path->len && !on_path; k++)
        on_path = g_array_index (s->path, guint, k) == (guint) w;
      if (!on_path && s->path->len < MAX_CYCLE)
        dfs (s, (guint) w);
    }
  g_array_set_size (s->path, s->path->len - 1);
}

/* ---- findings ---- */

/* "x.c:15", or "x.c:27 through possess at x.c:15" when the lock was
 * taken in a function of which the caller is known (a lock wrapper: only
 * its callers tell its acquisitions apart): the caller's site first, as
 * the deadlock and misuse texts name a call made in a wrapper
 * (explorer/wrapper-site.h). */
static void
append_site (GString *s, const char *file, guint line, const char *function,
             const AugurFrame *callers, guint n_callers)
{
  g_autofree char *t = site_text (file, line);
  if (n_callers == 0 || callers[0].function == NULL)
    {
      g_string_append (s, t);
      return;
    }
  g_autofree char *at = site_text (callers[0].file, callers[0].line);
  if (function != NULL)
    g_string_append_printf (s, "%s through %s at %s", at, function, t);
  else
    g_string_append_printf (s, "%s through %s", at, t);
}

/* Edge @x's occurrence in thread @t (assign() chose one). */
static const Occurrence *
occurrence_of (const Edge *x, guint t)
{
  for (guint j = 0; j < x->occurrences->len; j++)
    if (g_array_index (x->occurrences, Occurrence, j).thread == t)
      return &g_array_index (x->occurrences, Occurrence, j);
  g_return_val_if_reached (NULL);
}

static AugurFinding *
cycle_finding (GPtrArray *edges, GArray *threads, const char *context)
{
  GString *e = g_string_new (NULL);
  GPtrArray *locks = g_ptr_array_new ();
  for (guint i = 0; i < edges->len; i++)
    {
      Edge *x = g_ptr_array_index (edges, i);
      const Occurrence *o = occurrence_of (x, g_array_index (threads, guint, i));
      g_autofree char *who = augur_thread_name (g_array_index (threads, guint, i));
      if (i > 0)
        g_string_append (e, i + 1 == edges->len ? (edges->len == 2 ? ", while " : "; and ")
                                                : "; ");
      g_string_append_printf (e, "%s takes `%s` (", who, x->outer);
      append_site (e, x->outer_file, x->outer_line, x->outer_function, o->outer_callers,
                   o->n_outer_callers);
      g_string_append_printf (e, ") and then `%s` (", x->inner);
      append_site (e, x->inner_file, x->inner_line, x->inner_function, o->inner_callers,
                   o->n_inner_callers);
      g_string_append (e, ")");
      g_ptr_array_add (locks, x->outer);
    }
  g_string_append (e, ": if each takes its first lock before the next takes its second, they "
                      "deadlock.");
  if (e->str[0] >= 'a' && e->str[0] <= 'z' && !g_str_has_prefix (e->str, "main "))
    e->str[0] = (char) (e->str[0] - 'a' + 'A');

  /* a lock held at every edge, other than the cycle's own */
  const char *gate = NULL;
  Edge *first = g_ptr_array_index (edges, 0);
  for (guint i = 0; i < first->gates->len && gate == NULL; i++)
    {
      const char *cand = g_ptr_array_index (first->gates, i);
      gboolean everywhere = TRUE;
      for (guint k = 1; k < edges->len && everywhere; k++)
        {
          Edge *x = g_ptr_array_index (edges, k);
          gboolean has = FALSE;
          for (guint j = 0; j < x->gates->len && !has; j++)
            has = strcmp (g_ptr_array_index (x->gates, j), cand) == 0;
          everywhere = has;
        }
      if (everywhere)
        gate = cand;
    }
  if (gate != NULL)
    g_string_append_printf (e, " But each holds `%s` meanwhile: that gate lock lets one of them "
                               "in at a time, so they cannot deadlock while it does; the order "
                               "is still inconsistent.", gate);
  if (context != NULL)
    g_string_append_printf (e, " %s", context);

  AugurFinding *f = augur_finding_new (AUGUR_FINDING_LOCK_ORDER, NULL, e->str);
  g_string_free (e, TRUE);
  augur_finding_set_severity (f, gate != NULL ? AUGUR_SEVERITY_NOTE : AUGUR_SEVERITY_WARNING);
  augur_sort_strings (locks);
  g_ptr_array_add (locks, NULL);
  g_autofree char *names = g_strjoinv (", ", (char **) locks->pdata);
  g_ptr_array_unref (locks);
  augur_finding_set_object (f, names, "locks");
  augur_finding_set_object_id (f, names);
  for (guint i = 0; i < edges->len; i++)
    {
      Edge *x = g_ptr_array_index (edges, i);
      guint t = g_array_index (threads, guint, i);
      const Occurrence *o = occurrence_of (x, t);
      g_autoptr (GPtrArray) gates = g_ptr_array_new ();
      g_autoptr (GPtrArray) held = g_ptr_array_new ();
      g_ptr_array_add (held, x->outer);
      for (guint j = 0; j < x->gates->len; j++)
        {
          g_ptr_array_add (held, g_ptr_array_index (x->gates, j));
          g_ptr_array_add (gates, g_ptr_array_index (x->gates, j));
        }
      g_ptr_array_add (held, NULL);
      g_ptr_array_add (gates, NULL);
      augur_finding_add_access (f, t, o->outer_event, AUGUR_OP_LOCK, x->outer_file, x->outer_line,
                                x->outer_function, (const char *const *) gates->pdata);
      augur_finding_set_access_callers (f, augur_finding_get_n_accesses (f) - 1, o->outer_callers,
                                        o->n_outer_callers);
      augur_finding_add_access (f, t, o->inner_event, AUGUR_OP_LOCK, x->inner_file, x->inner_line,
                                x->inner_function, (const char *const *) held->pdata);
      augur_finding_set_access_callers (f, augur_finding_get_n_accesses (f) - 1, o->inner_callers,
                                        o->n_inner_callers);
    }
  return f;
}

GPtrArray *
augur_lock_graph_findings (AugurLockGraph *graph, const char *context)
{
  g_return_val_if_fail (graph != NULL, NULL);
  Search s = { .g = graph };
  g_autoptr (GHashTable) nodes = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < graph->order->len; i++)
    {
      Edge *e = g_ptr_array_index (graph->order, i);
      g_hash_table_add (nodes, e->outer);
      g_hash_table_add (nodes, e->inner);
    }
  s.nodes = g_ptr_array_new ();
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, nodes);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_ptr_array_add (s.nodes, key);
  augur_sort_strings (s.nodes);
  s.cycles = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  s.cycle_threads = g_array_new (FALSE, FALSE, sizeof (GArray *));
  s.seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s.path = g_array_new (FALSE, FALSE, sizeof (guint));
  for (s.start = 0; s.start < s.nodes->len && s.cycles->len < MAX_CYCLES; s.start++)
    dfs (&s, s.start);

  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_finding_unref);
  for (guint i = 0; i < s.cycles->len; i++)
    {
      GArray *threads = g_array_index (s.cycle_threads, GArray *, i);
      g_ptr_array_add (out, cycle_finding (g_ptr_array_index (s.cycles, i), threads, context));
      g_array_unref (threads);
    }
  g_ptr_array_unref (s.nodes);
  g_ptr_array_unref (s.cycles);
  g_array_unref (s.cycle_threads);
  g_hash_table_unref (s.seen);
  g_array_unref (s.path);
  return out;
}

char *
augur_lock_graph_finding_key (AugurFinding *finding)
{
  return g_strdup (augur_finding_get_object_id (finding));
}

char *
augur_lock_graph_to_string (AugurLockGraph *graph)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < graph->order->len; i++)
    {
      Edge *e = g_ptr_array_index (graph->order, i);
      GString *s = g_string_new (NULL);
      g_string_append_printf (s, "%s -> %s (", e->outer, e->inner);
      for (guint j = 0; j < e->occurrences->len; j++)
        g_string_append_printf (s, "T%u ", g_array_index (e->occurrences, Occurrence, j).thread);
      append_site (s, e->outer_file, e->outer_line, NULL, NULL, 0);
      g_string_append_c (s, ' ');
      append_site (s, e->inner_file, e->inner_line, NULL, NULL, 0);
      for (guint j = 0; j < e->gates->len; j++)
        g_string_append_printf (s, " gate %s", (char *) g_ptr_array_index (e->gates, j));
      g_string_append_c (s, ')');
      g_ptr_array_add (lines, g_string_free (s, FALSE));
    }
  augur_sort_strings (lines);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}
