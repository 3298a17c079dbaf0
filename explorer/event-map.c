/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * event-map.c — a prediction's schedule (trace events) as an explorer
 * prefix (steps), and the check that a replay took the steps the events
 * stand for; see event-map.h.
 */
#include "config.h"

#include "explorer/event-map.h"

#include <string.h>

#include "common/augur-trace-format.h"

G_DEFINE_QUARK (augur-event-map-error-quark, augur_event_map_error)

/* The op a trace event of this kind has in a prediction's schedule (as
 * predictor/predict.c spells it), for the event a step came from. */
static AugurOp
event_op (guint8 kind)
{
  switch (kind)
    {
    case AUGUR_EV_READ: case AUGUR_EV_READ_RANGE: return AUGUR_OP_READ;
    case AUGUR_EV_WRITE: case AUGUR_EV_WRITE_RANGE: return AUGUR_OP_WRITE;
    case AUGUR_EV_ATOMIC_LOAD: return AUGUR_OP_ATOMIC_LOAD;
    case AUGUR_EV_ATOMIC_STORE: return AUGUR_OP_ATOMIC_STORE;
    case AUGUR_EV_ATOMIC_RMW: case AUGUR_EV_ATOMIC_CAS: return AUGUR_OP_ATOMIC_RMW;
    case AUGUR_EV_TIME: return AUGUR_OP_TIME;
    case AUGUR_EV_SLEEP: return AUGUR_OP_YIELD;
    case AUGUR_EV_END: return AUGUR_OP_END;
    case AUGUR_EV_THREAD_CREATE: return AUGUR_OP_CREATE;
    case AUGUR_EV_THREAD_START: case AUGUR_EV_THREAD_TLS: return AUGUR_OP_START;
    case AUGUR_EV_THREAD_EXIT: return AUGUR_OP_EXIT;
    case AUGUR_EV_THREAD_JOIN: return AUGUR_OP_JOIN;
    case AUGUR_EV_THREAD_DETACH: return AUGUR_OP_DETACH;
    case AUGUR_EV_MUTEX_INIT: case AUGUR_EV_RWLOCK_INIT: case AUGUR_EV_COND_INIT:
    case AUGUR_EV_BARRIER_INIT: case AUGUR_EV_SEM_INIT: case AUGUR_EV_SPIN_INIT:
    case AUGUR_EV_ONCE:
      return AUGUR_OP_INIT;
    case AUGUR_EV_MUTEX_DESTROY: case AUGUR_EV_RWLOCK_DESTROY: case AUGUR_EV_COND_DESTROY:
    case AUGUR_EV_BARRIER_DESTROY: case AUGUR_EV_SEM_DESTROY: case AUGUR_EV_SPIN_DESTROY:
      return AUGUR_OP_DESTROY;
    case AUGUR_EV_MUTEX_LOCK_REQ: return AUGUR_OP_LOCK_REQUEST;
    case AUGUR_EV_MUTEX_TRYLOCK: return AUGUR_OP_TRYLOCK;
    case AUGUR_EV_RWLOCK_RDLOCK: return AUGUR_OP_RDLOCK;
    case AUGUR_EV_MUTEX_LOCK: case AUGUR_EV_MUTEX_TIMEDLOCK: case AUGUR_EV_SPIN_LOCK:
    case AUGUR_EV_RWLOCK_WRLOCK:
      return AUGUR_OP_LOCK;
    case AUGUR_EV_MUTEX_UNLOCK: case AUGUR_EV_SPIN_UNLOCK: case AUGUR_EV_RWLOCK_UNLOCK:
      return AUGUR_OP_UNLOCK;
    case AUGUR_EV_COND_WAIT: return AUGUR_OP_WAIT;
    case AUGUR_EV_COND_WAKE: return AUGUR_OP_WAKE;
    case AUGUR_EV_COND_SIGNAL: return AUGUR_OP_SIGNAL;
    case AUGUR_EV_COND_BROADCAST: return AUGUR_OP_BROADCAST;
    case AUGUR_EV_SEM_WAIT: return AUGUR_OP_SEM_WAIT;
    case AUGUR_EV_SEM_POST: return AUGUR_OP_SEM_POST;
    case AUGUR_EV_BARRIER_ENTER: return AUGUR_OP_BARRIER_ENTER;
    case AUGUR_EV_BARRIER_LEAVE: return AUGUR_OP_BARRIER_LEAVE;
    case AUGUR_EV_ALLOC: return AUGUR_OP_ALLOC;
    case AUGUR_EV_FREE: return AUGUR_OP_FREE;
    default: return AUGUR_OP_FENCE;
    }
}

/* A use of a lock right after the event: what makes an `init` the
 * runtime's note of a statically initialised mutex. */
static gboolean
is_lock_use (AugurOp op)
{
  switch (op)
    {
    case AUGUR_OP_LOCK_REQUEST:
    case AUGUR_OP_LOCK:
    case AUGUR_OP_TRYLOCK:
    case AUGUR_OP_UNLOCK:
    case AUGUR_OP_DESTROY:
    case AUGUR_OP_WAIT:
      return TRUE;
    default:
      return FALSE;
    }
}

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

/* Is the free at schedule index k a step?  As the runtime decides
 * (runtime/rt-sched-sync.c): not when nothing happened since the block's
 * allocation, neither a step nor another allocation or free; else it is a
 * write of the whole block. */
static gboolean
free_is_step (AugurFinding *f, guint k)
{
  const AugurStep *s = augur_finding_get_step (f, k);
  for (guint i = k; i-- > 0;)
    {
      const AugurStep *x = augur_finding_get_step (f, i);
      if (x->op == AUGUR_OP_ALLOC)
        return g_strcmp0 (x->object, s->object) != 0;
      if (x->op == AUGUR_OP_FREE || augur_event_map_is_step (f, i))
        return TRUE;
    }
  return TRUE;
}

gboolean
augur_event_map_is_step (AugurFinding *f, guint k)
{
  const AugurStep *s = augur_finding_get_step (f, k);
  switch (s->op)
    {
    case AUGUR_OP_FREE:
      return free_is_step (f, k);
    case AUGUR_OP_START:
    case AUGUR_OP_LOCK_REQUEST:
    case AUGUR_OP_ALLOC:
    case AUGUR_OP_FENCE:
    case AUGUR_OP_END:
    case AUGUR_OP_ASSERT_FAIL:
    case AUGUR_OP_FAULT:
      return FALSE;
    case AUGUR_OP_INIT:
      {
        const AugurStep *x = next_event (f, k);
        return !(x != NULL && is_lock_use (x->op) && g_strcmp0 (x->object, s->object) == 0
                 && x->line == s->line && g_strcmp0 (x->file, s->file) == 0);
      }
    default:
      return TRUE;
    }
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
  g_autoptr (GHashTable) next = g_hash_table_new (NULL, NULL);   /* thread -> next event + 1 */
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
      if (!augur_event_map_is_step (f, k))
        continue;
      g_array_append_val (map->threads, s->thread);
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
      AugurOp op = event_op (got->ev_kind);
      const AugurSource *l = augur_symbolizer_lookup (sym, got->module, got->pc);
      gboolean same = got->tid == want->thread && op == want->op;
      if (same && want->file != NULL && want->line != 0 && l->file != NULL && l->line != 0)
        same = want->line == l->line && same_file (want->file, l->file);
      if (same)
        continue;
      if (why != NULL)
        {
          g_autofree char *wb = want->file != NULL ? g_path_get_basename (want->file) : g_strdup ("?");
          g_autofree char *gb = l->file != NULL ? g_path_get_basename (l->file) : g_strdup ("?");
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
