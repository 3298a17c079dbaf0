/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * schedule-pack.c — a long schedule as tab-separated lines, deflated and
 * in base64 (see schedule-pack.h).  GIO's zlib converters do the deflate;
 * unpacking streams, a chunk at a time, so that what a damaged or hostile
 * file declares bounds the work: no line longer than
 * AUGUR_SCHEDULE_PACK_MAX_LINE, no more lines than the steps declared.
 */
#include "config.h"

#include "common/schedule-pack.h"

#include <gio/gio.h>
#include <string.h>

/* A thread's implied event is tracked for threads below this id (the
 * explorer's are below AUGUR_SCHED_MAX_THREADS); above it, events are
 * always written. */
#define TRACKED_THREADS 65536u
#define N_FIELDS 8
#define CHUNK (64u << 10)

/* ---- packing ---- */

static void
put_string (GString *s, const char *v)
{
  if (v == NULL)
    return;
  if (*v == '\0')
    {
      g_string_append (s, "\\E");
      return;
    }
  for (;;)
    {
      /* the plain run, then one character to escape */
      gsize plain = strcspn (v, "\t\n\r\\");
      g_string_append_len (s, v, (gssize) plain);
      v += plain;
      if (*v == '\0')
        return;
      g_string_append_c (s, '\\');
      g_string_append_c (s, *v == '\t' ? 't' : *v == '\n' ? 'n' : *v == '\r' ? 'r' : '\\');
      v++;
    }
}

/* A number, without printf's cost (a schedule has 100,000s of them). */
static void
put_uint (GString *s, guint64 v)
{
  char buf[24];
  char *p = buf + sizeof buf;
  do
    *--p = (char) ('0' + v % 10);
  while ((v /= 10) != 0);
  g_string_append_len (s, p, buf + sizeof buf - p);
}

static GString *
steps_to_text (AugurFinding *f)
{
  guint n = augur_finding_get_n_steps (f);
  GString *s = g_string_sized_new ((gsize) n * 64);
  g_autoptr (GArray) next = g_array_new (FALSE, TRUE, sizeof (guint64));   /* next event + 1 */
  for (guint i = 0; i < n; i++)
    {
      const AugurStep *st = augur_finding_get_step (f, i);
      gboolean implied = FALSE;
      if (st->thread < TRACKED_THREADS)
        {
          if (st->thread >= next->len)
            g_array_set_size (next, st->thread + 1);
          guint64 *expect = &g_array_index (next, guint64, st->thread);
          /* 0: no step of the thread yet, so event 0 is implied */
          implied = st->event == (*expect == 0 ? 0 : *expect - 1);
          *expect = st->event + 2;
        }
      put_uint (s, st->thread);
      g_string_append_c (s, '\t');
      if (!implied)
        put_uint (s, st->event);
      g_string_append_c (s, '\t');
      g_string_append (s, augur_op_to_string (st->op));
      g_string_append_c (s, '\t');
      put_string (s, st->object);
      g_string_append_c (s, '\t');
      if (st->peer >= 0)
        put_uint (s, (guint64) st->peer);
      g_string_append_c (s, '\t');
      put_string (s, st->file);
      g_string_append_c (s, '\t');
      if (st->line != 0)
        put_uint (s, st->line);
      g_string_append_c (s, '\t');
      put_string (s, st->function);
      g_string_append_c (s, '\n');
    }
  return s;
}

char *
augur_schedule_pack_encode (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, NULL);
  g_autoptr (GString) text = steps_to_text (finding);
  /* level 1: a tenth of the time of the default for 6 % more bytes */
  g_autoptr (GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 1);
  g_autoptr (GByteArray) out = g_byte_array_new ();
  const guint8 *in = (const guint8 *) text->str;
  gsize left = text->len;
  for (;;)
    {
      gsize old = out->len, read = 0, written = 0;
      g_byte_array_set_size (out, old + CHUNK);
      g_autoptr (GError) error = NULL;
      GConverterResult r = g_converter_convert (G_CONVERTER (z), in, left, out->data + old, CHUNK,
                                                G_CONVERTER_INPUT_AT_END, &read, &written,
                                                &error);
      /* deflating memory cannot fail but for memory, which aborts */
      g_assert (r != G_CONVERTER_ERROR);
      g_byte_array_set_size (out, old + written);
      in += read;
      left -= read;
      if (r == G_CONVERTER_FINISHED)
        break;
    }
  return g_base64_encode (out->data, out->len);
}

/* ---- unpacking ---- */

typedef struct {
  AugurFinding *f;
  guint         n_steps;    /* declared */
  guint         line;       /* lines read */
  GArray       *next;       /* guint64 per thread: next event + 1, 0 for none yet */
} Reader;

static gboolean
bad (Reader *r, GError **error, const char *what)
{
  g_set_error (error, AUGUR_RESULTS_ERROR, AUGUR_RESULTS_ERROR_INVALID,
               "member 'schedule_packed' %s", what);
  return FALSE;
}

static gboolean
bad_line (Reader *r, GError **error, const char *field, const char *what)
{
  g_set_error (error, AUGUR_RESULTS_ERROR, AUGUR_RESULTS_ERROR_INVALID,
               "member 'schedule_packed', step %u: %s %s", r->line - 1, field, what);
  return FALSE;
}

/* @field unescaped in place; *out NULL for an empty field. */
static gboolean
get_string (Reader *r, char *field, const char *name, const char **out, GError **error)
{
  *out = NULL;
  if (*field == '\0')
    return TRUE;
  if (strcmp (field, "\\E") == 0)
    {
      *field = '\0';
      *out = field;
      return TRUE;
    }
  char *w = field;
  for (const char *p = field; *p != '\0'; p++)
    {
      if (*p != '\\')
        {
          *w++ = *p;
          continue;
        }
      switch (*++p)
        {
        case 't': *w++ = '\t'; break;
        case 'n': *w++ = '\n'; break;
        case 'r': *w++ = '\r'; break;
        case '\\': *w++ = '\\'; break;
        default: return bad_line (r, error, name, "has an unknown escape");
        }
    }
  *w = '\0';
  *out = field;
  return TRUE;
}

static gboolean
get_uint (Reader *r, const char *field, const char *name, guint64 max, gboolean *empty,
          guint64 *out, GError **error)
{
  *out = 0;
  *empty = *field == '\0';
  if (*empty)
    return TRUE;
  if (!g_ascii_string_to_unsigned (field, 10, 0, max, out, NULL))
    return bad_line (r, error, name, "is not a number in range");
  return TRUE;
}

static gboolean
parse_line (Reader *r, char *line, GError **error)
{
  if (r->line >= r->n_steps)
    return bad (r, error, "holds more steps than it declares");
  r->line++;
  char *field[N_FIELDS];
  guint k = 0;
  field[k++] = line;
  for (char *p = line; *p != '\0'; p++)
    if (*p == '\t')
      {
        if (k == N_FIELDS)
          return bad_line (r, error, "the line", "has more than 8 fields");
        *p = '\0';
        field[k++] = p + 1;
      }
  if (k != N_FIELDS)
    return bad_line (r, error, "the line", "has fewer than 8 fields");
  guint64 thread, event, peer, line_no;
  gboolean no_thread, no_event, no_peer, no_line;
  AugurOp op;
  const char *object, *file, *function;
  if (!get_uint (r, field[0], "thread", G_MAXUINT32, &no_thread, &thread, error)
      || !get_uint (r, field[1], "event", G_MAXINT64, &no_event, &event, error)
      || !get_string (r, field[3], "object", &object, error)
      || !get_uint (r, field[4], "peer", G_MAXINT32, &no_peer, &peer, error)
      || !get_string (r, field[5], "file", &file, error)
      || !get_uint (r, field[6], "line", G_MAXUINT32, &no_line, &line_no, error)
      || !get_string (r, field[7], "function", &function, error))
    return FALSE;
  if (no_thread)
    return bad_line (r, error, "thread", "is missing");
  if (!augur_op_from_string (field[2], &op))
    return bad_line (r, error, "op", "names an unknown operation");
  if (thread < TRACKED_THREADS)
    {
      if (thread >= r->next->len)
        g_array_set_size (r->next, (guint) thread + 1);
      guint64 *expect = &g_array_index (r->next, guint64, thread);
      if (no_event)
        event = *expect == 0 ? 0 : *expect - 1;
      *expect = event + 2;
    }
  else if (no_event)
    return bad_line (r, error, "event", "is missing (a thread this high has no implied event)");
  augur_finding_add_step (r->f, (guint) thread, event, op, object, no_peer ? -1 : (gint) peer,
                          file, (guint) line_no, function);
  return TRUE;
}

/* The complete lines of @pending, consumed; what follows the last newline stays. */
static gboolean
parse_lines (Reader *r, GString *pending, GError **error)
{
  gsize start = 0;
  for (;;)
    {
      char *nl = memchr (pending->str + start, '\n', pending->len - start);
      if (nl == NULL)
        break;
      *nl = '\0';
      if (!parse_line (r, pending->str + start, error))
        return FALSE;
      start = (gsize) (nl - pending->str) + 1;
    }
  g_string_erase (pending, 0, (gssize) start);
  if (pending->len > AUGUR_SCHEDULE_PACK_MAX_LINE)
    return bad (r, error, "has a line longer than augur writes");
  return TRUE;
}

static gboolean
decode (Reader *r, const char *data, GError **error)
{
  gsize len = 0;
  g_autofree guint8 *raw = g_base64_decode (data, &len);
  g_autoptr (GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB);
  g_autoptr (GString) pending = g_string_sized_new (2 * CHUNK);
  const guint8 *in = raw;
  gsize left = len;
  for (;;)
    {
      gsize old = pending->len, read = 0, written = 0;
      g_string_set_size (pending, old + CHUNK);
      g_autoptr (GError) local = NULL;
      GConverterResult res = g_converter_convert (G_CONVERTER (z), in, left, pending->str + old,
                                                  CHUNK, G_CONVERTER_INPUT_AT_END, &read,
                                                  &written, &local);
      g_string_set_size (pending, old + written);
      if (res == G_CONVERTER_ERROR)
        {
          g_autofree char *what = g_strdup_printf ("is not a packed schedule (%s)", local->message);
          return bad (r, error, what);
        }
      in += read;
      left -= read;
      if (!parse_lines (r, pending, error))
        return FALSE;
      if (res == G_CONVERTER_FINISHED)
        break;
    }
  if (left > 0)
    return bad (r, error, "has data after its zlib stream");
  if (pending->len > 0)
    return bad (r, error, "ends in the middle of a line");
  if (r->line != r->n_steps)
    return bad (r, error, "holds fewer steps than it declares");
  return TRUE;
}

gboolean
augur_schedule_pack_decode (AugurFinding *finding, const char *data, guint n_steps,
                            GError **error)
{
  g_return_val_if_fail (finding != NULL && data != NULL, FALSE);
  Reader r = { .f = finding, .n_steps = n_steps };
  r.next = g_array_new (FALSE, TRUE, sizeof (guint64));
  gboolean ok = decode (&r, data, error);
  g_array_unref (r.next);
  return ok;
}
