/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * difftest.c — the differential tester (issue 14): random small pthreads
 * programs (dt-gen.h), each run through the naive explorer and the
 * explorer's exhaustive modes (dt-run.h), every disagreement shrunk to a
 * minimal program.
 *
 *   difftest --seeds 1-300 --known FILE --tap   the fixed set of make check
 *   difftest --fuzz 600                         random seeds for 600 s (make fuzz-dpor)
 *   difftest --seed 17 [-v]                     one generated program
 *   difftest --program 'c1 | x0=1' [-v]         one program given as text
 *   difftest --print --seeds 1-10               the generated programs only
 *
 * Exit status: 0 all agree (known disagreements still disagreeing), 1 a
 * disagreement (or, with --known, a known one that no longer shows), 2
 * usage, 5 the tester itself failed.
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/augur-exit.h"
#include "tests/difftest/dt-gen.h"
#include "tests/difftest/dt-outcome.h"
#include "tests/difftest/dt-run.h"

#define SHRINK_MAX_RUNS 400     /* programs run while shrinking one */
#define SHRINK_PER_GROUP 8      /* fuzz: disagreements shrunk per group (profile full) */

static char *opt_vm;
static char *opt_seeds;
static gint64 opt_seed = -1;
static char *opt_program;
static gint opt_fuzz;
static gint64 opt_start = -1;
static gint64 opt_programs;
static char *opt_known;
static gboolean opt_tap;
static gboolean opt_print;
static gboolean opt_verbose;
static gboolean opt_no_shrink;
static gint64 opt_max_schedules = 2000;
static char *opt_profile;

static const GOptionEntry entries[] = {
  { "vm", 0, 0, G_OPTION_ARG_FILENAME, &opt_vm, "The interpreter (default: tests/difftest/vm next to this program)", "PATH" },
  { "seeds", 0, 0, G_OPTION_ARG_STRING, &opt_seeds, "Run the programs of seeds A to B", "A-B" },
  { "seed", 0, 0, G_OPTION_ARG_INT64, &opt_seed, "Run the program of one seed", "N" },
  { "program", 0, 0, G_OPTION_ARG_STRING, &opt_program, "Run one program given as text (tests/difftest/dt-program.h)", "TEXT" },
  { "fuzz", 0, 0, G_OPTION_ARG_INT, &opt_fuzz, "Run random seeds for S seconds", "S" },
  { "start", 0, 0, G_OPTION_ARG_INT64, &opt_start, "fuzz: first seed (default: from the clock)", "N" },
  { "programs", 0, 0, G_OPTION_ARG_INT64, &opt_programs, "fuzz: stop after N programs too (with --start: a campaign that reruns exactly)", "N" },
  { "known", 0, 0, G_OPTION_ARG_FILENAME, &opt_known, "Seeds expected to disagree (one per line, # comments)", "FILE" },
  { "tap", 0, 0, G_OPTION_ARG_NONE, &opt_tap, "TAP output (one test per seed)", NULL },
  { "print", 0, 0, G_OPTION_ARG_NONE, &opt_print, "Print the generated programs, run nothing", NULL },
  { "verbose", 'v', 0, G_OPTION_ARG_NONE, &opt_verbose, "Say what every explorer did", NULL },
  { "no-shrink", 0, 0, G_OPTION_ARG_NONE, &opt_no_shrink, "Do not shrink disagreements", NULL },
  { "profile", 0, 0, G_OPTION_ARG_STRING, &opt_profile, "Generate programs of this profile: full or joined (default: odd seeds full, even seeds joined; see dt-gen.h)", "P" },
  { "max-schedules", 0, 0, G_OPTION_ARG_INT64, &opt_max_schedules, "Skip programs with more schedules (default 2000)", "N" },
  { NULL }
};

typedef struct {
  DtRunOptions run;
  /* totals */
  guint64 generated, explored, skipped, disagreements, runs, schedules;
  guint64 passes_skipped;    /* explored programs whose spurious pass was over the limit */
  guint64 known_still, known_fixed;
  /* fuzz: class set -> Group */
  GHashTable *groups;
} Tester;

/* fuzz: the disagreements of one profile and shrink target class */
typedef struct {
  guint64 count;
  guint64 shrunk;
  GArray *seeds;           /* guint32, the first few */
  GHashTable *minimal;     /* minimal program -> its details (owned strings) */
  GHashTable *minimal_n;   /* minimal program (borrowed key) -> how many shrank to it */
} Group;

static void
group_free (gpointer p)
{
  Group *g = p;
  g_array_unref (g->seeds);
  g_hash_table_unref (g->minimal_n);
  g_hash_table_unref (g->minimal);
  g_free (g);
}

/* The class a shrink must keep: the most telling one of @v's. */
static const char *
target_class (const DtVerdict *v)
{
  static const char *const order[] = { "outcomes:", "dependence", "spurious-flag", "diverged:",
                                       "misuse:", "incomplete:", "error:", "traces:", "count:" };
  for (guint o = 0; o < G_N_ELEMENTS (order); o++)
    for (guint k = 0; k < v->classes->len; k++)
      if (g_str_has_prefix (g_ptr_array_index (v->classes, k), order[o]))
        return g_ptr_array_index (v->classes, k);
  return v->classes->len > 0 ? g_ptr_array_index (v->classes, 0) : NULL;
}

/* Runs @p; TRUE if it disagrees with class @klass (and stays in @profile). */
static gboolean
still_fails (Tester *t, const DtProgram *p, DtProfile profile, const char *klass, guint *runs)
{
  if (!dt_gen_fits_profile (p, profile))
    return FALSE;
  g_autofree char *text = dt_program_to_string (p);
  DtVerdict v;
  dt_verdict_init (&v);
  g_autoptr (GError) error = NULL;
  (*runs)++;
  gboolean r = dt_run_program (text, &t->run, &v, &error)
               && v.kind == DT_VERDICT_DISAGREE && dt_verdict_has (&v, klass);
  t->runs += v.runs;
  dt_verdict_clear (&v);
  return r;
}

/* Delta debugging by single edits to a fixed point: drop a worker, drop
 * an operation, simplify a constant; each edit kept if the class stays. */
static void
shrink (Tester *t, DtProgram *p, DtProfile profile, const char *klass)
{
  guint runs = 0;
  gboolean changed = TRUE;
  while (changed && runs < SHRINK_MAX_RUNS)
    {
      changed = FALSE;
      DtProgram q;
      for (guint w = p->n_threads; w-- > 1 && runs < SHRINK_MAX_RUNS;)
        if (dt_program_drop_thread (p, w, &q) && still_fails (t, &q, profile, klass, &runs))
          {
            *p = q;
            changed = TRUE;
          }
      for (guint th = 0; th < p->n_threads; th++)
        for (guint k = p->n_ops[th]; k-- > 0 && runs < SHRINK_MAX_RUNS;)
          if (dt_program_drop_op (p, th, k, &q) && still_fails (t, &q, profile, klass, &runs))
            {
              *p = q;
              changed = TRUE;
            }
      for (guint th = 0; th < p->n_threads; th++)
        for (guint k = 0; k < p->n_ops[th] && runs < SHRINK_MAX_RUNS; k++)
          for (guint to = 0; to < 2; to++)
            if (dt_program_simplify_op (p, th, k, to, &q) && still_fails (t, &q, profile, klass, &runs))
              {
                *p = q;
                changed = TRUE;
                break;
              }
    }
}

static void
print_lines (GString *out, const char *prefix, const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint k = 0; lines[k] != NULL; k++)
    if (lines[k][0] != '\0')
      g_string_append_printf (out, "%s%s\n", prefix, lines[k]);
}

static void
describe_verdict (GString *out, const char *prefix, const DtVerdict *v)
{
  for (guint p = 0; p < DT_PASSES; p++)
    {
      const DtPass *ps = &v->pass[p];
      if (ps->over_limit)
        g_string_append_printf (out, "%s%s: skipped, the model has over %" G_GUINT64_FORMAT
                                " schedules\n", prefix, dt_pass_names[p], ps->model_schedules - 1);
      if (!ps->ran)
        continue;
      g_string_append_printf (out, "%s%s: %" G_GUINT64_FORMAT " schedules (model %" G_GUINT64_FORMAT
                              "), %" G_GUINT64_FORMAT " traces (%" G_GUINT64_FORMAT
                              " infeasible runs); optimal %" G_GUINT64_FORMAT " (+%" G_GUINT64_FORMAT
                              " blocked), dpor %" G_GUINT64_FORMAT " (+%" G_GUINT64_FORMAT
                              " blocked), preempt %" G_GUINT64_FORMAT "\n", prefix, dt_pass_names[p],
                              ps->schedules, ps->model_schedules, ps->traces, ps->infeasible,
                              ps->executions[0], ps->blocked[0], ps->executions[1], ps->blocked[1],
                              ps->executions[2]);
    }
}

/* Runs one program; on a disagreement, appends the report (program,
 * what differs) to @report.  Returns the verdict kind, or -1 if the
 * program could not be run. */
static gint
run_one (Tester *t, const char *label, const DtProgram *p, GString *report, DtVerdict *v)
{
  g_autofree char *text = dt_program_to_string (p);
  g_autoptr (GError) error = NULL;
  dt_verdict_init (v);
  t->generated++;
  /* the interpreter reads the text: it must say exactly the program */
  DtProgram back;
  if (!dt_program_from_string (text, &back, &error) || dt_program_compare (p, &back) != 0)
    g_error ("%s: '%s' does not read back as the program it prints", label, text);
  if (!dt_run_program (text, &t->run, v, &error))
    {
      g_string_append_printf (report, "%s: cannot run '%s': %s\n", label, text, error->message);
      return -1;
    }
  t->runs += v->runs;
  if (v->kind == DT_VERDICT_SKIPPED)
    {
      t->skipped++;
      return v->kind;
    }
  t->explored++;
  for (guint k = 0; k < DT_PASSES; k++)
    {
      t->schedules += v->pass[k].schedules;
      t->passes_skipped += v->pass[k].over_limit;
    }
  if (opt_verbose)
    {
      g_string_append_printf (report, "%s: '%s'\n", label, text);
      describe_verdict (report, "  ", v);
      for (guint k = 0; k < DT_PASSES; k++)
        if (v->pass[k].ran)
          {
            g_autofree char *pre = g_strdup_printf ("  outcome (%s): ", dt_pass_names[k]);
            print_lines (report, pre, v->pass[k].outcomes->str);
          }
    }
  if (v->kind != DT_VERDICT_DISAGREE)
    return v->kind;
  g_autofree char *classes = dt_verdict_classes (v);
  g_string_append_printf (report, "%s disagrees: %s\n  program: '%s'\n", label, classes, text);
  if (!opt_verbose)
    describe_verdict (report, "  ", v);
  print_lines (report, "  ", v->details->str);
  return v->kind;
}

/* Shrinks @p, which disagrees as @v says, and appends the minimal program
 * and how to rerun it to @report; the minimal program and its details in
 * @minimal_out and @details_out (may be NULL). */
static void
shrink_report (Tester *t, const DtProgram *p, DtProfile profile, const DtVerdict *v,
               GString *report, char **minimal_out, char **details_out)
{
  const char *klass = target_class (v);
  DtProgram m = *p;
  shrink (t, &m, profile, klass);
  g_autofree char *mtext = dt_program_to_string (&m);
  DtVerdict mv;
  dt_verdict_init (&mv);
  g_autoptr (GError) merr = NULL;
  if (!dt_run_program (mtext, &t->run, &mv, &merr))
    {
      g_string_append_printf (report, "  minimal: '%s' cannot be run: %s\n", mtext, merr->message);
      dt_verdict_clear (&mv);
      return;
    }
  t->runs += mv.runs;
  g_autofree char *mclasses = dt_verdict_classes (&mv);
  g_string_append_printf (report, "  minimal (keeping %s): '%s'\n    classes: %s\n", klass,
                          mtext, mclasses);
  describe_verdict (report, "    ", &mv);
  print_lines (report, "    ", mv.details->str);
  g_string_append_printf (report, "    rerun: tests/difftest/difftest -v --program '%s'\n", mtext);
  if (minimal_out != NULL)
    *minimal_out = g_strdup (mtext);
  if (details_out != NULL)
    *details_out = g_strdup (mv.details->str);
  dt_verdict_clear (&mv);
}

static gboolean profile_fixed;
static DtProfile profile_given;

static DtProfile
profile_of (guint32 seed)
{
  return profile_fixed ? profile_given : dt_gen_profile_of_seed (seed);
}

/* --known: seed -> comment. */
static GHashTable *
load_known (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  GHashTable *known = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint k = 0; lines[k] != NULL; k++)
    {
      char *line = g_strstrip (lines[k]);
      if (line[0] == '\0' || line[0] == '#')
        continue;
      char *end;
      guint64 seed = g_ascii_strtoull (line, &end, 10);
      if (end == line || seed > G_MAXUINT32)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "%s:%u: a line must start with a seed", path, k + 1);
          g_hash_table_unref (known);
          return NULL;
        }
      char *hash = strchr (end, '#');
      g_hash_table_insert (known, GUINT_TO_POINTER ((guint) seed),
                           g_strdup (hash != NULL ? g_strstrip (hash + 1) : ""));
    }
  return known;
}

static gboolean
parse_range (const char *s, guint32 *a, guint32 *b)
{
  char *end;
  guint64 x = g_ascii_strtoull (s, &end, 10);
  if (end == s || *end != '-')
    return FALSE;
  const char *s2 = end + 1;
  guint64 y = g_ascii_strtoull (s2, &end, 10);
  if (end == s2 || *end != '\0' || x > y || y > G_MAXUINT32)
    return FALSE;
  *a = (guint32) x;
  *b = (guint32) y;
  return TRUE;
}

/* --seeds A-B (--tap, --known): the fixed set. */
static int
run_seeds (Tester *t, guint32 a, guint32 b, GHashTable *known)
{
  gint64 t0 = g_get_monotonic_time ();
  guint tap_n = 0, failed = 0;
  for (guint64 s = a; s <= b; s++)
    {
      DtProgram p;
      DtProfile profile = profile_of ((guint32) s);
      dt_gen_program ((guint32) s, profile, &p);
      g_autofree char *label = g_strdup_printf ("seed %" G_GUINT64_FORMAT " (%s)", s,
                                                dt_gen_profile_name (profile));
      const char *comment = known != NULL ? g_hash_table_lookup (known, GUINT_TO_POINTER ((guint) s)) : NULL;
      g_autoptr (GString) report = g_string_new (NULL);
      DtVerdict v;
      /* a known disagreement is not shrunk again: its list entry says what it is */
      gint kind = run_one (t, label, &p, report, &v);
      if (kind == DT_VERDICT_DISAGREE && comment == NULL && !opt_no_shrink)
        shrink_report (t, &p, profile, &v, report, NULL, NULL);
      g_autofree char *classes = dt_verdict_classes (&v);
      gboolean ok;
      g_autofree char *what = NULL;
      if (kind < 0)
        {
          ok = FALSE;
          what = g_strdup ("could not be run");
        }
      else if (comment != NULL)
        {
          ok = kind == DT_VERDICT_DISAGREE;
          if (ok)
            {
              t->known_still++;
              what = g_strdup_printf ("known disagreement still shows (%s; %s)", classes, comment);
            }
          else
            {
              t->known_fixed++;
              what = g_strdup_printf ("listed in known-disagreements (%s) but %s now: remove it "
                                      "from the list", comment,
                                      kind == DT_VERDICT_SKIPPED ? "is skipped" : "agrees");
            }
        }
      else if (kind == DT_VERDICT_DISAGREE)
        {
          ok = FALSE;
          t->disagreements++;
          what = g_strdup_printf ("disagrees: %s", classes);
        }
      else
        {
          ok = TRUE;
          what = kind == DT_VERDICT_SKIPPED
                   ? g_strdup_printf ("# SKIP over %" G_GINT64_FORMAT " schedules", opt_max_schedules)
                   : g_strdup ("agrees");
        }
      if (comment != NULL && kind == DT_VERDICT_DISAGREE)
        t->disagreements++;
      if (!ok)
        failed++;
      if (opt_tap)
        {
          printf ("%sok %u - %s %s\n", ok ? "" : "not ", ++tap_n, label, what);
          if (!ok || opt_verbose)
            {
              g_autoptr (GString) diag = g_string_new (NULL);
              print_lines (diag, "# ", report->str);
              fputs (diag->str, stdout);
            }
        }
      else
        {
          if (!ok || opt_verbose)
            fputs (report->str, stdout);
          if (!ok && comment != NULL)
            printf ("%s: %s\n", label, what);
        }
      fflush (stdout);
      dt_verdict_clear (&v);
    }
  double secs = (g_get_monotonic_time () - t0) / 1e6;
  printf ("%s%" G_GUINT64_FORMAT " programs, %" G_GUINT64_FORMAT " explored (%" G_GUINT64_FORMAT
          " of them without their spurious pass), %" G_GUINT64_FORMAT
          " skipped, %" G_GUINT64_FORMAT " disagreements (%" G_GUINT64_FORMAT
          " known, still showing; %" G_GUINT64_FORMAT " known no longer showing), %"
          G_GUINT64_FORMAT " schedules, %" G_GUINT64_FORMAT " executions, %.1f s\n",
          opt_tap ? "# " : "", t->generated, t->explored, t->passes_skipped, t->skipped,
          t->disagreements, t->known_still, t->known_fixed, t->schedules, t->runs, secs);
  if (opt_tap)
    printf ("1..%u\n", tap_n);
  return failed > 0 ? 1 : 0;
}

/* --fuzz S: random seeds for S seconds (or --programs of them), disagreements
 * grouped by class set. */
static int
run_fuzz (Tester *t, guint seconds)
{
  guint32 seed = opt_start >= 0 ? (guint32) opt_start
                                : (guint32) (g_get_real_time () / G_USEC_PER_SEC);
  printf ("difftest: fuzzing for %u s from seed %u (limit %" G_GINT64_FORMAT " schedules)\n",
          seconds, seed, opt_max_schedules);
  if (opt_programs > 0)
    printf ("difftest: at most %" G_GINT64_FORMAT " programs\n", opt_programs);
  fflush (stdout);
  gint64 t0 = g_get_monotonic_time (), end = t0 + (gint64) seconds * G_USEC_PER_SEC;
  gint64 last = t0;
  t->groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, group_free);
  while (g_get_monotonic_time () < end && (opt_programs <= 0 || t->generated < (guint64) opt_programs))
    {
      DtProgram p;
      DtProfile profile = profile_of (seed);
      dt_gen_program (seed, profile, &p);
      g_autofree char *label = g_strdup_printf ("seed %u (%s)", seed, dt_gen_profile_name (profile));
      g_autoptr (GString) report = g_string_new (NULL);
      DtVerdict v;
      gint kind = run_one (t, label, &p, report, &v);
      if (kind == DT_VERDICT_DISAGREE)
        {
          t->disagreements++;
          char *key = g_strdup_printf ("%s %s", dt_gen_profile_name (profile), target_class (&v));
          Group *g = g_hash_table_lookup (t->groups, key);
          if (g == NULL)
            {
              g = g_new0 (Group, 1);
              g->seeds = g_array_new (FALSE, FALSE, sizeof (guint32));
              g->minimal = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
              g->minimal_n = g_hash_table_new (g_str_hash, g_str_equal);
              g_hash_table_insert (t->groups, key, g);
            }
          else
            g_free (key);
          g->count++;
          if (g->seeds->len < 10)
            g_array_append_val (g->seeds, seed);
          /* the full profile's disagreements are mostly one class (process
           * end): a few shrunk per group; the joined ones are rarer, and
           * each may be a class of its own */
          if ((g->shrunk < SHRINK_PER_GROUP || profile == DT_PROFILE_JOINED) && !opt_no_shrink)
            {
              char *minimal = NULL, *details = NULL;
              g->shrunk++;
              shrink_report (t, &p, profile, &v, report, &minimal, &details);
              if (minimal != NULL)
                {
                  if (!g_hash_table_contains (g->minimal, minimal))
                    g_hash_table_insert (g->minimal, g_strdup (minimal), g_strdup (details));
                  gpointer k = NULL;
                  g_hash_table_lookup_extended (g->minimal, minimal, &k, NULL);
                  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (g->minimal_n, k));
                  g_hash_table_insert (g->minimal_n, k, GUINT_TO_POINTER (n + 1));
                }
              g_free (minimal);
              g_free (details);
            }
          fputs (report->str, stdout);
        }
      else if (kind < 0)
        {
          fputs (report->str, stdout);
          dt_verdict_clear (&v);
          return AUGUR_EXIT_TOOL;
        }
      else if (opt_verbose)
        fputs (report->str, stdout);
      dt_verdict_clear (&v);
      gint64 now = g_get_monotonic_time ();
      if (now - last > 60 * G_USEC_PER_SEC)
        {
          last = now;
          printf ("difftest: %.0f s: %" G_GUINT64_FORMAT " programs, %" G_GUINT64_FORMAT
                  " skipped, %" G_GUINT64_FORMAT " disagreements\n", (now - t0) / 1e6,
                  t->generated, t->skipped, t->disagreements);
        }
      fflush (stdout);
      seed++;
    }
  double secs = (g_get_monotonic_time () - t0) / 1e6;
  printf ("\ndifftest: %" G_GUINT64_FORMAT " programs generated, %" G_GUINT64_FORMAT
          " explored (%" G_GUINT64_FORMAT " without their spurious pass), %" G_GUINT64_FORMAT
          " skipped (over %" G_GINT64_FORMAT " schedules), %"
          G_GUINT64_FORMAT " disagreements in %u groups; %" G_GUINT64_FORMAT " schedules, %"
          G_GUINT64_FORMAT " executions in %.0f s (seeds %u to %u)\n", t->generated, t->explored,
          t->passes_skipped, t->skipped, opt_max_schedules, t->disagreements, g_hash_table_size (t->groups),
          t->schedules, t->runs, secs,
          opt_start >= 0 ? (guint32) opt_start : seed - (guint32) t->generated, seed - 1);
  g_autofree const char **keys = (const char **) g_hash_table_get_keys_as_array (t->groups, NULL);
  guint n = g_hash_table_size (t->groups);
  for (guint i = 0; i < n; i++)   /* sorted by class set */
    for (guint j = i + 1; j < n; j++)
      if (strcmp (keys[j], keys[i]) < 0)
        {
          const char *x = keys[i];
          keys[i] = keys[j];
          keys[j] = x;
        }
  for (guint i = 0; i < n; i++)
    {
      Group *g = g_hash_table_lookup (t->groups, keys[i]);
      printf ("group %s: %" G_GUINT64_FORMAT " programs, seeds", keys[i], g->count);
      for (guint k = 0; k < g->seeds->len; k++)
        printf (" %u", g_array_index (g->seeds, guint32, k));
      printf ("%s\n", g->count > g->seeds->len ? " ..." : "");
      g_autofree const char **mins = dt_sorted_keys (g->minimal);
      for (guint k = 0; mins[k] != NULL; k++)
        {
          printf ("  minimal (%u of %" G_GUINT64_FORMAT " shrunk): '%s'\n",
                  GPOINTER_TO_UINT (g_hash_table_lookup (g->minimal_n, mins[k])), g->shrunk, mins[k]);
          g_autoptr (GString) d = g_string_new (NULL);
          print_lines (d, "    ", g_hash_table_lookup (g->minimal, mins[k]));
          fputs (d->str, stdout);
          printf ("    rerun: tests/difftest/difftest -v --program '%s'\n", mins[k]);
        }
    }
  return t->disagreements > 0 ? 1 : 0;
}

int
main (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- the explorer's differential tester");
  g_option_context_set_summary (ctx,
    "Runs small random pthreads programs (tests/difftest/dt-program.h) through a naive\n"
    "explorer that runs every schedule and through augur's optimal, dpor and unbounded\n"
    "preempt modes, and reports where they disagree, with a minimal program.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "difftest: %s\n", error->message);
      return AUGUR_EXIT_USAGE;
    }
  guint32 a = 0, b = 0;
  int n_actions = (opt_seeds != NULL) + (opt_seed >= 0) + (opt_program != NULL) + (opt_fuzz > 0);
  if (n_actions != 1 || (opt_seeds != NULL && !parse_range (opt_seeds, &a, &b))
      || opt_seed > G_MAXUINT32 || opt_max_schedules <= 0)
    {
      fprintf (stderr, "difftest: give one of --seeds A-B, --seed N, --program TEXT, --fuzz S "
                       "(see --help)\n");
      return AUGUR_EXIT_USAGE;
    }
  if (opt_seed >= 0)
    a = b = (guint32) opt_seed;
  if (opt_profile != NULL)
    {
      profile_fixed = TRUE;
      if (g_strcmp0 (opt_profile, "full") == 0)
        profile_given = DT_PROFILE_FULL;
      else if (g_strcmp0 (opt_profile, "joined") == 0)
        profile_given = DT_PROFILE_JOINED;
      else
        {
          fprintf (stderr, "difftest: --profile is full or joined\n");
          return AUGUR_EXIT_USAGE;
        }
    }
  if (opt_print)
    {
      for (guint64 s = a; s <= b; s++)
        {
          DtProgram p;
          DtProfile profile = profile_of ((guint32) s);
          dt_gen_program ((guint32) s, profile, &p);
          g_autofree char *text = dt_program_to_string (&p);
          printf ("%" G_GUINT64_FORMAT " %s: %s\n", s, dt_gen_profile_name (profile), text);
        }
      return 0;
    }
  Tester t = { 0 };
  g_autofree char *vm = opt_vm;
  if (vm == NULL)
    {
      g_autofree char *dir = g_path_get_dirname (argv[0]);
      /* libtool's wrapper runs the real program from .libs/ */
      if (g_str_has_suffix (dir, "/.libs"))
        dir[strlen (dir) - 6] = '\0';
      vm = g_build_filename (dir, "vm", NULL);
    }
  t.run.vm = vm;
  t.run.max_schedules = (guint64) opt_max_schedules;
  t.run.max_steps = 10000;
  t.run.exec_timeout = 10.0;
  if (opt_program != NULL)
    {
      DtProgram p;
      if (!dt_program_from_string (opt_program, &p, &error))
        {
          fprintf (stderr, "difftest: %s\n", error->message);
          return AUGUR_EXIT_USAGE;
        }
      g_autoptr (GString) report = g_string_new (NULL);
      DtVerdict v;
      gint kind = run_one (&t, "program", &p, report, &v);
      if (kind == DT_VERDICT_DISAGREE && !opt_no_shrink)
        shrink_report (&t, &p, dt_gen_fits_profile (&p, DT_PROFILE_JOINED) ? DT_PROFILE_JOINED
                                                                           : DT_PROFILE_FULL,
                       &v, report, NULL, NULL);
      fputs (report->str, stdout);
      if (kind == DT_VERDICT_SKIPPED)
        printf ("program: skipped: over %" G_GINT64_FORMAT " schedules\n", opt_max_schedules);
      else if (kind == DT_VERDICT_AGREE)
        printf ("program: agree\n");
      dt_verdict_clear (&v);
      return kind < 0 ? AUGUR_EXIT_TOOL : kind == DT_VERDICT_DISAGREE ? 1 : 0;
    }
  if (opt_fuzz > 0)
    return run_fuzz (&t, (guint) opt_fuzz);
  g_autoptr (GHashTable) known = NULL;
  if (opt_known != NULL && (known = load_known (opt_known, &error)) == NULL)
    {
      fprintf (stderr, "difftest: %s\n", error->message);
      return AUGUR_EXIT_USAGE;
    }
  return run_seeds (&t, a, b, known);
}
