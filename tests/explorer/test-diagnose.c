/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-diagnose.c — the candidate atomicity violations of a failing
 * schedule and their serialisations (explorer/diagnose.h), on schedules
 * written by hand as strings: one step per word, "T:OP:OBJ" with OP one of
 * r w (read, write of OBJ), a (an atomic read-modify-write of OBJ), l u
 * (lock, unlock of mutex OBJ), c j (create, join of thread OBJ), x (exit).
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "explorer/diagnose.h"

static GArray *
parse (const char *text)
{
  GArray *steps = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  for (char **w = words; *w != NULL; w++)
    {
      if (**w == '\0')
        continue;
      g_auto (GStrv) f = g_strsplit (*w, ":", 3);
      g_assert_nonnull (f[1]);
      AugurSchedStep s = { 0 };
      s.tid = (guint16) g_ascii_strtoull (f[0], NULL, 10);
      guint64 obj = f[2] != NULL ? g_ascii_strtoull (f[2], NULL, 10) : 0;
      switch (f[1][0])
        {
        case 'r': s.op = AUGUR_SOP_READ; s.obj = 0x1000 + obj * 8; s.size = 4; break;
        case 'w': s.op = AUGUR_SOP_WRITE; s.obj = 0x1000 + obj * 8; s.size = 4; break;
        case 'a':
          s.op = AUGUR_SOP_WRITE;
          s.flags = AUGUR_SF_ATOMIC;
          s.ev_kind = AUGUR_EV_ATOMIC_RMW;
          s.obj = 0x1000 + obj * 8;
          s.size = 4;
          break;
        case 'l': s.op = AUGUR_SOP_LOCK; s.obj = 0x9000 + obj * 64; s.size = 1; break;
        case 'u': s.op = AUGUR_SOP_UNLOCK; s.obj = 0x9000 + obj * 64; s.size = 1; break;
        case 'c': s.op = AUGUR_SOP_CREATE; s.arg = obj; break;
        case 'j': s.op = AUGUR_SOP_JOIN; s.arg = obj; break;
        case 'x': s.op = AUGUR_SOP_EXIT; break;
        default: g_assert_not_reached ();
        }
      /* a distinct pc per word position, so that triples do not dedup */
      s.pc = 0x100 + steps->len;
      g_array_append_val (steps, s);
    }
  return steps;
}

/* The triples as "a1,r,a2;..." */
static char *
triples_text (const char *schedule, guint max)
{
  g_autoptr (GArray) steps = parse (schedule);
  g_autoptr (GArray) t = augur_diagnose_triples ((const AugurSchedStep *) steps->data, steps->len, max);
  GString *s = g_string_new ("");
  for (guint k = 0; k < t->len; k++)
    {
      const AugurTriple *x = &g_array_index (t, AugurTriple, k);
      if (x->r2 == x->r)
        g_string_append_printf (s, "%s%u,%u,%u", k ? ";" : "", x->a1, x->r, x->a2);
      else
        g_string_append_printf (s, "%s%u,%u/%u,%u", k ? ";" : "", x->a1, x->r, x->r2, x->a2);
      g_string_append_printf (s, "%s%s", x->r_first_ok ? "" : "!f", x->r_last_ok ? "" : "!l");
    }
  return g_string_free (s, FALSE);
}

/* The serialised schedule as the indices of the original steps, a "|"
 * after the prefix that decides the order. */
static char *
serial_text (const char *schedule, guint which, gboolean r_first)
{
  g_autoptr (GArray) steps = parse (schedule);
  const AugurSchedStep *s = (const AugurSchedStep *) steps->data;
  g_autoptr (GArray) t = augur_diagnose_triples (s, steps->len, 16);
  g_assert_cmpuint (which, <, t->len);
  const AugurTriple *x = &g_array_index (t, AugurTriple, which);
  guint decided = 0;
  g_autoptr (GArray) out = augur_diagnose_serialise (s, steps->len, x, r_first, &decided);
  g_assert_cmpuint (out->len, ==, steps->len);
  GString *str = g_string_new ("");
  for (guint k = 0; k < out->len; k++)
    g_string_append_printf (str, "%s%s%u", k ? " " : "", k == decided ? "| " : "",
                            g_array_index (out, AugurSchedStep, k).pc - 0x100);
  return g_string_free (str, FALSE);
}

static void
test_patterns (void)
{
  /* the four unserializable patterns are candidates ... */
  struct { const char *sched, *pattern; } yes[] = {
    { "1:r:0 2:w:0 1:r:0", "R-W-R" }, { "1:w:0 2:w:0 1:r:0", "W-W-R" },
    { "1:r:0 2:w:0 1:w:0", "R-W-W" }, { "1:w:0 2:r:0 1:w:0", "W-R-W" },
  };
  for (guint k = 0; k < G_N_ELEMENTS (yes); k++)
    {
      g_autoptr (GArray) steps = parse (yes[k].sched);
      g_autoptr (GArray) t = augur_diagnose_triples ((const AugurSchedStep *) steps->data, steps->len, 8);
      g_assert_cmpuint (t->len, ==, 1);
      g_autofree char *pattern = augur_diagnose_pattern ((const AugurSchedStep *) steps->data,
                                                         &g_array_index (t, AugurTriple, 0));
      g_assert_cmpstr (pattern, ==, yes[k].pattern);
    }
  /* ... as is W-R-W and R-W-R around atomic updates, whose remote read
   * sees an intermediate value, whose local reads see two */
  g_autofree char *wrw = triples_text ("1:a:0 2:r:0 1:a:0", 8);
  g_assert_cmpstr (wrw, ==, "0,1,2");
  g_autofree char *rwr = triples_text ("1:r:0 2:a:0 1:r:0", 8);
  g_assert_cmpstr (rwr, ==, "0,1,2");
  /* ... the serializable ones are not, nor R-W-W whose local write is a
   * read-modify-write (it reads what it updates: no update is lost) */
  const char *no[] = { "1:r:0 2:r:0 1:r:0", "1:r:0 2:r:0 1:w:0", "1:w:0 2:r:0 1:r:0",
                       "1:w:0 2:w:0 1:w:0", "1:r:0 2:w:1 1:r:0", "1:r:0 2:a:0 1:a:0",
                       "1:r:0 2:w:0 1:a:0" };
  for (guint k = 0; k < G_N_ELEMENTS (no); k++)
    {
      g_autofree char *t = triples_text (no[k], 8);
      g_assert_cmpstr (t, ==, "");
    }
}

static void
test_nearest_first (void)
{
  /* a2 is the NEXT access of a1's thread: T1's 2,3,4 and 0,1,2 and T2's
   * W-R-W 1,2,3; those starting with a read first, then the nearest the
   * end */
  g_autofree char *t = triples_text ("1:r:0 2:w:0 1:r:0 2:w:0 1:r:0", 8);
  g_assert_cmpstr (t, ==, "2,3,4;0,1,2;1,2,3");
  /* the tightest first among those starting with a read; T2's W-R-W last */
  g_autofree char *tight = triples_text ("1:r:0 2:w:0 3:w:5 1:w:0 1:r:0 2:w:0 1:r:0", 8);
  g_assert_cmpstr (tight, ==, "4,5,6;0,1,3;1,4,5");
  g_autofree char *one = triples_text ("1:r:0 2:w:0 1:r:0 2:w:0 1:r:0", 1);
  g_assert_cmpstr (one, ==, "2,3,4");
  /* two locations: T1 writes 1 then reads 0, T2 reads T1's 1 and writes
   * the 0 that T1 reads: T1 both before and after T2 */
  g_autofree char *other = triples_text ("1:r:0 1:w:1 2:w:0 2:r:1 1:r:0", 8);
  g_assert_cmpstr (other, ==, "0,2,4;1,3/2,4");   /* 0,2,4 starts with a read */
  /* no cycle when T2's access of 1 does not conflict (both read) */
  g_autofree char *reads = triples_text ("1:r:0 1:r:1 2:w:0 2:r:1 1:r:0", 8);
  g_assert_cmpstr (reads, ==, "0,2,4");
  /* the check of a flag, then the use of the data: T2 clears both between */
  g_autofree char *flag = triples_text ("1:r:0 2:w:0 2:w:1 1:r:1", 8);
  g_assert_cmpstr (flag, ==, "0,1/2,3");
}

static void
test_recheck (void)
{
  /* T1 reads 0 at one instruction, T2 writes it, T1 reads it again at
   * the same instruction: a loop re-checking (while around a wait), not
   * a candidate; at another instruction, it is */
  g_autoptr (GArray) steps = parse ("1:r:0 2:w:0 1:r:0");
  AugurSchedStep *s = (AugurSchedStep *) steps->data;
  g_autoptr (GArray) other = augur_diagnose_triples (s, steps->len, 8);
  g_assert_cmpuint (other->len, ==, 1);
  s[2].pc = s[0].pc;
  g_autoptr (GArray) same = augur_diagnose_triples (s, steps->len, 8);
  g_assert_cmpuint (same->len, ==, 0);
}

static void
test_fork_join (void)
{
  /* main writes g, creates T1 which writes it, joins it and reads g: the
   * write of T1 can be neither before the first nor after the second */
  g_autofree char *t = triples_text ("0:w:0 0:c:1 1:w:0 1:x 0:j:1 0:r:0", 8);
  g_assert_cmpstr (t, ==, "");
  /* created after a1: r cannot come first, but it can come last */
  g_autofree char *u = triples_text ("0:w:0 0:c:1 1:w:0 0:r:0", 8);
  g_assert_cmpstr (u, ==, "0,2,3!f");
}

static void
test_serialise (void)
{
  const char *s = "1:r:0 2:w:0 1:r:0";
  g_autofree char *first = serial_text (s, 0, TRUE);
  g_assert_cmpstr (first, ==, "1 | 0 2");
  g_autofree char *last = serial_text (s, 0, FALSE);
  g_assert_cmpstr (last, ==, "0 2 | 1");
  /* a third thread's steps keep their place */
  const char *s3 = "1:r:0 3:w:5 2:w:0 3:r:5 1:r:0 3:x";
  g_autofree char *f3 = serial_text (s3, 0, TRUE);
  g_assert_cmpstr (f3, ==, "1 2 | 0 3 4 5");
  g_autofree char *l3 = serial_text (s3, 0, FALSE);
  g_assert_cmpstr (l3, ==, "0 1 3 4 | 2 5");
}

static void
test_critical_sections (void)
{
  /* the check-then-act of a hash table: T1 reads under lock 0, T2 inserts
   * under lock 0, T1 inserts.  r first moves T1's whole section (from its
   * lock) after the end of T2's section (its unlock). */
  const char *s = "1:l:0 1:r:0 1:u:0 2:l:0 2:r:0 2:w:0 2:u:0 1:l:0 1:w:0 1:u:0";
  g_autofree char *t = triples_text (s, 8);
  g_assert_cmpstr (t, ==, "1,5,8");
  g_autofree char *first = serial_text (s, 0, TRUE);
  g_assert_cmpstr (first, ==, "3 4 5 6 | 0 1 2 7 8 9");
  /* r last moves T2's steps after the end of T1's section around a2 */
  g_autofree char *last = serial_text (s, 0, FALSE);
  g_assert_cmpstr (last, ==, "0 1 2 7 8 9 | 3 4 5 6");
}

static void
check_flips (const char *schedule, gboolean r_first_ok, gboolean r_last_ok)
{
  g_autoptr (GArray) steps = parse (schedule);
  const AugurSchedStep *s = (const AugurSchedStep *) steps->data;
  g_autoptr (GArray) t = augur_diagnose_triples (s, steps->len, 8);
  /* the one-location triple on location 0: steps 0 and 4 */
  const AugurTriple *x = NULL;
  for (guint k = 0; k < t->len && x == NULL; k++)
    {
      const AugurTriple *y = &g_array_index (t, AugurTriple, k);
      if (y->a1 == 0 && y->a2 == 4 && y->r == y->r2)
        x = y;
    }
  g_assert_nonnull (x);
  g_assert_cmpint (augur_diagnose_flips_only_location (s, steps->len, x, TRUE), ==, r_first_ok);
  g_assert_cmpint (augur_diagnose_flips_only_location (s, steps->len, x, FALSE), ==, r_last_ok);
}

static void
test_flips (void)
{
  /* r last would move T2's write of 1 after T1's read of it */
  check_flips ("1:r:0 2:w:1 2:w:0 1:r:1 1:r:0", TRUE, FALSE);
  /* r first would move T1's write of 1 after T2's read of it */
  check_flips ("1:r:0 1:w:1 2:r:1 2:w:0 1:r:0", FALSE, TRUE);
  /* other locations, but no conflict: reads, or different threads' data */
  check_flips ("1:r:0 1:r:1 2:r:1 2:w:0 1:r:0", TRUE, TRUE);
  check_flips ("1:r:0 1:w:1 2:w:2 2:w:0 1:r:0", TRUE, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/diagnose/patterns", test_patterns);
  g_test_add_func ("/diagnose/nearest-first", test_nearest_first);
  g_test_add_func ("/diagnose/recheck", test_recheck);
  g_test_add_func ("/diagnose/fork-join", test_fork_join);
  g_test_add_func ("/diagnose/serialise", test_serialise);
  g_test_add_func ("/diagnose/critical-sections", test_critical_sections);
  g_test_add_func ("/diagnose/flips", test_flips);
  return g_test_run ();
}
