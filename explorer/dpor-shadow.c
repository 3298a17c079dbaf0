/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-shadow.c — the memory shadow of one DPOR analysis pass: per byte,
 * the last write and the reads since, and the clock of atomic accesses.
 *
 * An analysis pass runs after every execution, so the shadow is kept with
 * the AugurDpor: an open-addressing table whose slots are valid until the
 * shadow is emptied (generation), read lists as links in one pool, atomic
 * clocks in another.  Nothing is allocated per byte or per pass once the
 * pools have grown to the size an execution needs.
 *
 * A pass starts where the new execution leaves the last one
 * (dpor-pass.c), so the shadow can go back to what it was at a step: the
 * pools only grow during a pass (dpor_shadow_mark, dpor_shadow_truncate),
 * and a byte's slot is saved before a step changes it (dpor_byte_save)
 * and put back (dpor_shadow_restore).  A slot made after the step gone back to stays,
 * empty, which is what a missing one would be.
 */
#include "config.h"

#include "explorer/dpor-private.h"

#include <string.h>

#define EMPTY G_MAXUINT

typedef struct {
  guint64 addr;
  guint32 gen;
  gint last_write;
  guint reads_first, reads_last;   /* into reads, EMPTY: none */
  guint atomic;                    /* 1 + offset into clocks, 0: none */
} Slot;

typedef struct {
  guint step;
  guint next;
} ReadLink;

struct _DporShadow {
  Slot *slots;
  guint cap;            /* power of two */
  guint used;           /* valid slots since the shadow was emptied */
  guint32 gen;
  guint T;
  ReadLink *reads;      /* n_reads of cap_reads */
  guint n_reads, cap_reads;
  GArray *clocks;       /* guint32, DPOR_ACLOCK_LEN (T) per atomic location */
};

DporShadow *
dpor_shadow_new (void)
{
  DporShadow *s = g_new0 (DporShadow, 1);
  s->cap = 1024;
  s->slots = g_new0 (Slot, s->cap);
  s->cap_reads = 256;
  s->reads = g_new (ReadLink, s->cap_reads);
  s->clocks = g_array_new (FALSE, TRUE, sizeof (guint32));
  return s;
}

void
dpor_shadow_free (DporShadow *s)
{
  if (s == NULL)
    return;
  g_free (s->slots);
  g_free (s->reads);
  g_array_unref (s->clocks);
  g_free (s);
}

void
dpor_shadow_begin (DporShadow *s, guint T)
{
  if (++s->gen == 0)
    {
      /* generations wrapped: every slot is stale for real */
      memset (s->slots, 0, s->cap * sizeof *s->slots);
      s->gen = 1;
    }
  s->used = 0;
  s->T = T;
  s->n_reads = 0;
  g_array_set_size (s->clocks, 0);
}

guint
dpor_shadow_used (const DporShadow *s)
{
  return s->used;
}

void
dpor_shadow_mark (const DporShadow *s, guint *reads, guint *clocks)
{
  *reads = s->n_reads;
  *clocks = s->clocks->len;
}

void
dpor_shadow_truncate (DporShadow *s, guint reads, guint clocks)
{
  s->n_reads = reads;
  g_array_set_size (s->clocks, clocks);
}

static guint
hash (guint64 a)
{
  return (guint) ((a * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 32);
}

static Slot *
find (DporShadow *s, guint64 addr, gboolean *fresh)
{
  guint mask = s->cap - 1;
  for (guint h = hash (addr) & mask;; h = (h + 1) & mask)
    {
      Slot *x = &s->slots[h];
      if (x->gen != s->gen)
        {
          *fresh = TRUE;
          return x;
        }
      if (x->addr == addr)
        {
          *fresh = FALSE;
          return x;
        }
    }
}

static void
grow (DporShadow *s)
{
  Slot *old = s->slots;
  guint old_cap = s->cap;
  s->cap *= 2;
  s->slots = g_new0 (Slot, s->cap);
  for (guint k = 0; k < old_cap; k++)
    if (old[k].gen == s->gen)
      {
        gboolean fresh;
        *find (s, old[k].addr, &fresh) = old[k];
      }
  g_free (old);
}

DporByte *
dpor_shadow_byte (DporShadow *s, guint64 addr)
{
  if ((s->used + 1) * 2 > s->cap)
    grow (s);
  gboolean fresh;
  Slot *x = find (s, addr, &fresh);
  if (fresh)
    {
      x->addr = addr;
      x->gen = s->gen;
      x->last_write = -1;
      x->reads_first = x->reads_last = EMPTY;
      x->atomic = 0;
      s->used++;
    }
  return (DporByte *) x;
}

gint
dpor_byte_last_write (const DporByte *b)
{
  return ((const Slot *) b)->last_write;
}

void
dpor_byte_set_write (DporShadow *s, DporByte *b, guint step)
{
  (void) s;
  Slot *x = (Slot *) b;
  x->last_write = (gint) step;
  x->reads_first = x->reads_last = EMPTY;
}

void
dpor_byte_add_read (DporShadow *s, DporByte *b, guint step)
{
  Slot *x = (Slot *) b;
  if (s->n_reads == s->cap_reads)
    {
      s->cap_reads *= 2;
      s->reads = g_renew (ReadLink, s->reads, s->cap_reads);
    }
  guint at = s->n_reads++;
  s->reads[at].step = step;
  s->reads[at].next = EMPTY;
  if (x->reads_last == EMPTY)
    x->reads_first = at;
  else
    s->reads[x->reads_last].next = at;
  x->reads_last = at;
}

gboolean
dpor_byte_has_reads (const DporByte *b)
{
  return ((const Slot *) b)->reads_first != EMPTY;
}

guint
dpor_byte_first_read (DporShadow *s, const DporByte *b, guint *step)
{
  guint at = ((const Slot *) b)->reads_first;
  if (at != EMPTY)
    *step = s->reads[at].step;
  return at;
}

guint
dpor_byte_next_read (DporShadow *s, guint at, guint *step)
{
  guint next = s->reads[at].next;
  if (next != EMPTY)
    *step = s->reads[next].step;
  return next;
}

guint32 *
dpor_byte_atomic_clock (DporShadow *s, DporByte *b)
{
  Slot *x = (Slot *) b;
  if (x->atomic == 0)
    {
      x->atomic = s->clocks->len + 1;
      g_array_set_size (s->clocks, s->clocks->len + DPOR_ACLOCK_LEN (s->T));   /* zeroed */
    }
  return &g_array_index (s->clocks, guint32, x->atomic - 1);
}

guint32 *
dpor_shadow_clock_at (DporShadow *s, guint at)
{
  return &g_array_index (s->clocks, guint32, at);
}

guint
dpor_byte_atomic_at (const DporByte *b)
{
  const Slot *x = (const Slot *) b;
  return x->atomic != 0 ? x->atomic - 1 : G_MAXUINT;
}

void
dpor_byte_save (const DporByte *b, DporByteSaved *out)
{
  const Slot *x = (const Slot *) b;
  out->addr = x->addr;
  out->last_write = x->last_write;
  out->reads_first = x->reads_first;
  out->reads_last = x->reads_last;
  out->atomic = x->atomic;
}

void
dpor_shadow_restore (DporShadow *s, const DporByteSaved *v)
{
  gboolean fresh;
  Slot *x = find (s, v->addr, &fresh);
  g_assert (!fresh);
  x->last_write = v->last_write;
  x->reads_first = v->reads_first;
  x->reads_last = v->reads_last;
  x->atomic = v->atomic;
  /* the list's last link then was the last: what followed came later */
  if (x->reads_last != EMPTY)
    s->reads[x->reads_last].next = EMPTY;
}
