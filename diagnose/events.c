/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * events.c — a failing execution's events, their names and their hard
 * happens-before order (events.h).
 */
#include "config.h"

#include "diagnose/events.h"

#include <string.h>

#include "common/augur-ops.h"
#include "common/results.h"
#include "explorer/steps.h"
#include "common/source-label.h"

/* A step that orders threads: it takes or gives back a lock, or starts or
 * ends a happens-before edge (the operation table's columns). */
static gboolean
is_sync (guint8 op)
{
  const AugurOpsSched *row = augur_ops_sched (op);
  const AugurOpsOp *shown = augur_ops_op (row->op);
  return row->lock == AUGUR_OPS_LOCK_ACQUIRE || row->lock == AUGUR_OPS_LOCK_RELEASE
         || shown->sync_out != AUGUR_OPS_SYNC_NONE || shown->sync_in != AUGUR_OPS_SYNC_NONE;
}

/* A step other threads' later steps synchronise with through the scheduler
 * log (a wake's, a wait's or a leave's waker): signal, broadcast, post,
 * barrier arrival. */
static gboolean
is_wake_source (guint8 op)
{
  AugurOpsSync out = augur_ops_op (augur_ops_sched (op)->op)->sync_out;
  return out == AUGUR_OPS_SYNC_SIGNAL || out == AUGUR_OPS_SYNC_SEM || out == AUGUR_OPS_SYNC_BARRIER;
}

static gboolean
is_mem (const AugurSchedStep *s)
{
  return (s->op == AUGUR_SOP_READ || s->op == AUGUR_SOP_WRITE) && s->obj != AUGUR_SCHED_CLOCK_OBJ
         && !(s->xflags & AUGUR_SXF_CLOCK);
}

gboolean
augur_diag_step_is_access (const AugurSchedStep *s)
{
  return is_mem (s);
}

gboolean
augur_diag_step_is_event (const AugurSchedStep *s)
{
  return is_mem (s) || is_sync (s->op);
}

struct _AugurDiagKeyer {
  GHashTable *count;   /* (tid, op, pc) -> occurrences so far */
};

AugurDiagKeyer *
augur_diag_keyer_new (void)
{
  AugurDiagKeyer *k = g_new0 (AugurDiagKeyer, 1);
  k->count = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  return k;
}

void
augur_diag_keyer_free (AugurDiagKeyer *k)
{
  if (k == NULL)
    return;
  g_hash_table_unref (k->count);
  g_free (k);
}

guint64
augur_diag_keyer_next (AugurDiagKeyer *k, const AugurSchedStep *s)
{
  guint64 base = augur_diag_step_key (s->tid, s->op, 0, s->pc);
  gpointer v;
  guint occ = 0;
  if (g_hash_table_lookup_extended (k->count, &base, NULL, &v))
    {
      occ = GPOINTER_TO_UINT (v);
      g_hash_table_replace (k->count, g_memdup2 (&base, sizeof base), GUINT_TO_POINTER (occ + 1));
    }
  else
    g_hash_table_insert (k->count, g_memdup2 (&base, sizeof base), GUINT_TO_POINTER (1));
  return augur_diag_step_key (s->tid, s->op, occ, s->pc);
}

gboolean
augur_diag_event_is_access (const AugurDiagEvent *e)
{
  return e->op == AUGUR_SOP_READ || e->op == AUGUR_SOP_WRITE;
}

gboolean
augur_diag_event_is_write (const AugurDiagEvent *e)
{
  return e->op == AUGUR_SOP_WRITE;
}

const char *
augur_diag_event_kind (const AugurDiagEvent *e)
{
  return e->op == AUGUR_SOP_WRITE ? "write" : e->op == AUGUR_SOP_READ ? "read" : "sync";
}

/* The locations (addresses) that two or more threads touch in steps[0..cut). */
static GHashTable *
shared_locations (const AugurSchedStep *steps, guint cut)
{
  g_autoptr (GHashTable) first = g_hash_table_new (g_int64_hash, g_int64_equal);
  GHashTable *shared = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint k = 0; k < cut; k++)
    {
      const AugurSchedStep *s = &steps[k];
      if (!is_mem (s))
        continue;
      gpointer v;
      if (!g_hash_table_lookup_extended (first, &s->obj, NULL, &v))
        g_hash_table_insert (first, (gpointer) &s->obj, GUINT_TO_POINTER ((guint) s->tid + 1u));
      else if (GPOINTER_TO_UINT (v) != (guint) s->tid + 1u)
        g_hash_table_add (shared, (gpointer) &s->obj);
    }
  return shared;
}

static void
merge (guint *into, const guint *from, guint n)
{
  for (guint i = 0; i < n; i++)
    into[i] = MAX (into[i], from[i]);
}

/* Where step @s is in the source and what it touches, into @e. */
static void
event_describe (AugurDiagEvent *e, const AugurSchedStep *s, AugurSymbolizer *sym,
                AugurExecNames *xnames, const AugurSchedStep *steps, guint at, gboolean pending,
                AugurDwarfNames *names)
{
  const AugurSource *src = augur_symbolizer_lookup (sym, s->module, s->pc);
  if (src != NULL && src->file != NULL)
    {
      e->path = g_strdup (src->file);
      e->file = augur_source_label (src->file);
      e->line = src->line;
    }
  if (src != NULL && src->function != NULL)
    e->function = g_strdup (src->function);
  if (s->op == AUGUR_SOP_CREATE || s->op == AUGUR_SOP_JOIN || (pending && s->obj == 0)
      || (!pending && s->op == AUGUR_SOP_EXIT))
    return;
  e->object = pending ? augur_exec_names_at (xnames, at, s->obj) : augur_steps_object (xnames, steps, at);
  if (e->object == NULL || names == NULL)
    return;
  if (!pending && e->path != NULL)
    augur_dwarf_names_note_access (names, e->object, e->path, e->line, e->function);
  char *nice = augur_dwarf_names_lookup (names, e->object);
  if (nice != NULL)
    {
      g_free (e->object);
      e->object = nice;
    }
}

/* The threads' vector clocks as the steps run: cur[t] is thread t's;
 * snap keeps the clock of each step others synchronise with (signals,
 * posts, arrivals), last_post each semaphore's last post. */
typedef struct {
  guint nt;
  guint *cur;
  GHashTable *snap;
  GHashTable *last_post;
} Clocks;

static void
clocks_init (Clocks *c, guint nt)
{
  c->nt = nt;
  c->cur = g_new0 (guint, nt * nt);
  c->snap = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  c->last_post = g_hash_table_new (g_int64_hash, g_int64_equal);
}

static void
clocks_clear (Clocks *c)
{
  g_free (c->cur);
  g_hash_table_unref (c->snap);
  g_hash_table_unref (c->last_post);
}

static void
merge_snap (Clocks *c, guint *vc, gpointer key)
{
  guint *w = key != NULL ? g_hash_table_lookup (c->snap, key) : NULL;
  if (w != NULL)
    merge (vc, w, c->nt);
}

/* Step @k (@s) runs: its thread's clock, returned, takes in what the
 * step synchronises with and ticks. */
static guint *
clocks_step (Clocks *c, const AugurSchedStep *s, guint k)
{
  guint nt = c->nt;
  guint *vc = &c->cur[s->tid * nt];
  if (s->op == AUGUR_SOP_JOIN && s->arg < nt)
    merge (vc, &c->cur[s->arg * nt], nt);
  guint waker = augur_sched_step_waker (s);
  if (waker > 0)
    merge_snap (c, vc, GUINT_TO_POINTER (waker));
  if (s->op == AUGUR_SOP_SEM_WAIT)
    merge_snap (c, vc, g_hash_table_lookup (c->last_post, &s->obj));
  vc[s->tid]++;
  if (is_wake_source (s->op))
    g_hash_table_insert (c->snap, GUINT_TO_POINTER (k + 1), g_memdup2 (vc, nt * sizeof (guint)));
  if (s->op == AUGUR_SOP_SEM_POST)
    g_hash_table_insert (c->last_post, (gpointer) &s->obj, GUINT_TO_POINTER (k + 1));
  if (s->op == AUGUR_SOP_CREATE && s->arg < nt)
    merge (&c->cur[s->arg * nt], vc, nt);
  return vc;
}

static guint
count_threads (const AugurSchedStep *steps, guint cut)
{
  guint n = 0;
  for (guint k = 0; k < cut; k++)
    {
      n = MAX (n, (guint) steps[k].tid + 1);
      if (steps[k].op == AUGUR_SOP_CREATE && steps[k].arg < AUGUR_SCHED_MAX_THREADS)
        n = MAX (n, (guint) steps[k].arg + 1);
    }
  return MAX (n, 1);
}

AugurDiagTrace *
augur_diag_trace_new (const AugurDiagRun *run, AugurSymbolizer *sym, const char *exe,
                      AugurDwarfNames *names)
{
  AugurDiagTrace *t = g_new0 (AugurDiagTrace, 1);
  t->run = run;
  t->events = g_array_new (FALSE, TRUE, sizeof (AugurDiagEvent));
  t->by_key = g_hash_table_new (g_int64_hash, g_int64_equal);
  guint cut = run->n_steps;
  t->fail_tid = G_MAXUINT;
  t->fail_step = run->n_steps;
  if (run->failed)
    {
      t->fail_step = MIN (run->failure.step, run->n_steps);
      t->fail_tid = run->failure.tid;
    }
  const AugurSchedStep *steps = run->steps;
  t->n_threads = count_threads (steps, cut);
  augur_symbolizer_add_module (sym, 0, exe, run->exe_bias);
  g_autoptr (AugurExecNames) xnames = augur_steps_names (sym, run->objects, run->n_objects,
                                                          run->objects_lost_at);
  /* the heap objects' sizes: what type an object can be when an access
   * names it (no allocation site here, unlike a recorded trace) */
  for (guint i = 0; names != NULL && i < run->n_objects; i++)
    if (run->objects[i].kind == AUGUR_EV_ALLOC)
      {
        g_autofree char *base = g_strdup_printf ("T%u.alloc%u", run->objects[i].tid,
                                                 run->objects[i].aux);
        augur_dwarf_names_note_size (names, base, run->objects[i].arg);
      }
  g_autoptr (GHashTable) shared = shared_locations (steps, cut);

  guint nt = t->n_threads;
  Clocks clocks;
  clocks_init (&clocks, nt);
  g_autoptr (AugurDiagKeyer) keyer = augur_diag_keyer_new ();
  g_autofree guint *tpos = g_new0 (guint, nt);
  GArray *vcs = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint k = 0; k < cut; k++)
    {
      const AugurSchedStep *s = &steps[k];
      guint tid = s->tid;
      guint64 key = augur_diag_keyer_next (keyer, s);
      guint *vc = clocks_step (&clocks, s, k);
      guint my_pos = tpos[tid]++;
      if (!(is_sync (s->op) || (is_mem (s) && g_hash_table_contains (shared, &s->obj))))
        continue;
      if (tid == t->fail_tid && k >= t->fail_step)
        continue;
      AugurDiagEvent e = { .step = k, .tid = tid, .op = s->op, .obj = s->obj, .arg = s->arg,
                           .tpos = my_pos, .key = key };
      event_describe (&e, s, sym, xnames, steps, k, FALSE, names);
      g_array_append_val (t->events, e);
      g_array_append_vals (vcs, vc, nt);
    }
  /* the next step of each thread still alive at the failure */
  for (guint i = 0; i < run->n_pending; i++)
    {
      const AugurSchedStep *s = &run->pending[i];
      guint tid = s->tid;
      if (tid == t->fail_tid || tid >= nt || !(is_sync (s->op) || is_mem (s)))
        continue;
      guint *vc = &clocks.cur[tid * nt];
      vc[tid]++;
      AugurDiagEvent e = { .step = cut + i, .tid = tid, .op = s->op, .obj = s->obj, .arg = s->arg,
                           .tpos = tpos[tid]++, .key = augur_diag_keyer_next (keyer, s),
                           .pending = TRUE };
      event_describe (&e, s, sym, xnames, steps, cut, TRUE, names);
      g_array_append_val (t->events, e);
      g_array_append_vals (vcs, vc, nt);
    }
  clocks_clear (&clocks);
  t->vc = (guint *) g_array_free (vcs, FALSE);
  for (guint i = 0; i < t->events->len; i++)
    g_hash_table_insert (t->by_key, &augur_diag_trace_event (t, i)->key, GUINT_TO_POINTER (i + 1));
  return t;
}

void
augur_diag_trace_free (AugurDiagTrace *t)
{
  if (t == NULL)
    return;
  for (guint i = 0; i < t->events->len; i++)
    {
      AugurDiagEvent *e = augur_diag_trace_event (t, i);
      g_free (e->path);
      g_free (e->file);
      g_free (e->function);
      g_free (e->object);
    }
  g_array_unref (t->events);
  g_hash_table_unref (t->by_key);
  g_free (t->vc);
  g_free (t);
}

gboolean
augur_diag_trace_hb (const AugurDiagTrace *t, guint i, guint j)
{
  const AugurDiagEvent *a = augur_diag_trace_event (t, i);
  guint ta = a->tid;
  return t->vc[(gsize) i * t->n_threads + ta] <= t->vc[(gsize) j * t->n_threads + ta] && i != j
         && a->step < augur_diag_trace_event (t, j)->step;
}

gint
augur_diag_trace_find (const AugurDiagTrace *t, guint64 key)
{
  return (gint) GPOINTER_TO_UINT (g_hash_table_lookup (t->by_key, &key)) - 1;
}

/* How the root cause names a step ("T1's read of `x`"). */
static const char *const step_nouns[AUGUR_SOP_N_] = {
  [AUGUR_SOP_READ] = "read",           [AUGUR_SOP_WRITE] = "write",
  [AUGUR_SOP_LOCK] = "lock",           [AUGUR_SOP_WRLOCK] = "lock",
  [AUGUR_SOP_RDLOCK] = "lock",         [AUGUR_SOP_UNLOCK] = "unlock",
  [AUGUR_SOP_RWUNLOCK] = "unlock",     [AUGUR_SOP_COND_WAIT] = "wait",
  [AUGUR_SOP_COND_WAKE] = "wake-up",   [AUGUR_SOP_SIGNAL] = "signal",
  [AUGUR_SOP_BROADCAST] = "signal",    [AUGUR_SOP_SEM_WAIT] = "semaphore wait",
  [AUGUR_SOP_SEM_POST] = "semaphore post", [AUGUR_SOP_CREATE] = "create",
  [AUGUR_SOP_JOIN] = "join",
};

static const char *
verb (guint8 op)
{
  return op < AUGUR_SOP_N_ && step_nouns[op] != NULL ? step_nouns[op] : "step";
}

char *
augur_diag_thread_name (guint tid)
{
  return tid == 0 ? g_strdup ("main") : g_strdup_printf ("T%u", tid);
}

char *
augur_diag_event_describe (const AugurDiagEvent *e)
{
  g_autofree char *who = augur_diag_thread_name (e->tid);
  g_autofree char *what = e->object != NULL ? g_strdup_printf (" of `%s`", e->object) : g_strdup ("");
  g_autofree char *where = e->file != NULL ? g_strdup_printf (" (%s:%u)", e->file, e->line)
                                           : g_strdup ("");
  /* the n-th time its thread does this (a loop) */
  guint occ = (guint) ((e->key >> 32) & 0x1ffffu) + 1;
  g_autofree char *nth = NULL;
  if (occ > 1)
    {
      const char *suf = (occ % 100 >= 11 && occ % 100 <= 13) ? "th"
                        : occ % 10 == 1 ? "st" : occ % 10 == 2 ? "nd" : occ % 10 == 3 ? "rd" : "th";
      nth = g_strdup_printf ("%u%s ", occ, suf);
    }
  return g_strdup_printf ("%s's %s%s%s%s%s", who, nth != NULL ? nth : "", verb (e->op), what, where,
                          e->pending ? " (its next step, not run when the failure came)" : "");
}
