/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-alloca.c — names for alloca'd stack memory; see dwarf-alloca.h.
 */
#include "config.h"

#include "common/dwarf-alloca.h"
#include "common/dwarf-type.h"
#include "common/objects.h"

#include <string.h>

/* how far below a stack top a pointer's value is looked at, as far as
 * common/objects.c names stack slots */
#define REACH (64u << 20)

/* A start of alloca'd memory: thread @tid's distance @dist, in the frame
 * whose CFA is at distance @cfa; the pointer loaded to reach it, @name,
 * points to elements of type @elem. */
typedef struct {
  guint tid;
  guint64 dist, cfa;
  char *name;
  Dwarf_Off elem;
} Start;

struct _AugurDwarfAlloca {
  AugurDwarfFrames *frames;
  Dwarf *dw;
  GArray *starts;   /* Start, by thread, distance and name */
};

static void
start_clear (gpointer p)
{
  g_free (((Start *) p)->name);
}

void
augur_dwarf_alloca_free (AugurDwarfAlloca *a)
{
  if (a == NULL)
    return;
  g_array_unref (a->starts);
  g_free (a);
}

static gint
start_order (gconstpointer x, gconstpointer y)
{
  const Start *a = x, *b = y;
  if (a->tid != b->tid)
    return a->tid < b->tid ? -1 : 1;
  if (a->dist != b->dist)
    return a->dist < b->dist ? -1 : 1;
  return strcmp (a->name, b->name);
}

/* The thread stack tops seen so far, and the range they span. */
typedef struct {
  GArray *tops;
  guint64 lowest, highest;
} Tops;

static void
tops_add (Tops *t, guint64 top)
{
  g_array_append_val (t->tops, top);
  t->lowest = t->tops->len == 1 ? top : MIN (t->lowest, top);
  t->highest = MAX (t->highest, top);
}

/* Could @value be a stack address (below one of the tops, within
 * reach)?  Most values are not near any: the range says so at once. */
static gboolean
near_a_top (const Tops *t, guint64 value)
{
  if (t->tops->len == 0 || value > t->highest || (value < t->lowest && t->lowest - value > REACH))
    return FALSE;
  for (guint i = 0; i < t->tops->len; i++)
    {
      guint64 top = g_array_index (t->tops, guint64, i);
      if (value <= top && top - value <= REACH)
        return TRUE;
    }
  return FALSE;
}

/* A load of @value_name from @addr_name (stable names): a named local's
 * pointer to a frame's uncovered memory makes a Start; one a place, the
 * first of its names in strcmp order. */
static void
note_load (AugurDwarfAlloca *a, const char *addr_name, const char *value_name)
{
  Start st = { 0 };
  guint at;
  guint64 ad, off;
  Dwarf_Die type, elem;
  if (!augur_objects_split_stack (value_name, &st.tid, &st.dist)
      || augur_dwarf_frames_holder (a->frames, st.tid, st.dist, &st.cfa) == NULL
      || !augur_objects_split_stack (addr_name, &at, &ad))
    return;
  const AugurStackVar *v = augur_dwarf_frames_find (a->frames, at, ad, &off);
  if (v == NULL || dwarf_offdie (a->dw, v->type, &type) == NULL
      || !augur_dwarf_type_pointer_at (&type, off, &elem) || augur_dwarf_type_size (&elem) == 0)
    return;
  GString *name = g_string_new (v->name);
  augur_dwarf_type_append_path (name, &type, off, FALSE);
  st.name = g_string_free (name, FALSE);
  st.elem = dwarf_dieoffset (&elem);
  for (guint i = 0; i < a->starts->len; i++)
    {
      Start *known = &g_array_index (a->starts, Start, i);
      if (known->tid != st.tid || known->dist != st.dist)
        continue;
      if (strcmp (st.name, known->name) < 0)
        {
          start_clear (known);
          *known = st;
        }
      else
        g_free (st.name);
      return;
    }
  g_array_append_val (a->starts, st);
}

AugurDwarfAlloca *
augur_dwarf_alloca_new (AugurDwarfFrames *frames, Dwarf *dw, const AugurTrace *trace)
{
  AugurDwarfAlloca *a = g_new0 (AugurDwarfAlloca, 1);
  a->frames = frames;
  a->dw = dw;
  a->starts = g_array_new (FALSE, FALSE, sizeof (Start));
  g_array_set_clear_func (a->starts, start_clear);
  if (frames == NULL || dw == NULL)
    return a;
  g_autoptr (AugurObjects) objects = augur_objects_new (NULL);
  g_autoptr (GArray) top_array = g_array_new (FALSE, FALSE, sizeof (guint64));
  Tops tops = { top_array, 0, 0 };
  gsize n = augur_trace_n_events (trace);
  for (gsize i = 0; i < n; i++)
    {
      const AugurRecord *r = augur_trace_event (trace, i);
      augur_objects_observe (objects, r);
      if (r->kind == AUGUR_EV_THREAD_START && r->arg != 0)
        tops_add (&tops, r->arg);
      gboolean load = r->kind == AUGUR_EV_READ || r->kind == AUGUR_EV_ATOMIC_LOAD;
      if (!load || (r->flags & AUGUR_FLAG_SIZE_MASK) != 8 || !near_a_top (&tops, r->arg)
          || !near_a_top (&tops, r->addr))
        continue;
      g_autofree char *addr_name = augur_objects_name (objects, r->addr);
      g_autofree char *value_name = augur_objects_name (objects, r->arg);
      note_load (a, addr_name, value_name);
    }
  g_array_sort (a->starts, start_order);
  return a;
}

char *
augur_dwarf_alloca_lookup (AugurDwarfAlloca *a, guint tid, guint64 dist)
{
  guint64 cfa;
  const char *function = a != NULL ? augur_dwarf_frames_holder (a->frames, tid, dist, &cfa) : NULL;
  if (function == NULL)
    return NULL;
  /* the nearest start at or below the slot (at the same or a larger
   * distance), in the same frame */
  const Start *best = NULL;
  for (guint i = 0; i < a->starts->len && best == NULL; i++)
    {
      const Start *s = &g_array_index (a->starts, Start, i);
      if (s->tid == tid && s->cfa == cfa && s->dist >= dist)
        best = s;
    }
  Dwarf_Die elem;
  if (best != NULL && dwarf_offdie (a->dw, best->elem, &elem) != NULL)
    {
      guint64 es = augur_dwarf_type_size (&elem), off = best->dist - dist;
      GString *s = g_string_new (NULL);
      g_string_printf (s, "%s[%" G_GUINT64_FORMAT "]", best->name, off / es);
      augur_dwarf_type_append_path (s, &elem, off % es, FALSE);
      return g_string_free (s, FALSE);
    }
  return g_strdup_printf ("alloca in %s (cfa-0x%" G_GINT64_MODIFIER "x)", function, dist - cfa);
}
