/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * objects.c — stable names for addresses (see objects.h).
 */
#include "config.h"

#include "common/objects.h"

#include <string.h>

/* How far below a thread's recorded stack top its stack may reach. */
#define STACK_REACH (64u << 20)
/* How far above main's stack top argv, envp and auxv may reach. */
#define ARGS_REACH (8u << 20)

typedef struct {
  guint64 start, size;
  guint32 tid, number;
  gboolean freed;       /* named still, until an allocation overlaps it */
} HeapObject;

/* What is known of one thread; 0 when unknown. */
typedef struct {
  guint32 tid;
  guint64 stack_top;
  guint64 thread_ptr;
  guint64 tls_below;    /* static TLS reach below the pointer */
  guint64 args;         /* main: where argv and the rest lie above; 0: the stack top */
} ThreadInfo;

/* A pipe, socket pair or eventfd the program made: the runtime's word
 * that stands for it (CHANNEL events). */
typedef struct {
  guint64 word;
  guint32 number, kind;
} Channel;

struct _AugurObjects {
  AugurSymbolizer *symbolizer;
  GArray *channels;     /* Channel, in the order made */
  GTree *heap;          /* start address -> HeapObject*: live objects, and freed ones
                         * no allocation has taken the place of (a use after a free
                         * names what was freed) */
  /* ThreadInfo of the threads seen, sorted by tid: one entry per thread
   * observed, never a table indexed by a thread id read from a file
   * (an id of 0xffffffff must not ask for 2^32 entries) */
  GArray *threads;
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
  o->threads = g_array_new (FALSE, TRUE, sizeof (ThreadInfo));
  o->channels = g_array_new (FALSE, FALSE, sizeof (Channel));
  return o;
}

void
augur_objects_free (AugurObjects *o)
{
  if (o == NULL)
    return;
  g_tree_unref (o->heap);
  g_array_unref (o->threads);
  g_array_unref (o->channels);
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

/* The entry of thread tid, added in its sorted place if new. */
static ThreadInfo *
thread_info (AugurObjects *o, guint32 tid)
{
  guint lo = 0, hi = o->threads->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint32 t = g_array_index (o->threads, ThreadInfo, mid).tid;
      if (t == tid)
        return &g_array_index (o->threads, ThreadInfo, mid);
      if (t < tid)
        lo = mid + 1;
      else
        hi = mid;
    }
  ThreadInfo fresh = { .tid = tid };
  g_array_insert_val (o->threads, lo, fresh);
  return &g_array_index (o->threads, ThreadInfo, lo);
}

/* The freed objects [start, start + size) overlaps: gone, the place is
 * another object's now. */
static void
forget_freed (AugurObjects *o, guint64 start, guint64 size)
{
  guint64 end = start + MAX (size, 1);
  guint64 key = start;
  GTreeNode *n = g_tree_upper_bound (o->heap, &key);
  n = n != NULL ? g_tree_node_previous (n) : g_tree_node_last (o->heap);
  /* from the last object starting at or before start, on while they start
   * before its end */
  GArray *gone = NULL;
  for (; n != NULL; n = g_tree_node_next (n))
    {
      HeapObject *h = g_tree_node_value (n);
      if (h->start >= end)
        break;
      if (h->freed && h->start + MAX (h->size, 1) > start)
        {
          if (gone == NULL)
            gone = g_array_new (FALSE, FALSE, sizeof (guint64));
          g_array_append_val (gone, h->start);
        }
    }
  for (guint i = 0; gone != NULL && i < gone->len; i++)
    g_tree_remove (o->heap, &g_array_index (gone, guint64, i));
  if (gone != NULL)
    g_array_unref (gone);
}

void
augur_objects_observe (AugurObjects *o, const AugurRecord *r)
{
  switch (r->kind)
    {
    case AUGUR_EV_ALLOC:
      {
        forget_freed (o, r->addr, r->arg);
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
        HeapObject *h = g_tree_lookup (o->heap, &key);
        if (h != NULL)
          h->freed = TRUE;
        break;
      }
    case AUGUR_EV_THREAD_START:
      thread_info (o, r->tid)->stack_top = r->arg;
      break;
    case AUGUR_EV_THREAD_ARGS:
      thread_info (o, r->tid)->args = r->addr;
      break;
    case AUGUR_EV_CHANNEL:
      {
        Channel c = { r->addr, r->aux, (guint32) r->arg };
        g_array_append_val (o->channels, c);
        break;
      }
    case AUGUR_EV_THREAD_TLS:
      {
        ThreadInfo *ti = thread_info (o, r->tid);
        ti->thread_ptr = r->addr;
        ti->tls_below = r->arg != 0 ? MIN (r->arg, TLS_BELOW) : TLS_BELOW;
        break;
      }
    default:
      break;
    }
}

static const Channel *
channel_at (AugurObjects *o, guint64 address)
{
  for (guint i = 0; i < o->channels->len; i++)
    {
      const Channel *c = &g_array_index (o->channels, Channel, i);
      if (address >= c->word && address < c->word + 4)
        return c;
    }
  return NULL;
}

gboolean
augur_objects_is_channel (AugurObjects *o, guint64 address)
{
  return channel_at (o, address) != NULL;
}

/* "pipe #1": the word of a channel the program made, or NULL. */
static char *
channel_name (AugurObjects *o, guint64 address)
{
  static const char *const kinds[] = {
    [AUGUR_CHANNEL_PIPE] = "pipe",
    [AUGUR_CHANNEL_SOCKETPAIR] = "socket pair",
    [AUGUR_CHANNEL_EVENTFD] = "eventfd",
  };
  const Channel *c = channel_at (o, address);
  if (c == NULL)
    return NULL;
  if (c->kind == AUGUR_CHANNEL_FDTABLE)
    return g_strdup ("descriptor table");
  return g_strdup_printf ("%s #%u", c->kind < G_N_ELEMENTS (kinds) ? kinds[c->kind] : "channel",
                          c->number);
}

/* NULL when the address is in no known object. */
static char *
known_name (AugurObjects *o, guint64 address)
{
  char *channel = channel_name (o, address);
  if (channel != NULL)
    return channel;
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
  /* threads in tid order: the first match wins, as it always did */
  for (guint i = 0; i < o->threads->len; i++)
    {
      const ThreadInfo *ti = &g_array_index (o->threads, ThreadInfo, i);
      guint64 tp = ti->thread_ptr;
      if (tp == 0)
        continue;
      if (address < tp && tp - address <= ti->tls_below)
        return g_strdup_printf ("T%u.tls-0x%" G_GINT64_MODIFIER "x", ti->tid, tp - address);
      if (address >= tp && address - tp < TLS_ABOVE)
        return g_strdup_printf ("T%u.tls+0x%" G_GINT64_MODIFIER "x", ti->tid, address - tp);
    }
  /* the nearest stack top above the address, within reach */
  const ThreadInfo *best = NULL;
  guint64 best_dist = 0;
  for (guint i = 0; i < o->threads->len; i++)
    {
      const ThreadInfo *ti = &g_array_index (o->threads, ThreadInfo, i);
      guint64 top = ti->stack_top;
      if (top == 0 || address > top || top - address > STACK_REACH)
        continue;
      if (best == NULL || top - address < best_dist)
        {
          best = ti;
          best_dist = top - address;
        }
    }
  if (best != NULL)
    return g_strdup_printf ("T%u.stack-0x%" G_GINT64_MODIFIER "x", best->tid, best_dist);
  /* above main's stack top: the arguments, environment and auxiliary
   * vector, whose layout depends on the environment: one name for all */
  if (o->threads->len > 0 && g_array_index (o->threads, ThreadInfo, 0).tid == 0)
    {
      const ThreadInfo *main_info = &g_array_index (o->threads, ThreadInfo, 0);
      guint64 top = main_info->args != 0 ? main_info->args : main_info->stack_top;
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

char *
augur_objects_global_symbol (const char *name)
{
  if (name == NULL || !(g_ascii_isalpha (name[0]) || name[0] == '_') || strchr (name, '.') != NULL
      || strstr (name, "+0x") != NULL)
    return NULL;
  const char *plus = strchr (name, '+');
  return plus != NULL ? g_strndup (name, (gsize) (plus - name)) : g_strdup (name);
}

gboolean
augur_objects_split_stack (const char *object, guint *tid, guint64 *dist)
{
  const char *p = object;
  if (*p++ != 'T' || !g_ascii_isdigit (*p))
    return FALSE;
  char *end;
  guint64 t = g_ascii_strtoull (p, &end, 10);
  if (t > G_MAXUINT || strncmp (end, ".stack-0x", 9) != 0 || !g_ascii_isxdigit (end[9]))
    return FALSE;
  *tid = (guint) t;
  *dist = g_ascii_strtoull (end + 9, &end, 16);
  return *end == '\0';
}

/* The digits at @p, if any: past them, else NULL. */
static const char *
past_digits (const char *p)
{
  if (!g_ascii_isdigit (*p))
    return NULL;
  while (g_ascii_isdigit (*p))
    p++;
  return p;
}

void
augur_objects_heap_names_in (const char *text, gboolean whole, GHashTable *set)
{
  if (text == NULL)
    return;
  for (const char *p = strchr (text, 'T'); p != NULL; p = strchr (p + 1, 'T'))
    {
      if (p > text && (g_ascii_isalnum (p[-1]) || p[-1] == '_'))
        continue;
      const char *q = past_digits (p + 1);
      if (q == NULL || strncmp (q, ".alloc", 6) != 0 || (q = past_digits (q + 6)) == NULL)
        continue;
      const char *end = q;
      if (*q == '+' && past_digits (q + 1) != NULL)
        end = past_digits (q + 1);
      if (g_ascii_isalpha (*end) || *end == '_')
        continue;
      g_hash_table_add (set, g_strndup (p, (whole ? end : q) - p));
    }
}
