/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * objects.c — stable names for addresses (see objects.h).
 */
#include "config.h"

#include "common/objects.h"

/* How far below a thread's recorded stack top its stack may reach. */
#define STACK_REACH (64u << 20)
/* How far above main's stack top argv, envp and auxv may reach. */
#define ARGS_REACH (8u << 20)

typedef struct {
  guint64 start, size;
  guint32 tid, number;
} HeapObject;

struct _AugurObjects {
  AugurSymbolizer *symbolizer;
  GTree *heap;          /* start address -> HeapObject* (live objects) */
  GArray *stack_tops;   /* guint64 by tid, 0 if unknown */
  GArray *thread_ptrs;  /* guint64 by tid, 0 if unknown */
  GArray *tls_below;    /* guint64 by tid: static TLS reach below the pointer, 0 if unknown */
};

/* Static TLS around the thread pointer (below it on x86-64), when the
 * runtime did not say how far it reaches: a thread's stack starts right
 * below its TLS, so the guess may call its first stack slots TLS. */
#define TLS_BELOW (64u << 10)
#define TLS_ABOVE (4u << 10)

static gint
compare_address (gconstpointer a, gconstpointer b, gpointer unused)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  (void) unused;
  return x < y ? -1 : x > y;
}

AugurObjects *
augur_objects_new (AugurSymbolizer *symbolizer)
{
  AugurObjects *o = g_new0 (AugurObjects, 1);
  o->symbolizer = symbolizer;
  o->heap = g_tree_new_full (compare_address, NULL, NULL, g_free);
  o->stack_tops = g_array_new (FALSE, TRUE, sizeof (guint64));
  o->thread_ptrs = g_array_new (FALSE, TRUE, sizeof (guint64));
  o->tls_below = g_array_new (FALSE, TRUE, sizeof (guint64));
  return o;
}

void
augur_objects_free (AugurObjects *o)
{
  if (o == NULL)
    return;
  g_tree_unref (o->heap);
  g_array_unref (o->stack_tops);
  g_array_unref (o->thread_ptrs);
  g_array_unref (o->tls_below);
  g_free (o);
}

static HeapObject *
heap_find (AugurObjects *o, guint64 address)
{
  guint64 key = address;
  GTreeNode *n = g_tree_upper_bound (o->heap, &key);
  n = n != NULL ? g_tree_node_previous (n) : g_tree_node_last (o->heap);
  if (n == NULL)
    return NULL;
  HeapObject *h = g_tree_node_value (n);
  /* a zero-sized object still names its own address */
  if (address >= h->start && (address < h->start + h->size || address == h->start))
    return h;
  return NULL;
}

void
augur_objects_observe (AugurObjects *o, const AugurRecord *r)
{
  switch (r->kind)
    {
    case AUGUR_EV_ALLOC:
      {
        HeapObject *h = g_new0 (HeapObject, 1);
        h->start = r->addr;
        h->size = r->arg;
        h->tid = r->tid;
        h->number = r->aux;
        g_tree_replace (o->heap, &h->start, h);
        break;
      }
    case AUGUR_EV_FREE:
      {
        guint64 key = r->addr;
        g_tree_remove (o->heap, &key);
        break;
      }
    case AUGUR_EV_THREAD_START:
      if (r->tid >= o->stack_tops->len)
        g_array_set_size (o->stack_tops, r->tid + 1);
      g_array_index (o->stack_tops, guint64, r->tid) = r->arg;
      break;
    case AUGUR_EV_THREAD_TLS:
      if (r->tid >= o->thread_ptrs->len)
        {
          g_array_set_size (o->thread_ptrs, r->tid + 1);
          g_array_set_size (o->tls_below, r->tid + 1);
        }
      g_array_index (o->thread_ptrs, guint64, r->tid) = r->addr;
      g_array_index (o->tls_below, guint64, r->tid) = r->arg != 0 ? MIN (r->arg, TLS_BELOW) : TLS_BELOW;
      break;
    default:
      break;
    }
}

/* NULL when the address is in no known object. */
static char *
known_name (AugurObjects *o, guint64 address)
{
  HeapObject *h = heap_find (o, address);
  if (h != NULL)
    {
      guint64 off = address - h->start;
      if (off == 0)
        return g_strdup_printf ("T%u.alloc%u", h->tid, h->number);
      return g_strdup_printf ("T%u.alloc%u+%" G_GUINT64_FORMAT, h->tid, h->number, off);
    }
  if (o->symbolizer != NULL)
    {
      guint64 off = 0;
      const char *sym = augur_symbolizer_data (o->symbolizer, address, &off);
      if (sym != NULL)
        return off == 0 ? g_strdup (sym) : g_strdup_printf ("%s+%" G_GUINT64_FORMAT, sym, off);
    }
  for (guint t = 0; t < o->thread_ptrs->len; t++)
    {
      guint64 tp = g_array_index (o->thread_ptrs, guint64, t);
      if (tp == 0)
        continue;
      if (address < tp && tp - address <= g_array_index (o->tls_below, guint64, t))
        return g_strdup_printf ("T%u.tls-0x%" G_GINT64_MODIFIER "x", t, tp - address);
      if (address >= tp && address - tp < TLS_ABOVE)
        return g_strdup_printf ("T%u.tls+0x%" G_GINT64_MODIFIER "x", t, address - tp);
    }
  /* the nearest stack top above the address, within reach */
  guint best = G_MAXUINT;
  guint64 best_dist = 0;
  for (guint t = 0; t < o->stack_tops->len; t++)
    {
      guint64 top = g_array_index (o->stack_tops, guint64, t);
      if (top == 0 || address > top || top - address > STACK_REACH)
        continue;
      if (best == G_MAXUINT || top - address < best_dist)
        {
          best = t;
          best_dist = top - address;
        }
    }
  if (best != G_MAXUINT)
    return g_strdup_printf ("T%u.stack-0x%" G_GINT64_MODIFIER "x", best, best_dist);
  /* above main's stack top: the arguments, environment and auxiliary
   * vector, whose layout depends on the environment: one name for all */
  if (o->stack_tops->len > 0)
    {
      guint64 top = g_array_index (o->stack_tops, guint64, 0);
      if (top != 0 && address > top && address - top < ARGS_REACH)
        return g_strdup ("T0.args");
    }
  return NULL;
}

char *
augur_objects_name (AugurObjects *o, guint64 address)
{
  if (address == 0)
    return g_strdup ("NULL");
  char *name = known_name (o, address);
  return name != NULL ? name : g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", address);
}

char *
augur_objects_name_pointer (AugurObjects *o, guint64 value)
{
  if (value < 4096)
    return NULL;
  char *name = known_name (o, value);
  if (name == NULL)
    return NULL;
  char *amp = g_strconcat ("&", name, NULL);
  g_free (name);
  return amp;
}
