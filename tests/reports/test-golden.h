/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-golden.h — shared by the tests of tests/reports/: paths of the test
 * data and exact comparison with golden files.
 *
 * With AUGUR_UPDATE_GOLDEN=1 in the environment a mismatching golden file is
 * rewritten instead (then review the diff before committing it).
 */
#ifndef AUGUR_TEST_GOLDEN_H
#define AUGUR_TEST_GOLDEN_H

#include <glib.h>
#include <string.h>

static inline char *
test_data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "tests", "reports", "data", name, NULL);
}

static inline char *
test_golden_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "tests", "reports", "golden", name, NULL);
}

static inline void
test_compare_golden (const char *name, const char *actual)
{
  g_autofree char *path = test_golden_path (name);
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (g_getenv ("AUGUR_UPDATE_GOLDEN"), "1") == 0)
    {
      g_autofree char *old = NULL;
      if (!g_file_get_contents (path, &old, NULL, NULL) || strcmp (old, actual) != 0)
        {
          g_file_set_contents (path, actual, -1, &error);
          g_assert_no_error (error);
          g_test_message ("updated %s", path);
        }
      return;
    }
  g_file_get_contents (path, &expected, NULL, &error);
  g_assert_no_error (error);
  if (strcmp (expected, actual) != 0)
    g_test_message ("%s differs; actual output:\n%s", path, actual);
  g_assert_cmpstr (actual, ==, expected);
}

#endif /* AUGUR_TEST_GOLDEN_H */
