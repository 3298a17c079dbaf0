/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * hb-graph.c — builds a finding's happens-before diagram as a cgraph graph
 * and renders it with gvc (see hb-graph.h for what the picture shows).
 *
 * The graph is opened with an I/O discipline whose putstr appends to a
 * GString, so agwrite gives the DOT text in memory.  Graphviz's error
 * messages are collected by an agseterrf handler and put in the GError.
 */
#include "config.h"

#include "reports/hb-graph.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#include <string.h>

#include "reports/relevance.h"
#include "reports/report-error.h"
#include "reports/step-text.h"

#define COLOR_BUG      "#cf222e"
#define COLOR_BUG_FILL "#ffebe9"
#define COLOR_NODE     "#57606a"
#define COLOR_SYNC     "#0969da"
#define COLOR_PO       "#8c959f"
#define COLOR_CLUSTER  "#d0d7de"
#define COLOR_CLUSTER_FILL "#f6f8fa"
#define FONT "Helvetica,Arial,sans-serif"

struct _AugurReportHbGraph {
  Agraph_t *graph;    /* owned, agclose */
  guint     n_nodes;
  guint     n_edges;
};

/* ---- disciplines ---- */

/* I/O: agwrite into a GString. */
static int
gstring_putstr (void *chan, const char *str)
{
  g_string_append ((GString *) chan, str);
  return 0;
}

static int
gstring_flush (void *chan)
{
  return 0;
}

/* IDs: cgraph's default discipline numbers named objects by the address of
 * their interned name, and agwrite writes subgraphs in ID order, so the
 * order of the clusters in the DOT would change from run to run.  This one
 * numbers names in the order they are first seen (even IDs; anonymous
 * objects get odd ones, as in cgraph). */
typedef struct {
  GHashTable *by_name;  /* name (a cgraph refstr, owned) -> id cell (borrowed) */
  GHashTable *by_id;    /* id cell (owned) -> name (borrowed) */
  IDTYPE      next;
} IdState;

static void *
id_open (Agraph_t *g, Agdisc_t *disc)
{
  IdState *st = g_new0 (IdState, 1);
  st->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  st->by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  st->next = 1;
  return st;
}

static long
id_map (void *state, int objtype, char *str, IDTYPE *id, int createflag)
{
  IdState *st = state;
  if (str == NULL)
    {
      *id = st->next++ * 2 + 1;
      return TRUE;
    }
  gpointer orig_key, value;
  if (g_hash_table_lookup_extended (st->by_name, str, &orig_key, &value))
    {
      *id = *(IDTYPE *) value;
      return TRUE;
    }
  if (!createflag)
    return FALSE;
  IDTYPE *v = g_new (IDTYPE, 1);
  *v = st->next++ * 2;
  /* A refstr, as cgraph expects of printed names (agwrite asks aghtmlstr of it). */
  char *name = agstrdup (NULL, str);
  g_hash_table_insert (st->by_name, name, v);
  g_hash_table_insert (st->by_id, v, name);
  *id = *v;
  return TRUE;
}

static long
id_alloc (void *state, int objtype, IDTYPE id)
{
  return TRUE;
}

static void
id_free (void *state, int objtype, IDTYPE id)
{
}

static char *
id_print (void *state, int objtype, IDTYPE id)
{
  IdState *st = state;
  gint64 key = (gint64) id;
  if (id % 2 != 0)
    return NULL;
  return g_hash_table_lookup (st->by_id, &key);
}

static void
id_close (void *state)
{
  IdState *st = state;
  GHashTableIter it;
  gpointer key;
  gpointer value;
  g_hash_table_iter_init (&it, st->by_id);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      g_free (key);
      agstrfree (NULL, value);
    }
  g_hash_table_unref (st->by_id);
  g_hash_table_unref (st->by_name);
  g_free (st);
}

static void
id_register (void *state, int objtype, void *obj)
{
}

static Agiddisc_t ordered_ids = { id_open, id_map, id_alloc, id_free, id_print, id_close, id_register };
static Agiodisc_t gstring_io = { NULL, gstring_putstr, gstring_flush };

static Agdisc_t *
graph_disc (void)
{
  static Agdisc_t disc;
  disc.mem = &AgMemDisc;
  disc.id = &ordered_ids;
  gstring_io.afread = AgIoDisc.afread;
  disc.io = &gstring_io;
  return &disc;
}

/* ---- Graphviz errors ---- */

static GString *gv_errors;   /* collects agerr output during one render */

static int
collect_gv_error (char *message)
{
  if (gv_errors != NULL)
    g_string_append (gv_errors, message);
  g_debug ("graphviz: %s", message);
  return 0;
}

/* ---- the gvc context ---- */

/* One context for the process, never freed: Graphviz 2.43's pango plugin
 * keeps a pointer into the font cache of the first context, so a second
 * context made after freeing the first reads freed memory (valgrind shows
 * it in textspan_size).  A context is reusable, layouts are freed per graph. */
static GVC_t *
shared_gvc (void)
{
  static GVC_t *gvc;
  if (g_once_init_enter (&gvc))
    g_once_init_leave (&gvc, gvContext ());
  return gvc;
}

/* ---- labels ---- */

/* Program text in a Graphviz label: double backslashes so \N \G \l ... stay literal. */
static void
append_literal (GString *s, const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\\')
        g_string_append (s, "\\\\");
      else if (*p == '\n' || *p == '\r')
        g_string_append_c (s, ' ');
      else
        g_string_append_c (s, *p);
    }
}

static char *
step_label (const AugurStep *s, guint index)
{
  GString *l = g_string_new (NULL);
  g_string_append_printf (l, "#%u ", index);
  /* the place on a line of its own: "\n" in a DOT label */
  augur_report_step_text_append (l, s, append_literal, "\\n", "");
  return g_string_free (l, FALSE);
}

static void
set (void *obj, const char *name, const char *value)
{
  agsafeset (obj, (char *) name, (char *) value, (char *) "");
}

/* ---- building ---- */

/* The kind's label; a race adds its object, a wait the object waited for,
 * program order the steps it skips. */
static char *
edge_label (AugurFinding *f, const AugurReportEdge *e)
{
  GString *l = g_string_new (augur_report_edge_kind_label (e->kind));
  const char *object = NULL, *before_object = " ";
  if (e->kind == AUGUR_REPORT_EDGE_PROGRAM_ORDER && e->skipped > 0)
    g_string_append_printf (l, "%" G_GUINT64_FORMAT " step%s", e->skipped,
                            e->skipped == 1 ? "" : "s");
  else if (e->kind == AUGUR_REPORT_EDGE_CONFLICT)
    {
      object = augur_finding_get_object (f);
      before_object = " on ";
    }
  else if (e->kind == AUGUR_REPORT_EDGE_WAITS_FOR)
    object = augur_finding_get_step (f, e->from)->object;
  if (object != NULL)
    {
      g_string_append (l, before_object);
      append_literal (l, object);
    }
  return g_string_free (l, FALSE);
}

/* The graph's defaults (kind of object, attribute, value), declared once
 * so that each statement stays short; agattr is called in this order. */
static const struct {
  int kind;
  const char *name;
  const char *value;
} graph_default_attrs[] = {
  { AGRAPH, "fontname", FONT },
  { AGRAPH, "fontsize", "12" },
  { AGRAPH, "rankdir", "TB" },
  { AGRAPH, "newrank", "true" },
  { AGRAPH, "nodesep", "0.4" },
  { AGRAPH, "ranksep", "0.35" },
  { AGRAPH, "bgcolor", "transparent" },
  /* Keep the initial order (threads left to right, from the anchors below):
   * crossing reduction would reorder the columns for no gain, since most
   * edges stay inside a column. */
  { AGRAPH, "mclimit", "0.01" },
  { AGNODE, "shape", "box" },
  { AGNODE, "style", "rounded,filled" },
  { AGNODE, "fillcolor", "white" },
  { AGNODE, "color", COLOR_NODE },
  { AGNODE, "fontname", FONT },
  { AGNODE, "fontsize", "10" },
  { AGNODE, "penwidth", "1" },
  { AGEDGE, "fontname", FONT },
  { AGEDGE, "fontsize", "9" },
  { AGEDGE, "color", COLOR_PO },
  { AGEDGE, "fontcolor", COLOR_NODE },
  { AGEDGE, "penwidth", "1" },
  { AGEDGE, "style", "solid" },
  { AGEDGE, "constraint", "true" },
  { AGEDGE, "weight", "1" },
  { AGEDGE, "dir", "forward" },
  { AGEDGE, "label", "" },
};

static void
graph_defaults (Agraph_t *g)
{
  for (gsize i = 0; i < G_N_ELEMENTS (graph_default_attrs); i++)
    agattr (g, graph_default_attrs[i].kind, (char *) graph_default_attrs[i].name,
            (char *) graph_default_attrs[i].value);
}

/* The graph's title: "Finding N: kind on object". */
static void
graph_title (Agraph_t *g, AugurFinding *finding, guint number)
{
  g_autofree char *full_kind = augur_finding_dup_full_kind (finding);
  GString *title = g_string_new (NULL);
  g_string_append_printf (title, "Finding %u: %s", number, full_kind);
  if (augur_finding_get_object (finding) != NULL)
    {
      g_string_append (title, " on ");
      append_literal (title, augur_finding_get_object (finding));
    }
  set (g, "label", title->str);
  set (g, "labelloc", "t");
  g_string_free (title, TRUE);
}

/* One cluster per thread, created in thread order, into @clusters
 * (thread + 1 -> Agraph_t*). */
static void
add_clusters (Agraph_t *g, AugurFinding *finding, const guint *threads, guint n_threads,
              GHashTable *clusters)
{
  for (guint i = 0; i < n_threads; i++)
    {
      g_autofree char *cname = g_strdup_printf ("cluster_T%u", threads[i]);
      Agraph_t *c = agsubg (g, cname, TRUE);
      GString *label = g_string_new (NULL);
      const char *fn = augur_report_thread_function (finding, threads[i]);
      g_autofree char *who = augur_thread_name (threads[i]);
      g_string_append (label, who);
      if (fn != NULL && strcmp (fn, who) != 0)   /* not "main: main" */
        {
          g_string_append (label, ": ");
          append_literal (label, fn);
        }
      set (c, "label", label->str);
      set (c, "style", "rounded,filled");
      set (c, "color", COLOR_CLUSTER);
      set (c, "fillcolor", COLOR_CLUSTER_FILL);
      g_string_free (label, TRUE);
      g_hash_table_insert (clusters, GUINT_TO_POINTER (threads[i] + 1), c);
    }
}

/* Columns in thread order, all starting at the top: an invisible anchor
 * per cluster, the anchors on one rank and chained left to right (newrank
 * lets a rank=same subgraph span clusters).  Fills @anchors (thread + 1 ->
 * Agnode_t*). */
static void
add_anchors (Agraph_t *g, const guint *threads, guint n_threads, GHashTable *clusters,
             GHashTable *anchors)
{
  Agraph_t *top = agsubg (g, "anchors", TRUE);
  set (top, "rank", "same");
  Agnode_t *prev_anchor = NULL;
  for (guint i = 0; i < n_threads; i++)
    {
      Agraph_t *c = g_hash_table_lookup (clusters, GUINT_TO_POINTER (threads[i] + 1));
      g_autofree char *aname = g_strdup_printf ("T%u", threads[i]);
      Agnode_t *a = agnode (c, aname, TRUE);
      agsubnode (top, a, TRUE);
      set (a, "shape", "point");
      set (a, "style", "invis");
      set (a, "width", "0");
      set (a, "height", "0");
      set (a, "label", "");
      if (prev_anchor != NULL)
        {
          Agedge_t *e = agedge (g, prev_anchor, a, NULL, TRUE);
          set (e, "style", "invis");
        }
      prev_anchor = a;
      g_hash_table_insert (anchors, GUINT_TO_POINTER (threads[i] + 1), a);
    }
}

/* A node per relevant step, in its thread's cluster, into @nodes (step + 1
 * -> Agnode_t*); the anchor of each thread leads to its first step. */
static void
add_step_nodes (AugurReportHbGraph *hb, AugurFinding *finding, AugurReportRelevance *rel,
                GHashTable *clusters, GHashTable *anchors, GHashTable *nodes)
{
  Agraph_t *g = hb->graph;
  guint n_steps;
  const guint *steps = augur_report_relevance_get_steps (rel, &n_steps);
  for (guint i = 0; i < n_steps; i++)
    {
      const AugurStep *s = augur_finding_get_step (finding, steps[i]);
      Agraph_t *c = g_hash_table_lookup (clusters, GUINT_TO_POINTER (s->thread + 1));
      g_autofree char *nname = g_strdup_printf ("s%u", steps[i]);
      Agnode_t *n = agnode (c, nname, TRUE);
      g_autofree char *label = step_label (s, steps[i]);
      set (n, "label", label);
      if (augur_finding_is_bug_step (finding, steps[i]))
        {
          set (n, "color", COLOR_BUG);
          set (n, "fillcolor", COLOR_BUG_FILL);
          set (n, "penwidth", "2");
        }
      g_hash_table_insert (nodes, GUINT_TO_POINTER (steps[i] + 1), n);
      hb->n_nodes++;
      /* the anchor of the thread leads to its first step */
      Agnode_t *a = g_hash_table_lookup (anchors, GUINT_TO_POINTER (s->thread + 1));
      if (a != NULL)
        {
          Agedge_t *e = agedge (g, a, n, NULL, TRUE);
          set (e, "style", "invis");
          g_hash_table_remove (anchors, GUINT_TO_POINTER (s->thread + 1));
        }
    }
}

/* The look of an edge of kind @kind: program order, the bug, or synchronisation. */
static void
style_edge (Agedge_t *ed, const AugurReportEdge *e)
{
  switch (e->kind)
    {
    case AUGUR_REPORT_EDGE_PROGRAM_ORDER:
      set (ed, "weight", "10");
      if (e->skipped > 0)
        set (ed, "style", "dashed");
      break;
    case AUGUR_REPORT_EDGE_CONFLICT:
    case AUGUR_REPORT_EDGE_WAITS_FOR:
    case AUGUR_REPORT_EDGE_THEN:
      set (ed, "color", COLOR_BUG);
      set (ed, "fontcolor", COLOR_BUG);
      set (ed, "penwidth", "2.5");
      set (ed, "style", e->kind == AUGUR_REPORT_EDGE_WAITS_FOR ? "bold,dashed" : "bold");
      set (ed, "constraint", "false");
      if (e->kind == AUGUR_REPORT_EDGE_CONFLICT)
        set (ed, "dir", "both");
      break;
    default:
      set (ed, "color", COLOR_SYNC);
      set (ed, "fontcolor", COLOR_SYNC);
      set (ed, "penwidth", "1.5");
      break;
    }
}

/* An edge per relevant edge between the step nodes. */
static void
add_edges (AugurReportHbGraph *hb, AugurFinding *finding, AugurReportRelevance *rel,
           GHashTable *nodes)
{
  guint n_edges;
  const AugurReportEdge *edges = augur_report_relevance_get_edges (rel, &n_edges);
  for (guint i = 0; i < n_edges; i++)
    {
      const AugurReportEdge *e = &edges[i];
      Agnode_t *t = g_hash_table_lookup (nodes, GUINT_TO_POINTER (e->from + 1));
      Agnode_t *h = g_hash_table_lookup (nodes, GUINT_TO_POINTER (e->to + 1));
      Agedge_t *ed = agedge (hb->graph, t, h, NULL, TRUE);
      g_autofree char *label = edge_label (finding, e);
      if (label[0] != '\0')
        set (ed, "label", label);
      style_edge (ed, e);
      hb->n_edges++;
    }
}

AugurReportHbGraph *
augur_report_hb_graph_new (AugurFinding *finding, guint number, guint max_steps)
{
  g_return_val_if_fail (finding != NULL, NULL);

  g_autoptr(AugurReportRelevance) rel = augur_report_relevance_compute (finding, max_steps);
  g_autofree char *gname = g_strdup_printf ("finding_%u", number);
  Agraph_t *g = agopen (gname, Agdirected, graph_disc ());
  graph_defaults (g);
  graph_title (g, finding, number);

  AugurReportHbGraph *hb = g_new0 (AugurReportHbGraph, 1);
  hb->graph = g;

  guint n_threads;
  const guint *threads = augur_report_relevance_get_threads (rel, &n_threads);
  g_autoptr(GHashTable) clusters = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) anchors = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) nodes = g_hash_table_new (NULL, NULL);
  add_clusters (g, finding, threads, n_threads, clusters);
  add_anchors (g, threads, n_threads, clusters, anchors);
  add_step_nodes (hb, finding, rel, clusters, anchors, nodes);
  add_edges (hb, finding, rel, nodes);
  return hb;
}

/* Does @s do what @ev says: the same thread, file (by base name), line
 * and kind of operation? */
static gboolean
step_is (const AugurStep *s, const AugurReportDiagEvent *ev)
{
  if (s->thread != ev->thread || s->line != ev->line || s->file == NULL || ev->file == NULL)
    return FALSE;
  g_autofree char *a = g_path_get_basename (s->file);
  g_autofree char *b = g_path_get_basename (ev->file);
  if (strcmp (a, b) != 0)
    return FALSE;
  gboolean access = s->op == AUGUR_OP_READ || s->op == AUGUR_OP_WRITE;
  if (g_strcmp0 (ev->op, "read") == 0)
    return s->op == AUGUR_OP_READ;
  if (g_strcmp0 (ev->op, "write") == 0)
    return s->op == AUGUR_OP_WRITE;
  return !access;
}

/* The node of the last step before @limit that is @ev, or NULL. */
static Agnode_t *
node_of (AugurReportHbGraph *hb, AugurFinding *f, const AugurReportDiagEvent *ev, guint limit)
{
  for (guint i = limit; i-- > 0;)
    if (step_is (augur_finding_get_step (f, i), ev))
      {
        g_autofree char *name = g_strdup_printf ("s%u", i);
        return agnode (hb->graph, name, FALSE);
      }
  return NULL;
}

guint
augur_report_hb_graph_add_root_cause (AugurReportHbGraph *hb, AugurFinding *finding,
                                      const AugurReportDiagEdge *edges, guint n_edges)
{
  g_return_val_if_fail (hb != NULL && finding != NULL, 0);
  guint drawn = 0, classes = 0;
  for (guint i = 0; i < n_edges; i++)
    classes = MAX (classes, edges[i].klass);
  guint n_steps = augur_finding_get_n_steps (finding);
  for (guint i = 0; i < n_edges; i++)
    {
      Agnode_t *t = node_of (hb, finding, &edges[i].before, n_steps);
      Agnode_t *h = node_of (hb, finding, &edges[i].after, n_steps);
      if (t == NULL || h == NULL || t == h)
        continue;
      /* named: a new edge, never the race edge between the same steps */
      g_autofree char *ename = g_strdup_printf ("root_cause_%u", i + 1);
      Agedge_t *ed = agedge (hb->graph, t, h, ename, TRUE);
      g_autofree char *label = classes > 1 ? g_strdup_printf ("root cause %u", edges[i].klass)
                                           : g_strdup ("root cause");
      set (ed, "label", label);
      set (ed, "color", COLOR_BUG);
      set (ed, "fontcolor", COLOR_BUG);
      set (ed, "penwidth", "3");
      set (ed, "style", "bold");
      set (ed, "constraint", "false");
      hb->n_edges++;
      drawn++;
    }
  return drawn;
}

void
augur_report_hb_graph_free (AugurReportHbGraph *graph)
{
  if (graph == NULL)
    return;
  agclose (graph->graph);
  g_free (graph);
}

guint
augur_report_hb_graph_get_n_nodes (AugurReportHbGraph *graph)
{
  return graph->n_nodes;
}

guint
augur_report_hb_graph_get_n_edges (AugurReportHbGraph *graph)
{
  return graph->n_edges;
}

char *
augur_report_hb_graph_to_dot (AugurReportHbGraph *graph)
{
  g_return_val_if_fail (graph != NULL, NULL);
  GString *s = g_string_new (NULL);
  agwrite (graph->graph, s);
  return g_string_free (s, FALSE);
}

char *
augur_report_hb_graph_to_svg (AugurReportHbGraph *graph, GError **error)
{
  g_return_val_if_fail (graph != NULL, NULL);

  gv_errors = g_string_new (NULL);
  agusererrf old = agseterrf (collect_gv_error);
  GVC_t *gvc = shared_gvc ();
  char *data = NULL;
  unsigned int len = 0;
  char *svg = NULL;

  if (gvLayout (gvc, graph->graph, "dot") != 0)
    g_set_error (error, AUGUR_REPORT_ERROR, AUGUR_REPORT_ERROR_GRAPHVIZ,
                 "Graphviz could not lay out the diagram (is the dot layout plugin installed? "
                 "apt-get install libgvc6): %s", gv_errors->str);
  else
    {
      if (gvRenderData (gvc, graph->graph, "svg", &data, &len) != 0 || data == NULL)
        g_set_error (error, AUGUR_REPORT_ERROR, AUGUR_REPORT_ERROR_GRAPHVIZ,
                     "Graphviz could not render the diagram as SVG: %s", gv_errors->str);
      else
        svg = g_strndup (data, len);
      if (data != NULL)
        gvFreeRenderData (data);
      gvFreeLayout (gvc, graph->graph);
    }
  agseterrf (old);
  g_string_free (g_steal_pointer (&gv_errors), TRUE);
  return svg;
}
