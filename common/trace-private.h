/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * trace-private.h — the reader's representation of an open trace, shared
 * by its own files only: trace.c (opening, the whole-trace checks, the
 * events, writing) and trace-chunk.c (one chunk's records, read and
 * checked).  Everyone else uses the accessors of trace.h.
 */
#ifndef AUGUR_TRACE_PRIVATE_H
#define AUGUR_TRACE_PRIVATE_H

#include "common/trace.h"
#include "common/trace-stacks.h"

G_BEGIN_DECLS

/* One record that carries a seq: an event, a MODULE or a DATA record. */
typedef struct {
  guint64 seq;
  guint64 slot;                /* file slot; never 0, a CHUNK record's */
  guint64 packed;              /* a packed record: 1 + its index in AugurTrace.packed; 0: none */
} SeqSlot;

/* A growing array of them, one per record of a trace of any size: no
 * GArray, whose append is a call and a copy of variable size per record. */
typedef struct {
  SeqSlot *v;
  gsize len;
  gsize cap;
} SeqList;

struct _AugurTrace {
  char *path;
  GMappedFile *map;
  const guint8 *records;       /* file slot 0 (record 0 of chunk 0) */
  guint64 n_slots;             /* whole records in the file */
  guint64 n_chunks_used;       /* 1 + the last chunk with a CHUNK record, 0: none */
  guint64 n_chunks_started;    /* chunks with a CHUNK record */
  guint64 n_creates;           /* THREAD_CREATE records, whatever their seq */
  guint32 max_owner;           /* the largest chunk owner, and its chunk */
  guint64 max_owner_chunk;
  GArray *events;              /* AugurRecord of each event in seq order, tid = its thread */
  GArray *packed;              /* AugurRecord of each packed record, decoded, while opening */
  SeqSlot *order;              /* (seq, file slot) of each event, parallel to events */
  GPtrArray *modules;          /* Module* (trace.c), by index; NULL holes */
  guint n_threads;
  gint64 end_event;            /* index of the first END in events, -1: none */
  guint64 next_seq;            /* 1 + the largest seq any record carries, 0: none */
  guint64 n_unwritten;
  char *build_id;
  AugurTraceStacks *stacks;    /* CALLERS and FRAME records */
};

/* Sets *error to "PATH: message" in AUGUR_TRACE_ERROR; returns FALSE. */
static inline gboolean
fail (GError **error, AugurTraceError code, const char *path, const char *fmt, ...)
  G_GNUC_PRINTF (4, 5);

static inline gboolean
fail (GError **error, AugurTraceError code, const char *path, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, AUGUR_TRACE_ERROR, code, "%s: %s", path, msg);
  return FALSE;
}

/* The byte offset in the file of file slot @slot, for messages. */
static inline guint64
slot_offset (guint64 slot)
{
  return AUGUR_TRACE_HEADER_SIZE + slot * AUGUR_TRACE_RECORD_SIZE;
}

/* The 32 bytes of file slot @slot. */
static inline const guint8 *
slot_bytes (const AugurTrace *t, guint64 slot)
{
  return t->records + slot * AUGUR_TRACE_RECORD_SIZE;
}

/* Checks chunk c and adds a SeqSlot for every record in it that carries a
 * seq (events, MODULE and DATA records) to seqs (trace-chunk.c). */
gboolean augur_trace_chunk_scan_ (AugurTrace *t, guint64 c, SeqList *seqs, GError **error);

G_END_DECLS

#endif /* AUGUR_TRACE_PRIVATE_H */
