/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * trace-stacks.c — the CALLERS and FRAME records of a trace; see
 * trace-stacks.h.
 */
#include "config.h"

#include "common/trace-stacks.h"

#include <stdlib.h>
#include <string.h>

/* The CALLERS records after event `event` (augur-trace-format.h). */
typedef struct {
  gsize event;
  guint n;
  guint8 module[AUGUR_TRACE_MAX_CALLERS];
  guint32 pc[AUGUR_TRACE_MAX_CALLERS];
} Callers;

struct _AugurTraceStacks {
  GArray *callers;       /* Callers, by event (ascending) */
  GHashTable *last_of;   /* thread -> 1 + its last lock acquisition so far */
  GArray *frames;        /* AugurRecord of each FRAME record, tid = its thread */
};

AugurTraceStacks *
augur_trace_stacks_new (void)
{
  AugurTraceStacks *s = g_new0 (AugurTraceStacks, 1);
  s->callers = g_array_new (FALSE, FALSE, sizeof (Callers));
  s->last_of = g_hash_table_new (NULL, NULL);
  s->frames = g_array_new (FALSE, FALSE, sizeof (AugurRecord));
  return s;
}

void
augur_trace_stacks_free (AugurTraceStacks *s)
{
  if (s == NULL)
    return;
  g_array_unref (s->callers);
  g_hash_table_unref (s->last_of);
  g_array_unref (s->frames);
  g_free (s);
}

/* Events that CALLERS records may follow (augur-trace-format.h). */
static gboolean
takes_lock (guint8 kind)
{
  switch (kind)
    {
    case AUGUR_EV_MUTEX_LOCK: case AUGUR_EV_MUTEX_TRYLOCK: case AUGUR_EV_MUTEX_TIMEDLOCK:
    case AUGUR_EV_RWLOCK_RDLOCK: case AUGUR_EV_RWLOCK_WRLOCK: case AUGUR_EV_SPIN_LOCK:
    case AUGUR_EV_COND_WAKE:
      return TRUE;
    default:
      return FALSE;
    }
}

void
augur_trace_stacks_event (AugurTraceStacks *s, gsize event, const AugurRecord *e)
{
  if (takes_lock (e->kind))
    g_hash_table_insert (s->last_of, GUINT_TO_POINTER (e->tid), GSIZE_TO_POINTER (event + 1));
}

/* A CALLERS record of thread @tid: its frames go to the thread's last
 * lock acquisition; a record that follows none, or comes after frames of
 * a later event, is dropped. */
static void
note_callers (AugurTraceStacks *s, guint tid, const AugurRecord *r)
{
  gsize event1 = GPOINTER_TO_SIZE (g_hash_table_lookup (s->last_of, GUINT_TO_POINTER (tid)));
  if (event1 == 0)
    return;
  gsize event = event1 - 1;
  Callers *c = s->callers->len > 0 ? &g_array_index (s->callers, Callers, s->callers->len - 1)
                                   : NULL;
  if (c == NULL || c->event != event)
    {
      if (c != NULL && c->event > event)
        return;
      Callers fresh = { .event = event };
      g_array_append_val (s->callers, fresh);
      c = &g_array_index (s->callers, Callers, s->callers->len - 1);
    }
  guint here = MIN (r->aux, 3u);
  guint64 packed[2] = { r->addr, r->arg };
  for (guint k = 0; k < here && c->n < AUGUR_TRACE_MAX_CALLERS; k++)
    {
      if (k < 2)
        {
          c->module[c->n] = (guint8) (packed[k] >> 32);
          c->pc[c->n] = (guint32) packed[k];
        }
      else
        {
          c->module[c->n] = r->module;
          c->pc[c->n] = r->pc;
        }
      c->n++;
    }
}

void
augur_trace_stacks_note (AugurTraceStacks *s, guint tid, const AugurRecord *r)
{
  if (r->kind == AUGUR_EV_CALLERS)
    note_callers (s, tid, r);
  else if (r->kind == AUGUR_EV_FRAME)
    {
      AugurRecord f = *r;
      f.tid = tid;   /* on disk: the seq's low bits */
      g_array_append_val (s->frames, f);
    }
}

static int
callers_cmp (const void *key, const void *elem)
{
  gsize e = *(const gsize *) key, c = ((const Callers *) elem)->event;
  return (e > c) - (e < c);
}

guint
augur_trace_stacks_callers (const AugurTraceStacks *s, gsize i, guint8 *module, guint32 *pc)
{
  if (s == NULL || s->callers->len == 0)
    return 0;
  const Callers *c = bsearch (&i, s->callers->data, s->callers->len, sizeof (Callers), callers_cmp);
  if (c == NULL)
    return 0;
  memcpy (module, c->module, c->n * sizeof *module);
  memcpy (pc, c->pc, c->n * sizeof *pc);
  return c->n;
}

const AugurRecord *
augur_trace_stacks_frames (const AugurTraceStacks *s, gsize *n)
{
  *n = s != NULL ? s->frames->len : 0;
  return s != NULL ? (const AugurRecord *) (const void *) s->frames->data : NULL;
}
