/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-frames.c — stack slots to locals, from FRAME records; see
 * dwarf-frames.h.
 */
#include "config.h"

#include "common/dwarf-frames.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stdlib.h>
#include <string.h>

#define FP_REGNO 6   /* x86-64's rbp in DWARF numbering */

/* One thread creation's stack: the distances [near, far) were live,
 * vars[first, first + n) are its locals and spans[first_span, first_span
 * + n_spans) its frames. */
typedef struct {
  guint tid;
  guint64 near, far;
  guint first, n;
  guint first_span, n_spans;
} Creation;

/* One frame of a walk: it holds the distances (cfa, end] below the
 * thread's stack top, from its CFA down to its callee's; its function. */
typedef struct {
  guint64 cfa, end;
  char *function;
} Span;

struct _AugurDwarfFrames {
  GArray *vars;        /* AugurStackVar */
  GArray *spans;       /* Span */
  GArray *creations;   /* Creation, in record order */
};

static void
var_clear (gpointer p)
{
  g_free (((AugurStackVar *) p)->name);
}

static void
span_clear (gpointer p)
{
  g_free (((Span *) p)->function);
}

void
augur_dwarf_frames_free (AugurDwarfFrames *frames)
{
  if (frames == NULL)
    return;
  g_array_unref (frames->vars);
  g_array_unref (frames->spans);
  g_array_unref (frames->creations);
  g_free (frames);
}

/* Does the function at @pc keep its CFA at the frame pointer + 16? */
static gboolean
cfa_at_frame_pointer (Dwfl_Module *mod, Dwarf_Addr pc)
{
#if defined(__x86_64__)
  Dwarf_Addr bias = 0;
  Dwarf_CFI *cfi = dwfl_module_eh_cfi (mod, &bias);
  if (cfi == NULL)
    cfi = dwfl_module_dwarf_cfi (mod, &bias);
  Dwarf_Frame *frame = NULL;
  if (cfi == NULL || dwarf_cfi_addrframe (cfi, pc + bias, &frame) != 0)
    return FALSE;
  Dwarf_Op *ops = NULL;
  size_t n = 0;
  gboolean ok = dwarf_frame_cfa (frame, &ops, &n) == 0 && n == 1 && ops[0].atom == DW_OP_bregx
                && ops[0].number == FP_REGNO && ops[0].number2 == 16;
  free (frame);
  return ok;
#else
  (void) mod;
  (void) pc;
  return FALSE;
#endif
}

/* The frame base of subprogram @fn relative to the CFA, into *delta. */
static gboolean
frame_base (Dwarf_Die *fn, Dwarf_Addr pc, gint64 *delta)
{
  Dwarf_Attribute a;
  Dwarf_Op *ops;
  size_t n;
  if (dwarf_attr (fn, DW_AT_frame_base, &a) == NULL
      || dwarf_getlocation_addr (&a, pc, &ops, &n, 1) != 1 || n != 1)
    return FALSE;
  if (ops[0].atom == DW_OP_call_frame_cfa)
    *delta = 0;
  else if (ops[0].atom == DW_OP_reg0 + FP_REGNO)
    *delta = -16;
  else if (ops[0].atom == DW_OP_breg0 + FP_REGNO)
    *delta = -16 + (gint64) ops[0].number;
  else
    return FALSE;
  return TRUE;
}

static guint64
type_size (Dwarf_Die *var, Dwarf_Die *type)
{
  Dwarf_Attribute a;
  Dwarf_Word size = 0;
  if (dwarf_attr_integrate (var, DW_AT_type, &a) == NULL || dwarf_formref_die (&a, type) == NULL)
    return 0;
  Dwarf_Die t = *type;
  for (int i = 0; i < 32 && dwarf_aggregate_size (&t, &size) != 0; i++)
    if (dwarf_attr_integrate (&t, DW_AT_type, &a) == NULL || dwarf_formref_die (&a, &t) == NULL)
      return 0;
  return size;
}

/* The locals of @scope (not of nested blocks) at CFA @cfa. */
static void
add_scope (GArray *vars, Dwarf_Die *scope, Dwarf_Addr pc, gint64 base_delta, guint64 top,
           guint64 cfa)
{
  Dwarf_Die c;
  if (dwarf_child (scope, &c) != 0)
    return;
  do
    {
      int tag = dwarf_tag (&c);
      const char *name = dwarf_diename (&c);
      Dwarf_Attribute a;
      Dwarf_Op *ops;
      size_t n;
      if ((tag != DW_TAG_variable && tag != DW_TAG_formal_parameter) || name == NULL
          || dwarf_attr (&c, DW_AT_location, &a) == NULL
          || dwarf_getlocation_addr (&a, pc, &ops, &n, 1) != 1 || n != 1
          || ops[0].atom != DW_OP_fbreg)
        continue;
      Dwarf_Die type;
      guint64 size = type_size (&c, &type);
      guint64 addr = cfa + (guint64) (base_delta + (gint64) ops[0].number);
      if (size == 0 || addr >= top || addr + size > top)
        continue;
      AugurStackVar v = { .hi = top - addr, .size = size, .name = g_strdup (name),
                          .type = dwarf_dieoffset (&type) };
      g_array_append_val (vars, v);
    }
  while (dwarf_siblingof (&c, &c) == 0);
}

/* The spans of one frame: the scopes around @pc out to its function.
 * dwarf_getscopes goes from an inlined call to the inlined function's
 * abstract definition, whose scopes are no frame's; the innermost scope
 * it finds is concrete, and the DIE tree's own nesting leads from it out
 * to the function whose frame this is, through the inlined calls (whose
 * locals live in that frame, at its frame base). */
static void
add_frame (AugurDwarfFrames *fr, Dwfl_Module *mod, Dwarf *dw, const AugurRecord *f, guint64 top)
{
  GArray *vars = fr->vars;
  Dwarf_Addr pc = f->pc;
  Dwarf_Die cu, *scopes = NULL, *chain = NULL;
  if (!cfa_at_frame_pointer (mod, pc) || dwarf_addrdie (dw, pc, &cu) == NULL)
    return;
  int n = dwarf_getscopes (&cu, pc, &scopes);
  if (n > 0)
    n = dwarf_getscopes_die (&scopes[0], &chain);
  for (int i = 0; i < n; i++)
    {
      if (dwarf_tag (&chain[i]) != DW_TAG_subprogram)
        continue;
      gint64 delta;
      if (!frame_base (&chain[i], pc, &delta))
        break;
      /* the blocks and inlined calls inside the function (innermost
       * first), then it */
      for (int k = 0; k <= i; k++)
        {
          int tag = dwarf_tag (&chain[k]);
          if (tag == DW_TAG_lexical_block || tag == DW_TAG_inlined_subroutine || k == i)
            add_scope (vars, &chain[k], pc, delta, top, f->addr);
        }
      /* down to its callee's CFA (the callee's frame pointer + 16):
       * its locals, and what it alloca'd */
      const char *name = dwarf_diename (&chain[i]);
      if (name != NULL && f->addr <= top && f->arg + 16 < f->addr)
        {
          Span sp = { .cfa = top - f->addr, .end = top - (f->arg + 16), .function = g_strdup (name) };
          g_array_append_val (fr->spans, sp);
        }
      break;
    }
  free (chain);
  free (scopes);
}

/* The thread's stack tops, as common/objects.c takes them. */
static GHashTable *
stack_tops (const AugurTrace *trace)
{
  GHashTable *tops = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  gsize n = augur_trace_n_events (trace);
  for (gsize i = 0; i < n; i++)
    {
      const AugurRecord *r = augur_trace_event (trace, i);
      if (r->kind == AUGUR_EV_THREAD_START && r->arg != 0)
        g_hash_table_replace (tops, GUINT_TO_POINTER (r->tid), g_memdup2 (&r->arg, sizeof r->arg));
    }
  return tops;
}

/* The creation of frames[0, n) (depth 0 first), unless one alike was seen. */
static void
add_creation (AugurDwarfFrames *fr, Dwfl_Module *mod, Dwarf *dw, const AugurRecord *frames,
              gsize n, guint64 top, GHashTable *seen)
{
  const AugurRecord *inner = &frames[0], *outer = &frames[n - 1];
  if (inner->arg == 0 || inner->arg >= top || outer->addr > top)
    return;
  GString *key = g_string_new (NULL);
  g_string_append_printf (key, "%u:%" G_GINT64_MODIFIER "x", inner->tid, inner->arg);
  for (gsize k = 0; k < n; k++)
    g_string_append_printf (key, ":%" G_GINT64_MODIFIER "x@%x", frames[k].addr, frames[k].pc);
  if (!g_hash_table_add (seen, g_string_free (key, FALSE)))
    return;
  Creation c = { .tid = inner->tid, .near = top - outer->addr, .far = top - inner->arg,
                 .first = fr->vars->len, .first_span = fr->spans->len };
  for (gsize k = 0; k < n; k++)
    if (frames[k].module == 0)
      add_frame (fr, mod, dw, &frames[k], top);
  c.n = fr->vars->len - c.first;
  c.n_spans = fr->spans->len - c.first_span;
  g_array_append_val (fr->creations, c);
}

/* g_qsort_with_data is a stable sort */
static gint
by_tid (gconstpointer a, gconstpointer b, gpointer data)
{
  (void) data;
  guint x = ((const AugurRecord *) a)->tid, y = ((const AugurRecord *) b)->tid;
  return (x > y) - (x < y);
}

AugurDwarfFrames *
augur_dwarf_frames_new (Dwfl_Module *mod, Dwarf *dw, const AugurTrace *trace)
{
  AugurDwarfFrames *fr = g_new0 (AugurDwarfFrames, 1);
  fr->vars = g_array_new (FALSE, FALSE, sizeof (AugurStackVar));
  g_array_set_clear_func (fr->vars, var_clear);
  fr->spans = g_array_new (FALSE, FALSE, sizeof (Span));
  g_array_set_clear_func (fr->spans, span_clear);
  fr->creations = g_array_new (FALSE, FALSE, sizeof (Creation));
  gsize n_frames;
  const AugurRecord *frames = augur_trace_frames (trace, &n_frames);
  if (n_frames == 0 || mod == NULL || dw == NULL)
    return fr;
  g_autoptr (GHashTable) tops = stack_tops (trace);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  /* a creation's frames: depth 0, 1, ... of one thread, in a row once the
   * records are put by thread (in seq order within each) */
  g_autofree AugurRecord *by_thread = g_memdup2 (frames, n_frames * sizeof *frames);
  g_qsort_with_data (by_thread, (gint) n_frames, sizeof *by_thread, by_tid, NULL);
  frames = by_thread;
  for (gsize i = 0; i < n_frames;)
    {
      gsize j = i + 1;
      while (j < n_frames && frames[j].tid == frames[i].tid && frames[j].aux == frames[j - 1].aux + 1)
        j++;
      const guint64 *top = g_hash_table_lookup (tops, GUINT_TO_POINTER (frames[i].tid));
      if (frames[i].aux == 0 && top != NULL)
        add_creation (fr, mod, dw, &frames[i], j - i, *top, seen);
      i = j;
    }
  return fr;
}

static gboolean
same_var (const AugurStackVar *a, const AugurStackVar *b)
{
  return a->hi == b->hi && a->size == b->size && a->type == b->type && strcmp (a->name, b->name) == 0;
}

/* Was the distance dist live in thread tid's stack during creation c? */
static gboolean
creation_holds (const Creation *c, guint tid, guint64 dist)
{
  return c->tid == tid && dist >= c->near && dist < c->far;
}

/* Creation c's first local that holds the distance dist, or NULL. */
static const AugurStackVar *
creation_var_at (AugurDwarfFrames *fr, const Creation *c, guint64 dist)
{
  for (guint k = c->first; k < c->first + c->n; k++)
    {
      const AugurStackVar *v = &g_array_index (fr->vars, AugurStackVar, k);
      if (dist <= v->hi && dist > v->hi - v->size)
        return v;
    }
  return NULL;
}

const AugurStackVar *
augur_dwarf_frames_find (AugurDwarfFrames *fr, guint tid, guint64 dist, guint64 *off)
{
  const AugurStackVar *agreed = NULL;
  for (guint i = 0; fr != NULL && i < fr->creations->len; i++)
    {
      const Creation *c = &g_array_index (fr->creations, Creation, i);
      if (!creation_holds (c, tid, dist))
        continue;
      const AugurStackVar *here = creation_var_at (fr, c, dist);
      if (here == NULL || (agreed != NULL && !same_var (agreed, here)))
        return NULL;
      agreed = here;
    }
  if (agreed != NULL)
    *off = agreed->hi - dist;
  return agreed;
}

const char *
augur_dwarf_frames_holder (AugurDwarfFrames *fr, guint tid, guint64 dist, guint64 *cfa)
{
  const Span *agreed = NULL;
  for (guint i = 0; fr != NULL && i < fr->creations->len; i++)
    {
      const Creation *c = &g_array_index (fr->creations, Creation, i);
      if (!creation_holds (c, tid, dist))
        continue;
      if (creation_var_at (fr, c, dist) != NULL)
        return NULL;   /* a local's */
      const Span *here = NULL;
      for (guint k = c->first_span; k < c->first_span + c->n_spans && here == NULL; k++)
        {
          const Span *sp = &g_array_index (fr->spans, Span, k);
          if (dist > sp->cfa && dist <= sp->end)
            here = sp;
        }
      if (here == NULL
          || (agreed != NULL && (agreed->cfa != here->cfa || strcmp (agreed->function, here->function) != 0)))
        return NULL;
      agreed = here;
    }
  if (agreed == NULL)
    return NULL;
  *cfa = agreed->cfa;
  return agreed->function;
}
