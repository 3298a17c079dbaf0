/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * event-text.h — one event as a line of text or a JSON object.
 *
 * The text form is what `augur trace show` prints and what the tests'
 * golden files hold, so it is deterministic: thread ids, stable object
 * names (objects.h), result names, and the source location as
 * basename:line and function — never a raw address that varies between
 * runs when a stable name exists.
 *
 *   T1 mutex_lock normal result=0 mutex.c:30 queued
 *   T0 read counter size=4 value=3 mutex.c:52 main
 *   T0 end exit status=0
 */
#ifndef AUGUR_EVENT_TEXT_H
#define AUGUR_EVENT_TEXT_H

#include <glib.h>
#include <json-glib/json-glib.h>

#include "common/objects.h"
#include "common/symbolizer.h"

G_BEGIN_DECLS

/* Appends the event's text (without newline) to out.  `objects` must have
 * observed every earlier event, and not yet this one. */
void augur_event_append_text (GString *out, const AugurRecord *r, AugurObjects *objects,
                              AugurSymbolizer *symbolizer);

/* The same as a JSON object (full source path, raw address as well). */
JsonNode *augur_event_to_json (const AugurRecord *r, gsize index, AugurObjects *objects,
                               AugurSymbolizer *symbolizer);

/* "relaxed" ... "seq_cst" */
const char *augur_memory_order_name (guint order);
/* "EBUSY", or the number as text in buf. */
const char *augur_result_name (gint64 result, char buf[24]);

G_END_DECLS

#endif /* AUGUR_EVENT_TEXT_H */
