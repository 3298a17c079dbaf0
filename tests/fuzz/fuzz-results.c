/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz-results.c — the results reader (common/results-json.c: results,
 * predictions, the explorer's and check's files) and what the commands do
 * with a results file: every finding's accessors, the command line, the
 * text form, and writing it again.  What was read, written and read back
 * must write the same bytes (the writer's output is a results file too).
 */
#include "config.h"

#include <string.h>

#include "common/results.h"
#include "tests/fuzz/fuzz.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  augur_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurResults) r = augur_results_load_from_data ((const char *) data, (gssize) size,
                                                             &error);
  if (r == NULL)
    {
      g_assert (error != NULL && error->domain == AUGUR_RESULTS_ERROR);
      return 0;
    }
  g_free (augur_results_dup_command_line (r));
  g_free (augur_results_to_string (r));
  g_array_unref (augur_results_dup_prediction_counts (r));
  for (guint i = 0; i < augur_results_get_n_findings (r); i++)
    {
      AugurFinding *f = augur_results_get_finding (r, i);
      g_free (augur_finding_dup_full_kind (f));
      g_free (augur_finding_to_string (f));
      for (guint k = 0; k < augur_finding_get_n_accesses (f); k++)
        {
          const AugurAccess *a = augur_finding_get_access (f, k);
          (void) augur_finding_find_step (f, a->thread, a->event);
        }
      guint n = 0;
      (void) augur_finding_get_bug_steps (f, &n);
      (void) augur_finding_get_threads (f, &n);
    }
  gsize len = 0;
  g_autofree char *out = augur_results_to_data (r, &len);
  g_autoptr (AugurResults) again = augur_results_load_from_data (out, (gssize) len, &error);
  if (again == NULL)
    g_error ("what augur wrote does not read back: %s", error->message);
  gsize len2 = 0;
  g_autofree char *out2 = augur_results_to_data (again, &len2);
  if (len != len2 || memcmp (out, out2, len) != 0)
    g_error ("writing what was read back changes the file");
  return 0;
}
