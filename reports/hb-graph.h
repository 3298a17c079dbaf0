/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * hb-graph.h — a finding's happens-before diagram, built with cgraph and
 * rendered with gvc.
 *
 * The diagram shows only the relevant steps of the schedule (relevance.h),
 * so that a 10^6-event trace still gives a picture of a few dozen boxes:
 *   - one cluster per thread ("thread 1: worker"), its steps top to bottom
 *     in program order; a program-order edge says how many steps it skips;
 *     the clusters are columns in thread order (invisible anchors on one rank);
 *   - synchronisation edges between threads (create, join, unlock->lock,
 *     signal->wake, post->wait, barrier) in blue;
 *   - the bug's steps filled red, and the conflicting or violating edges
 *     (race, waits-for, then) in bold red;
 *   - every step labelled with its step number, operation, object and file:line.
 *
 * With a diagnosis (diagnosis.h), the orderings of the root cause are bold
 * red edges labelled "root cause" (with the class number when there are
 * several) between the steps they order.
 *
 * Program text reaches Graphviz only as attribute values: cgraph quotes them
 * when writing DOT and gvc escapes them when writing SVG.  Backslashes are
 * doubled so that Graphviz's label escapes (\N, \G, \l ...) never fire on
 * program text.
 */
#ifndef AUGUR_REPORT_HB_GRAPH_H
#define AUGUR_REPORT_HB_GRAPH_H

#include "common/results.h"
#include "reports/diagnosis.h"

G_BEGIN_DECLS

typedef struct _AugurReportHbGraph AugurReportHbGraph;

/* number: the finding's number in the report (1-based), used in the graph's
 * name and title.  max_steps: the cut (AUGUR_REPORT_MAX_RELEVANT_STEPS). */
AugurReportHbGraph *augur_report_hb_graph_new (AugurFinding *finding, guint number, guint max_steps);
void                augur_report_hb_graph_free (AugurReportHbGraph *graph);

guint augur_report_hb_graph_get_n_nodes (AugurReportHbGraph *graph);
guint augur_report_hb_graph_get_n_edges (AugurReportHbGraph *graph);

/* Draws the root-cause orderings @edges (of @finding's diagnosis) between
 * the steps of the diagram they name: each end is the last step of the
 * schedule of that thread, operation and file:line.  Returns how many were
 * drawn (an ordering whose steps the diagram does not show is not). */
guint augur_report_hb_graph_add_root_cause (AugurReportHbGraph *graph, AugurFinding *finding,
                                            const AugurReportDiagEdge *edges, guint n_edges);

/* The graph as DOT (agwrite), before layout: deterministic. */
char *augur_report_hb_graph_to_dot (AugurReportHbGraph *graph);
/* Laid out with dot and rendered to a complete SVG document (gvRenderData). */
char *augur_report_hb_graph_to_svg (AugurReportHbGraph *graph, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurReportHbGraph, augur_report_hb_graph_free)

G_END_DECLS

#endif /* AUGUR_REPORT_HB_GRAPH_H */
