/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * relevance.c — the steps of a schedule that matter and the happens-before
 * edges between them (see relevance.h for the rules).
 *
 * Step indices are guint; "none" is G_MAXUINT.  The per-step tables (sync
 * source, position in thread) are sized by the schedule: linear memory.
 */
#include "config.h"

#include "reports/relevance.h"

#include <string.h>

#define NONE G_MAXUINT

struct _AugurReportRelevance {
  AugurFinding *finding;   /* owned ref */
  GArray       *steps;     /* guint, sorted */
  GHashTable   *step_set;  /* GUINT_TO_POINTER(step+1) */
  GArray       *edges;     /* AugurReportEdge */
  GArray       *threads;   /* guint, sorted */
};

/* Each kind of edge: its name, and the words on it in a picture. */
static const struct {
  const char *name;
  const char *label;
} edge_kinds[] = {
  [AUGUR_REPORT_EDGE_PROGRAM_ORDER] = { "program-order", "" },
  [AUGUR_REPORT_EDGE_CREATE] = { "create", "create" },
  [AUGUR_REPORT_EDGE_JOIN] = { "join", "join" },
  [AUGUR_REPORT_EDGE_LOCK] = { "unlock-lock", "unlock -> lock" },
  [AUGUR_REPORT_EDGE_SIGNAL] = { "signal-wake", "signal -> wake" },
  [AUGUR_REPORT_EDGE_SEMAPHORE] = { "post-wait", "post -> wait" },
  [AUGUR_REPORT_EDGE_BARRIER] = { "barrier", "barrier" },
  [AUGUR_REPORT_EDGE_CONFLICT] = { "conflict", "race" },
  [AUGUR_REPORT_EDGE_WAITS_FOR] = { "waits-for", "waits for" },
  [AUGUR_REPORT_EDGE_THEN] = { "then", "then" },
};

const char *
augur_report_edge_kind_to_string (AugurReportEdgeKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (edge_kinds), NULL);
  return edge_kinds[kind].name;
}

const char *
augur_report_edge_kind_label (AugurReportEdgeKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (edge_kinds), NULL);
  return edge_kinds[kind].label;
}

gboolean
augur_report_edge_kind_is_highlight (AugurReportEdgeKind kind)
{
  return kind == AUGUR_REPORT_EDGE_CONFLICT || kind == AUGUR_REPORT_EDGE_WAITS_FOR
         || kind == AUGUR_REPORT_EDGE_THEN;
}

const char *
augur_report_thread_function (AugurFinding *finding, guint thread)
{
  /* the first step of the main thread may be in any function it calls */
  if (thread == 0)
    return "main";
  guint n = augur_finding_get_n_steps (finding);
  const char *first = NULL;
  for (guint i = 0; i < n; i++)
    {
      const AugurStep *s = augur_finding_get_step (finding, i);
      if (s->thread != thread)
        continue;
      if (s->op == AUGUR_OP_START && s->function != NULL)
        return s->function;
      if (first == NULL)
        first = s->function;
      if (first != NULL)
        break;
    }
  return first;
}

/* The synchronisation source of each acquire-like step, over the whole schedule. */
typedef struct {
  guint               *src;   /* per step: the release it synchronises with, or NONE */
  guint               *dst;   /* per step: the first acquire that synchronises with it, or NONE */
  AugurReportEdgeKind *kind;  /* per step: kind of the edge into it */
} SyncTable;

/* The edge drawn for a channel of the operation table. */
static const AugurReportEdgeKind edge_of_channel[AUGUR_OPS_SYNC_N_] = {
  [AUGUR_OPS_SYNC_CREATE] = AUGUR_REPORT_EDGE_CREATE,
  [AUGUR_OPS_SYNC_JOIN] = AUGUR_REPORT_EDGE_JOIN,
  [AUGUR_OPS_SYNC_LOCK] = AUGUR_REPORT_EDGE_LOCK,
  [AUGUR_OPS_SYNC_SIGNAL] = AUGUR_REPORT_EDGE_SIGNAL,
  [AUGUR_OPS_SYNC_SEM] = AUGUR_REPORT_EDGE_SEMAPHORE,
  [AUGUR_OPS_SYNC_BARRIER] = AUGUR_REPORT_EDGE_BARRIER,
};

/* How many read locks each thread holds on each object: an unlock of a
 * rwlock held for reading is a reader's release, which orders no later
 * reader.  Keys "thread:object" -> depth. */
static GHashTable *
read_depths_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static void
read_depths_take (GHashTable *d, const AugurStep *s)
{
  char *key = g_strdup_printf ("%u:%s", s->thread, s->object);
  guint depth = GPOINTER_TO_UINT (g_hash_table_lookup (d, key));
  g_hash_table_insert (d, key, GUINT_TO_POINTER (depth + 1));
}

/* Is @s (an unlock) a reader's release?  Then one read lock fewer held. */
static gboolean
read_depths_release (GHashTable *d, const AugurStep *s)
{
  if (s->op != AUGUR_OP_UNLOCK)
    return FALSE;
  g_autofree char *key = g_strdup_printf ("%u:%s", s->thread, s->object);
  guint depth = GPOINTER_TO_UINT (g_hash_table_lookup (d, key));
  if (depth == 0)
    return FALSE;
  g_hash_table_insert (d, g_steal_pointer (&key), GUINT_TO_POINTER (depth - 1));
  return TRUE;
}

static void
sync_table_compute (AugurFinding *f, SyncTable *t)
{
  guint n = augur_finding_get_n_steps (f);
  t->src = g_new (guint, n);
  t->dst = g_new (guint, n);
  if (n > 0)
    memset (t->dst, 0xff, n * sizeof (guint));   /* NONE */
  t->kind = g_new0 (AugurReportEdgeKind, n);

  g_autoptr(GHashTable) create_of = g_hash_table_new (NULL, NULL);   /* child+1 -> step+1 */
  g_autoptr(GHashTable) exit_of = g_hash_table_new (NULL, NULL);     /* thread+1 -> step+1 */
  g_autoptr(GHashTable) last_of_thread = g_hash_table_new (NULL, NULL);
  /* per object channel (unlock -> lock, signal -> wake, post -> wait, enter ->
   * leave): object -> the last step that published on it + 1 */
  GHashTable *last[AUGUR_OPS_SYNC_N_] = { NULL };
  for (guint c = AUGUR_OPS_SYNC_LOCK; c < AUGUR_OPS_SYNC_N_; c++)
    last[c] = g_hash_table_new (g_str_hash, g_str_equal);
  /* a read lock is ordered after the last write-mode release only, not
   * after another reader's (the explorer's happens-before: two readers
   * of a rwlock do not order each other, explorer/dpor-pass.c) */
  g_autoptr(GHashTable) last_wrel = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) reading = read_depths_new ();

  for (guint i = 0; i < n; i++)
    {
      const AugurStep *s = augur_finding_get_step (f, i);
      gpointer key = GUINT_TO_POINTER (s->thread + 1);
      gpointer val = GUINT_TO_POINTER (i + 1);
      guint src = NONE;
      AugurReportEdgeKind kind = AUGUR_REPORT_EDGE_PROGRAM_ORDER;
      GHashTable *from = NULL;

      const AugurOpsOp *row = augur_ops_op (s->op);
      switch (row->sync_out)
        {
        case AUGUR_OPS_SYNC_NONE:
          break;
        case AUGUR_OPS_SYNC_CREATE:
          if (s->peer >= 0)
            g_hash_table_insert (create_of, GUINT_TO_POINTER ((guint) s->peer + 1), val);
          break;
        case AUGUR_OPS_SYNC_JOIN:
          g_hash_table_insert (exit_of, key, val);
          break;
        default:
          if (s->object != NULL)
            g_hash_table_insert (last[row->sync_out], s->object, val);
          if (s->object != NULL && row->sync_out == AUGUR_OPS_SYNC_LOCK
              && !read_depths_release (reading, s))
            g_hash_table_insert (last_wrel, s->object, val);
          break;
        }
      if (s->op == AUGUR_OP_RDLOCK && s->object != NULL)
        read_depths_take (reading, s);
      switch (row->sync_in)
        {
        case AUGUR_OPS_SYNC_NONE:
          break;
        case AUGUR_OPS_SYNC_CREATE:
          src = GPOINTER_TO_UINT (g_hash_table_lookup (create_of, key)) - 1;
          kind = AUGUR_REPORT_EDGE_CREATE;
          break;
        case AUGUR_OPS_SYNC_JOIN:
          if (s->peer >= 0)
            {
              gpointer pk = GUINT_TO_POINTER ((guint) s->peer + 1);
              gpointer e = g_hash_table_lookup (exit_of, pk);
              if (e == NULL)
                e = g_hash_table_lookup (last_of_thread, pk);
              src = GPOINTER_TO_UINT (e) - 1;
              kind = AUGUR_REPORT_EDGE_JOIN;
            }
          break;
        default:
          from = s->op == AUGUR_OP_RDLOCK ? last_wrel : last[row->sync_in];
          kind = edge_of_channel[row->sync_in];
          break;
        }
      if (from != NULL && s->object != NULL)
        src = GPOINTER_TO_UINT (g_hash_table_lookup (from, s->object)) - 1;
      /* Only edges between threads: within a thread, program order says it. */
      if (src != NONE && augur_finding_get_step (f, src)->thread == s->thread)
        src = NONE;
      t->src[i] = src;
      t->kind[i] = kind;
      if (src != NONE && t->dst[src] == NONE)
        t->dst[src] = i;
      g_hash_table_insert (last_of_thread, key, val);
    }
  for (guint c = AUGUR_OPS_SYNC_LOCK; c < AUGUR_OPS_SYNC_N_; c++)
    g_hash_table_unref (last[c]);
}

static void
sync_table_clear (SyncTable *t)
{
  g_free (t->src);
  g_free (t->dst);
  g_free (t->kind);
}

/* Candidate list with priorities: insertion order is priority order. */
typedef struct {
  GArray     *order;   /* guint steps */
  GHashTable *seen;    /* step+1 */
} Picks;

static void
pick (Picks *p, guint step)
{
  if (step == NONE || g_hash_table_contains (p->seen, GUINT_TO_POINTER (step + 1)))
    return;
  g_hash_table_add (p->seen, GUINT_TO_POINTER (step + 1));
  g_array_append_val (p->order, step);
}

static int
cmp_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return (x > y) - (x < y);
}

static int
cmp_edge (gconstpointer pa, gconstpointer pb)
{
  const AugurReportEdge *a = pa, *b = pb;
  if (a->from != b->from)
    return a->from < b->from ? -1 : 1;
  if (a->to != b->to)
    return a->to < b->to ? -1 : 1;
  return (a->kind > b->kind) - (a->kind < b->kind);
}

/* The acquire of @object before step @before that is still held there (not
 * released before @before).  With @other_thread FALSE: by @thread itself;
 * with TRUE: by any other thread (the holder a blocked request waits for).
 * One backward scan: an unlock seen first cancels its thread's next acquire. */
static guint
held_acquire (AugurFinding *f, guint thread, const char *object, guint before, gboolean other_thread)
{
  g_autoptr(GHashTable) released = g_hash_table_new (NULL, NULL);  /* thread+1 -> pending unlocks */
  for (guint i = before; i-- > 0;)
    {
      const AugurStep *s = augur_finding_get_step (f, i);
      if (g_strcmp0 (s->object, object) != 0)
        continue;
      if (other_thread ? s->thread == thread : s->thread != thread)
        continue;
      gpointer key = GUINT_TO_POINTER (s->thread + 1);
      guint pending = GPOINTER_TO_UINT (g_hash_table_lookup (released, key));
      if (s->op == AUGUR_OP_UNLOCK)
        g_hash_table_insert (released, key, GUINT_TO_POINTER (pending + 1));
      else if (augur_op_is_acquire (s->op))
        {
          if (pending == 0)
            return i;
          g_hash_table_insert (released, key, GUINT_TO_POINTER (pending - 1));
        }
    }
  return NONE;
}

gboolean
augur_report_lock_held_for_reading (AugurFinding *f, const AugurAccess *a, const char *lock)
{
  /* an access the schedule does not hold (a blocked request) comes after it */
  gint st = augur_finding_find_step (f, a->thread, a->event);
  guint before = st >= 0 ? (guint) st : augur_finding_get_n_steps (f);
  guint acq = held_acquire (f, a->thread, lock, before, FALSE);
  return acq != NONE && augur_finding_get_step (f, acq)->op == AUGUR_OP_RDLOCK;
}

static guint
release_after (AugurFinding *f, guint thread, const char *object, guint after)
{
  guint n = augur_finding_get_n_steps (f);
  for (guint i = after + 1; i < n; i++)
    {
      const AugurStep *s = augur_finding_get_step (f, i);
      if (s->thread == thread && s->op == AUGUR_OP_UNLOCK && g_strcmp0 (s->object, object) == 0)
        return i;
    }
  return NONE;
}

/* 1. the bug's steps and the involved accesses: the essential steps.  The
 * step of each access (or NONE) goes to @access_steps. */
static void
pick_essential (Picks *p, AugurFinding *f, const guint *bug, guint n_bug, GArray *access_steps)
{
  for (guint i = 0; i < n_bug; i++)
    pick (p, bug[i]);
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      gint st = augur_finding_find_step (f, a->thread, a->event);
      guint ust = st < 0 ? NONE : (guint) st;
      g_array_append_val (access_steps, ust);
      pick (p, ust);
    }
}

/* 2. the critical sections around the accesses */
static void
pick_critical_sections (Picks *p, AugurFinding *f, GArray *access_steps)
{
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      guint st = g_array_index (access_steps, guint, i);
      if (st == NONE)
        continue;
      for (guint j = 0; a->locks_held[j] != NULL; j++)
        {
          guint acq = held_acquire (f, a->thread, a->locks_held[j], st, FALSE);
          pick (p, acq);
          pick (p, release_after (f, a->thread, a->locks_held[j], st));
        }
    }
}

/* 3. deadlock: who holds what each blocked request waits for */
static void
pick_holders (Picks *p, AugurFinding *f, const guint *bug, guint n_bug)
{
  for (guint i = 0; i < n_bug; i++)
    {
      const AugurStep *s = augur_finding_get_step (f, bug[i]);
      if (s->op == AUGUR_OP_LOCK_REQUEST && s->object != NULL)
        pick (p, held_acquire (f, s->thread, s->object, bug[i], TRUE));
    }
}

/* The involved threads: the finding's and those of the bug's steps, as a
 * set of thread + 1. */
static GHashTable *
involved_threads (AugurFinding *f, const guint *bug, guint n_bug)
{
  guint n_threads;
  const guint *threads = augur_finding_get_threads (f, &n_threads);
  GHashTable *involved = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < n_threads; i++)
    g_hash_table_add (involved, GUINT_TO_POINTER (threads[i] + 1));
  for (guint i = 0; i < n_bug; i++)
    g_hash_table_add (involved, GUINT_TO_POINTER (augur_finding_get_step (f, bug[i])->thread + 1));
  return involved;
}

/* 4. where the involved threads come from and go to */
static void
pick_thread_ends (Picks *p, AugurFinding *f, GHashTable *involved)
{
  guint n = augur_finding_get_n_steps (f);
  for (guint i = 0; i < n; i++)
    {
      const AugurStep *s = augur_finding_get_step (f, i);
      gboolean about_involved = s->peer >= 0
        && g_hash_table_contains (involved, GUINT_TO_POINTER ((guint) s->peer + 1));
      gboolean of_involved = g_hash_table_contains (involved, GUINT_TO_POINTER (s->thread + 1));
      if ((s->op == AUGUR_OP_CREATE || s->op == AUGUR_OP_JOIN) && about_involved)
        pick (p, i);
      else if ((s->op == AUGUR_OP_START || s->op == AUGUR_OP_EXIT) && of_involved)
        pick (p, i);
    }
}

/* 5. one level of synchronisation from and to involved threads */
static void
pick_sync_neighbours (Picks *p, AugurFinding *f, const SyncTable *sync, GHashTable *involved)
{
  guint n_before = p->order->len;
  for (guint k = 0; k < n_before; k++)
    {
      guint st = g_array_index (p->order, guint, k);
      guint other[2] = { sync->src[st], sync->dst[st] };
      for (guint j = 0; j < 2; j++)
        if (other[j] != NONE
            && g_hash_table_contains (involved,
                                      GUINT_TO_POINTER (augur_finding_get_step (f, other[j])->thread + 1)))
          pick (p, other[j]);
    }
}

/* The position of each step within its thread, for the "left out" counts
 * (g_free() it). */
static guint64 *
positions_in_threads (AugurFinding *f)
{
  guint n = augur_finding_get_n_steps (f);
  g_autoptr(GHashTable) count_of = g_hash_table_new (NULL, NULL);
  guint64 *pos = g_new (guint64, n);
  for (guint i = 0; i < n; i++)
    {
      gpointer key = GUINT_TO_POINTER (augur_finding_get_step (f, i)->thread + 1);
      guint64 c = GPOINTER_TO_SIZE (g_hash_table_lookup (count_of, key));
      pos[i] = c;
      g_hash_table_insert (count_of, key, GSIZE_TO_POINTER (c + 1));
    }
  return pos;
}

/* The program-order edges between the kept steps of each thread (with how
 * many steps each leaves out), the synchronisation edges between kept
 * steps, and the threads with a kept step. */
static void
add_order_and_sync_edges (AugurReportRelevance *rel, AugurFinding *f, const SyncTable *sync)
{
  guint64 *pos = positions_in_threads (f);
  g_autoptr(GHashTable) last_rel = g_hash_table_new (NULL, NULL);  /* thread+1 -> step+1 */
  for (guint i = 0; i < rel->steps->len; i++)
    {
      guint st = g_array_index (rel->steps, guint, i);
      const AugurStep *s = augur_finding_get_step (f, st);
      gpointer key = GUINT_TO_POINTER (s->thread + 1);
      gpointer prev = g_hash_table_lookup (last_rel, key);
      if (prev != NULL)
        {
          guint ps = GPOINTER_TO_UINT (prev) - 1;
          AugurReportEdge e = { ps, st, AUGUR_REPORT_EDGE_PROGRAM_ORDER, pos[st] - pos[ps] - 1 };
          g_array_append_val (rel->edges, e);
        }
      else
        g_array_append_val (rel->threads, s->thread);
      g_hash_table_insert (last_rel, key, GUINT_TO_POINTER (st + 1));

      guint src = sync->src[st];
      if (src != NONE && g_hash_table_contains (rel->step_set, GUINT_TO_POINTER (src + 1)))
        {
          AugurReportEdge e = { src, st, sync->kind[st], 0 };
          g_array_append_val (rel->edges, e);
        }
    }
  g_free (pos);
  g_array_sort (rel->threads, cmp_uint);
}

/* The highlighted edges: what each blocked lock request waits for in a
 * deadlock, else the bug's steps from one thread to the next. */
static void
add_highlight_edges (AugurReportRelevance *rel, AugurFinding *f, const guint *bug, guint n_bug)
{
  if (augur_finding_get_kind (f) == AUGUR_FINDING_DEADLOCK)
    {
      for (guint i = 0; i < n_bug; i++)
        {
          const AugurStep *s = augur_finding_get_step (f, bug[i]);
          if (s->op != AUGUR_OP_LOCK_REQUEST || s->object == NULL)
            continue;
          guint holder = held_acquire (f, s->thread, s->object, bug[i], TRUE);
          if (holder != NONE && g_hash_table_contains (rel->step_set, GUINT_TO_POINTER (holder + 1)))
            {
              AugurReportEdge e = { bug[i], holder, AUGUR_REPORT_EDGE_WAITS_FOR, 0 };
              g_array_append_val (rel->edges, e);
            }
        }
      return;
    }
  AugurReportEdgeKind k = augur_finding_get_kind (f) == AUGUR_FINDING_DATA_RACE
                          ? AUGUR_REPORT_EDGE_CONFLICT : AUGUR_REPORT_EDGE_THEN;
  for (guint i = 0; i + 1 < n_bug; i++)
    {
      const AugurStep *a = augur_finding_get_step (f, bug[i]);
      const AugurStep *b = augur_finding_get_step (f, bug[i + 1]);
      if (a->thread != b->thread)
        {
          AugurReportEdge e = { bug[i], bug[i + 1], k, 0 };
          g_array_append_val (rel->edges, e);
        }
    }
}

AugurReportRelevance *
augur_report_relevance_compute (AugurFinding *finding, guint max_steps)
{
  g_return_val_if_fail (finding != NULL, NULL);

  AugurFinding *f = finding;
  guint n_bug;
  const guint *bug = augur_finding_get_bug_steps (f, &n_bug);

  SyncTable sync;
  sync_table_compute (f, &sync);

  Picks p = { g_array_new (FALSE, FALSE, sizeof (guint)), g_hash_table_new (NULL, NULL) };
  GArray *access_steps = g_array_new (FALSE, FALSE, sizeof (guint));
  pick_essential (&p, f, bug, n_bug, access_steps);
  guint n_essential = p.order->len;
  pick_critical_sections (&p, f, access_steps);
  g_array_unref (access_steps);
  pick_holders (&p, f, bug, n_bug);
  g_autoptr(GHashTable) involved = involved_threads (f, bug, n_bug);
  pick_thread_ends (&p, f, involved);
  pick_sync_neighbours (&p, f, &sync, involved);

  /* The cut: essential steps always, the rest in priority order. */
  guint keep = MAX (n_essential, MIN (max_steps, p.order->len));
  g_array_set_size (p.order, MIN (keep, p.order->len));

  AugurReportRelevance *rel = g_new0 (AugurReportRelevance, 1);
  rel->finding = augur_finding_ref (f);
  rel->steps = p.order;
  g_array_sort (rel->steps, cmp_uint);
  rel->step_set = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < rel->steps->len; i++)
    g_hash_table_add (rel->step_set, GUINT_TO_POINTER (g_array_index (rel->steps, guint, i) + 1));
  g_hash_table_unref (p.seen);

  rel->edges = g_array_new (FALSE, FALSE, sizeof (AugurReportEdge));
  rel->threads = g_array_new (FALSE, FALSE, sizeof (guint));
  add_order_and_sync_edges (rel, f, &sync);
  add_highlight_edges (rel, f, bug, n_bug);
  g_array_sort (rel->edges, cmp_edge);
  sync_table_clear (&sync);
  return rel;
}

void
augur_report_relevance_free (AugurReportRelevance *rel)
{
  if (rel == NULL)
    return;
  augur_finding_unref (rel->finding);
  g_array_unref (rel->steps);
  g_hash_table_unref (rel->step_set);
  g_array_unref (rel->edges);
  g_array_unref (rel->threads);
  g_free (rel);
}

const guint *
augur_report_relevance_get_steps (AugurReportRelevance *rel, guint *n_steps)
{
  *n_steps = rel->steps->len;
  return (const guint *) rel->steps->data;
}

gboolean
augur_report_relevance_contains (AugurReportRelevance *rel, guint step)
{
  return g_hash_table_contains (rel->step_set, GUINT_TO_POINTER (step + 1));
}

const AugurReportEdge *
augur_report_relevance_get_edges (AugurReportRelevance *rel, guint *n_edges)
{
  *n_edges = rel->edges->len;
  return (const AugurReportEdge *) rel->edges->data;
}

const guint *
augur_report_relevance_get_threads (AugurReportRelevance *rel, guint *n_threads)
{
  *n_threads = rel->threads->len;
  return (const guint *) rel->threads->data;
}

char *
augur_report_relevance_to_string (AugurReportRelevance *rel)
{
  g_return_val_if_fail (rel != NULL, NULL);
  GString *s = g_string_new ("steps");
  for (guint i = 0; i < rel->steps->len; i++)
    g_string_append_printf (s, " %u", g_array_index (rel->steps, guint, i));
  g_string_append_c (s, '\n');
  for (guint i = 0; i < rel->edges->len; i++)
    {
      const AugurReportEdge *e = &g_array_index (rel->edges, AugurReportEdge, i);
      g_string_append_printf (s, "edge %u->%u %s", e->from, e->to,
                              edge_kinds[e->kind].name);
      if (e->skipped > 0)
        g_string_append_printf (s, " skipping %" G_GUINT64_FORMAT, e->skipped);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

GArray *
augur_report_relevance_dup_view (AugurReportRelevance *rel)
{
  guint n = augur_finding_get_n_steps (rel->finding);
  GArray *view = g_array_new (FALSE, FALSE, sizeof (guint));
  if (n <= AUGUR_REPORT_FULL_SCHEDULE_MAX)
    {
      for (guint i = 0; i < n; i++)
        g_array_append_val (view, i);
      return view;
    }
  g_autoptr(GHashTable) set = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < rel->steps->len; i++)
    g_hash_table_add (set, GUINT_TO_POINTER (g_array_index (rel->steps, guint, i) + 1));
  guint n_bug;
  const guint *bug = augur_finding_get_bug_steps (rel->finding, &n_bug);
  for (guint i = 0; i < n_bug; i++)
    {
      if (bug[i] > 0)
        g_hash_table_add (set, GUINT_TO_POINTER (bug[i]));       /* bug[i] - 1, +1 */
      if (bug[i] + 1 < n)
        g_hash_table_add (set, GUINT_TO_POINTER (bug[i] + 2));   /* bug[i] + 1, +1 */
    }
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, set);
  while (g_hash_table_iter_next (&it, &key, NULL))
    {
      guint st = GPOINTER_TO_UINT (key) - 1;
      g_array_append_val (view, st);
    }
  g_array_sort (view, cmp_uint);
  return view;
}

GArray *
augur_report_relevance_dup_view_threads (AugurReportRelevance *rel, GArray *view)
{
  GArray *threads = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < view->len; i++)
    {
      guint t = augur_finding_get_step (rel->finding, g_array_index (view, guint, i))->thread;
      guint j = 0;
      while (j < threads->len && g_array_index (threads, guint, j) < t)
        j++;
      if (j == threads->len || g_array_index (threads, guint, j) != t)
        g_array_insert_val (threads, j, t);
    }
  return threads;
}
