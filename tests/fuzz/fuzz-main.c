/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz-main.c — replays inputs through a fuzz target built without
 * libFuzzer (`make check`): every file named, and every file in every
 * directory named, once, in name order.  Prints one line per input and
 * exits 0 when all ran (a crash ends the process: the test fails).
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
run_one (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &data, &len, &error))
    g_error ("%s", error->message);
  printf ("%s (%" G_GSIZE_FORMAT " bytes)\n", path, len);
  fflush (stdout);
  LLVMFuzzerTestOneInput ((const uint8_t *) data, len);
}

int
main (int argc, char **argv)
{
  LLVMFuzzerInitialize (&argc, &argv);
  guint n = 0;
  for (int i = 1; i < argc; i++)
    {
      if (!g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        {
          run_one (argv[i]);
          n++;
          continue;
        }
      g_autoptr (GDir) dir = g_dir_open (argv[i], 0, NULL);
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;
      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        if (name[0] != '.')
          g_ptr_array_add (names, g_build_filename (argv[i], name, NULL));
      g_ptr_array_sort (names, cmp_str);
      for (guint k = 0; k < names->len; k++)
        run_one (g_ptr_array_index (names, k));
      n += names->len;
    }
  printf ("%u inputs replayed\n", n);
  return 0;
}
