/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * order-graph.h — the unconditional orders of one query (O(a) < O(b)), as
 * a directed graph over its order variables.
 *
 * A cycle among them makes the query infeasible whatever its disjunctions
 * say; without disjunctions, a topological order of the graph is a
 * satisfying assignment.  Both take linear time, where Z3 may not: on a
 * conjunction of 23,485 orders over 15,657 variables (a thread pool's
 * window, C-Thread-Pool), its difference-logic solver spent 150 s and
 * 10 GB, past its timeout and deaf to interruption.
 */
#ifndef AUGUR_PRED_ORDER_GRAPH_H
#define AUGUR_PRED_ORDER_GRAPH_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct _AugurOrderGraph AugurOrderGraph;

AugurOrderGraph *augur_order_graph_new (void);
void augur_order_graph_free (AugurOrderGraph *g);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurOrderGraph, augur_order_graph_free)

/* Forgets every edge (the graph is reused from query to query). */
void augur_order_graph_clear (AugurOrderGraph *g);

/* a < b, for variables numbered from 0. */
void augur_order_graph_add (AugurOrderGraph *g, guint32 a, guint32 b);

guint augur_order_graph_n_edges (const AugurOrderGraph *g);

/* Ranks variables 0 .. n_vars-1 in a topological order of the edges
 * (rank[a] < rank[b] for every edge a < b): TRUE, or FALSE when the edges
 * have a cycle (rank is then unspecified).  Of the variables free to come
 * next, the one of smallest key[v] comes first (the encoder's key is the
 * event's index in the recorded run: the schedule keeps the recorded
 * order wherever the edges allow it, and the recorded run was possible);
 * keys are distinct, or NULL for the variables' own numbers.  Every
 * edge's ends must be below n_vars. */
gboolean augur_order_graph_rank (const AugurOrderGraph *g, guint32 n_vars, const guint32 *key,
                                 gint64 *rank);

G_END_DECLS

#endif
