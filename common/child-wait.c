/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * child-wait.c — a child waited for under a watchdog (see child-wait.h).
 */
#include "config.h"

#include "common/child-wait.h"

#include <stdlib.h>

#include "common/interrupt.h"

typedef struct {
  GSubprocess *child;            /* borrowed */
  const AugurChildWatch *watch;  /* borrowed */
  gboolean done;
  AugurChildEnd end;
} Wait;

static void
on_child_exit (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *w = data;
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  w->done = TRUE;
}

/* The first reason to kill the child is the one reported. */
static void
kill_child (Wait *w, AugurChildEnd why)
{
  if (w->end == AUGUR_CHILD_ENDED)
    w->end = why;
  g_subprocess_force_exit (w->child);
}

static gboolean
on_timeout (gpointer data)
{
  kill_child (data, AUGUR_CHILD_TIMED_OUT);
  return G_SOURCE_REMOVE;
}

static gboolean
on_poll (gpointer data)
{
  Wait *w = data;
  if (!w->watch->poll (w->watch->poll_data))
    return G_SOURCE_CONTINUE;
  kill_child (w, AUGUR_CHILD_STOPPED);
  return G_SOURCE_REMOVE;
}

static GSource *
add_timer (GMainContext *context, guint ms, GSourceFunc func, Wait *w)
{
  GSource *timer = g_timeout_source_new (ms);
  g_source_set_callback (timer, func, w, NULL);
  g_source_attach (timer, context);
  return timer;
}

static void
remove_timer (GSource *timer)
{
  if (timer == NULL)
    return;
  g_source_destroy (timer);
  g_source_unref (timer);
}

AugurChildEnd
augur_child_wait (GSubprocess *child, const AugurChildWatch *watch)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  Wait w = { child, watch, FALSE, AUGUR_CHILD_ENDED };
  g_subprocess_wait_async (child, NULL, on_child_exit, &w);
  /* to the millisecond: a source of whole seconds fires when the second
   * it falls in starts, up to a second early or late */
  GSource *watchdog = watch->timeout_ms > 0 ? add_timer (context, watch->timeout_ms, on_timeout, &w)
                                            : NULL;
  GSource *poll = watch->poll != NULL ? add_timer (context, watch->poll_ms, on_poll, &w) : NULL;
  /* No GLib signal source here: removing one puts the default action
   * back, and augur would die at the next signal instead of stopping
   * cleanly (common/interrupt.h). */
  const char *id = g_subprocess_get_identifier (child);
  if (watch->forward_interrupts)
    augur_interrupt_set_forward (id != NULL ? (pid_t) atoi (id) : 0);
  while (!w.done)
    g_main_context_iteration (context, TRUE);
  if (watch->forward_interrupts)
    augur_interrupt_set_forward (0);
  remove_timer (watchdog);
  remove_timer (poll);
  g_main_context_pop_thread_default (context);
  return w.end;
}
