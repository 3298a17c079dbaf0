/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cut-where.c — where a run cut by the step bound spent its last steps:
 * the busiest thread among the last CUT_WINDOW steps, and the functions it
 * spent them in, most first ("main made 2000 of its last 2000 steps: 414
 * in uv__io_poll() (at linux.c:1399 first), ..."), so that a user sees
 * which loop outran the bound (libuv's event loop waiting for a timer
 * whose time never came).
 */
#include "config.h"

#include "explorer/explore-private.h"

#define CUT_WINDOW 2000u   /* the last steps looked at */

/* The steps of one function (or of one line, where the function is not
 * known) among a cut run's last ones. */
typedef struct {
  char *name;      /* "uv__hrtime()" or "f.c:12" */
  char *first;     /* the location of its first step there */
  guint count;
} StepsIn;

static void
steps_in_free (gpointer p)
{
  StepsIn *x = p;
  g_free (x->name);
  g_free (x->first);
  g_free (x);
}

static gint
by_count (gconstpointer a, gconstpointer b)
{
  const StepsIn *x = *(StepsIn *const *) a, *y = *(StepsIn *const *) b;
  return x->count != y->count ? (x->count < y->count ? 1 : -1) : g_strcmp0 (x->name, y->name);
}

/* The thread that made most of steps[from..n), and how many it made. */
static guint
busiest_thread (const AugurSchedStep *steps, guint from, guint n, guint *most)
{
  guint counts[AUGUR_SCHED_MAX_THREADS] = { 0 };
  guint busiest = 0;
  *most = 0;
  for (guint k = from; k < n; k++)
    {
      guint t = steps[k].tid;
      if (t >= AUGUR_SCHED_MAX_THREADS)
        continue;
      if (++counts[t] > *most || (counts[t] == *most && t < busiest))
        {
          *most = counts[t];
          busiest = t;
        }
    }
  return busiest;
}

void
explore_findings_note_cut (Ctx *c, AugurExploreStats *st, const AugurSchedStep *steps, guint n)
{
  guint from = n > CUT_WINDOW ? n - CUT_WINDOW : 0, most;
  guint busiest = busiest_thread (steps, from, n, &most);
  if (most == 0)
    return;
  g_autoptr (GHashTable) in = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                     steps_in_free);
  for (guint k = from; k < n; k++)
    {
      if (steps[k].tid != busiest || steps[k].pc == 0)
        continue;
      const AugurSource *l = augur_symbolizer_lookup (c->sym, steps[k].module, steps[k].pc);
      g_autofree char *loc = explore_findings_loc_key (c, steps[k].module, steps[k].pc);
      g_autofree char *name = l->function != NULL ? g_strdup_printf ("%s()", l->function)
                                                  : g_strdup (loc);
      StepsIn *x = g_hash_table_lookup (in, name);
      if (x == NULL)
        {
          x = g_new0 (StepsIn, 1);
          x->name = g_steal_pointer (&name);
          x->first = g_steal_pointer (&loc);
          g_hash_table_insert (in, x->name, x);
        }
      x->count++;
    }
  g_autoptr (GPtrArray) sorted = g_ptr_array_new ();
  GHashTableIter it;
  gpointer v;
  g_hash_table_iter_init (&it, in);
  while (g_hash_table_iter_next (&it, NULL, &v))
    g_ptr_array_add (sorted, v);
  g_ptr_array_sort (sorted, by_count);
  GString *s = g_string_new (NULL);
  if (busiest == 0)
    g_string_append (s, "main");
  else
    g_string_append_printf (s, "thread %u", busiest);
  g_string_append_printf (s, " made %u of its last %u steps", most, n - from);
  for (guint k = 0; k < MIN (sorted->len, 3u); k++)
    {
      const StepsIn *x = g_ptr_array_index (sorted, k);
      g_string_append_printf (s, "%s%u in %s (at %s first)", k == 0 ? ": " : ", ", x->count,
                              x->name, x->first);
    }
  g_strlcpy (st->cut_where, s->str, sizeof st->cut_where);
  g_string_free (s, TRUE);
}
