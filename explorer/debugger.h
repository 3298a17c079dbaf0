/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * debugger.h — a finding's schedule run under gdb (augur replay --gdb).
 *
 * The program runs without the fork server: the scheduler's shared page
 * holds the schedule as its prefix, and the runtime raises SIGTRAP just
 * before the schedule's last step, the bug's own step, where gdb stops.
 */
#ifndef AUGUR_DEBUGGER_H
#define AUGUR_DEBUGGER_H

#include <glib.h>

G_BEGIN_DECLS

/* Replaces the process with gdb running argv along the schedule
 * threads[0..n) (thread numbers).  Returns only on failure (no shared
 * page, or gdb could not be run), with @error set. */
gboolean augur_debugger_exec (const char *const *argv, const guint *threads, guint n,
                              GError **error);

G_END_DECLS

#endif /* AUGUR_DEBUGGER_H */
