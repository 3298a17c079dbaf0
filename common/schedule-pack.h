/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * schedule-pack.h — a long schedule in the results file, packed.
 *
 * A finding of a real program carries the whole execution that shows it:
 * a thread pool that queues 8,192 tasks makes 100,000 to 200,000 steps,
 * 250 bytes each as JSON objects, 25 to 50 MB a finding, seconds to build,
 * write and read again (after the deadline of a --budget).  Such a schedule
 * is mostly the same loop body over and over, so it is written packed:
 *
 *   "schedule_packed": {"steps": N, "encoding": "tsv+deflate+base64", "data": "..."}
 *
 * data is base64 of the zlib stream (RFC 1950) of N lines, one a step, in
 * schedule order, each of eight fields separated by tabs:
 *
 *   thread  event  op  object  peer  file  line  function
 *
 * event is empty when it is the thread's previous event + 1 (0 for its
 * first step), which it is in every execution the explorer writes; op is
 * augur_op_to_string's name; peer is empty for none (-1), line for 0; a
 * string field is empty for NULL and "\E" for the empty string; tab,
 * newline, carriage return and backslash in a string are written "\t",
 * "\n", "\r" and "\\".  A 106,564-step schedule of tests/shutdown.c of
 * mbrossard/threadpool packs into 94 KB (JSON objects: 25 MB).  Nothing is
 * lost: reading it back gives the same steps (tests/reports/test-schedule-pack.c).
 *
 * Schedules of at most AUGUR_SCHEDULE_PACK_MIN_STEPS steps stay a JSON array
 * ("schedule"), which a person reads; a finding has one of the two.
 */
#ifndef AUGUR_SCHEDULE_PACK_H
#define AUGUR_SCHEDULE_PACK_H

#include <glib.h>

#include "common/results.h"

G_BEGIN_DECLS

/* Schedules longer than this are packed. */
#define AUGUR_SCHEDULE_PACK_MIN_STEPS 1000u
/* The most steps a packed schedule may declare (a results file is input:
 * what it declares is not trusted further than this; a line is at most
 * AUGUR_SCHEDULE_PACK_MAX_LINE bytes). */
#define AUGUR_SCHEDULE_PACK_MAX_STEPS (1u << 22)
#define AUGUR_SCHEDULE_PACK_MAX_LINE (64u << 10)
#define AUGUR_SCHEDULE_PACK_ENCODING "tsv+deflate+base64"

/* The packed data (base64, newly allocated) of @finding's schedule. */
char *augur_schedule_pack_encode (AugurFinding *finding);

/* Appends the @n_steps steps packed in @data to @finding's schedule.
 * FALSE with @error (AUGUR_RESULTS_ERROR_INVALID, "member 'schedule_packed',
 * step 5: ...", for the caller to prefix with the finding) when
 * the data is not base64 of a zlib stream, does not hold exactly @n_steps
 * well-formed lines, or unpacks to more than any @n_steps lines could. */
gboolean augur_schedule_pack_decode (AugurFinding *finding, const char *data, guint n_steps,
                                     GError **error);

G_END_DECLS

#endif /* AUGUR_SCHEDULE_PACK_H */
