/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * frames-run.c — a recorded run for the names of stack variables (see
 * frames-run.h).
 */
#include "config.h"

#include "common/frames-run.h"

#include <glib/gstdio.h>
#include <string.h>

#include "common/record-run.h"

/* a stack slot's stable name ("T1.stack-0x2c"), or a heap block's
 * ("T0.alloc2+4") when the finding's blocks are not its own execution's
 * (those are named from its block sites: common/results.h) */
static gboolean
is_run_name (const char *object, gboolean heap)
{
  return object != NULL
         && (strstr (object, ".stack-0x") != NULL || (heap && strstr (object, ".alloc") != NULL));
}

static gboolean
finding_needs (AugurFinding *f)
{
  gboolean heap = !augur_finding_has_own_blocks (f);
  if (is_run_name (augur_finding_get_object_id (f), heap)
      || is_run_name (augur_finding_get_explanation (f), heap))
    return TRUE;
  for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
    if (finding_needs (augur_finding_get_part (f, i)))
      return TRUE;
  return FALSE;
}

gboolean
augur_frames_run_needed (AugurResults *results)
{
  for (guint k = 0; k < augur_results_get_n_findings (results); k++)
    if (finding_needs (augur_results_get_finding (results, k)))
      return TRUE;
  return FALSE;
}

AugurTrace *
augur_frames_run (const char *const *argv, const char *stdin_path, guint timeout)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-frames-XXXXXX", &error);
  if (dir == NULL)
    {
      g_debug ("no run for the stack frames: %s", error->message);
      return NULL;
    }
  g_autofree char *trace_path = g_build_filename (dir, "run.trace", NULL);
  g_autofree char *stage_path = g_strconcat (trace_path, ".stage", NULL);
  g_autofree char *empty = g_build_filename (dir, "stdin", NULL);
  AugurTrace *trace = NULL;
  AugurRecordOutcome outcome;
  /* the frames are taken early on: a run that records without end stops
   * well before its trace costs seconds to read */
  const AugurRecordCaps caps = { .bytes = 64u << 20, .events = 4u << 20 };
  if (stdin_path == NULL && !g_file_set_contents (empty, "", 0, &error))
    g_debug ("no run for the stack frames: %s", error->message);
  else if (!augur_record_run ((char **) argv, trace_path, timeout, &caps,
                              stdin_path != NULL ? stdin_path : empty, "/dev/null", &outcome,
                              &error))
    g_debug ("no run for the stack frames: %s", error->message);
  else if ((trace = augur_trace_open (trace_path, &error)) == NULL)
    g_debug ("no run for the stack frames: %s", error->message);
  /* the trace is read into memory or mapped: its files can go */
  g_unlink (trace_path);
  g_unlink (stage_path);
  g_unlink (empty);
  g_rmdir (dir);
  return trace;
}
