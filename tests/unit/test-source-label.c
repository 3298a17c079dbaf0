/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-source-label.c — the names of source files in messages
 * (common/source-label.h): the base name while it is the only file of
 * that name, else the fewest trailing directories that tell the files
 * apart, for absolute and relative paths alike; a relative name of one
 * registered file is that file.
 */
#include "config.h"

#include "common/source-label.h"

static void
check (const char *path, const char *want)
{
  g_autofree char *got = augur_source_label (path);
  g_assert_cmpstr (got, ==, want);
}

static void
test_unique_base_name (void)
{
  augur_source_label_reset ();
  check ("/src/prog/lib/util.c", "util.c");
  augur_source_label_register ("/src/prog/lib/util.c");
  augur_source_label_register ("/src/prog/main.c");
  augur_source_label_register ("/src/prog/main.c");
  check ("/src/prog/lib/util.c", "util.c");
  check ("/src/prog/main.c", "main.c");
  check (NULL, "?");
}

static void
test_same_base_name (void)
{
  augur_source_label_reset ();
  augur_source_label_register ("/src/prog/app/util.c");
  augur_source_label_register ("/src/prog/lib/util.c");
  augur_source_label_register ("/src/prog/main.c");
  check ("/src/prog/app/util.c", "app/util.c");
  check ("/src/prog/lib/util.c", "lib/util.c");
  check ("/src/prog/main.c", "main.c");
  /* a third one that differs only further up */
  augur_source_label_register ("/src/other/lib/util.c");
  check ("/src/prog/lib/util.c", "prog/lib/util.c");
  check ("/src/other/lib/util.c", "other/lib/util.c");
  check ("/src/prog/app/util.c", "app/util.c");
  /* a relative name of one of them (an assert()'s __FILE__) is that one */
  check ("./app/util.c", "app/util.c");
  check ("prog/lib/util.c", "prog/lib/util.c");
  check ("lib/util.c", "lib/util.c");
}

static void
test_relative_paths (void)
{
  augur_source_label_reset ();
  augur_source_label_register ("lib/pool.c");
  augur_source_label_register ("drivers/pool.c");
  check ("lib/pool.c", "lib/pool.c");
  check ("drivers/pool.c", "drivers/pool.c");
  /* a bare name cannot be told apart: it stays what it is */
  check ("pool.c", "pool.c");
  check ("./lib/pool.c", "lib/pool.c");
  augur_source_label_reset ();
  check ("lib/pool.c", "pool.c");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/source-label/unique", test_unique_base_name);
  g_test_add_func ("/source-label/same-base-name", test_same_base_name);
  g_test_add_func ("/source-label/relative", test_relative_paths);
  return g_test_run ();
}
