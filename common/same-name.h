/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * same-name.h — two objects that the debug info gives one name.
 *
 * Names for people come from the code that reached an object: two pipes
 * made by one pipe_new() both have a `p->end`, and a report that shows
 * a race on `p->end` and a deadlock blamed on `p->end` leaves its reader
 * to guess whether they are one.  Where findings name different objects
 * (by their stable names, common/objects.h) with the same name, each
 * such name gets the block or global it is in: "p->end (in T0.alloc1)",
 * "p->end (in T0.alloc3)".
 */
#ifndef AUGUR_SAME_NAME_H
#define AUGUR_SAME_NAME_H

#include <glib.h>

#include "common/results.h"

G_BEGIN_DECLS

/* Tells apart the objects of @results' findings (and parts) that share a
 * name; returns how many findings' objects it changed. */
guint augur_same_name_tell_apart (AugurResults *results);

G_END_DECLS

#endif
