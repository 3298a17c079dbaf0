/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * trace.c — opening, validating and writing trace files (see trace.h).
 * Each chunk's records are read and checked in trace-chunk.c; what the two
 * share is in trace-private.h.
 */
#include "config.h"

#include "common/trace.h"
#include "common/trace-private.h"
#include "common/trace-stacks.h"

#include "common/augur-ops.h"
#include "common/input-file.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

G_DEFINE_QUARK (augur-trace-error-quark, augur_trace_error)

typedef struct {
  char *path;
  guint64 bias;
} Module;

static void
module_free (gpointer p)
{
  Module *m = p;
  if (m == NULL)
    return;
  g_free (m->path);
  g_free (m);
}


const char *
augur_event_kind_name (guint kind)
{
  const char *name = kind < AUGUR_EV_LAST_ ? augur_ops_event (kind)->name : NULL;
  return name != NULL ? name : "?";
}

const char *
augur_end_name (guint how)
{
  switch (how)
    {
    case AUGUR_END_EXIT: return "exit";
    case AUGUR_END_SIGNAL: return "signal";
    case AUGUR_END_ABORT: return "abort";
    case AUGUR_END_TIMEOUT: return "timeout";
    case AUGUR_END_LOST: return "lost";
    case AUGUR_END_CUT: return "cut";
    case AUGUR_END_CUT_EVENTS: return "cut-events";
    case AUGUR_END_BLOCKED: return "blocked";
    default: return "?";
    }
}

static gboolean
check_header (const AugurTraceHeader *h, gsize length, const char *path, GError **error)
{
  if (length < 8 || memcmp (h->magic, AUGUR_TRACE_MAGIC, 8) != 0)
    return fail (error, AUGUR_TRACE_ERROR_NOT_A_TRACE, path,
                 "not an augur trace (no AUGURTR magic); record one with 'augur record'");
  if (length < AUGUR_TRACE_HEADER_SIZE)
    return fail (error, AUGUR_TRACE_ERROR_TRUNCATED, path,
                 "truncated: %" G_GSIZE_FORMAT " bytes, shorter than the %u-byte header",
                 length, AUGUR_TRACE_HEADER_SIZE);
  if (h->version != AUGUR_TRACE_VERSION)
    return fail (error, AUGUR_TRACE_ERROR_VERSION, path,
                 "trace format version %u, this augur reads version %u; re-record it with this augur",
                 h->version, AUGUR_TRACE_VERSION);
  if (h->runtime_version != AUGUR_RUNTIME_ABI)
    return fail (error, AUGUR_TRACE_ERROR_VERSION, path,
                 "written by runtime ABI %u, this augur knows ABI %u; rebuild the program with this augur-cc",
                 h->runtime_version, AUGUR_RUNTIME_ABI);
  if (h->header_size != AUGUR_TRACE_HEADER_SIZE || h->record_size != AUGUR_TRACE_RECORD_SIZE)
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, path,
                 "corrupt header: header size %u and record size %u (expected %u and %u)",
                 h->header_size, h->record_size, AUGUR_TRACE_HEADER_SIZE, AUGUR_TRACE_RECORD_SIZE);
  if (h->build_id_len > AUGUR_TRACE_BUILD_ID_MAX
      || memchr (h->program, '\0', sizeof h->program) == NULL)
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, path, "corrupt header: bad program or build id field");
  return TRUE;
}

/* The thread that owns the chunk holding file slot s. */
static guint32
slot_owner (const AugurTrace *t, guint64 s)
{
  const AugurRecord *head =
    (const AugurRecord *) slot_bytes (t, s - s % AUGUR_TRACE_CHUNK_RECORDS);
  return head->tid;
}

/* Makes the (checked) MODULE block at slot s the module of its index; a
 * later MODULE with the same index (a library unloaded and another loaded
 * in its place) replaces an earlier one, so this runs in seq order. */
static void
install_module (AugurTrace *t, guint64 s)
{
  const AugurRecord *m = (const AugurRecord *) slot_bytes (t, s);
  guint64 n = (m->arg + AUGUR_DATA_PAYLOAD - 1) / AUGUR_DATA_PAYLOAD;
  GString *path = g_string_sized_new (m->arg);
  for (guint64 k = 1; k <= n; k++)
    {
      const AugurDataRecord *d = (const AugurDataRecord *) slot_bytes (t, s + k);
      g_string_append_len (path, (const char *) d->payload, d->len);
    }
  if (m->aux >= t->modules->len)
    g_ptr_array_set_size (t->modules, m->aux + 1);
  Module *mod = g_new0 (Module, 1);
  mod->path = g_string_free (path, FALSE);
  mod->bias = m->addr;
  module_free (g_ptr_array_index (t->modules, m->aux));
  g_ptr_array_index (t->modules, m->aux) = mod;
}

static int
seq_slot_cmp (const void *a, const void *b)
{
  const SeqSlot *x = a;
  const SeqSlot *y = b;
  if (x->seq != y->seq)
    return x->seq < y->seq ? -1 : 1;
  return (x->slot > y->slot) - (x->slot < y->slot);
}

/* Sorts seqs by (seq, slot).  A recorded trace is dense: nearly every seq
 * up to the last is carried by exactly one record, so each is put in its
 * place by value, in one pass, in a zeroed array where slot 0 (always a
 * CHUNK record) marks a seq nothing carries.  A sparse set of seqs (a
 * hand-made trace, a damaged one) or two records with one seq fall back to
 * qsort. */
static void
sort_seqs (SeqList *l)
{
  if (l->len == 0)
    return;
  guint64 lo = G_MAXUINT64;
  guint64 hi = 0;
  for (gsize i = 0; i < l->len; i++)
    {
      lo = MIN (lo, l->v[i].seq);
      hi = MAX (hi, l->v[i].seq);
    }
  guint64 span = hi - lo + 1;
  if (span != 0 && span <= 2 * (guint64) l->len + AUGUR_TRACE_CHUNK_RECORDS)
    {
      SeqSlot *by_seq = g_new0 (SeqSlot, span);
      gboolean clash = FALSE;
      for (gsize i = 0; i < l->len && !clash; i++)
        {
          SeqSlot *to = &by_seq[l->v[i].seq - lo];
          clash = to->slot != 0;
          *to = l->v[i];
        }
      if (!clash)
        {
          gsize n = 0;
          for (guint64 k = 0; k < span; k++)
            if (by_seq[k].slot != 0)
              by_seq[n++] = by_seq[k];
          g_free (l->v);
          l->v = by_seq;
          l->cap = span;
          g_assert (n == l->len);
          return;
        }
      g_free (by_seq);
    }
  qsort (l->v, l->len, sizeof *l->v, seq_slot_cmp);
}

static gboolean io_fail (GError **error, const char *path, const char *what);

/* The chunks a killed recording left in TRACE.stage (runtime/rt-trace.c)
 * go to their places in the trace, unless the trace has that chunk
 * already; then the stage file goes.  Only `augur record` (record-run.c)
 * calls this, once the recorded process is gone: readers never write the
 * file they read.  A staged chunk lands at most as far past the trace's
 * end as the stage file has chunks (each chunk handed out past the
 * trace's written end is staged), so a stray or damaged stage file cannot
 * grow the trace more than it holds. */
gboolean
augur_trace_recover (const char *path, GError **error)
{
  g_autofree char *stage_path = g_strconcat (path, ".stage", NULL);
  gsize stage_size = 0;
  int sfd = augur_input_file_open (stage_path, G_MAXSIZE, &stage_size, NULL);
  if (sfd < 0)
    return TRUE;
  int fd = g_open (path, O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0);
  struct stat st;
  if (fd < 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      if (fd >= 0)
        close (fd);
      close (sfd);
      errno = fd < 0 ? errno : EINVAL;
      return io_fail (error, path, "open the trace to recover its last chunks");
    }
  /* a recording still running writes its chunks out itself: leave it;
   * a file that is no trace is not ours to change */
  AugurTraceHeader h;
  if (pread (fd, &h, sizeof h, 0) != (ssize_t) sizeof h
      || memcmp (h.magic, AUGUR_TRACE_MAGIC, sizeof h.magic) != 0
      || (h.pid > 0 && kill ((pid_t) h.pid, 0) == 0))
    {
      close (sfd);
      close (fd);
      return TRUE;
    }
  guint64 body = (guint64) st.st_size > AUGUR_TRACE_HEADER_SIZE
                   ? (guint64) st.st_size - AUGUR_TRACE_HEADER_SIZE : 0;
  guint64 max_chunk = (body + AUGUR_TRACE_CHUNK_BYTES - 1) / AUGUR_TRACE_CHUNK_BYTES
                      + stage_size / AUGUR_TRACE_CHUNK_BYTES;
  g_autofree guint8 *chunk = g_malloc (AUGUR_TRACE_CHUNK_BYTES);
  gboolean ok = TRUE;
  /* the stage file is sparse: only the staging chunks used hold data */
  for (off_t at = lseek (sfd, 0, SEEK_DATA); ok && at >= 0; at = lseek (sfd, at, SEEK_DATA))
    {
      at -= at % AUGUR_TRACE_CHUNK_BYTES;
      ssize_t got = pread (sfd, chunk, AUGUR_TRACE_CHUNK_BYTES, at);
      at += AUGUR_TRACE_CHUNK_BYTES;
      if (got != (ssize_t) AUGUR_TRACE_CHUNK_BYTES)
        break;
      const AugurRecord *head = (const AugurRecord *) chunk;
      if (head->kind != AUGUR_EV_CHUNK || head->check != augur_trace_record_check (head)
          || head->arg >= max_chunk)
        continue;
      off_t off = (off_t) (AUGUR_TRACE_HEADER_SIZE + head->arg * AUGUR_TRACE_CHUNK_BYTES);
      AugurRecord there;
      if (pread (fd, &there, sizeof there, off) == (ssize_t) sizeof there
          && there.kind == AUGUR_EV_CHUNK)
        continue;   /* written out before the end came */
      ok = pwrite (fd, chunk, AUGUR_TRACE_CHUNK_BYTES, off) == (ssize_t) AUGUR_TRACE_CHUNK_BYTES;
    }
  close (sfd);
  if (close (fd) != 0 || !ok)
    return io_fail (error, path, "recover the trace's last chunks");
  g_unlink (stage_path);
  return TRUE;
}

/* The checks that need the whole trace: thread ids within what the file
 * can hold, and a complete trace that really ends where its header says. */
static gboolean
check_whole (AugurTrace *t, const AugurTraceHeader *h, gboolean complete, GError **error)
{
  /* Threads are numbered in creation order, and each one is either
   * created by a THREAD_CREATE record or adopted by the runtime when it
   * first records, in a chunk of its own: no thread id reaches past the
   * creations plus the chunks.  Every per-thread table of a reader is
   * then bounded by the file's size. */
  guint64 bound = 1 + t->n_creates + t->n_chunks_started;
  if (t->n_chunks_started > 0 && t->max_owner >= bound)
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                 "corrupt trace: thread id %u out of range (owner of the chunk at byte offset %"
                 G_GUINT64_FORMAT "; a trace of %" G_GUINT64_FORMAT " chunks and %"
                 G_GUINT64_FORMAT " thread creations has thread ids below %" G_GUINT64_FORMAT ")",
                 t->max_owner, slot_offset (t->max_owner_chunk * AUGUR_TRACE_CHUNK_RECORDS),
                 t->n_chunks_started, t->n_creates, bound);
  if (complete)
    {
      /* n_records = the END's seq + 1, written by whoever wrote END */
      if (h->n_records == 0)
        return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                     "corrupt header: marked complete, but n_records is 0");
      if (h->n_records > t->next_seq)
        return fail (error, AUGUR_TRACE_ERROR_TRUNCATED, t->path,
                     "truncated: the header counts %" G_GUINT64_FORMAT " events, the records "
                     "stop at %" G_GUINT64_FORMAT ": the file was cut after recording (or its "
                     "header is damaged); record the program again",
                     (guint64) h->n_records, t->next_seq);
      if (t->end_event < 0)
        return fail (error, AUGUR_TRACE_ERROR_TRUNCATED, t->path,
                     "truncated: marked complete, but no END record is left below seq %"
                     G_GUINT64_FORMAT ": the file was cut after recording; record the program "
                     "again", (guint64) h->n_records);
    }
  /* A thread joined successfully had finished, and had recorded at least
   * its start before: its records missing means chunks were lost. */
  gsize n = t->events->len;
  const AugurRecord *ev = (const AugurRecord *) (const void *) t->events->data;
  g_autofree gsize *first = g_new (gsize, MAX (t->n_threads, 1u));
  for (guint k = 0; k < t->n_threads; k++)
    first[k] = G_MAXSIZE;
  for (gsize i = 0; i < n; i++)
    {
      if (first[ev[i].tid] == G_MAXSIZE)
        first[ev[i].tid] = i;
      if (ev[i].kind == AUGUR_EV_THREAD_JOIN && ev[i].arg == 0 && ev[i].addr != 0xffffffffu
          && (ev[i].addr >= t->n_threads || first[ev[i].addr] > i))
        return fail (error, AUGUR_TRACE_ERROR_TRUNCATED, t->path,
                     "truncated: thread %u joins thread %" G_GUINT64_FORMAT
                     " (record at byte offset %" G_GUINT64_FORMAT "), whose own records are "
                     "missing: the file was cut or damaged after recording",
                     ev[i].tid, (guint64) ev[i].addr, slot_offset (t->order[i].slot));
    }
  return TRUE;
}

/* The trace file mapped into memory. */
static GMappedFile *
map_trace (const char *path, GError **error)
{
  g_autoptr (GError) local = NULL;
  gsize size = 0;
  int fd = augur_input_file_open (path, G_MAXSIZE, &size, &local);
  if (fd < 0)
    {
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_OPEN,
                   "cannot read the trace: %s", local->message);
      return NULL;
    }
  GMappedFile *map = g_mapped_file_new_from_fd (fd, FALSE, &local);
  close (fd);
  if (map == NULL)
    {
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_OPEN,
                   "cannot read the trace %s: %s", path, local->message);
      return NULL;
    }
  return map;
}

/* The header at the start of @bytes, checked (check_header), or NULL: a
 * file shorter than a header is truncated, or empty. */
static const AugurTraceHeader *
header_of (const guint8 *bytes, gsize length, const char *path, GError **error)
{
  static const AugurTraceHeader empty;
  const AugurTraceHeader *h = length >= sizeof empty ? (const AugurTraceHeader *) bytes : &empty;
  if (length > 0 && length < sizeof empty && length >= 8 && memcmp (bytes, AUGUR_TRACE_MAGIC, 8) == 0)
    {
      fail (error, AUGUR_TRACE_ERROR_TRUNCATED, path,
            "truncated: %" G_GSIZE_FORMAT " bytes, shorter than the %u-byte header",
            length, AUGUR_TRACE_HEADER_SIZE);
      return NULL;
    }
  if (length == 0)
    {
      fail (error, AUGUR_TRACE_ERROR_TRUNCATED, path,
            "empty file: the recording did not start (was the program built with augur-cc?)");
      return NULL;
    }
  if (!check_header (h, length, path, error))
    return NULL;
  return h;
}

/* Every record's (seq, slot) from the chunks, in seq order, and the seq
 * the next record would take; a seq met twice is corruption.  On failure
 * the list is freed. */
static gboolean
read_seqs (AugurTrace *t, const char *path, SeqList *seqs, GError **error)
{
  guint64 n_chunks = (t->n_slots + AUGUR_TRACE_CHUNK_RECORDS - 1) / AUGUR_TRACE_CHUNK_RECORDS;
  for (guint64 c = 0; c < n_chunks; c++)
    if (!augur_trace_chunk_scan_ (t, c, seqs, error))
      {
        g_free (seqs->v);
        return FALSE;
      }

  /* The global order is the seq order.  The chunks of different threads
   * interleave and a signal handler can put a record out of order in its
   * thread's chunk, so sort once; the slot breaks ties so that a
   * duplicate is reported at the later record. */
  sort_seqs (seqs);
  SeqSlot *a = seqs->v;
  for (gsize i = 1; i < seqs->len; i++)
    if (a[i].seq == a[i - 1].seq)
      {
        /* the message is made before the list it quotes is freed */
        fail (error, AUGUR_TRACE_ERROR_CORRUPT, path,
              "corrupt record at byte offset %" G_GUINT64_FORMAT
              " (its seq %" G_GUINT64_FORMAT " is also that of the record at byte offset %"
              G_GUINT64_FORMAT ")",
              slot_offset (a[i].slot), a[i].seq, slot_offset (a[i - 1].slot));
        g_free (seqs->v);
        return FALSE;
      }
  t->next_seq = seqs->len > 0 ? a[seqs->len - 1].seq + 1 : 0;
  return TRUE;
}

/* The events: the records of seqs below @n, the thread put back in each;
 * modules, callers and DATA records taken out.  seqs becomes the events'
 * (seq, slot), owned by @t as its order. */
static void
keep_events (AugurTrace *t, SeqList *seqs, guint64 n)
{
  SeqSlot *a = seqs->v;
  t->events = g_array_sized_new (FALSE, FALSE, sizeof (AugurRecord), (guint) seqs->len);
  g_array_set_size (t->events, (guint) seqs->len);
  AugurRecord *events = (AugurRecord *) (void *) t->events->data;
  guint64 carried = 0;
  gsize n_kept = 0;
  guint max_tid = 0;
  t->stacks = augur_trace_stacks_new ();
  for (gsize i = 0; i < seqs->len && a[i].seq < n; i++)
    {
      carried++;
      const AugurRecord *r =
        a[i].packed != 0 ? &g_array_index (t->packed, AugurRecord, a[i].packed - 1)
                         : (const AugurRecord *) slot_bytes (t, a[i].slot);
      if (r->kind == AUGUR_EV_DATA)
        continue;
      if (r->kind == AUGUR_EV_MODULE)
        {
          install_module (t, a[i].slot);
          continue;
        }
      if (r->kind == AUGUR_EV_CALLERS || r->kind == AUGUR_EV_FRAME)
        {
          augur_trace_stacks_note (t->stacks, slot_owner (t, a[i].slot), r);
          continue;
        }
      /* On disk the tid field holds the seq's low bits: put the thread back. */
      AugurRecord *e = &events[n_kept];
      *e = *r;
      e->tid = slot_owner (t, a[i].slot);
      if (e->kind == AUGUR_EV_END && t->end_event < 0)
        t->end_event = (gint64) n_kept;
      max_tid = MAX (max_tid, e->tid);
      augur_trace_stacks_event (t->stacks, n_kept, e);
      a[n_kept++] = a[i];   /* seqs becomes the events' (seq, slot) */
    }
  g_array_set_size (t->events, (guint) n_kept);
  t->order = seqs->v;
  t->n_unwritten = n - carried;
  /* every owner is below the bound check_whole enforces, so the count
   * cannot wrap */
  if (t->n_chunks_started > 0 && t->max_owner < 1 + t->n_creates + t->n_chunks_started)
    t->n_threads = n_kept > 0 ? max_tid + 1 : 0;
}

/* The build id as hex. */
static char *
build_id_hex (const AugurTraceHeader *h)
{
  GString *id = g_string_new (NULL);
  for (guint k = 0; k < h->build_id_len; k++)
    g_string_append_printf (id, "%02x", h->build_id[k]);
  return g_string_free (id, FALSE);
}

AugurTrace *
augur_trace_open (const char *path, GError **error)
{
  GMappedFile *map = map_trace (path, error);
  if (map == NULL)
    return NULL;
  g_autoptr (AugurTrace) t = g_new0 (AugurTrace, 1);
  t->path = g_strdup (path);
  t->map = map;
  t->modules = g_ptr_array_new_with_free_func (module_free);
  t->packed = g_array_new (FALSE, FALSE, sizeof (AugurRecord));
  t->end_event = -1;

  gsize length = g_mapped_file_get_length (map);
  const guint8 *bytes = (const guint8 *) g_mapped_file_get_contents (map);
  const AugurTraceHeader *h = header_of (bytes, length, path, error);
  if (h == NULL)
    return NULL;

  t->records = bytes + AUGUR_TRACE_HEADER_SIZE;
  guint64 body = length - AUGUR_TRACE_HEADER_SIZE;
  gboolean complete = (h->flags & AUGUR_TRACE_FLAG_COMPLETE) != 0;
  if (complete && body % AUGUR_TRACE_CHUNK_BYTES != 0)
    {
      /* The runtime, the writer and augur_trace_finish all end a complete
       * trace on a chunk boundary; only a trace cut short while it was
       * being recorded may end inside a chunk. */
      fail (error, AUGUR_TRACE_ERROR_TRUNCATED, path,
            "truncated: the file ends %" G_GUINT64_FORMAT " bytes into chunk %" G_GUINT64_FORMAT
            " of %u bytes; record the program again",
            body % AUGUR_TRACE_CHUNK_BYTES, body / AUGUR_TRACE_CHUNK_BYTES,
            AUGUR_TRACE_CHUNK_BYTES);
      return NULL;
    }
  /* An unfinished trace may even end inside a record: that one was never
   * written in full. */
  t->n_slots = body / AUGUR_TRACE_RECORD_SIZE;

  SeqList seqs = { NULL, 0, 0 };
  if (!read_seqs (t, path, &seqs, error))
    return NULL;

  /* When complete, the header's n_records counts the seqs up to END;
   * larger ones are a detached thread still recording during exit, not
   * events.  Otherwise everything written counts.  (check_whole refuses
   * an n_records past the last seq.) */
  guint64 n = complete ? MIN ((guint64) h->n_records, t->next_seq) : t->next_seq;
  keep_events (t, &seqs, n);
  g_clear_pointer (&t->packed, g_array_unref);
  if (!check_whole (t, h, complete, error))
    return NULL;

  t->build_id = build_id_hex (h);
  return g_steal_pointer (&t);
}

void
augur_trace_free (AugurTrace *t)
{
  if (t == NULL)
    return;
  g_clear_pointer (&t->stacks, augur_trace_stacks_free);
  g_free (t->path);
  g_clear_pointer (&t->map, g_mapped_file_unref);
  g_clear_pointer (&t->events, g_array_unref);
  g_clear_pointer (&t->packed, g_array_unref);
  g_free (t->order);
  g_clear_pointer (&t->modules, g_ptr_array_unref);
  g_free (t->build_id);
  g_free (t);
}

guint
augur_trace_event_callers (const AugurTrace *t, gsize i, guint8 *module, guint32 *pc)
{
  return augur_trace_stacks_callers (t->stacks, i, module, pc);
}

const AugurRecord *
augur_trace_frames (const AugurTrace *t, gsize *n)
{
  return augur_trace_stacks_frames (t->stacks, n);
}

const char *
augur_trace_path (const AugurTrace *t)
{
  return t->path;
}

const AugurTraceHeader *
augur_trace_header (const AugurTrace *t)
{
  return (const AugurTraceHeader *) g_mapped_file_get_contents (t->map);
}

const char *
augur_trace_program (const AugurTrace *t)
{
  return augur_trace_header (t)->program;
}

const char *
augur_trace_build_id (const AugurTrace *t)
{
  return t->build_id;
}

gsize
augur_trace_n_events (const AugurTrace *t)
{
  return t->events->len;
}

guint64
augur_trace_event_slot (const AugurTrace *t, gsize i)
{
  g_return_val_if_fail (i < t->events->len, 0);
  return t->order[i].slot;
}

const AugurRecord *
augur_trace_event (const AugurTrace *t, gsize i)
{
  g_return_val_if_fail (i < t->events->len, NULL);
  return &g_array_index (t->events, AugurRecord, i);
}

guint
augur_trace_n_threads (const AugurTrace *t)
{
  return t->n_threads;
}

const AugurRecord *
augur_trace_end (const AugurTrace *t)
{
  if (t->end_event < 0)
    return NULL;
  return &g_array_index (t->events, AugurRecord, (guint) t->end_event);
}

guint64
augur_trace_n_unwritten (const AugurTrace *t)
{
  return t->n_unwritten;
}

gboolean
augur_trace_is_complete (const AugurTrace *t)
{
  return (augur_trace_header (t)->flags & AUGUR_TRACE_FLAG_COMPLETE) != 0;
}

guint
augur_trace_n_modules (const AugurTrace *t)
{
  return t->modules->len;
}

const char *
augur_trace_module_path (const AugurTrace *t, guint index)
{
  if (index < t->modules->len && g_ptr_array_index (t->modules, index) != NULL)
    return ((Module *) g_ptr_array_index (t->modules, index))->path;
  if (index == 0)
    return augur_trace_program (t);
  return NULL;
}

guint64
augur_trace_module_bias (const AugurTrace *t, guint index)
{
  if (index < t->modules->len && g_ptr_array_index (t->modules, index) != NULL)
    return ((Module *) g_ptr_array_index (t->modules, index))->bias;
  return 0;
}

static char *
describe_end (const AugurRecord *end)
{
  switch (end->aux)
    {
    case AUGUR_END_EXIT:
      return g_strdup_printf ("exit status %" G_GUINT64_FORMAT, (guint64) end->arg);
    case AUGUR_END_SIGNAL:
    case AUGUR_END_ABORT:
      {
        const char *abbrev = sigabbrev_np ((int) end->arg);
        return g_strdup_printf ("%s (SIG%s)", end->aux == AUGUR_END_ABORT ? "abort" : "signal",
                                abbrev != NULL ? abbrev : "?");
      }
    case AUGUR_END_TIMEOUT:
      return g_strdup_printf ("timeout (killed by augur's watchdog after %" G_GUINT64_FORMAT " s)",
                              (guint64) end->arg);
    case AUGUR_END_LOST:
      return g_strdup ("lost (the process vanished without an exit status)");
    case AUGUR_END_CUT:
      {
        /* GLib puts a no-break space before the unit: plain text here */
        g_autofree char *raw = g_format_size_full ((guint64) end->arg, G_FORMAT_SIZE_IEC_UNITS);
        g_auto (GStrv) words = g_strsplit (raw, "\xc2\xa0", -1);
        g_autofree char *size = g_strjoinv (" ", words);
        return g_strdup_printf ("cut at the trace size cap (%s): the run went on unrecorded", size);
      }
    case AUGUR_END_CUT_EVENTS:
      return g_strdup_printf ("cut at the cap of %" G_GUINT64_FORMAT " events: the run went on "
                              "unrecorded", (guint64) end->arg);
    case AUGUR_END_BLOCKED:
      return g_strdup_printf ("blocked (every thread waited in a lock, condition wait, join or "
                              "barrier wait for %.1f s, none of them timed: killed by augur's "
                              "watchdog)", (double) end->arg / 1000.0);
    default:
      return g_strdup_printf ("unknown ending %u", end->aux);
    }
}

char *
augur_trace_summary (const AugurTrace *t)
{
  const AugurRecord *end = augur_trace_end (t);
  g_autofree char *ending = end != NULL ? describe_end (end) : g_strdup ("none recorded");
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%u thread%s, %" G_GSIZE_FORMAT " events, ended: %s",
                          t->n_threads, t->n_threads == 1 ? "" : "s",
                          (gsize) t->events->len, ending);
  if (t->n_unwritten > 0)
    g_string_append_printf (s, " (%" G_GUINT64_FORMAT " slots left unwritten by the crash)",
                            t->n_unwritten);
  return g_string_free (s, FALSE);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */

/* The chunk a thread is filling. */
typedef struct {
  guint64 index;
  guint used;                  /* records in it, its CHUNK record included */
} WriterChunk;

struct _AugurTraceWriter {
  char *path;
  FILE *file;
  AugurTraceHeader header;
  guint64 n;                   /* seqs handed out */
  GByteArray *body;            /* the chunks, written out at close */
  GHashTable *chunks;          /* tid -> WriterChunk*: each thread's current chunk */
  guint32 last_owner;          /* owner of the last record added: DATA records join it */
};

static gboolean
io_fail (GError **error, const char *path, const char *what)
{
  int e = errno;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e), "%s: cannot %s: %s",
               path, what, g_strerror (e));
  return FALSE;
}

AugurTraceWriter *
augur_trace_writer_new (const char *path, const char *program, GError **error)
{
  FILE *f = fopen (path, "wb");
  if (f == NULL)
    {
      io_fail (error, path, "create the trace");
      return NULL;
    }
  AugurTraceWriter *w = g_new0 (AugurTraceWriter, 1);
  w->path = g_strdup (path);
  w->file = f;
  w->body = g_byte_array_new ();
  w->chunks = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  memcpy (w->header.magic, AUGUR_TRACE_MAGIC, 8);
  w->header.version = AUGUR_TRACE_VERSION;
  w->header.header_size = AUGUR_TRACE_HEADER_SIZE;
  w->header.record_size = AUGUR_TRACE_RECORD_SIZE;
  w->header.runtime_version = AUGUR_RUNTIME_ABI;
  w->header.pid = (guint32) getpid ();
  g_strlcpy (w->header.program, program != NULL ? program : "", sizeof w->header.program);
  return w;
}

static void
seal (AugurRecord *r)
{
  r->check = 0;
  r->check = augur_trace_record_check (r);
}

/* The chunk where `owner` puts its next `need` records (a MODULE block
 * stays in one chunk): its current one if they fit, else a new one at the
 * end of the file whose base is the next seq. */
static WriterChunk *
writer_chunk (AugurTraceWriter *w, guint32 owner, guint need)
{
  WriterChunk *ch = g_hash_table_lookup (w->chunks, GUINT_TO_POINTER (owner));
  if (ch != NULL && ch->used + need <= AUGUR_TRACE_CHUNK_RECORDS)
    return ch;
  if (ch == NULL)
    {
      ch = g_new0 (WriterChunk, 1);
      g_hash_table_insert (w->chunks, GUINT_TO_POINTER (owner), ch);
    }
  ch->index = w->body->len / AUGUR_TRACE_CHUNK_BYTES;
  ch->used = 1;
  g_byte_array_set_size (w->body, w->body->len + AUGUR_TRACE_CHUNK_BYTES);
  guint8 *start = w->body->data + ch->index * AUGUR_TRACE_CHUNK_BYTES;
  memset (start, 0, AUGUR_TRACE_CHUNK_BYTES);
  AugurRecord head = { .kind = AUGUR_EV_CHUNK, .tid = owner, .addr = w->n, .arg = ch->index };
  seal (&head);
  memcpy (start, &head, sizeof head);
  return ch;
}

/* Records come in global order and get consecutive seqs.  An event goes
 * to the chunk of its r->tid (MODULE too: callers pass the thread that
 * loaded it, usually 0); a DATA record to the chunk of the record before
 * it, which is its MODULE. */
gboolean
augur_trace_writer_add (AugurTraceWriter *w, const AugurRecord *record, GError **error)
{
  (void) error;
  AugurRecord r = *record;
  WriterChunk *ch;
  if (r.kind == AUGUR_EV_DATA)
    ch = writer_chunk (w, w->last_owner, 1);
  else
    {
      guint need = 1;
      if (r.kind == AUGUR_EV_MODULE && r.arg <= AUGUR_TRACE_PATH_MAX)
        need += (guint) ((r.arg + AUGUR_DATA_PAYLOAD - 1) / AUGUR_DATA_PAYLOAD);
      w->last_owner = r.tid;
      ch = writer_chunk (w, r.tid, need);
      /* DATA records keep their payload in these bytes */
      r.tid = (guint32) w->n;
    }
  seal (&r);
  guint64 slot = ch->index * AUGUR_TRACE_CHUNK_RECORDS + ch->used++;
  memcpy (w->body->data + slot * AUGUR_TRACE_RECORD_SIZE, &r, sizeof r);
  w->n++;
  return TRUE;
}

gboolean
augur_trace_writer_add_module (AugurTraceWriter *w, guint index, guint64 bias, const char *path,
                               GError **error)
{
  gsize len = strlen (path);
  AugurRecord m = { .kind = AUGUR_EV_MODULE, .aux = index, .addr = bias, .arg = len };
  if (!augur_trace_writer_add (w, &m, error))
    return FALSE;
  for (gsize off = 0; off < len; off += AUGUR_DATA_PAYLOAD)
    {
      AugurDataRecord d = { .kind = AUGUR_EV_DATA };
      d.len = (guint8) MIN ((gsize) AUGUR_DATA_PAYLOAD, len - off);
      memcpy (d.payload, path + off, d.len);
      if (!augur_trace_writer_add (w, (const AugurRecord *) &d, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
augur_trace_writer_close (AugurTraceWriter *w, gboolean complete, GError **error)
{
  w->header.n_records = w->n;
  if (complete)
    w->header.flags |= AUGUR_TRACE_FLAG_COMPLETE;
  if (fwrite (&w->header, sizeof w->header, 1, w->file) != 1
      || (w->body->len > 0 && fwrite (w->body->data, w->body->len, 1, w->file) != 1))
    return io_fail (error, w->path, "write the trace");
  FILE *f = w->file;
  w->file = NULL;
  if (fclose (f) != 0)
    return io_fail (error, w->path, "close the trace");
  return TRUE;
}

void
augur_trace_writer_free (AugurTraceWriter *w)
{
  if (w == NULL)
    return;
  if (w->file != NULL)
    fclose (w->file);
  g_byte_array_unref (w->body);
  g_hash_table_unref (w->chunks);
  g_free (w->path);
  g_free (w);
}

gboolean
augur_trace_finish (const char *path, guint how, guint64 status, GError **error)
{
  guint64 seq;
  guint64 n_slots;
  guint64 c;
  {
    g_autoptr (AugurTrace) t = augur_trace_open (path, error);
    if (t == NULL)
      return FALSE;
    if (augur_trace_end (t) != NULL)
      return TRUE;
    seq = t->next_seq;
    n_slots = t->n_slots;
    /* After the last chunk that was started: the never-started ones past
     * it are the runtime's mapped-ahead room, dropped here. */
    c = t->n_chunks_used;
  }
  AugurRecord head = { .kind = AUGUR_EV_CHUNK, .tid = 0, .addr = seq, .arg = c };
  AugurRecord end = { .kind = AUGUR_EV_END, .tid = (guint32) seq, .aux = how, .arg = status };
  seal (&head);
  seal (&end);
  guint64 first = c * AUGUR_TRACE_CHUNK_RECORDS;
  int fd = g_open (path, O_RDWR | O_CLOEXEC, 0);
  if (fd < 0)
    return io_fail (error, path, "open the trace to finish it");
  AugurTraceHeader h;
  /* Cutting to the whole records first drops a record the process was
   * killed in the middle of writing; the file then grows to whole chunks,
   * the new one last. */
  gboolean ok = pread (fd, &h, sizeof h, 0) == (ssize_t) sizeof h
                && ftruncate (fd, (off_t) slot_offset (MIN (n_slots, first))) == 0
                && ftruncate (fd, (off_t) slot_offset (first + AUGUR_TRACE_CHUNK_RECORDS)) == 0
                && pwrite (fd, &head, sizeof head, (off_t) slot_offset (first)) == (ssize_t) sizeof head
                && pwrite (fd, &end, sizeof end, (off_t) slot_offset (first + 1)) == (ssize_t) sizeof end;
  if (ok)
    {
      h.n_records = seq + 1;
      h.flags |= AUGUR_TRACE_FLAG_COMPLETE;
      ok = pwrite (fd, &h, sizeof h, 0) == (ssize_t) sizeof h;
    }
  if (!ok)
    {
      io_fail (error, path, "finish the trace");
      close (fd);
      return FALSE;
    }
  close (fd);
  return TRUE;
}
