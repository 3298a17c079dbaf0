/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock-block.c — lock regions that would hold the new mutex across a
 * blocking wait (lock-block.h).
 */
#include "config.h"

#include "diagnose/lock-block.h"

#include <string.h>

#include "common/c-ident.h"
#include "common/source-label.h"
#include "diagnose/repair.h"

/* The calls that wait for another thread, and what the trace calls them. */
static const char *const waits[] = {
  "pthread_cond_wait", "pthread_cond_timedwait", "pthread_cond_clockwait", "pthread_join",
  "pthread_barrier_wait", "sem_wait", "sem_timedwait", "sem_clockwait", NULL,
};

static const char *
wait_name (guint8 op)
{
  switch (op)
    {
    case AUGUR_SOP_COND_WAIT:
      return "pthread_cond_wait";
    case AUGUR_SOP_SEM_WAIT:
      return "sem_wait";
    case AUGUR_SOP_BARRIER_ARRIVE:
      return "pthread_barrier_wait";
    case AUGUR_SOP_JOIN:
      return "pthread_join";
    default:
      return NULL;
    }
}

/* @ev is at a line of @source (by file name) in @function. */
static gboolean
in_function (const AugurDiagEvent *ev, const char *base, const char *function)
{
  if (ev->path == NULL || ev->function == NULL || strcmp (ev->function, function) != 0)
    return FALSE;
  g_autofree char *b = g_path_get_basename (ev->path);
  return strcmp (b, base) == 0;
}

/* Lines @lo..@hi call @fn ("fn (" or "fn(", not part of a longer name). */
static gboolean
calls (char *const *lines, guint n, guint lo, guint hi, const char *fn)
{
  gsize len = strlen (fn);
  for (guint l = lo; l <= hi && l <= n; l++)
    for (const char *p = strstr (lines[l - 1], fn); p != NULL; p = strstr (p + 1, fn))
      {
        const char *q = p + len;
        while (*q == ' ' || *q == '\t')
          q++;
        if (*q == '(' && (p == lines[l - 1] || !augur_c_ident_char (p[-1])))
          return TRUE;
      }
  return FALSE;
}

/* Thread @tid's step before (@dir -1) or after (+1) index @i that is in
 * the region's function: is it inside lines @lo..@hi?  FALSE if none. */
static gboolean
neighbour_inside (const AugurDiagTrace *t, guint i, gint dir, const char *base, const char *function,
                  guint lo, guint hi)
{
  guint tid = augur_diag_trace_event (t, i)->tid;
  for (gint k = (gint) i + dir; k >= 0 && k < (gint) t->events->len; k += dir)
    {
      const AugurDiagEvent *o = augur_diag_trace_event (t, (guint) k);
      if (o->tid == tid && in_function (o, base, function))
        return o->line >= lo && o->line <= hi;
    }
  return FALSE;
}

/* A wait step of the class's execution inside the region, described. */
static char *
trace_wait (const AugurDiagClass *c, const char *base, const char *function, guint lo, guint hi,
            char *const *lines, guint n)
{
  const AugurDiagTrace *t = c->trace;
  for (guint i = 0; i < t->events->len; i++)
    {
      const AugurDiagEvent *ev = augur_diag_trace_event (t, i);
      const char *name = wait_name (ev->op);
      if (name == NULL)
        continue;
      gboolean inside;
      if (in_function (ev, base, function))
        inside = ev->line >= lo && ev->line <= hi;
      else
        /* in a function the region calls, while its thread was in the region */
        inside = ev->function != NULL && calls (lines, n, lo, hi, ev->function)
                 && neighbour_inside (t, i, -1, base, function, lo, hi)
                 && neighbour_inside (t, i, +1, base, function, lo, hi);
      if (!inside)
        continue;
      g_autofree char *who = augur_diag_thread_name (ev->tid);
      return g_strdup_printf ("%s at %s:%u, where %s %s in a failing execution", name,
                              ev->file != NULL ? ev->file : "?", ev->line, who,
                              ev->pending ? "was about to wait" : "waited");
    }
  return NULL;
}

char *
augur_diag_region_blocking (GPtrArray *classes, const char *source, const char *function,
                            guint lo, guint hi, char *const *lines, guint n)
{
  g_autofree char *base = g_path_get_basename (source);
  for (guint ci = 0; function != NULL && ci < classes->len; ci++)
    {
      char *d = trace_wait (g_ptr_array_index (classes, ci), base, function, lo, hi, lines, n);
      if (d != NULL)
        return d;
    }
  g_autofree char *label = augur_source_label (source);
  for (guint l = lo; l <= hi && l <= n; l++)
    for (guint w = 0; waits[w] != NULL; w++)
      {
        /* the code before a // comment */
        g_autofree char *code = g_strdup (lines[l - 1]);
        char *comment = strstr (code, "//");
        if (comment != NULL)
          *comment = '\0';
        char *one[] = { code, NULL };
        if (calls (one, 1, 1, 1, waits[w]))
          return g_strdup_printf ("%s at %s:%u", waits[w], label, l);
      }
  return NULL;
}
