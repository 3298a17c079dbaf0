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

static gboolean
is_sync (guint8 op)
{
  switch (op)
    {
    case AUGUR_SOP_LOCK: case AUGUR_SOP_UNLOCK: case AUGUR_SOP_RDLOCK: case AUGUR_SOP_WRLOCK:
    case AUGUR_SOP_RWUNLOCK: case AUGUR_SOP_COND_WAIT: case AUGUR_SOP_COND_WAKE:
    case AUGUR_SOP_SIGNAL: case AUGUR_SOP_BROADCAST: case AUGUR_SOP_SEM_WAIT:
    case AUGUR_SOP_SEM_POST: case AUGUR_SOP_BARRIER_ARRIVE: case AUGUR_SOP_BARRIER_LEAVE:
    case AUGUR_SOP_CREATE: case AUGUR_SOP_JOIN: case AUGUR_SOP_EXIT:
      return TRUE;
    default:
      return FALSE;
    }
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
  guint n = 0;
  for (guint k = 0; k < cut; k++)
    n = MAX (n, (guint) steps[k].tid + 1);
  for (guint k = 0; k < cut; k++)
    if (steps[k].op == AUGUR_SOP_CREATE && steps[k].arg < AUGUR_SCHED_MAX_THREADS)
      n = MAX (n, (guint) steps[k].arg + 1);
  t->n_threads = MAX (n, 1);
  augur_symbolizer_add_module (sym, 0, exe, run->exe_bias);
  g_autoptr (AugurExecNames) xnames = augur_steps_names (sym, run->objects, run->n_objects,
                                                          run->objects_lost_at);
  g_autoptr (GHashTable) shared = shared_locations (steps, cut);

  /* vector clocks: cur[t] is thread t's; snap[k] kept for steps others
   * synchronise with (signals, posts, arrivals, creates) */
  guint nt = t->n_threads;
  g_autofree guint *cur = g_new0 (guint, nt * nt);
  g_autofree gboolean *started = g_new0 (gboolean, nt);
  g_autoptr (GHashTable) snap = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_autoptr (GHashTable) last_post = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (AugurDiagKeyer) keyer = augur_diag_keyer_new ();
  g_autofree guint *tpos = g_new0 (guint, nt);
  GArray *vcs = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint k = 0; k < cut; k++)
    {
      const AugurSchedStep *s = &steps[k];
      guint tid = s->tid;
      guint64 key = augur_diag_keyer_next (keyer, s);
      guint *vc = &cur[tid * nt];
      if (!started[tid])
        {
          started[tid] = TRUE;
          /* the create step's clock was merged when it ran (below) */
        }
      if (s->op == AUGUR_SOP_JOIN && s->arg < nt)
        merge (vc, &cur[s->arg * nt], nt);
      guint waker = augur_sched_step_waker (s);
      if (waker > 0)
        {
          guint *w = g_hash_table_lookup (snap, GUINT_TO_POINTER (waker - 1 + 1));
          if (w != NULL)
            merge (vc, w, nt);
        }
      if (s->op == AUGUR_SOP_SEM_WAIT)
        {
          gpointer p = g_hash_table_lookup (last_post, &s->obj);
          if (p != NULL)
            {
              guint *w = g_hash_table_lookup (snap, p);
              if (w != NULL)
                merge (vc, w, nt);
            }
        }
      vc[tid]++;
      if (s->op == AUGUR_SOP_SIGNAL || s->op == AUGUR_SOP_BROADCAST || s->op == AUGUR_SOP_SEM_POST
          || s->op == AUGUR_SOP_BARRIER_ARRIVE)
        g_hash_table_insert (snap, GUINT_TO_POINTER (k + 1), g_memdup2 (vc, nt * sizeof (guint)));
      if (s->op == AUGUR_SOP_SEM_POST)
        g_hash_table_insert (last_post, (gpointer) &s->obj, GUINT_TO_POINTER (k + 1));
      if (s->op == AUGUR_SOP_CREATE && s->arg < nt)
        merge (&cur[s->arg * nt], vc, nt);

      guint my_pos = tpos[tid]++;
      if (!(is_sync (s->op) || (is_mem (s) && g_hash_table_contains (shared, &s->obj))))
        continue;
      if (tid == t->fail_tid && k >= t->fail_step)
        continue;
      AugurDiagEvent e = { .step = k, .tid = tid, .op = s->op, .obj = s->obj, .arg = s->arg,
                           .tpos = my_pos, .key = key };
      const AugurSource *src = augur_symbolizer_lookup (sym, s->module, s->pc);
      if (src != NULL && src->file != NULL)
        {
          e.path = g_strdup (src->file);
          e.file = g_path_get_basename (src->file);
          e.line = src->line;
        }
      if (src != NULL && src->function != NULL)
        e.function = g_strdup (src->function);
      if (s->op != AUGUR_SOP_CREATE && s->op != AUGUR_SOP_JOIN && s->op != AUGUR_SOP_EXIT)
        {
          e.object = augur_steps_object (xnames, steps, k);
          if (e.object != NULL && names != NULL)
            {
              if (e.path != NULL)
                augur_dwarf_names_note_access (names, e.object, e.path, e.line, e.function);
              char *nice = augur_dwarf_names_lookup (names, e.object);
              if (nice != NULL)
                {
                  g_free (e.object);
                  e.object = nice;
                }
            }
        }
      g_array_append_val (t->events, e);
      g_array_append_vals (vcs, vc, nt);
    }
  for (guint i = 0; i < run->n_pending; i++)
    {
      const AugurSchedStep *s = &run->pending[i];
      guint tid = s->tid;
      if (tid == t->fail_tid || tid >= nt || !(is_sync (s->op) || is_mem (s)))
        continue;
      guint *vc = &cur[tid * nt];
      vc[tid]++;
      AugurDiagEvent e = { .step = cut + i, .tid = tid, .op = s->op, .obj = s->obj, .arg = s->arg,
                           .tpos = tpos[tid]++, .key = augur_diag_keyer_next (keyer, s),
                           .pending = TRUE };
      const AugurSource *src = augur_symbolizer_lookup (sym, s->module, s->pc);
      if (src != NULL && src->file != NULL)
        {
          e.path = g_strdup (src->file);
          e.file = g_path_get_basename (src->file);
          e.line = src->line;
        }
      if (src != NULL && src->function != NULL)
        e.function = g_strdup (src->function);
      if (s->obj != 0 && s->op != AUGUR_SOP_CREATE && s->op != AUGUR_SOP_JOIN)
        {
          e.object = augur_exec_names_at (xnames, cut, s->obj);
          char *nice = e.object != NULL && names != NULL ? augur_dwarf_names_lookup (names, e.object) : NULL;
          if (nice != NULL)
            {
              g_free (e.object);
              e.object = nice;
            }
        }
      g_array_append_val (t->events, e);
      g_array_append_vals (vcs, vc, nt);
    }
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

static const char *
verb (guint8 op)
{
  switch (op)
    {
    case AUGUR_SOP_READ: return "read";
    case AUGUR_SOP_WRITE: return "write";
    case AUGUR_SOP_LOCK: case AUGUR_SOP_WRLOCK: case AUGUR_SOP_RDLOCK: return "lock";
    case AUGUR_SOP_UNLOCK: case AUGUR_SOP_RWUNLOCK: return "unlock";
    case AUGUR_SOP_COND_WAIT: return "wait";
    case AUGUR_SOP_COND_WAKE: return "wake-up";
    case AUGUR_SOP_SIGNAL: case AUGUR_SOP_BROADCAST: return "signal";
    case AUGUR_SOP_SEM_WAIT: return "semaphore wait";
    case AUGUR_SOP_SEM_POST: return "semaphore post";
    case AUGUR_SOP_CREATE: return "create";
    case AUGUR_SOP_JOIN: return "join";
    default: return "step";
    }
}

char *
augur_diag_event_describe (const AugurDiagEvent *e)
{
  g_autofree char *who = e->tid == 0 ? g_strdup ("main") : g_strdup_printf ("T%u", e->tid);
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
