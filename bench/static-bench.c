/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-bench.c — `make bench-static`: what static analysis costs and what
 * it prunes on the corpus (tests/programs/<name>/prog.c).  For each program:
 * its lines, the wall-clock time of the Frama-C run, that time per 1,000
 * lines, the access sites the facts list and how many of them are in no
 * conflicting pair (the accesses the explorer need not schedule around).
 * The totals line gives the aggregate time per 1,000 lines; frama-c's fixed
 * start-up cost (an empty program) is printed apart because on programs of
 * 30-90 lines it is most of the time, and a generated program of about
 * 1,000 lines (one thread, one mutex and a few helpers per subsystem) gives
 * the time per 1,000 lines where the start-up does not dominate.  Each time
 * is the best of two runs (other builds share the machine).
 *
 * Usage: static-bench CORPUS_DIR
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "static/static-driver.h"
#include "static/static-facts.h"
#include "common/sort-strings.h"

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

static AugurStaticFacts *
run_once (const char *path, GError **error)
{
  const char *sources[] = { path, NULL };
  AugurStaticRunOptions opts = { .sources = sources };
  return augur_static_run (&opts, error);
}

/* The facts of the faster of `runs` runs; NULL with @error when the
 * analysis fails (it fails the same way every time: not run again). */
static AugurStaticFacts *
run (const char *path, guint runs, GError **error)
{
  AugurStaticFacts *best = NULL;
  for (guint i = 0; i < runs; i++)
    {
      AugurStaticFacts *f = run_once (path, error);
      if (f == NULL)
        {
          g_clear_pointer (&best, augur_static_facts_unref);
          return NULL;
        }
      if (best == NULL || augur_static_facts_get_frama_c_seconds (f)
                          < augur_static_facts_get_frama_c_seconds (best))
        {
          g_clear_pointer (&best, augur_static_facts_unref);
          best = f;
        }
      else
        augur_static_facts_unref (f);
    }
  return best;
}

/* A program of n_sub subsystems: each a struct under its own mutex, a
 * worker routine updating it through helpers and a statistics counter it
 * updates without the lock (racy), and main creating and joining two
 * threads per subsystem. */
static char *
generate (guint n_sub, guint *n_lines)
{
  GString *s = g_string_new ("#include <pthread.h>\n#include <stdlib.h>\n\n");
  for (guint i = 0; i < n_sub; i++)
    g_string_append_printf (s,
      "struct sub%u\n{\n  pthread_mutex_t lock;\n  int items[8];\n  int count;\n"
      "  long total;\n};\n\n"
      "static struct sub%u s%u = { PTHREAD_MUTEX_INITIALIZER, { 0 }, 0, 0 };\n"
      "static int stats%u;\n\n"
      "static int\nsub%u_weight (int x)\n{\n  int w = 0;\n  for (int k = 0; k < 4; k++)\n"
      "    w += (x + k) %% 7;\n  return w;\n}\n\n"
      "static void\nsub%u_put (struct sub%u *s, int v)\n{\n"
      "  pthread_mutex_lock (&s->lock);\n  if (s->count < 8)\n    s->items[s->count++] = v;\n"
      "  s->total += sub%u_weight (v);\n  pthread_mutex_unlock (&s->lock);\n}\n\n"
      "static int\nsub%u_take (struct sub%u *s)\n{\n  int v = -1;\n"
      "  pthread_mutex_lock (&s->lock);\n  if (s->count > 0)\n    v = s->items[--s->count];\n"
      "  pthread_mutex_unlock (&s->lock);\n  return v;\n}\n\n"
      "static void *\nsub%u_worker (void *arg)\n{\n  int *scratch = malloc (4 * sizeof *scratch);\n"
      "  if (scratch == NULL)\n    return NULL;\n  for (int k = 0; k < 4; k++)\n    {\n"
      "      scratch[k] = k * %u;\n      sub%u_put (&s%u, scratch[k]);\n"
      "      stats%u++;\n    }\n  int v = sub%u_take (&s%u);\n  free (scratch);\n"
      "  return (void *) (long) v;\n}\n\n",
      i, i, i, i, i, i, i, i, i, i, i, i + 1, i, i, i, i, i);
  g_string_append (s, "int\nmain (void)\n{\n");
  g_string_append_printf (s, "  pthread_t t[%u];\n", 2 * n_sub);
  for (guint i = 0; i < 2 * n_sub; i++)
    g_string_append_printf (s, "  pthread_create (&t[%u], NULL, sub%u_worker, NULL);\n", i, i / 2);
  for (guint i = 0; i < 2 * n_sub; i++)
    g_string_append_printf (s, "  pthread_join (t[%u], NULL);\n", i);
  g_string_append (s, "  long sum = 0;\n");
  for (guint i = 0; i < n_sub; i++)
    g_string_append_printf (s, "  sum += s%u.total + stats%u;\n", i, i);
  g_string_append (s, "  return (int) (sum & 1);\n}\n");
  *n_lines = 0;
  for (gsize i = 0; i < s->len; i++)
    *n_lines += s->str[i] == '\n';
  return g_string_free (s, FALSE);
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
  augur_sort_strings (names);

  /* frama-c's start-up: an empty program; and a generated larger one */
  g_autofree char *tmp = g_dir_make_tmp ("augur-static-bench-XXXXXX", NULL);
  g_autofree char *empty = g_build_filename (tmp, "empty.c", NULL);
  g_autofree char *big = g_build_filename (tmp, "generated.c", NULL);
  g_file_set_contents (empty, "int main (void) { return 0; }\n", -1, NULL);
  guint big_lines;
  g_autofree char *big_text = generate (20, &big_lines);
  g_file_set_contents (big, big_text, -1, NULL);
  g_autoptr(GError) base_error = NULL;
  g_autoptr(GError) big_error = NULL;
  g_autoptr(AugurStaticFacts) base = run (empty, 3, &base_error);
  g_autoptr(AugurStaticFacts) big_facts = run (big, 2, &big_error);
  g_unlink (empty);
  g_unlink (big);
  g_rmdir (tmp);
  double startup = base != NULL ? augur_static_facts_get_frama_c_seconds (base) : 0;

  printf ("bench-static: Frama-C 25 (Eva + augur plug-in) on the corpus, one run each\n");
  printf ("%-18s %5s %8s %7s %5s %12s %12s  %s\n", "program", "lines", "frama-c", "s/kLOC",
          "sites", "no-candidate", "no-conflict", "facts");
  guint total_lines = 0, total_sites = 0, total_nocand = 0, total_noconf = 0, unanalysed = 0;
  guint failed = 0;
  double total_time = 0;
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *prog = g_build_filename (argv[1], names->pdata[i], "prog.c", NULL);
      guint lines = count_lines (prog);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurStaticFacts) facts = run (prog, 2, &error);
      if (facts == NULL)
        {
          /* a result, not a failure of the benchmark (recursion Eva
           * cannot bound, say): augur runs such a program unpruned */
          printf ("%-18s %5u  analysis failed, nothing pruned: %s\n", (char *) names->pdata[i],
                  lines, error->message);
          unanalysed++;
          continue;
        }
      double t = augur_static_facts_get_frama_c_seconds (facts);
      guint sites, nocand, noconf;
      augur_static_facts_count_sites (facts, &sites, &noconf, &nocand);
      gboolean prunes = augur_static_facts_can_prune (facts);
      printf ("%-18s %5u %7.2fs %7.1f %5u %5u (%3.0f%%) %5u (%3.0f%%)  %s\n",
              (char *) names->pdata[i], lines, t, t * 1000.0 / lines, sites,
              nocand, sites ? 100.0 * nocand / sites : 0.0,
              noconf, sites ? 100.0 * noconf / sites : 0.0,
              prunes ? "complete" : "incomplete: nothing pruned");
      total_lines += lines;
      total_time += t;
      total_sites += sites;
      total_nocand += nocand;
      total_noconf += noconf;
    }
  printf ("%-18s %5u %7.2fs %7.1f %5u %5u (%3.0f%%) %5u (%3.0f%%)\n", "total", total_lines,
          total_time, total_lines ? total_time * 1000.0 / total_lines : 0.0, total_sites,
          total_nocand, total_sites ? 100.0 * total_nocand / total_sites : 0.0,
          total_noconf, total_sites ? 100.0 * total_noconf / total_sites : 0.0);
  guint n = names->len - unanalysed;
  if (base == NULL)
    {
      g_printerr ("static-bench: an empty program: %s\n", base_error->message);
      failed++;
    }
  printf ("frama-c start-up (empty program): %.2f s, %.0f%% of the corpus time\n", startup,
          total_time > 0 ? 100.0 * n * startup / total_time : 0.0);
  if (big_facts != NULL)
    {
      guint sites, nocand, noconf;
      augur_static_facts_count_sites (big_facts, &sites, &noconf, &nocand);
      double t = augur_static_facts_get_frama_c_seconds (big_facts);
      printf ("generated program (20 subsystems, 40 threads): %u lines, %.2f s, %.1f s per "
              "1,000 lines (target: at most 10);\n  %u sites, %u (%.0f%%) in no candidate pair, "
              "%u candidate pairs, %u lock-protected\n",
              big_lines, t, t * 1000.0 / big_lines, sites, nocand,
              sites ? 100.0 * nocand / sites : 0.0,
              augur_static_facts_get_candidate_pairs (big_facts)->len,
              augur_static_facts_get_protected_pairs (big_facts)->len);
    }
  else
    {
      g_printerr ("static-bench: the generated program: %s\n", big_error->message);
      failed++;
    }
  printf ("sites: access sites to non-private memory the facts list (accesses to locals\n"
          "whose address is never taken and to __thread variables are not even listed).\n"
          "no-candidate: sites in no candidate pair, no scheduling point for the explorer;\n"
          "no-conflict: also in no lock-protected pair.  Incomplete facts prune nothing.\n"
          "Explored executions with and without pruning: make bench-prune.\n");
  return failed == 0 ? 0 : 1;
}
