/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * trace.h — reading (and, for the tools and tests, writing) trace files.
 *
 * A trace (format: common/augur-trace-format.h) is mapped read-only and
 * checked once when it is opened: that it is a regular file (a FIFO or a
 * device is refused without blocking on it), header, version, every
 * chunk's CHUNK record, the check byte of every record, the MODULE/DATA
 * blocks, that no two records claim one seq, that no thread id is larger
 * than the trace's thread creations and chunks allow (so that per-thread
 * tables stay within the file's size), that a complete trace holds the
 * END and the seqs its header counts, and that every thread joined
 * successfully has records before the join (a trace cut after recording
 * loses them).  Opening never writes the file.  What the tools then see is the list of
 * *events* in global (seq) order, gathered from all the threads' chunks:
 * the records other than CHUNK, MODULE and DATA, each with `tid` set back
 * to its thread.  Seqs that a process killed mid-write reserved but never
 * wrote are counted, never shown as events.
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

/* Events in seq order (CHUNK/MODULE/DATA records and unwritten seqs left
 * out).  The record is the reader's copy, with `tid` the thread that
 * recorded it (on disk that field holds the seq's low bits); it lives as
 * long as the trace. */
gsize augur_trace_n_events (const AugurTrace *trace);
const AugurRecord *augur_trace_event (const AugurTrace *trace, gsize i);
/* The call sites in the functions that called the one where event i (a
 * lock acquisition) took its lock, innermost first, as a record's module
 * and pc (the CALLERS records after it): up to AUGUR_TRACE_MAX_CALLERS
 * into @module and @pc; how many (0: none recorded). */
guint augur_trace_event_callers (const AugurTrace *trace, gsize i, guint8 *module, guint32 *pc);
/* The FRAME records (augur-trace-format.h), `tid` the creating thread, in
 * seq order; @n: how many. */
const AugurRecord *augur_trace_frames (const AugurTrace *trace, gsize *n);
/* The file slot of event i (chunk * AUGUR_TRACE_CHUNK_RECORDS + position;
 * its byte offset is AUGUR_TRACE_HEADER_SIZE + 32 * slot), for messages. */
guint64 augur_trace_event_slot (const AugurTrace *trace, gsize i);

/* Threads seen (1 + the highest thread id of any event). */
guint augur_trace_n_threads (const AugurTrace *trace);
/* The first END event in seq order, or NULL when the trace has none (a
 * process that vanished and a tool that did not add one). */
const AugurRecord *augur_trace_end (const AugurTrace *trace);
/* Seqs that no record carries (reserved but never written: a process
 * killed mid-write): below n_records when the trace is complete, below the
 * largest seq written otherwise. */
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
 * Records are given in global order and get consecutive seqs from 0; each
 * goes to a chunk of its thread (record->tid; a DATA record to the chunk
 * of its MODULE, which it must directly follow), with the seq's low bits
 * in its tid field and its check byte sealed.  The file is written at
 * close. */
typedef struct _AugurTraceWriter AugurTraceWriter;
AugurTraceWriter *augur_trace_writer_new (const char *path, const char *program,
                                          GError **error);
gboolean augur_trace_writer_add (AugurTraceWriter *w, const AugurRecord *record,
                                 GError **error);
/* Adds MODULE + DATA records for a module. */
gboolean augur_trace_writer_add_module (AugurTraceWriter *w, guint index, guint64 bias,
                                        const char *path, GError **error);
/* Sets n_records (the number of seqs) and the COMPLETE flag if
 * `complete`, writes the file and closes. */
gboolean augur_trace_writer_close (AugurTraceWriter *w, gboolean complete, GError **error);
void augur_trace_writer_free (AugurTraceWriter *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurTraceWriter, augur_trace_writer_free)

/* Finishes a trace whose process ended without writing END (killed by the
 * watchdog, by an uncatchable signal, or vanished): drops the chunks never
 * started at the end of the file, appends a chunk of thread 0 holding
 * END(how, status) with the seq after the largest one written, and marks
 * the trace complete with n_records up to that END.  Does nothing and
 * returns TRUE if the trace already has an END. */
gboolean augur_trace_finish (const char *path, guint how, guint64 status, GError **error);

/* A recording that was killed leaves its last chunks in PATH.stage (the
 * runtime's staging chunks): puts them into the trace and removes that
 * file; TRUE if there was nothing to do.  This writes the trace: only the
 * recorder calls it (common/record-run.c, for `augur record` and `augur
 * check`), after the recorded process is gone.  Readers never do --
 * augur_trace_open leaves a stage file alone -- and a staged chunk is put
 * no further past the trace's end than the stage file holds chunks. */
gboolean augur_trace_recover (const char *path, GError **error);

G_END_DECLS

#endif /* AUGUR_TRACE_H */
