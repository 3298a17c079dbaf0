/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-split-sim.h — K simulated workers splitting one optimal-DPOR search
 * (explorer/dpor-handoff.h) on a synthetic program (dpor-sim.h), in one
 * process: each worker holds a stack of cores (the one it started with or
 * received, the newest run first), and the workers talk only by messages
 * on FIFO channels, one per ordered pair of workers (as a pipe or MPI's
 * non-overtaking order gives), every message in its flat form:
 *
 *   BRANCH    a handed-out branch, to a worker (augur_dpor_branch_to_bytes)
 *   FORWARD   a race reversal for the core that owns its node; a core
 *             whose fixed prefix holds that node relays it to its giver
 *   FINISHED  a core is done (its own hand-outs finished first), to its giver
 *             (the node and first thread of its branch)
 *   REQUEST   an idle worker asks another for work; NONE is the answer
 *             when it has none
 *
 * Who runs what and when messages arrive is the caller's: the test picks
 * at random (tests/explorer/test-dpor-split.c), the bench by simulated
 * time (bench/dpor-split-bench.c).  The FIFO order is what makes a
 * core's forwards reach its giver (and, relayed, the giver's giver) before
 * its FINISHED does.
 */
#ifndef AUGUR_TEST_DPOR_SPLIT_SIM_H
#define AUGUR_TEST_DPOR_SPLIT_SIM_H

#include <glib.h>

#include "explorer/dpor-handoff.h"
#include "explorer/mazurkiewicz.h"
#include "tests/explorer/dpor-sim.h"

typedef struct {
  AugurDpor *d;
  gint parent;            /* the giver core, -1: the root */
  guint node;             /* the giver's node the branch starts at ... */
  guint tid;              /* ... and its first thread */
  guint worker;
  gboolean alive;
  gboolean running;       /* prefix / sleep are the next execution, asked for, not run */
  gboolean waiting;       /* the last next said wait, and nothing arrived since */
  GArray *prefix, *sleep;
} SimCore;

typedef enum { SIM_BRANCH, SIM_FORWARD, SIM_FINISHED, SIM_REQUEST, SIM_NONE, SIM_DOWN } SimMsgKind;

typedef struct {
  SimMsgKind kind;
  guint from_worker, to_worker;
  gint from_core, to_core;
  guint node, tid;
  GBytes *data;
  double at;              /* arrival (simulated time; the bench's) */
} SimMsg;

typedef struct {
  const Prog *prog;
  guint K;
  GPtrArray *cores;       /* SimCore */
  GArray **stacks;        /* per worker: gint core indices, oldest first */
  GQueue *chan;           /* K x K: chan[from * K + to], SimMsg */
  guint queued;
  gboolean *asking;       /* per worker: a REQUEST of its is out */
  double *clock;          /* per worker (the bench's) */
  double latency;
  /* breaking the protocol, to see the test fail */
  gboolean drop_forwards, no_hold;
  gboolean strict;        /* no relaxed rule: the design that loses traces */
  gboolean late;          /* late insertions instead of the relaxed rule (experimental) */
  GHashTable *receivers;  /* "giver:node:tid" -> receiver core + 1 (late) */
  GHashTable *recv_worker;  /* "giver:node:tid" -> receiver worker + 1 */
  guint64 downs, misses;
  gboolean verbose;       /* every move on stderr */
  /* what happened */
  GHashTable *traces;     /* normal form -> count */
  GArray *steps;
  guint64 complete, blocked, duplicates;
  guint64 handouts, handout_prefix_steps, forwards, relays, lost, finished_msgs, requests, nones;
} SimSplit;

static G_GNUC_UNUSED char *
sim_tids (const AugurSchedStep *st, guint n)
{
  GString *g = g_string_new (NULL);
  for (guint k = 0; k < n; k++)
    g_string_append_printf (g, "%u%s", st[k].tid, st[k].op == AUGUR_SOP_READ ? "r" : "w");
  return g_string_free (g, FALSE);
}

static SimCore *
sim_core (SimSplit *s, gint c)
{
  return g_ptr_array_index (s->cores, c);
}

static gint
sim_core_add (SimSplit *s, AugurDpor *d, gint parent, guint node, guint worker)
{
  SimCore *c = g_new0 (SimCore, 1);
  c->d = d;
  c->parent = parent;
  c->node = node;
  c->worker = worker;
  c->alive = TRUE;
  c->prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  c->sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_ptr_array_add (s->cores, c);
  gint id = (gint) s->cores->len - 1;
  g_array_append_val (s->stacks[worker], id);
  return id;
}

static void
sim_core_free (gpointer p)
{
  SimCore *c = p;
  if (c->d != NULL)
    augur_dpor_free (c->d);
  g_array_unref (c->prefix);
  g_array_unref (c->sleep);
  g_free (c);
}

static SimSplit *
sim_split_new (const Prog *prog, guint K)
{
  SimSplit *s = g_new0 (SimSplit, 1);
  s->prog = prog;
  s->K = K;
  s->cores = g_ptr_array_new_with_free_func (sim_core_free);
  s->stacks = g_new0 (GArray *, K);
  for (guint w = 0; w < K; w++)
    s->stacks[w] = g_array_new (FALSE, FALSE, sizeof (gint));
  s->chan = g_new0 (GQueue, (gsize) K * K);
  s->asking = g_new0 (gboolean, K);
  s->clock = g_new0 (double, K);
  s->traces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s->receivers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s->recv_worker = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s->steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  /* the root: the first execution is the empty prefix, as serially */
  gint root = sim_core_add (s, augur_dpor_new_kind (AUGUR_DPOR_OPTIMAL), -1, 0, 0);
  sim_core (s, root)->running = TRUE;
  return s;
}

static void
sim_msg_free (SimMsg *m)
{
  if (m->data != NULL)
    g_bytes_unref (m->data);
  g_free (m);
}

static void
sim_split_free (SimSplit *s)
{
  for (guint k = 0; k < s->K * s->K; k++)
    g_queue_clear_full (&s->chan[k], (GDestroyNotify) sim_msg_free);
  g_free (s->chan);
  for (guint w = 0; w < s->K; w++)
    g_array_unref (s->stacks[w]);
  g_free (s->stacks);
  g_ptr_array_unref (s->cores);
  g_free (s->asking);
  g_free (s->clock);
  g_hash_table_unref (s->traces);
  g_hash_table_unref (s->receivers);
  g_hash_table_unref (s->recv_worker);
  g_array_unref (s->steps);
  g_free (s);
}

static void
sim_send (SimSplit *s, SimMsgKind kind, guint from_w, guint to_w, gint from_c, gint to_c, guint node,
          GBytes *data)
{
  SimMsg *m = g_new0 (SimMsg, 1);
  m->kind = kind;
  m->from_worker = from_w;
  m->to_worker = to_w;
  m->from_core = from_c;
  m->to_core = to_c;
  m->node = node;
  m->data = data;
  m->at = s->clock[from_w] + s->latency;
  g_queue_push_tail (&s->chan[from_w * s->K + to_w], m);
  s->queued++;
}

/* Worker w's core to run: the newest alive one that is not waiting; -1. */
static gint
sim_worker_core (SimSplit *s, guint w)
{
  for (guint k = s->stacks[w]->len; k-- > 0;)
    {
      SimCore *c = sim_core (s, g_array_index (s->stacks[w], gint, k));
      if (!c->waiting)
        return g_array_index (s->stacks[w], gint, k);
    }
  return -1;
}

static void
sim_core_done (SimSplit *s, gint id)
{
  SimCore *c = sim_core (s, id);
  c->alive = FALSE;
  GArray *st = s->stacks[c->worker];
  for (guint k = 0; k < st->len; k++)
    if (g_array_index (st, gint, k) == id)
      {
        g_array_remove_index (st, k);
        break;
      }
  if (c->parent >= 0 && !s->no_hold)
    {
      SimCore *p = sim_core (s, c->parent);
      sim_send (s, SIM_FINISHED, c->worker, p->worker, id, c->parent, c->node, NULL);
      ((SimMsg *) g_queue_peek_tail (&s->chan[c->worker * s->K + p->worker]))->tid = c->tid;
      s->finished_msgs++;
    }
  s->misses += augur_dpor_handoff_misses (c->d);
  g_clear_pointer (&c->d, augur_dpor_free);
}

/* Late insertions instead of the relaxed rule (before any move). */
static G_GNUC_UNUSED void
sim_split_set_late (SimSplit *s)
{
  s->late = TRUE;
  augur_dpor_handoff_enable_late (sim_core (s, 0)->d);
}

/* Sends what core id collected: forwards to its giver, late insertions
 * to the receivers of its handed-out branches. */
static void
sim_flush (SimSplit *s, gint id)
{
  SimCore *c = sim_core (s, id);
  if (c->d == NULL)
    return;
  g_autoptr (GPtrArray) fw = augur_dpor_handoff_forwards (c->d);
  for (guint k = 0; k < fw->len && !s->drop_forwards; k++)
    {
      SimCore *p = sim_core (s, c->parent);
      AugurDporForward *f = g_ptr_array_index (fw, k);
      if (s->verbose)
        {
          g_autofree char *v = sim_tids ((const AugurSchedStep *) f->seq->data, f->seq->len);
          g_printerr ("core %d forwards node %u: %s\n", id, f->node, v);
        }
      sim_send (s, SIM_FORWARD, c->worker, p->worker, id, c->parent, 0, augur_dpor_forward_to_bytes (f));
      s->forwards++;
    }
  g_autoptr (GPtrArray) dw = augur_dpor_handoff_downs (c->d);
  for (guint k = 0; k < dw->len; k++)
    {
      AugurDporForward *f = g_ptr_array_index (dw, k);
      g_autofree char *key = g_strdup_printf ("%d:%u:%u", id, f->node, f->src);
      guint w = GPOINTER_TO_UINT (g_hash_table_lookup (s->recv_worker, key));
      g_assert_cmpuint (w, >, 0);
      if (s->verbose)
        {
          g_autofree char *v = sim_tids ((const AugurSchedStep *) f->seq->data, f->seq->len);
          g_printerr ("core %d sends down node %u thread %u: %s\n", id, f->node, f->src, v);
        }
      SimMsg *m = NULL;
      sim_send (s, SIM_DOWN, c->worker, w - 1, id, -1, f->node, augur_dpor_forward_to_bytes (f));
      m = g_queue_peek_tail (&s->chan[c->worker * s->K + (w - 1)]);
      m->tid = f->src;
      s->downs++;
    }
}

/* What one call of sim_step did. */
typedef struct {
  gboolean ran;           /* an execution ran (else: asked for the next one) */
  guint prefix_len, n_steps;
} SimStepInfo;

/* Core c's next move: run the execution it asked for (and send its
 * forwards), or ask for the next (and maybe wait, or end). */
static SimStepInfo
sim_step (SimSplit *s, gint id)
{
  SimStepInfo info = { 0 };
  SimCore *c = sim_core (s, id);
  if (!c->running)
    {
      AugurDporNextResult r = augur_dpor_handoff_next (c->d, c->prefix, c->sleep);
      if (s->verbose)
        g_printerr ("core %d next: %s\n", id, r == AUGUR_DPOR_NEXT_RUN ? "run" : r == AUGUR_DPOR_NEXT_WAIT ? "wait" : "done");
      if (r == AUGUR_DPOR_NEXT_RUN)
        c->running = TRUE;
      else if (r == AUGUR_DPOR_NEXT_WAIT)
        c->waiting = TRUE;
      else
        sim_core_done (s, id);
      return info;
    }
  info.ran = TRUE;
  info.prefix_len = c->prefix->len;
  if (simulate (s->prog, c->prefix, c->sleep, s->steps))
    {
      s->complete++;
      char *nf = augur_mazurkiewicz_normal_form ((const AugurSchedStep *) s->steps->data, s->steps->len);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (s->traces, nf));
      if (n > 0)
        s->duplicates++;
      g_hash_table_replace (s->traces, nf, GUINT_TO_POINTER (n + 1));
    }
  else
    s->blocked++;
  info.n_steps = s->steps->len;
  if (s->verbose)
    {
      g_autofree char *a = sim_tids ((const AugurSchedStep *) c->prefix->data, c->prefix->len);
      g_autofree char *b = sim_tids ((const AugurSchedStep *) s->steps->data, s->steps->len);
      g_autofree char *z = sim_tids ((const AugurSchedStep *) c->sleep->data, c->sleep->len);
      g_printerr ("core %d runs prefix %s sleep {%s}: %s\n", id, a, z, b);
    }
  augur_dpor_add_execution (c->d, (const AugurSchedStep *) s->steps->data, s->steps->len, NULL, NULL);
  c->running = FALSE;
  sim_flush (s, id);
  return info;
}

/* Core g hands a branch to worker to; FALSE if it has none. */
static gboolean
sim_handout (SimSplit *s, gint g, guint to)
{
  SimCore *c = sim_core (s, g);
  g_autoptr (AugurDporBranch) b = augur_dpor_handoff_take (c->d);
  if (b == NULL)
    return FALSE;
  if (s->no_hold)
    augur_dpor_handoff_finished (c->d, b->node, g_array_index (b->prefix, AugurSchedStep, b->node).tid);
  if (s->strict)
    b->relaxed = b->relax_below = FALSE;
  s->handouts++;
  s->handout_prefix_steps += b->node;
  {
    guint tid = g_array_index (b->prefix, AugurSchedStep, b->node).tid;
    g_hash_table_replace (s->recv_worker, g_strdup_printf ("%d:%u:%u", g, b->node, tid),
                          GUINT_TO_POINTER (to + 1));
  }
  if (s->verbose)
    {
      g_autofree char *a = sim_tids ((const AugurSchedStep *) b->prefix->data, b->prefix->len);
      g_autofree char *z = sim_tids ((const AugurSchedStep *) b->sleep->data, b->sleep->len);
      g_printerr ("core %d hands node %u prefix %s sleep {%s} tree of %u to worker %u\n", g, b->node, a, z,
                  b->tree->len, to);
    }
  sim_send (s, SIM_BRANCH, c->worker, to, g, -1, b->node, augur_dpor_branch_to_bytes (b));
  return TRUE;
}

/* Worker w gives a branch to worker to, from its oldest core that has one
 * (the oldest holds the shallowest nodes: the most work). */
static gboolean
sim_worker_handout (SimSplit *s, guint w, guint to)
{
  for (guint k = 0; k < s->stacks[w]->len; k++)
    if (sim_handout (s, g_array_index (s->stacks[w], gint, k), to))
      return TRUE;
  return FALSE;
}

/* Delivers the first message of the channel from -> to. */
static void
sim_deliver (SimSplit *s, guint from, guint to)
{
  SimMsg *m = g_queue_pop_head (&s->chan[from * s->K + to]);
  g_assert (m != NULL);
  s->queued--;
  switch (m->kind)
    {
    case SIM_BRANCH:
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (AugurDporBranch) b = augur_dpor_branch_from_bytes (m->data, &error);
        g_assert_no_error (error);
        AugurDpor *d0 = NULL;
        gint id = sim_core_add (s, NULL, m->from_core, b->node, to);
        SimCore *c = sim_core (s, id);
        d0 = augur_dpor_handoff_new (b, c->prefix, c->sleep);
        c->d = d0;
        c->tid = g_array_index (b->prefix, AugurSchedStep, b->node).tid;
        g_hash_table_replace (s->receivers, g_strdup_printf ("%d:%u:%u", m->from_core, b->node, c->tid),
                              GINT_TO_POINTER (id + 1));
        c->running = TRUE;
        s->asking[to] = FALSE;
        break;
      }
    case SIM_FORWARD:
      {
        SimCore *c = sim_core (s, m->to_core);
        if (!c->alive)
          {
            s->lost++;   /* only when the protocol is broken (no_hold) */
            break;
          }
        g_autoptr (GError) error = NULL;
        g_autoptr (AugurDporForward) f = augur_dpor_forward_from_bytes (m->data, &error);
        g_assert_no_error (error);
        AugurDporForwardResult r = augur_dpor_handoff_apply (c->d, f);
        if (s->verbose)
          g_printerr ("core %d applies a forward at node %u: %s\n", m->to_core, f->node,
                      r == AUGUR_DPOR_FORWARD_UP ? "up" : r == AUGUR_DPOR_FORWARD_STALE ? "stale" : "applied");
        if (r == AUGUR_DPOR_FORWARD_UP)
          {
            SimCore *p = sim_core (s, c->parent);
            sim_send (s, SIM_FORWARD, c->worker, p->worker, m->to_core, c->parent, 0,
                      g_bytes_ref (m->data));
            s->relays++;
          }
        else if (r == AUGUR_DPOR_FORWARD_STALE)
          s->lost++;
        c->waiting = FALSE;
        sim_flush (s, m->to_core);
        break;
      }
    case SIM_DOWN:
      {
        g_autofree char *key = g_strdup_printf ("%d:%u:%u", m->from_core, m->node, m->tid);
        gint r = GPOINTER_TO_INT (g_hash_table_lookup (s->receivers, key)) - 1;
        g_assert_cmpint (r, >=, 0);
        SimCore *c = sim_core (s, r);
        if (!c->alive)
          {
            s->misses++;   /* its receiver is done: too late */
            break;
          }
        g_autoptr (GError) error = NULL;
        g_autoptr (AugurDporForward) f = augur_dpor_forward_from_bytes (m->data, &error);
        g_assert_no_error (error);
        if (s->verbose)
          g_printerr ("core %d takes a late insertion at node %u\n", r, f->node);
        augur_dpor_handoff_apply_down (c->d, f);
        c->waiting = FALSE;
        sim_flush (s, r);
        break;
      }
    case SIM_FINISHED:
      {
        SimCore *c = sim_core (s, m->to_core);
        g_assert_true (c->alive);   /* held until now */
        augur_dpor_handoff_finished (c->d, m->node, m->tid);
        if (s->verbose)
          g_printerr ("core %d: core %d finished (node %u)\n", m->to_core, m->from_core, m->node);
        c->waiting = FALSE;
        break;
      }
    case SIM_REQUEST:
      s->requests++;
      if (!sim_worker_handout (s, to, from))
        {
          sim_send (s, SIM_NONE, to, from, -1, -1, 0, NULL);
          s->nones++;
        }
      break;
    case SIM_NONE:
      s->asking[to] = FALSE;
      break;
    }
  sim_msg_free (m);
}

/* Nothing left anywhere: no core, no message. */
static G_GNUC_UNUSED gboolean
sim_split_over (SimSplit *s)
{
  if (s->queued > 0)
    return FALSE;
  for (guint w = 0; w < s->K; w++)
    if (s->stacks[w]->len > 0)
      return FALSE;
  return TRUE;
}

#endif /* AUGUR_TEST_DPOR_SPLIT_SIM_H */
