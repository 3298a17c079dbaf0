/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz-finding-ref.c — what `augur replay RESULTS#N` reads before it runs
 * anything: the reference (the input's first line, common/finding-ref.c),
 * the results file (the rest) and the chosen finding's schedule, checked
 * against the scheduler's tables.
 */
#include "config.h"

#include <string.h>

#include "common/augur-sched-format.h"
#include "common/finding-ref.h"
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
  const char *text = (const char *) data;
  const char *nl = memchr (text, '\n', size);
  gsize ref_len = nl != NULL ? (gsize) (nl - text) : size;
  if (memchr (text, '\0', ref_len) != NULL)
    return 0;   /* an argv string holds no NUL */
  g_autofree char *ref = g_strndup (text, ref_len);
  g_autofree char *path = NULL;
  guint which = 0;
  g_autoptr (GError) error = NULL;
  if (!augur_finding_ref_parse (ref, &path, &which, &error))
    {
      g_assert (error != NULL && error->domain == G_OPTION_ERROR);
      return 0;
    }
  g_assert (which >= 1 && path != NULL);
  gsize rest = nl != NULL ? size - ref_len - 1 : 0;
  g_autoptr (AugurResults) r = augur_results_load_from_data (nl != NULL ? nl + 1 : "",
                                                             (gssize) rest, &error);
  if (r == NULL || which > augur_results_get_n_findings (r))
    return 0;
  AugurFinding *f = augur_results_get_finding (r, which - 1);
  guint n = 0;
  g_autofree guint *threads = augur_finding_ref_schedule (f, AUGUR_SCHED_MAX_THREADS,
                                                          AUGUR_SCHED_MAX_STEPS, &n, &error);
  if (threads == NULL)
    return 0;
  for (guint k = 0; k < n; k++)
    g_assert (threads[k] < AUGUR_SCHED_MAX_THREADS);
  return 0;
}
