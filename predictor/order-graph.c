/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * order-graph.c — a query's unconditional orders and their topological
 * order (order-graph.h): Kahn's algorithm over the edges laid out by
 * source (a counting sort), with a binary heap of the ready variables so
 * that the one of smallest key comes first.
 */
#include "config.h"

#include "predictor/order-graph.h"

typedef struct {
  guint32 a, b;
} Edge;

struct _AugurOrderGraph {
  GArray *edges;   /* Edge */
};

AugurOrderGraph *
augur_order_graph_new (void)
{
  AugurOrderGraph *g = g_new0 (AugurOrderGraph, 1);
  g->edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  return g;
}

void
augur_order_graph_free (AugurOrderGraph *g)
{
  if (g == NULL)
    return;
  g_array_unref (g->edges);
  g_free (g);
}

void
augur_order_graph_clear (AugurOrderGraph *g)
{
  g_array_set_size (g->edges, 0);
}

void
augur_order_graph_add (AugurOrderGraph *g, guint32 a, guint32 b)
{
  Edge e = { a, b };
  g_array_append_val (g->edges, e);
}

guint
augur_order_graph_n_edges (const AugurOrderGraph *g)
{
  return g->edges->len;
}

/* A min-heap of variables by key. */
typedef struct {
  guint32 *v;
  guint n;
  const guint32 *key;   /* NULL: the variable itself */
} Heap;

static inline guint32
key_of (const Heap *h, guint32 v)
{
  return h->key != NULL ? h->key[v] : v;
}

static void
heap_push (Heap *h, guint32 v)
{
  guint i = h->n++;
  while (i > 0 && key_of (h, h->v[(i - 1) / 2]) > key_of (h, v))
    {
      h->v[i] = h->v[(i - 1) / 2];
      i = (i - 1) / 2;
    }
  h->v[i] = v;
}

static guint32
heap_pop (Heap *h)
{
  guint32 top = h->v[0], v = h->v[--h->n];
  guint i = 0;
  for (;;)
    {
      guint c = 2 * i + 1;
      if (c >= h->n)
        break;
      if (c + 1 < h->n && key_of (h, h->v[c + 1]) < key_of (h, h->v[c]))
        c++;
      if (key_of (h, h->v[c]) >= key_of (h, v))
        break;
      h->v[i] = h->v[c];
      i = c;
    }
  if (h->n > 0)
    h->v[i] = v;
  return top;
}

gboolean
augur_order_graph_rank (const AugurOrderGraph *g, guint32 n_vars, const guint32 *key,
                        gint64 *rank)
{
  guint n_edges = g->edges->len;
  const Edge *edges = (const Edge *) (gpointer) g->edges->data;
  /* successors laid out by source: first[v] .. first[v+1] in succ */
  guint *first = g_new0 (guint, (gsize) n_vars + 1);
  guint *indeg = g_new0 (guint, n_vars);
  for (guint i = 0; i < n_edges; i++)
    {
      g_return_val_if_fail (edges[i].a < n_vars && edges[i].b < n_vars, FALSE);
      first[edges[i].a + 1]++;
      indeg[edges[i].b]++;
    }
  for (guint32 v = 0; v < n_vars; v++)
    first[v + 1] += first[v];
  guint32 *succ = g_new (guint32, MAX (n_edges, 1u));
  guint *fill = g_memdup2 (first, sizeof (guint) * n_vars);
  for (guint i = 0; i < n_edges; i++)
    succ[fill[edges[i].a]++] = edges[i].b;
  g_free (fill);

  Heap heap = { .v = g_new (guint32, MAX (n_vars, 1u)), .key = key };
  for (guint32 v = 0; v < n_vars; v++)
    if (indeg[v] == 0)
      heap_push (&heap, v);
  guint32 placed = 0;
  while (heap.n > 0)
    {
      guint32 v = heap_pop (&heap);
      rank[v] = placed++;
      for (guint i = first[v]; i < first[v + 1]; i++)
        if (--indeg[succ[i]] == 0)
          heap_push (&heap, succ[i]);
    }
  g_free (heap.v);
  g_free (succ);
  g_free (indeg);
  g_free (first);
  return placed == n_vars;   /* the rest lie on or after a cycle */
}
