/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * exec-names.c — names of a controlled execution's objects; see
 * exec-names.h.
 *
 * The objects are replayed forward only: a question about an earlier step
 * than the last one starts the replay again from the first event.  The
 * explorer asks for names only for the executions it reports, in step
 * order but for one step first (the racing access), so that is one
 * restart per finding.  The answers are kept, one per step: the findings
 * of one execution share its first steps (each race's schedule is the
 * execution up to its second access), and naming them again took 0.3 to
 * 0.5 s a finding of 227,000 steps (libuv's signal_multiple_loops, six
 * races in one execution: 2.8 s past the search's deadline).
 */
#include "config.h"

#include "explorer/exec-names.h"
#include "common/deadline-latch.h"

#include "common/objects.h"

struct _AugurExecNames {
  AugurSymbolizer *symbolizer;           /* borrowed */
  const AugurSchedObjectEvent *events;   /* borrowed, n_events */
  guint n_events;
  guint32 lost_at;
  AugurObjects *objects;                 /* owned: the state before step `step` */
  guint next;                            /* first event not observed yet */
  guint step;
  AugurObjects *globals;                 /* owned, lazily: no heap, stacks, TLS */
  GHashTable *allocs;                    /* owned, lazily: "T2.alloc1" -> its ALLOC event */
  GArray *answers;                       /* owned, lazily: Answer, by step */
  AugurDeadlineLatch deadline;           /* no allocation sites past it */
};

/* The name given to the address asked about at a step (the step's object
 * mostly; a lock held there another time). */
typedef struct {
  guint64 address;
  char *name;   /* NULL: not asked yet */
} Answer;

static void
answer_clear (gpointer p)
{
  g_free (((Answer *) p)->name);
}

AugurExecNames *
augur_exec_names_new (AugurSymbolizer *symbolizer, const AugurSchedObjectEvent *events, guint n,
                      guint32 lost_at)
{
  AugurExecNames *names = g_new0 (AugurExecNames, 1);
  names->symbolizer = symbolizer;
  names->events = events;
  names->n_events = n;
  names->lost_at = lost_at;
  names->objects = augur_objects_new (symbolizer);
  return names;
}

void
augur_exec_names_free (AugurExecNames *names)
{
  if (names == NULL)
    return;
  augur_objects_free (names->objects);
  augur_objects_free (names->globals);
  if (names->allocs != NULL)
    g_hash_table_unref (names->allocs);
  if (names->answers != NULL)
    g_array_unref (names->answers);
  g_free (names);
}

/* The objects as they are just before step @step. */
static AugurObjects *
objects_at (AugurExecNames *names, guint step)
{
  if (step >= names->lost_at)
    {
      /* heap objects freed or threads started since may be missing: a
       * stale name would be wrong, an address is only unstable */
      if (names->globals == NULL)
        names->globals = augur_objects_new (names->symbolizer);
      return names->globals;
    }
  if (step < names->step)
    {
      augur_objects_free (names->objects);
      names->objects = augur_objects_new (names->symbolizer);
      names->next = 0;
    }
  names->step = step;
  for (; names->next < names->n_events && names->events[names->next].step <= step; names->next++)
    {
      const AugurSchedObjectEvent *e = &names->events[names->next];
      AugurRecord r = {
        .kind = e->kind,
        .tid = e->tid,
        .aux = e->aux,
        .addr = e->addr,
        .arg = e->arg,
      };
      augur_objects_observe (names->objects, &r);
    }
  return names->objects;
}

char *
augur_exec_names_at (AugurExecNames *names, guint step, guint64 address)
{
  if (step >= AUGUR_SCHED_MAX_STEPS)
    return augur_objects_name (objects_at (names, step), address);
  if (names->answers == NULL)
    {
      names->answers = g_array_new (FALSE, TRUE, sizeof (Answer));
      g_array_set_clear_func (names->answers, answer_clear);
    }
  if (step >= names->answers->len)
    g_array_set_size (names->answers, step + 1);
  Answer *a = &g_array_index (names->answers, Answer, step);
  if (a->name != NULL && a->address == address)
    return g_strdup (a->name);
  char *name = augur_objects_name (objects_at (names, step), address);
  g_free (a->name);
  a->address = address;
  a->name = g_strdup (name);
  return name;
}

void
augur_exec_names_set_deadline (AugurExecNames *names, gint64 stop)
{
  names->deadline.stop = stop;
}

gboolean
augur_exec_names_out_of_time (AugurExecNames *names)
{
  return augur_deadline_latch_passed (&names->deadline);
}

gboolean
augur_exec_names_was_cut (AugurExecNames *names)
{
  return names->deadline.cut;
}

gboolean
augur_exec_names_is_channel (AugurExecNames *names, guint step, guint64 address)
{
  return augur_objects_is_channel (objects_at (names, step), address);
}

gboolean
augur_exec_names_alloc (AugurExecNames *names, const char *block, guint64 *size, guint *module,
                        guint32 *pc)
{
  if (names->allocs == NULL)
    {
      /* common/objects.h's names of the blocks */
      names->allocs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint i = 0; i < names->n_events; i++)
        if (names->events[i].kind == AUGUR_EV_ALLOC)
          g_hash_table_insert (names->allocs,
                               g_strdup_printf ("T%u.alloc%u", names->events[i].tid, names->events[i].aux),
                               (gpointer) &names->events[i]);
    }
  const AugurSchedObjectEvent *e = g_hash_table_lookup (names->allocs, block);
  if (e == NULL)
    return FALSE;
  *size = e->arg;
  *module = e->module;
  *pc = e->pc;
  return TRUE;
}
