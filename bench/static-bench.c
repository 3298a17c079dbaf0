/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-bench.c — `make bench-static`: what static analysis costs and what
 * it prunes on the corpus (tests/programs/<name>/prog.c).  For each program:
 * its lines, the wall-clock time of the Frama-C run, that time per 1,000
 * lines, the access sites the facts list and how many of them are in no
 * conflicting pair (the accesses the explorer need not schedule around).
 * The totals line gives the aggregate time per 1,000 lines; frama-c's fixed
 * start-up cost (an empty program) is printed apart because on programs of
 * 30-90 lines it is most of the time.
 *
 * Usage: static-bench CORPUS_DIR
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "static/static-driver.h"
#include "static/static-facts.h"

static guint
count_lines (const char *path)
{
  g_autofree char *text = NULL;
  gsize len;
  if (!g_file_get_contents (path, &text, &len, NULL))
    return 0;
  guint n = 0;
  for (gsize i = 0; i < len; i++)
    n += text[i] == '\n';
  return n;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static AugurStaticFacts *
run (const char *path)
{
  const char *sources[] = { path, NULL };
  AugurStaticRunOptions opts = { .sources = sources };
  g_autoptr(GError) error = NULL;
  AugurStaticFacts *facts = augur_static_run (&opts, &error);
  if (facts == NULL)
    g_printerr ("static-bench: %s: %s\n", path, error->message);
  return facts;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      g_printerr ("usage: static-bench CORPUS_DIR\n");
      return 2;
    }
  g_autoptr(GDir) d = g_dir_open (argv[1], 0, NULL);
  if (d == NULL)
    {
      g_printerr ("static-bench: cannot open %s\n", argv[1]);
      return 2;
    }
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *prog = g_build_filename (argv[1], name, "prog.c", NULL);
      if (g_file_test (prog, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_sort (names, compare_names);

  /* frama-c's start-up: an empty program */
  g_autofree char *tmp = g_dir_make_tmp ("augur-static-bench-XXXXXX", NULL);
  g_autofree char *empty = g_build_filename (tmp, "empty.c", NULL);
  g_file_set_contents (empty, "int main (void) { return 0; }\n", -1, NULL);
  g_autoptr(AugurStaticFacts) base = run (empty);
  g_unlink (empty);
  g_rmdir (tmp);
  double startup = base != NULL ? augur_static_facts_get_frama_c_seconds (base) : 0;

  printf ("bench-static: Frama-C 25 (Eva + augur plug-in) on the corpus, one run each\n");
  printf ("%-20s %6s %9s %8s %6s %7s %6s %s\n", "program", "lines", "frama-c", "s/kLOC",
          "sites", "pruned", "share", "facts");
  guint total_lines = 0, total_sites = 0, total_pruned = 0, failed = 0;
  double total_time = 0;
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *prog = g_build_filename (argv[1], names->pdata[i], "prog.c", NULL);
      guint lines = count_lines (prog);
      g_autoptr(AugurStaticFacts) facts = run (prog);
      if (facts == NULL)
        {
          failed++;
          continue;
        }
      double t = augur_static_facts_get_frama_c_seconds (facts);
      guint sites, pruned;
      augur_static_facts_count_sites (facts, &sites, &pruned);
      gboolean prunes = augur_static_facts_can_prune (facts);
      if (!prunes)
        pruned = 0;
      printf ("%-20s %6u %8.2fs %8.1f %6u %7u %5.0f%% %s\n", (char *) names->pdata[i], lines, t,
              t * 1000.0 / lines, sites, pruned, sites ? 100.0 * pruned / sites : 0.0,
              prunes ? "complete" : "incomplete: nothing pruned");
      total_lines += lines;
      total_time += t;
      total_sites += sites;
      total_pruned += pruned;
    }
  printf ("%-20s %6u %8.2fs %8.1f %6u %7u %5.0f%%\n", "total", total_lines, total_time,
          total_lines ? total_time * 1000.0 / total_lines : 0.0, total_sites, total_pruned,
          total_sites ? 100.0 * total_pruned / total_sites : 0.0);
  guint n = names->len - failed;
  printf ("frama-c start-up (empty program): %.2f s; without it, %.1f s per 1,000 lines "
          "(target: at most 10)\n", startup,
          total_lines ? (total_time - n * startup) * 1000.0 / total_lines : 0.0);
  printf ("sites: access sites to non-private memory the facts list; pruned: in no "
          "conflicting pair\n(candidate or lock-protected) and not unreached.  Explored "
          "executions with and without\npruning are not measured: the explorer does not "
          "exist yet.\n");
  return failed == 0 ? 0 : 1;
}
