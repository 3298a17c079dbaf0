/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-order-graph.c — a query's unconditional orders (order-graph.h):
 * topological ranks that respect every edge, ties by the smaller key,
 * and cycles (of one edge, of two, of a long chain closed at its end)
 * found.
 */
#include "config.h"

#include <glib.h>

#include "predictor/order-graph.h"

/* Every edge a < b has rank[a] < rank[b], and the ranks are 0 .. n-1. */
static void
assert_ranks_respect (const guint32 (*edges)[2], guint n_edges, const gint64 *rank, guint32 n)
{
  for (guint i = 0; i < n_edges; i++)
    g_assert_cmpint (rank[edges[i][0]], <, rank[edges[i][1]]);
  g_autofree gboolean *seen = g_new0 (gboolean, n);
  for (guint32 v = 0; v < n; v++)
    {
      g_assert_cmpint (rank[v], >=, 0);
      g_assert_cmpint (rank[v], <, n);
      g_assert_false (seen[rank[v]]);
      seen[rank[v]] = TRUE;
    }
}

static void
test_diamond (void)
{
  /* 3 < 1, 3 < 2, 1 < 0, 2 < 0; variable 4 is free */
  static const guint32 edges[][2] = { { 3, 1 }, { 3, 2 }, { 1, 0 }, { 2, 0 } };
  g_autoptr (AugurOrderGraph) g = augur_order_graph_new ();
  for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
    augur_order_graph_add (g, edges[i][0], edges[i][1]);
  g_assert_cmpuint (augur_order_graph_n_edges (g), ==, 4);
  gint64 rank[5];
  g_assert_true (augur_order_graph_rank (g, 5, NULL, rank));
  assert_ranks_respect (edges, G_N_ELEMENTS (edges), rank, 5);
  /* the smallest ready variable first: 3 (of 3, 4), 1 (of 1, 2, 4),
   * 2, then 0 (of 0, 4) and 4 */
  g_assert_cmpint (rank[3], ==, 0);
  g_assert_cmpint (rank[1], ==, 1);
  g_assert_cmpint (rank[2], ==, 2);
  g_assert_cmpint (rank[0], ==, 3);
  g_assert_cmpint (rank[4], ==, 4);
  /* by keys (recorded positions) instead: 4 before 3, and 2 before 1 */
  static const guint32 key[5] = { 50, 40, 30, 20, 10 };
  g_assert_true (augur_order_graph_rank (g, 5, key, rank));
  assert_ranks_respect (edges, G_N_ELEMENTS (edges), rank, 5);
  g_assert_cmpint (rank[4], ==, 0);
  g_assert_cmpint (rank[3], ==, 1);
  g_assert_cmpint (rank[2], ==, 2);
  g_assert_cmpint (rank[1], ==, 3);
  g_assert_cmpint (rank[0], ==, 4);
}

static void
test_cycles (void)
{
  g_autoptr (AugurOrderGraph) g = augur_order_graph_new ();
  gint64 rank[4];
  augur_order_graph_add (g, 2, 2);   /* x < x */
  g_assert_false (augur_order_graph_rank (g, 4, NULL, rank));
  augur_order_graph_clear (g);
  g_assert_cmpuint (augur_order_graph_n_edges (g), ==, 0);
  g_assert_true (augur_order_graph_rank (g, 4, NULL, rank));
  augur_order_graph_add (g, 0, 1);
  augur_order_graph_add (g, 1, 0);
  g_assert_false (augur_order_graph_rank (g, 4, NULL, rank));
  augur_order_graph_clear (g);
  /* duplicate edges are no cycle */
  augur_order_graph_add (g, 0, 1);
  augur_order_graph_add (g, 0, 1);
  g_assert_true (augur_order_graph_rank (g, 2, NULL, rank));
  g_assert_cmpint (rank[0], <, rank[1]);
}

static void
test_long_chain (void)
{
  /* a chain of 100,000 variables laid out backwards, then closed */
  const guint32 n = 100000;
  g_autoptr (AugurOrderGraph) g = augur_order_graph_new ();
  for (guint32 v = n - 1; v > 0; v--)
    augur_order_graph_add (g, v, v - 1);
  g_autofree gint64 *rank = g_new (gint64, n);
  g_assert_true (augur_order_graph_rank (g, n, NULL, rank));
  for (guint32 v = 0; v < n; v++)
    g_assert_cmpint (rank[v], ==, n - 1 - v);
  augur_order_graph_add (g, 0, n - 1);
  g_assert_false (augur_order_graph_rank (g, n, NULL, rank));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/predictor/order-graph/diamond", test_diamond);
  g_test_add_func ("/predictor/order-graph/cycles", test_cycles);
  g_test_add_func ("/predictor/order-graph/long-chain", test_long_chain);
  return g_test_run ();
}
