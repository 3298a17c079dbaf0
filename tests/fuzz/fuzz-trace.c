/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz-trace.c — the trace reader (common/trace.c) and what `augur trace
 * show` does with a trace it opened: the summary, the module paths, and
 * every event named (common/objects.c) and printed as text and JSON
 * (common/event-text.c).  No symbolizer: the module paths a fuzzed trace
 * names are not files to open.
 *
 * The reader takes a path: the input goes into a memfd, a regular file
 * that lives in memory, opened by its /proc/self/fd name.
 */
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <sys/mman.h>
#include <unistd.h>

#include "common/event-text.h"
#include "common/objects.h"
#include "common/trace.h"
#include "tests/fuzz/fuzz.h"

static int memfd = -1;
static char memfd_path[64];

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  augur_fuzz_init ();
  memfd = memfd_create ("augur-fuzz-trace", MFD_CLOEXEC);
  g_assert (memfd >= 0);
  g_snprintf (memfd_path, sizeof memfd_path, "/proc/self/fd/%d", memfd);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_assert (ftruncate (memfd, 0) == 0);
  g_assert (size == 0 || pwrite (memfd, data, size, 0) == (ssize_t) size);
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurTrace) trace = augur_trace_open (memfd_path, &error);
  if (trace == NULL)
    {
      g_assert (error != NULL && error->domain == AUGUR_TRACE_ERROR);
      return 0;
    }
  g_free (augur_trace_summary (trace));
  for (guint m = 0; m < MAX (1u, augur_trace_n_modules (trace)); m++)
    (void) augur_trace_module_path (trace, m);
  /* what a consumer sizes per-thread tables by must be affordable */
  g_free (g_new0 (guint64, augur_trace_n_threads (trace) + 1));
  g_autoptr (AugurObjects) objects = augur_objects_new (NULL);
  GString *line = g_string_new (NULL);
  for (gsize i = 0; i < augur_trace_n_events (trace); i++)
    {
      const AugurRecord *r = augur_trace_event (trace, i);
      g_assert (r->tid < augur_trace_n_threads (trace));
      g_string_truncate (line, 0);
      augur_event_append_text (line, r, objects, NULL);
      json_node_unref (augur_event_to_json (r, i, objects, NULL));
      augur_objects_observe (objects, r);
    }
  g_string_free (line, TRUE);
  return 0;
}
