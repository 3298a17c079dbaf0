/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * trace.c — opening, validating and writing trace files (see trace.h).
 */
#include "config.h"

#include "common/trace.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

G_DEFINE_QUARK (augur-trace-error-quark, augur_trace_error)

typedef struct {
  char *path;
  guint64 bias;
} Module;

struct _AugurTrace {
  char *path;
  GMappedFile *map;
  const guint8 *records;       /* slot 0 */
  guint64 n_slots;             /* slots considered */
  GArray *events;              /* guint64 slot of each event */
  GPtrArray *modules;          /* Module*, by index; NULL holes */
  guint n_threads;
  gint64 end_slot;             /* -1: none */
  gint64 last_written;         /* slot of the last written record, -1: none */
  guint64 n_unwritten;
  char *build_id;
};

static void
module_free (gpointer p)
{
  Module *m = p;
  if (m == NULL)
    return;
  g_free (m->path);
  g_free (m);
}

static const char *const kind_names[AUGUR_EV_LAST_] = {
  [AUGUR_EV_READ] = "read",
  [AUGUR_EV_WRITE] = "write",
  [AUGUR_EV_READ_RANGE] = "read_range",
  [AUGUR_EV_WRITE_RANGE] = "write_range",
  [AUGUR_EV_ATOMIC_LOAD] = "atomic_load",
  [AUGUR_EV_ATOMIC_STORE] = "atomic_store",
  [AUGUR_EV_ATOMIC_RMW] = "atomic_rmw",
  [AUGUR_EV_ATOMIC_CAS] = "atomic_cas",
  [AUGUR_EV_FENCE] = "fence",
  [AUGUR_EV_THREAD_CREATE] = "thread_create",
  [AUGUR_EV_THREAD_START] = "thread_start",
  [AUGUR_EV_THREAD_EXIT] = "thread_exit",
  [AUGUR_EV_THREAD_JOIN] = "thread_join",
  [AUGUR_EV_THREAD_DETACH] = "thread_detach",
  [AUGUR_EV_THREAD_TLS] = "thread_tls",
  [AUGUR_EV_MUTEX_INIT] = "mutex_init",
  [AUGUR_EV_MUTEX_LOCK] = "mutex_lock",
  [AUGUR_EV_MUTEX_TRYLOCK] = "mutex_trylock",
  [AUGUR_EV_MUTEX_TIMEDLOCK] = "mutex_timedlock",
  [AUGUR_EV_MUTEX_UNLOCK] = "mutex_unlock",
  [AUGUR_EV_MUTEX_DESTROY] = "mutex_destroy",
  [AUGUR_EV_MUTEX_LOCK_REQ] = "mutex_lock_request",
  [AUGUR_EV_RWLOCK_INIT] = "rwlock_init",
  [AUGUR_EV_RWLOCK_RDLOCK] = "rwlock_rdlock",
  [AUGUR_EV_RWLOCK_WRLOCK] = "rwlock_wrlock",
  [AUGUR_EV_RWLOCK_UNLOCK] = "rwlock_unlock",
  [AUGUR_EV_RWLOCK_DESTROY] = "rwlock_destroy",
  [AUGUR_EV_COND_INIT] = "cond_init",
  [AUGUR_EV_COND_WAIT] = "cond_wait",
  [AUGUR_EV_COND_WAKE] = "cond_wake",
  [AUGUR_EV_COND_SIGNAL] = "cond_signal",
  [AUGUR_EV_COND_BROADCAST] = "cond_broadcast",
  [AUGUR_EV_COND_DESTROY] = "cond_destroy",
  [AUGUR_EV_BARRIER_INIT] = "barrier_init",
  [AUGUR_EV_BARRIER_ENTER] = "barrier_enter",
  [AUGUR_EV_BARRIER_LEAVE] = "barrier_leave",
  [AUGUR_EV_BARRIER_DESTROY] = "barrier_destroy",
  [AUGUR_EV_SEM_INIT] = "sem_init",
  [AUGUR_EV_SEM_WAIT] = "sem_wait",
  [AUGUR_EV_SEM_POST] = "sem_post",
  [AUGUR_EV_SEM_DESTROY] = "sem_destroy",
  [AUGUR_EV_SPIN_INIT] = "spin_init",
  [AUGUR_EV_SPIN_LOCK] = "spin_lock",
  [AUGUR_EV_SPIN_UNLOCK] = "spin_unlock",
  [AUGUR_EV_SPIN_DESTROY] = "spin_destroy",
  [AUGUR_EV_ONCE] = "once",
  [AUGUR_EV_ALLOC] = "alloc",
  [AUGUR_EV_FREE] = "free",
  [AUGUR_EV_MODULE] = "module",
  [AUGUR_EV_DATA] = "data",
  [AUGUR_EV_END] = "end",
};

const char *
augur_event_kind_name (guint kind)
{
  if (kind < G_N_ELEMENTS (kind_names) && kind_names[kind] != NULL)
    return kind_names[kind];
  return "?";
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
    default: return "?";
    }
}

static gboolean
fail (GError **error, AugurTraceError code, const char *path, const char *fmt, ...)
  G_GNUC_PRINTF (4, 5);

static gboolean
fail (GError **error, AugurTraceError code, const char *path, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, AUGUR_TRACE_ERROR, code, "%s: %s", path, msg);
  return FALSE;
}

static gboolean
slot_is_zero (const guint8 *r)
{
  static const guint8 zero[AUGUR_TRACE_RECORD_SIZE];
  return memcmp (r, zero, sizeof zero) == 0;
}

static guint64
slot_offset (guint64 slot)
{
  return AUGUR_TRACE_HEADER_SIZE + slot * AUGUR_TRACE_RECORD_SIZE;
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

static gboolean
kind_is_known (guint kind)
{
  return kind != AUGUR_EV_NONE && kind < G_N_ELEMENTS (kind_names) && kind_names[kind] != NULL;
}

/* Reads one MODULE block starting at slot s; returns the number of DATA
 * records it used through *n_data. */
static gboolean
read_module (AugurTrace *t, guint64 s, guint64 *n_data, GError **error)
{
  const AugurRecord *m = (const AugurRecord *) (t->records + s * AUGUR_TRACE_RECORD_SIZE);
  if (m->aux > 255 || m->arg > AUGUR_TRACE_PATH_MAX)
    return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                 "corrupt module record at byte offset %" G_GUINT64_FORMAT, slot_offset (s));
  guint64 len = m->arg;
  guint64 n = (len + AUGUR_DATA_PAYLOAD - 1) / AUGUR_DATA_PAYLOAD;
  if (s + n >= t->n_slots)
    return fail (error, AUGUR_TRACE_ERROR_TRUNCATED, t->path,
                 "truncated inside the module record at byte offset %" G_GUINT64_FORMAT,
                 slot_offset (s));
  GString *path = g_string_sized_new (len);
  for (guint64 k = 0; k < n; k++)
    {
      const AugurDataRecord *d =
        (const AugurDataRecord *) (t->records + (s + 1 + k) * AUGUR_TRACE_RECORD_SIZE);
      guint want = (guint) MIN ((guint64) AUGUR_DATA_PAYLOAD, len - path->len);
      if (d->kind != AUGUR_EV_DATA || d->len != want
          || d->check != augur_trace_record_check (d))
        {
          g_string_free (path, TRUE);
          return fail (error, AUGUR_TRACE_ERROR_CORRUPT, t->path,
                       "corrupt module path record at byte offset %" G_GUINT64_FORMAT,
                       slot_offset (s + 1 + k));
        }
      g_string_append_len (path, (const char *) d->payload, d->len);
    }
  if (m->aux >= t->modules->len)
    g_ptr_array_set_size (t->modules, m->aux + 1);
  Module *mod = g_new0 (Module, 1);
  mod->path = g_string_free (path, FALSE);
  mod->bias = m->addr;
  module_free (g_ptr_array_index (t->modules, m->aux));
  g_ptr_array_index (t->modules, m->aux) = mod;
  *n_data = n;
  return TRUE;
}

AugurTrace *
augur_trace_open (const char *path, GError **error)
{
  g_autoptr (GError) local = NULL;
  GMappedFile *map = g_mapped_file_new (path, FALSE, &local);
  if (map == NULL)
    {
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_OPEN,
                   "cannot read the trace: %s", local->message);
      return NULL;
    }
  g_autoptr (AugurTrace) t = g_new0 (AugurTrace, 1);
  t->path = g_strdup (path);
  t->map = map;
  t->events = g_array_new (FALSE, FALSE, sizeof (guint64));
  t->modules = g_ptr_array_new_with_free_func (module_free);
  t->end_slot = -1;
  t->last_written = -1;

  gsize length = g_mapped_file_get_length (map);
  const guint8 *bytes = (const guint8 *) g_mapped_file_get_contents (map);
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

  t->records = bytes + AUGUR_TRACE_HEADER_SIZE;
  guint64 body = length - AUGUR_TRACE_HEADER_SIZE;
  guint64 in_file = body / AUGUR_TRACE_RECORD_SIZE;
  gboolean complete = (h->flags & AUGUR_TRACE_FLAG_COMPLETE) != 0;
  if (complete)
    {
      if (h->n_records > in_file)
        {
          fail (error, AUGUR_TRACE_ERROR_TRUNCATED, path,
                "truncated: the header announces %" G_GUINT64_FORMAT " records, the file holds %"
                G_GUINT64_FORMAT "; record the program again",
                (guint64) h->n_records, in_file);
          return NULL;
        }
      if (body % AUGUR_TRACE_RECORD_SIZE != 0)
        {
          fail (error, AUGUR_TRACE_ERROR_CORRUPT, path,
                "corrupt: %" G_GUINT64_FORMAT " stray bytes after the last record",
                body % AUGUR_TRACE_RECORD_SIZE);
          return NULL;
        }
      t->n_slots = h->n_records;
    }
  else
    {
      /* An unfinished trace: everything up to the last written slot. */
      guint64 n = in_file;
      while (n > 0 && slot_is_zero (t->records + (n - 1) * AUGUR_TRACE_RECORD_SIZE))
        n--;
      t->n_slots = n;
    }

  guint max_tid = 0;
  gboolean any = FALSE;
  for (guint64 s = 0; s < t->n_slots; s++)
    {
      const guint8 *raw = t->records + s * AUGUR_TRACE_RECORD_SIZE;
      const AugurRecord *r = (const AugurRecord *) raw;
      if (r->kind == AUGUR_EV_NONE)
        {
          if (!slot_is_zero (raw))
            {
              fail (error, AUGUR_TRACE_ERROR_CORRUPT, path,
                    "corrupt record at byte offset %" G_GUINT64_FORMAT " (event kind 0)",
                    slot_offset (s));
              return NULL;
            }
          t->n_unwritten++;
          continue;
        }
      if (r->check != augur_trace_record_check (raw))
        {
          fail (error, AUGUR_TRACE_ERROR_CORRUPT, path,
                "corrupt record at byte offset %" G_GUINT64_FORMAT
                " (check byte mismatch); the file was damaged after recording",
                slot_offset (s));
          return NULL;
        }
      if (!kind_is_known (r->kind))
        {
          fail (error, AUGUR_TRACE_ERROR_CORRUPT, path,
                "corrupt record at byte offset %" G_GUINT64_FORMAT " (unknown event kind %u)",
                slot_offset (s), r->kind);
          return NULL;
        }
      t->last_written = (gint64) s;
      if (r->kind == AUGUR_EV_DATA)
        {
          fail (error, AUGUR_TRACE_ERROR_CORRUPT, path,
                "corrupt: a path record without its module record at byte offset %" G_GUINT64_FORMAT,
                slot_offset (s));
          return NULL;
        }
      if (r->kind == AUGUR_EV_MODULE)
        {
          guint64 n_data = 0;
          if (!read_module (t, s, &n_data, error))
            return NULL;
          s += n_data;
          t->last_written = (gint64) s;
          continue;
        }
      if (r->kind == AUGUR_EV_END && t->end_slot < 0)
        t->end_slot = (gint64) s;
      if (r->tid != G_MAXUINT32)
        {
          max_tid = MAX (max_tid, r->tid);
          any = TRUE;
        }
      g_array_append_val (t->events, s);
    }
  t->n_threads = any ? max_tid + 1 : 0;

  GString *id = g_string_new (NULL);
  for (guint k = 0; k < h->build_id_len; k++)
    g_string_append_printf (id, "%02x", h->build_id[k]);
  t->build_id = g_string_free (id, FALSE);
  return g_steal_pointer (&t);
}

void
augur_trace_free (AugurTrace *t)
{
  if (t == NULL)
    return;
  g_free (t->path);
  g_clear_pointer (&t->map, g_mapped_file_unref);
  g_clear_pointer (&t->events, g_array_unref);
  g_clear_pointer (&t->modules, g_ptr_array_unref);
  g_free (t->build_id);
  g_free (t);
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
  return g_array_index (t->events, guint64, i);
}

const AugurRecord *
augur_trace_event (const AugurTrace *t, gsize i)
{
  g_return_val_if_fail (i < t->events->len, NULL);
  return (const AugurRecord *) (t->records
                                + g_array_index (t->events, guint64, i) * AUGUR_TRACE_RECORD_SIZE);
}

guint
augur_trace_n_threads (const AugurTrace *t)
{
  return t->n_threads;
}

const AugurRecord *
augur_trace_end (const AugurTrace *t)
{
  if (t->end_slot < 0)
    return NULL;
  return (const AugurRecord *) (t->records + (guint64) t->end_slot * AUGUR_TRACE_RECORD_SIZE);
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

struct _AugurTraceWriter {
  char *path;
  FILE *file;
  AugurTraceHeader header;
  guint64 n;
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
  memcpy (w->header.magic, AUGUR_TRACE_MAGIC, 8);
  w->header.version = AUGUR_TRACE_VERSION;
  w->header.header_size = AUGUR_TRACE_HEADER_SIZE;
  w->header.record_size = AUGUR_TRACE_RECORD_SIZE;
  w->header.runtime_version = AUGUR_RUNTIME_ABI;
  w->header.pid = (guint32) getpid ();
  g_strlcpy (w->header.program, program != NULL ? program : "", sizeof w->header.program);
  if (fwrite (&w->header, sizeof w->header, 1, f) != 1)
    {
      io_fail (error, path, "write the trace header");
      augur_trace_writer_free (w);
      return NULL;
    }
  return w;
}

gboolean
augur_trace_writer_add (AugurTraceWriter *w, const AugurRecord *record, GError **error)
{
  AugurRecord r = *record;
  r.check = 0;
  r.check = augur_trace_record_check (&r);
  if (fwrite (&r, sizeof r, 1, w->file) != 1)
    return io_fail (error, w->path, "write a trace record");
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
  if (fseek (w->file, 0, SEEK_SET) != 0
      || fwrite (&w->header, sizeof w->header, 1, w->file) != 1)
    return io_fail (error, w->path, "write the trace header");
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
  g_free (w->path);
  g_free (w);
}

gboolean
augur_trace_finish (const char *path, guint how, guint64 status, GError **error)
{
  guint64 slot;
  {
    g_autoptr (AugurTrace) t = augur_trace_open (path, error);
    if (t == NULL)
      return FALSE;
    if (augur_trace_end (t) != NULL)
      return TRUE;
    slot = (guint64) (t->last_written + 1);
  }
  int fd = g_open (path, O_RDWR | O_CLOEXEC, 0);
  if (fd < 0)
    return io_fail (error, path, "open the trace to finish it");
  AugurRecord end = { .kind = AUGUR_EV_END, .aux = how, .arg = status };
  end.check = augur_trace_record_check (&end);
  AugurTraceHeader h;
  gboolean ok = pread (fd, &h, sizeof h, 0) == (ssize_t) sizeof h
                && pwrite (fd, &end, sizeof end, (off_t) slot_offset (slot)) == (ssize_t) sizeof end;
  if (ok)
    {
      h.n_records = slot + 1;
      h.flags |= AUGUR_TRACE_FLAG_COMPLETE;
      ok = pwrite (fd, &h, sizeof h, 0) == (ssize_t) sizeof h
           && ftruncate (fd, (off_t) slot_offset (slot + 1)) == 0;
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
