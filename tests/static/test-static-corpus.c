/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-static-corpus.c — soundness of the static facts on the corpus
 * (tests/programs/): for every program, the lines of each expected data
 * race must be candidate sites (a two-line race: that very pair), and the
 * lines of each expected atomicity violation must be conflicting sites.
 * Pruning that loses one of them would make the explorer or the predictor
 * miss a known bug.  Queries go through the same API they use.
 * Skipped when frama-c or the plug-in is missing.
 *
 * make check takes every second program of those that expect a race or
 * an atomicity violation (27 of 54, of 144; a Frama-C run of about a
 * second each); make check-slow takes the 54 (STATIC_CORPUS_RACES=1);
 * with STATIC_CORPUS_ALL=1, every program, where what is checked of the
 * others is that Frama-C analyses them without falling back (3 minutes;
 * make check-concurrency runs the static stage on each of them too).
 */
#include "config.h"

#include <string.h>

#include "static/static-driver.h"
#include "static/static-error.h"
#include "static/static-facts.h"

static char *
corpus_dir (void)
{
  return g_build_filename (g_getenv ("top_srcdir") ? g_getenv ("top_srcdir")
                           : g_test_get_dir (G_TEST_DIST), "tests", "programs", NULL);
}

static gboolean
have_frama_c (void)
{
  const char *fc = g_getenv ("AUGUR_FRAMA_C");
  g_autofree char *path = g_find_program_in_path (fc != NULL ? fc : "frama-c");
  const char *plugin = g_getenv ("AUGUR_STATIC_PLUGIN");
  return path != NULL && plugin != NULL && g_file_test (plugin, G_FILE_TEST_IS_REGULAR);
}

/* "prog.c:22" -> line 22 */
static guint
line_of (const char *site)
{
  const char *colon = strrchr (site, ':');
  g_assert_nonnull (colon);
  return (guint) g_ascii_strtoull (colon + 1, NULL, 10);
}

static void
test_program (gconstpointer data)
{
  const char *dir = data;
  if (!have_frama_c ())
    {
      g_test_skip ("frama-c or augur's plug-in is missing");
      return;
    }
  g_autofree char *prog = g_build_filename (dir, "prog.c", NULL);
  g_autofree char *expected_path = g_build_filename (dir, "expected", NULL);
  g_autofree char *expected = NULL;
  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));

  const char *sources[] = { prog, NULL };
  AugurStaticRunOptions opts = { .sources = sources };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurStaticFacts) facts = augur_static_run (&opts, &error);
  if (g_error_matches (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_UNSUPPORTED))
    {
      /* unbounded recursion (cp_avltree): the documented sound fallback,
       * and the message must say which function and what to write */
      g_assert_nonnull (strstr (error->message, "() "));
      g_assert_nonnull (strstr (error->message, "assigns"));
      g_test_message ("%s: no pruning: %s", dir, error->message);
      facts = augur_static_facts_new_fallback (error->message);
      g_clear_error (&error);
    }
  else
    {
      g_assert_no_error (error);
      g_assert_false (augur_static_facts_get_sound_fallback (facts));
    }

  g_auto(GStrv) lines = g_strsplit (expected, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);
      if (f[0] == NULL || f[0][0] == '#')
        continue;
      gboolean race = strcmp (f[0], "data-race") == 0;
      gboolean atomicity = strcmp (f[0], "atomicity-violation") == 0;
      if (!race && !atomicity)
        continue;
      guint n = 0;
      for (guint j = 1; f[j] != NULL; j++, n++)
        {
          guint line = line_of (f[j]);
          gboolean ok = race ? augur_static_facts_is_site_candidate (facts, "prog.c", line)
                             : augur_static_facts_is_site_conflicting (facts, "prog.c", line);
          if (!ok)
            g_error ("%s: %s line %u is pruned by the static facts", dir, f[0], line);
        }
      if (race && n <= 2)
        {
          guint a = line_of (f[1]), b = line_of (f[n]);
          if (!augur_static_facts_is_pair_candidate (facts, "prog.c", a, "prog.c", b))
            g_error ("%s: data race %u/%u is not a candidate pair", dir, a, b);
        }
    }
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_autofree char *corpus = corpus_dir ();
  g_autoptr(GDir) d = g_dir_open (corpus, 0, NULL);
  g_assert_nonnull (d);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  gboolean all = g_strcmp0 (g_getenv ("STATIC_CORPUS_ALL"), "1") == 0;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *prog = g_build_filename (corpus, name, "prog.c", NULL);
      g_autofree char *exp = g_build_filename (corpus, name, "expected", NULL);
      g_autofree char *text = NULL;
      if (!g_file_test (prog, G_FILE_TEST_IS_REGULAR))
        continue;
      if (!all && (!g_file_get_contents (exp, &text, NULL, NULL)
                   || (!g_str_has_prefix (text, "data-race") && strstr (text, "\ndata-race") == NULL
                       && !g_str_has_prefix (text, "atomicity-violation")
                       && strstr (text, "\natomicity-violation") == NULL)))
        continue;
      g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_sort (names, compare_names);
  gboolean races = all || g_strcmp0 (g_getenv ("STATIC_CORPUS_RACES"), "1") == 0;
  for (guint i = 0; i < names->len; i++)
    {
      if (!races && i % 2 == 1)
        continue;
      char *path = g_build_filename (corpus, names->pdata[i], NULL);
      g_autofree char *test = g_strdup_printf ("/static-corpus/%s", (char *) names->pdata[i]);
      g_test_add_data_func_full (test, path, test_program, g_free);
    }
  return g_test_run ();
}
