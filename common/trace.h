/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * trace.h — reading (and, for the tools and tests, writing) trace files.
 *
 * A trace (format: common/augur-trace-format.h) is mapped read-only and
 * checked once when it is opened: header, version, the check byte of every
 * record, the MODULE/DATA blocks.  What the tools then see is the list of
 * *events* in global order: the records other than MODULE, DATA and the
 * unwritten (all-zero) slots that a process killed mid-write leaves behind.
 * Those slots are counted, never shown as events.
 */
#ifndef AUGUR_TRACE_H
#define AUGUR_TRACE_H

#include <glib.h>

#include "common/augur-trace-format.h"

G_BEGIN_DECLS

#define AUGUR_TRACE_ERROR (augur_trace_error_quark ())
GQuark augur_trace_error_quark (void);

typedef enum {
  AUGUR_TRACE_ERROR_OPEN,        /* the file cannot be opened or mapped */
  AUGUR_TRACE_ERROR_NOT_A_TRACE, /* wrong magic: not written by augur */
  AUGUR_TRACE_ERROR_VERSION,     /* a format or runtime version we do not know */
  AUGUR_TRACE_ERROR_TRUNCATED,   /* shorter than its header says, or no header */
  AUGUR_TRACE_ERROR_CORRUPT,     /* a record fails its check, or is malformed */
} AugurTraceError;

typedef struct _AugurTrace AugurTrace;

/* Opens and validates a trace.  The error names the file, the problem and,
 * for a bad record, its byte offset. */
AugurTrace *augur_trace_open (const char *path, GError **error);
void augur_trace_free (AugurTrace *trace);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurTrace, augur_trace_free)

const char *augur_trace_path (const AugurTrace *trace);
const AugurTraceHeader *augur_trace_header (const AugurTrace *trace);
/* The recorded program's path (from the header). */
const char *augur_trace_program (const AugurTrace *trace);
/* The build id as lowercase hex, "" if there is none. */
const char *augur_trace_build_id (const AugurTrace *trace);

/* Events in global order (MODULE/DATA records and unwritten slots left out). */
gsize augur_trace_n_events (const AugurTrace *trace);
const AugurRecord *augur_trace_event (const AugurTrace *trace, gsize i);
/* The slot (record number in the file) of event i, for messages. */
guint64 augur_trace_event_slot (const AugurTrace *trace, gsize i);

/* Threads seen (1 + the highest thread id of any event). */
guint augur_trace_n_threads (const AugurTrace *trace);
/* The END event, or NULL when the trace has none (a process that vanished
 * and a tool that did not add one). */
const AugurRecord *augur_trace_end (const AugurTrace *trace);
/* Slots that were reserved but never written (a process killed mid-write). */
guint64 augur_trace_n_unwritten (const AugurTrace *trace);
/* The runtime closed the trace itself (COMPLETE flag). */
gboolean augur_trace_is_complete (const AugurTrace *trace);

/* Modules: index 0 is the executable.  NULL for an unknown index. */
const char *augur_trace_module_path (const AugurTrace *trace, guint index);
/* The load bias of a module in the recorded run (0 if unknown). */
guint64 augur_trace_module_bias (const AugurTrace *trace, guint index);
guint augur_trace_n_modules (const AugurTrace *trace);

/* Names of event kinds ("mutex_lock") and endings ("exit"); "?" if unknown. */
const char *augur_event_kind_name (guint kind);
const char *augur_end_name (guint how);
/* One-line summary: "3 threads, 1,204 events, ended: exit status 0". */
char *augur_trace_summary (const AugurTrace *trace);

/* --- writing ---------------------------------------------------------- */

/* Writes a trace file record by record (tests, and tools that make traces).
 * Records are sealed (check byte) on the way. */
typedef struct _AugurTraceWriter AugurTraceWriter;
AugurTraceWriter *augur_trace_writer_new (const char *path, const char *program,
                                          GError **error);
gboolean augur_trace_writer_add (AugurTraceWriter *w, const AugurRecord *record,
                                 GError **error);
/* Adds MODULE + DATA records for a module. */
gboolean augur_trace_writer_add_module (AugurTraceWriter *w, guint index, guint64 bias,
                                        const char *path, GError **error);
/* Sets n_records and the COMPLETE flag if `complete`, and closes. */
gboolean augur_trace_writer_close (AugurTraceWriter *w, gboolean complete, GError **error);
void augur_trace_writer_free (AugurTraceWriter *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurTraceWriter, augur_trace_writer_free)

/* Finishes a trace whose process ended without writing END (killed by the
 * watchdog, by an uncatchable signal, or vanished): appends END(how,
 * status) after the last written record, drops the unwritten tail and
 * marks the trace complete.  Does nothing and returns TRUE if the trace
 * already has an END. */
gboolean augur_trace_finish (const char *path, guint how, guint64 status, GError **error);

G_END_DECLS

#endif /* AUGUR_TRACE_H */
