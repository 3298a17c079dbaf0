/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cmd-trace-show.c — `augur trace show [--json] TRACE`: the events of a
 * recorded trace in order, symbolised, one per line (common/event-text.h
 * for the line format).  With --json: JSON Lines, a first object that
 * describes the trace, then one object per event.
 *
 * Exit status: 0 when the trace was printed, 2 for a bad command line,
 * 3 for a missing, truncated or corrupt trace.
 */
#include "config.h"

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "common/event-text.h"
#include "common/json-util.h"
#include "common/objects.h"
#include "common/symbolizer.h"
#include "common/trace.h"
#include "src/augur-cmd.h"

#define CMD "trace show"

/* One JSON document a line (node: owned). */
static void
print_json_line (JsonNode *node)
{
  g_autoptr(JsonNode) owned = node;
  gsize len = 0;
  g_autofree char *text = augur_json_to_text (owned, FALSE, &len);
  fwrite (text, 1, len, stdout);
}

static JsonNode *
trace_json (const AugurTrace *trace)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *summary = augur_trace_summary (trace);
  const AugurRecord *end = augur_trace_end (trace);
  json_builder_begin_object (b);
  augur_json_add_string (b, "format", "augur-trace");
  augur_json_add_int (b, "version", augur_trace_header (trace)->version);
  augur_json_add_string (b, "program", augur_trace_program (trace));
  augur_json_add_string (b, "build_id", augur_trace_build_id (trace));
  augur_json_add_bool (b, "complete", augur_trace_is_complete (trace));
  augur_json_add_int (b, "threads", augur_trace_n_threads (trace));
  augur_json_add_int (b, "events", (gint64) augur_trace_n_events (trace));
  augur_json_add_int (b, "unwritten_slots", (gint64) augur_trace_n_unwritten (trace));
  augur_json_add_string (b, "ending", end != NULL ? augur_end_name (end->aux) : "none");
  augur_json_add_string (b, "summary", summary);
  augur_json_begin_array_member (b, "modules");
  for (guint i = 0; i < MAX (1u, augur_trace_n_modules (trace)); i++)
    {
      const char *path = augur_trace_module_path (trace, i);
      json_builder_add_string_value (b, path != NULL ? path : "");
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

int
augur_cmd_trace_show (int argc, char **argv)
{
  gboolean json = FALSE;
  gboolean summary = FALSE;
  g_auto (GStrv) rest = NULL;
  GOptionEntry entries[] = {
    { "summary", 's', 0, G_OPTION_ARG_NONE, &summary,
      "Print only the one-line summary (threads, events, ending)", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      "JSON Lines: one object describing the trace, then one per event", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "TRACE" },
    { NULL }
  };
  static const char help_summary[] =
    "Print a recorded trace, one event per line, in global order.";
  static const char help_description[] =
    "Each line: thread, event, object (stable name), details, file:line and function.\n"
    "Exit status: 0 printed, 2 usage error, 3 missing, truncated or corrupt trace.";
  if (!augur_cmd_parse_options (CMD, entries, help_summary, help_description, FALSE, &argc, &argv))
    return AUGUR_EXIT_USAGE;
  g_autoptr (GError) error = NULL;
  if (rest == NULL || g_strv_length (rest) != 1)
    return augur_cmd_usage_error (CMD, "expected exactly one TRACE file; "
                                       "see 'augur trace show --help'");

  g_autoptr (AugurTrace) trace = augur_trace_open (rest[0], &error);
  if (trace == NULL)
    return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
  if (summary)
    {
      g_autofree char *line = augur_trace_summary (trace);
      g_print ("%s\n", line);
      return AUGUR_EXIT_OK;
    }
  g_autoptr (AugurSymbolizer) sym = augur_symbolizer_new_for_trace (trace);
  g_autofree char *why = NULL;
  if (!augur_symbolizer_check_build_id (sym, augur_trace_build_id (trace), &why))
    g_printerr ("augur trace show: warning: %s\n", why);
  if (augur_trace_n_unwritten (trace) > 0)
    g_printerr ("augur trace show: warning: %" G_GUINT64_FORMAT
                " event slots were reserved but never written (the process was killed mid-event)\n",
                augur_trace_n_unwritten (trace));

  g_autoptr (AugurObjects) objects = augur_objects_new (sym);
  if (json)
    print_json_line (trace_json (trace));
  GString *line = g_string_sized_new (256);
  gsize n = augur_trace_n_events (trace);
  for (gsize i = 0; i < n; i++)
    {
      const AugurRecord *r = augur_trace_event (trace, i);
      if (json)
        print_json_line (augur_event_to_json (r, i, objects, sym));
      else
        {
          g_string_truncate (line, 0);
          augur_event_append_text (line, r, objects, sym);
          g_string_append_c (line, '\n');
          fwrite (line->str, 1, line->len, stdout);
        }
      augur_objects_observe (objects, r);
    }
  g_string_free (line, TRUE);
  return augur_cmd_flush_stdout (CMD, AUGUR_EXIT_OK);
}
