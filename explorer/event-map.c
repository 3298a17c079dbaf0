/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * event-map.c — a prediction's schedule (trace events) as an explorer
 * prefix (steps), and the check that a replay took the steps the events
 * stand for; see event-map.h.
 */
#include "config.h"

#include "explorer/event-map.h"

#include <string.h>

#include "common/augur-ops.h"
#include "common/source-label.h"

G_DEFINE_QUARK (augur-event-map-error-quark, augur_event_map_error)

/* The next step of the schedule that is the same thread's next event. */
static const AugurStep *
next_event (AugurFinding *f, guint k)
{
  const AugurStep *s = augur_finding_get_step (f, k);
  guint n = augur_finding_get_n_steps (f);
  for (guint i = k + 1; i < n; i++)
    {
      const AugurStep *x = augur_finding_get_step (f, i);
      if (x->thread == s->thread && x->event == s->event + 1)
        return x;
    }
  return NULL;
}

/* Main's thread's event `main` (its call): the events before it came from
 * constructors, which an execution under the scheduler does not run as
 * steps (it starts at main).  0 if the schedule has none (a trace
 * recorded before the event existed, or a schedule cut to a window). */
static guint64
pre_main (AugurFinding *f)
{
  guint n = augur_finding_get_n_steps (f);
  for (guint k = 0; k < n; k++)
    {
      const AugurStep *s = augur_finding_get_step (f, k);
      if (s->thread == 0 && s->op == AUGUR_OP_MAIN)
        return s->event;
    }
  return 0;
}

/* Is the init at schedule index k a step?  Not when it is the runtime's
 * note of a statically initialised mutex, right before its first use. */
static gboolean
init_is_step (AugurFinding *f, guint k)
{
  const AugurStep *s = augur_finding_get_step (f, k);
  const AugurStep *x = next_event (f, k);
  return !(x != NULL && augur_ops_op (x->op)->mutex_use && g_strcmp0 (x->object, s->object) == 0
           && x->line == s->line && g_strcmp0 (x->file, s->file) == 0);
}

/* Is schedule index k a step, as far as its own op tells (a free: yes,
 * a write of the whole block, unless schedule_steps says otherwise)? */
static gboolean
op_is_step (AugurFinding *f, guint k)
{
  const AugurStep *s = augur_finding_get_step (f, k);
  switch (augur_ops_op (s->op)->step)
    {
    case AUGUR_OPS_STEP_NO:
      return FALSE;
    case AUGUR_OPS_STEP_DEPENDS:
      return s->op == AUGUR_OP_FREE || init_is_step (f, k);
    default:
      return TRUE;
    }
}

/* The schedule walked as the execution runs it: a flag per index, TRUE
 * at the events that are steps.  Events named a second time (a
 * deadlock's final lock requests) add nothing; main's thread's events
 * before its `main` are the constructors', no part of the execution.  A
 * free is no step, as the runtime decides (runtime/rt-sched-sync.c,
 * free_prepare), when the last object event logged is the block's
 * allocation and no step came since: the pair leaves the log, so the
 * allocation before it may be the last again; thread starts log object
 * events too, with no step.  NULL (and @error) when a thread's events are
 * not listed from 0 without gaps. */
static gboolean *
schedule_steps (AugurFinding *f, GError **error)
{
  guint n = augur_finding_get_n_steps (f);
  guint64 main_at = pre_main (f);
  g_autofree gboolean *is = g_new0 (gboolean, n + 1);
  typedef struct {
    const char *alloc;   /* the block of an ALLOC, NULL: another object event */
    guint steps;         /* steps made when it was logged */
  } Logged;
  g_autoptr (GArray) log = g_array_new (FALSE, FALSE, sizeof (Logged));
  g_autoptr (GHashTable) next = g_hash_table_new (NULL, NULL);   /* thread -> next event + 1 */
  guint steps = 0;
  for (guint k = 0; k < n; k++)
    {
      const AugurStep *s = augur_finding_get_step (f, k);
      gpointer key = GUINT_TO_POINTER (s->thread);
      guint64 want = GPOINTER_TO_UINT (g_hash_table_lookup (next, key));
      if (s->event < want)
        continue;   /* named again: a marker, not a new event */
      if (s->event > want)
        {
          g_set_error (error, AUGUR_EVENT_MAP_ERROR, AUGUR_EVENT_MAP_ERROR_GAP,
                       "its schedule starts T%u at its event %" G_GUINT64_FORMAT
                       " (step %u) without its events from %" G_GUINT64_FORMAT
                       " on: the predictor kept only the window around the bug (the trace is "
                       "longer than the schedule-steps bound), and such a schedule cannot be "
                       "replayed from the program's start",
                       s->thread, s->event, k, want);
          return NULL;
        }
      g_hash_table_insert (next, key, GUINT_TO_POINTER ((guint) want + 1));
      if (s->thread == 0 && s->event < main_at)
        continue;
      if (s->op == AUGUR_OP_ALLOC || s->op == AUGUR_OP_START)
        {
          Logged l = { s->op == AUGUR_OP_ALLOC ? (s->object != NULL ? s->object : "") : NULL, steps };
          g_array_append_val (log, l);
          continue;
        }
      if (s->op == AUGUR_OP_FREE)
        {
          Logged *top = log->len > 0 ? &g_array_index (log, Logged, log->len - 1) : NULL;
          if (top != NULL && top->alloc != NULL && top->steps == steps
              && g_strcmp0 (top->alloc, s->object) == 0)
            {
              g_array_set_size (log, log->len - 1);
              continue;
            }
          Logged l = { NULL, steps + 1 };
          g_array_append_val (log, l);
        }
      is[k] = op_is_step (f, k);
      steps += is[k];
    }
  return g_steal_pointer (&is);
}

gboolean
augur_event_map_is_step (AugurFinding *f, guint k)
{
  const AugurStep *s = augur_finding_get_step (f, k);
  if (s->op != AUGUR_OP_FREE)
    return op_is_step (f, k);
  g_autofree gboolean *is = schedule_steps (f, NULL);
  return is == NULL || is[k];
}

void
augur_event_map_free (AugurEventMap *map)
{
  if (map == NULL)
    return;
  g_array_unref (map->threads);
  g_array_unref (map->origin);
  g_free (map);
}

AugurEventMap *
augur_event_map_new (AugurFinding *f, GError **error)
{
  guint n = augur_finding_get_n_steps (f);
  if (n == 0)
    {
      g_set_error (error, AUGUR_EVENT_MAP_ERROR, AUGUR_EVENT_MAP_ERROR_NO_SCHEDULE,
                   "the prediction has no schedule (the solver gave no answer)");
      return NULL;
    }
  g_autoptr (AugurEventMap) map = g_new0 (AugurEventMap, 1);
  map->threads = g_array_new (FALSE, FALSE, sizeof (guint));
  map->origin = g_array_new (FALSE, FALSE, sizeof (guint));
  map->n_schedule = n;
  g_autofree gboolean *is = schedule_steps (f, error);
  if (is == NULL)
    return NULL;
  for (guint k = 0; k < n; k++)
    if (is[k])
      {
        guint t = augur_finding_get_step (f, k)->thread;
        g_array_append_val (map->threads, t);
        g_array_append_val (map->origin, k);
      }
  return g_steal_pointer (&map);
}

static gboolean
same_file (const char *a, const char *b)
{
  g_autofree char *ba = g_path_get_basename (a);
  g_autofree char *bb = g_path_get_basename (b);
  return strcmp (ba, bb) == 0;
}

gint
augur_event_map_check (const AugurEventMap *map, AugurFinding *f, const AugurSchedStep *steps,
                       guint n, AugurSymbolizer *sym, char **why)
{
  guint m = MIN (n, map->threads->len);
  for (guint j = 0; j < m; j++)
    {
      guint k = g_array_index (map->origin, guint, j);
      const AugurStep *want = augur_finding_get_step (f, k);
      const AugurSchedStep *got = &steps[j];
      AugurOp op = augur_ops_event (got->ev_kind)->op;
      const AugurSource *l = augur_symbolizer_lookup (sym, got->module, got->pc);
      gboolean same = got->tid == want->thread && op == want->op;
      if (same && want->file != NULL && want->line != 0 && l->file != NULL && l->line != 0)
        same = want->line == l->line && same_file (want->file, l->file);
      if (same)
        continue;
      if (why != NULL)
        {
          g_autofree char *wb = want->file != NULL ? augur_source_label (want->file) : g_strdup ("?");
          g_autofree char *gb = l->file != NULL ? augur_source_label (l->file) : g_strdup ("?");
          *why = g_strdup_printf ("T%u's event %" G_GUINT64_FORMAT " is %s at %s:%u in the "
                                  "recorded run, T%u's step is %s at %s:%u in the replay",
                                  want->thread, want->event, augur_op_to_string (want->op), wb,
                                  want->line, got->tid, augur_op_to_string (op), gb, l->line);
        }
      return (gint) j;
    }
  return -1;
}

char *
augur_event_map_to_string (const AugurEventMap *map)
{
  GString *s = g_string_new (NULL);
  for (guint j = 0; j < map->threads->len; j++)
    g_string_append_printf (s, "%sT%u<%u", j ? " " : "", g_array_index (map->threads, guint, j),
                            g_array_index (map->origin, guint, j));
  return g_string_free (s, FALSE);
}
