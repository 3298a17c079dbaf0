/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-dwarf-names.c — source-level names from debug info
 * (common/dwarf-names.[ch]) on tests/unit/dwarf-fixture: a heap object
 * named at its allocation into a local (`q->pushed`, `q->lock`) and into
 * a member (`q->items[2]`), or by an access through a parameter alone,
 * an array of structs (`nodes[2].key`, `nodes[1].next` of an element
 * copied whole), globals of struct and array type
 * (`stats.count`, `table[4]`), a block allocated into a void pointer
 * and stored into a member (`r->hdr->readers`), the pointer of a chained access told by
 * the object's size (`c->last->next`, not `c->last`), a line that names
 * two objects alike left to better evidence, members of an anonymous
 * union (`a->next`), names left alone (a mutex global, a stack
 * slot), "main" in prose, and the results renamed with their stable
 * names kept (a global struct's first member in prose too).
 */
#include "config.h"

#include <string.h>

#include "common/dwarf-names.h"
#include "tests/unit/dwarf-fixture.h"

static char *program, *source;

/* The line of the fixture holding @marker. */
static guint
line_of (const char *marker)
{
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *tag = g_strdup_printf ("/* %s */", marker);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], tag) != NULL)
      return i + 1;
  g_assert_not_reached ();
}

static void
assert_name (AugurDwarfNames *n, const char *object, const char *want)
{
  g_autofree char *got = augur_dwarf_names_lookup (n, object);
  g_assert_cmpstr (got, ==, want);
}

static char *
heap (const char *base, gsize off)
{
  return off == 0 ? g_strdup (base) : g_strdup_printf ("%s+%zu", base, off);
}

static void
test_alloc_site (void)
{
  g_autoptr (AugurDwarfNames) n = augur_dwarf_names_new (program, NULL);
  augur_dwarf_names_note_alloc (n, "T0.alloc1", sizeof (struct queue), source, line_of ("ALLOC-Q"),
                                "queue_new");
  augur_dwarf_names_note_alloc (n, "T0.alloc2", 4 * sizeof (void *), source, line_of ("ALLOC-ITEMS"),
                                "queue_new");
  augur_dwarf_names_note_alloc (n, "T0.alloc3", sizeof (void *), source, line_of ("ALLOC-ITEMS"),
                                "queue_new");
  g_autofree char *pushed = heap ("T0.alloc1", offsetof (struct queue, pushed));
  g_autofree char *count = heap ("T0.alloc1", offsetof (struct queue, count));
  g_autofree char *inside = heap ("T0.alloc1", offsetof (struct queue, lock) + 16);
  assert_name (n, pushed, "q->pushed");
  assert_name (n, count, "q->count");
  /* pthread_mutex_t is a system type: the path stops at it */
  assert_name (n, "T0.alloc1", "q->lock");
  assert_name (n, inside, "q->lock+16");
  /* an array of void *, named by the member it was assigned to */
  g_autofree char *item = heap ("T0.alloc2", 2 * sizeof (void *));
  assert_name (n, item, "q->items[2]");
  assert_name (n, "T0.alloc2", "q->items[0]");
  /* one of them only: what the pointer points to */
  assert_name (n, "T0.alloc3", "*q->items");
  assert_name (n, "T9.alloc9+8", NULL);
  /* allocated into a void pointer: named by the member it is stored into
   * a few lines on */
  augur_dwarf_names_note_alloc (n, "T0.alloc4", sizeof (struct header), source,
                                line_of ("ALLOC-VOID"), "region_open");
  g_autofree char *readers = heap ("T0.alloc4", offsetof (struct header, readers));
  assert_name (n, readers, "r->hdr->readers");
}

static void
test_access (void)
{
  g_autoptr (AugurDwarfNames) n = augur_dwarf_names_new (program, NULL);
  g_autofree char *pushed = heap ("T0.alloc1", offsetof (struct queue, pushed));
  g_autofree char *item = heap ("T0.alloc2", sizeof (void *));
  g_autofree char *key = heap ("T0.alloc3", 2 * sizeof (struct node) + offsetof (struct node, key));
  /* the lock line first: its object is the queue, at the lock's offset */
  augur_dwarf_names_note_access (n, "T0.alloc1", source, line_of ("LOCK"), "queue_push");
  augur_dwarf_names_note_access (n, item, source, line_of ("ITEM"), "queue_push");
  augur_dwarf_names_note_access (n, key, source, line_of ("KEY"), "sum");
  assert_name (n, pushed, "q->pushed");
  assert_name (n, "T0.alloc1", "q->lock");
  /* q->items[...] = item: not the queue (offset 8 of it is inside the
   * lock), the array q->items points to */
  assert_name (n, item, "q->items[1]");
  assert_name (n, key, "nodes[2].key");

  /* a struct element copied whole: the element, at the object's offset */
  g_autoptr (AugurDwarfNames) n3 = augur_dwarf_names_new (program, NULL);
  g_autofree char *copied = heap ("T0.alloc3", sizeof (struct node) + offsetof (struct node, next));
  augur_dwarf_names_note_access (n3, copied, source, line_of ("COPY"), "nodes_copy");
  assert_name (n3, copied, "nodes[1].next");
  /* no size known (augur explore): "c->first[1] = ..." at offset 0 is
   * the element, not c, whose member at 0 is first: the deepest pointer
   * that fits */
  g_autoptr (AugurDwarfNames) n4 = augur_dwarf_names_new (program, NULL);
  augur_dwarf_names_note_access (n4, "T0.alloc7", source, line_of ("FIRST-COPY"), "chain_copy_first");
  assert_name (n4, "T0.alloc7", "c->first[0].key");

  /* an access whose line does not go through a fitting pointer names
   * nothing: the pushed counter is not at offset 4 of anything there */
  g_autoptr (AugurDwarfNames) n2 = augur_dwarf_names_new (program, NULL);
  augur_dwarf_names_note_access (n2, "T0.alloc5+4", source, line_of ("PUSHED"), "queue_push");
  assert_name (n2, "T0.alloc5+4", NULL);
}

/* "c->last->next = n": a node's `next` and a chain's `last` are both at
 * offset 8; the node's size rules the chain out, the chain's size the
 * node. */
static void
test_access_size (void)
{
  g_assert_cmpuint (offsetof (struct node, next), ==, offsetof (struct chain, last));
  g_autoptr (AugurDwarfNames) n = augur_dwarf_names_new (program, NULL);
  g_autofree char *next = heap ("T0.alloc7", offsetof (struct node, next));
  g_autofree char *last = heap ("T0.alloc6", offsetof (struct chain, last));
  augur_dwarf_names_note_size (n, "T0.alloc7", sizeof (struct node));
  augur_dwarf_names_note_size (n, "T0.alloc6", sizeof (struct chain));
  augur_dwarf_names_note_access (n, next, source, line_of ("APPEND"), "chain_append");
  augur_dwarf_names_note_access (n, last, source, line_of ("APPEND"), "chain_append");
  assert_name (n, next, "c->last->next");
  assert_name (n, last, "c->last");
  /* an array of five nodes: a whole number of nodes, not of chains */
  g_autoptr (AugurDwarfNames) n2 = augur_dwarf_names_new (program, NULL);
  augur_dwarf_names_note_size (n2, "T0.alloc7", 5 * sizeof (struct node));
  augur_dwarf_names_note_access (n2, next, source, line_of ("APPEND"), "chain_append");
  assert_name (n2, next, "c->last->next");
}

/* "a->flag = b->flag = 1" fits either object: the line names one only
 * until a line that can tell names it; an anonymous union's member is
 * named as C names it, through the enclosing struct. */
static void
test_access_ambiguous (void)
{
  g_autoptr (AugurDwarfNames) n = augur_dwarf_names_new (program, NULL);
  augur_dwarf_names_note_size (n, "T0.alloc9", sizeof (struct slot));
  augur_dwarf_names_note_access (n, "T0.alloc9", source, line_of ("BOTH"), "slots_link");
  augur_dwarf_names_note_access (n, "T0.alloc9", source, line_of ("B-FLAG"), "slots_link");
  assert_name (n, "T0.alloc9", "b->flag");
  /* the other order: the clear line first, the shared one adds nothing */
  g_autoptr (AugurDwarfNames) n2 = augur_dwarf_names_new (program, NULL);
  augur_dwarf_names_note_access (n2, "T0.alloc9", source, line_of ("B-FLAG"), "slots_link");
  augur_dwarf_names_note_access (n2, "T0.alloc9", source, line_of ("BOTH"), "slots_link");
  assert_name (n2, "T0.alloc9", "b->flag");
  /* a union member inside the struct, found and named */
  g_autoptr (AugurDwarfNames) n3 = augur_dwarf_names_new (program, NULL);
  g_autofree char *next = heap ("T0.alloc8", offsetof (struct slot, next));
  augur_dwarf_names_note_size (n3, "T0.alloc8", sizeof (struct slot));
  augur_dwarf_names_note_access (n3, next, source, line_of ("A-NEXT"), "slots_link");
  assert_name (n3, next, "a->next");
  assert_name (n3, "T0.alloc8", "a->flag");
}

static void
test_globals (void)
{
  g_autoptr (AugurDwarfNames) n = augur_dwarf_names_new (program, NULL);
  g_autofree char *count = g_strdup_printf ("stats+%zu", offsetof (struct stats, count));
  g_autofree char *cell = g_strdup_printf ("stats+%zu", offsetof (struct stats, table) + 2 * sizeof (int));
  assert_name (n, count, "stats.count");
  assert_name (n, cell, "stats.table[2]");
  assert_name (n, "stats", "stats.hits");
  assert_name (n, "table+16", "table[4]");
  assert_name (n, "m", NULL);
  assert_name (n, "T1.stack-0x2c", NULL);
  assert_name (n, "dwarf-fixture+0x2004", NULL);
  assert_name (n, "no_such_variable+8", NULL);

  /* no debug info: nothing named, nothing fails */
  g_autoptr (AugurDwarfNames) none = augur_dwarf_names_new ("/nonexistent/program", NULL);
  assert_name (none, count, NULL);
}

static void
test_main_in_prose (void)
{
  static const char *const cases[][2] = {
    { "Thread 0 fails the assertion 'x'.", "main fails the assertion 'x'." },
    { "Threads 0 and 2 access counter without synchronisation.",
      "main and thread 2 access counter without synchronisation." },
    { "T0's write of T0.alloc1+8 (a.c:3) can come between T1's read", "main's write of "
      "T0.alloc1+8 (a.c:3) can come between T1's read" },
    { "thread 0 joins a thread that never ends; thread 10 waits", "main joins a thread that never "
      "ends; thread 10 waits" },
    { "T0 waits at a.c:3, T01 and T0#4 do not", "main waits at a.c:3, T01 and T0#4 do not" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = augur_dwarf_names_main_in_prose (cases[i][0]);
      g_assert_cmpstr (got, ==, cases[i][1]);
    }
}

/* A race on q->pushed under q->lock, by their stable names, added to @r. */
static AugurFinding *
add_pushed_race (AugurResults *r)
{
  g_autofree char *pushed = heap ("T0.alloc1", offsetof (struct queue, pushed));
  g_autofree char *expl = g_strdup_printf ("Threads 0 and 1 access %s without synchronisation, "
                                           "and T0.alloc1 is held.", pushed);
  g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, expl);
  augur_finding_set_object (f, pushed, "variable");
  const char *held[] = { "T0.alloc1", NULL };
  augur_finding_add_access (f, 1, 3, AUGUR_OP_WRITE, source, line_of ("PUSHED"), "queue_push", held);
  augur_finding_add_step (f, 1, 2, AUGUR_OP_LOCK, "T0.alloc1", -1, source, line_of ("LOCK"),
                          "queue_push");
  augur_finding_add_step (f, 1, 3, AUGUR_OP_WRITE, pushed, -1, source, line_of ("PUSHED"),
                          "queue_push");
  augur_results_add_finding (r, f);
  return f;
}

static void
test_apply (void)
{
  g_autofree char *pushed = heap ("T0.alloc1", offsetof (struct queue, pushed));
  g_autoptr (AugurResults) r = augur_results_new (program, "check");
  AugurFinding *f = add_pushed_race (r);
  g_autoptr (AugurDwarfNames) n = augur_dwarf_names_new (program, NULL);
  /* a time limit not reached names everything, and says so */
  augur_dwarf_names_set_deadline (n, g_get_monotonic_time () + G_GINT64_CONSTANT (3600) * G_USEC_PER_SEC);
  g_assert_cmpuint (augur_dwarf_names_apply (n, r), ==, 1);
  g_assert_false (augur_dwarf_names_was_cut (n));
  g_assert_cmpstr (augur_finding_get_object (f), ==, "q->pushed");
  g_assert_cmpstr (augur_finding_get_object_id (f), ==, pushed);
  g_assert_cmpstr (augur_finding_get_explanation (f), ==,
                   "main and thread 1 access q->pushed without synchronisation, and q->lock is held.");
  g_assert_cmpstr (augur_finding_get_step (f, 0)->object, ==, "q->lock");
  g_assert_cmpstr (augur_finding_get_step (f, 1)->object, ==, "q->pushed");
  g_assert_cmpstr (augur_finding_get_access (f, 0)->locks_held[0], ==, "q->lock");
}

/* A time limit that has passed: no finding is lost, none is named
 * (their stable names stay, the explanation gets only "main"), and the
 * naming says it was cut short; so with several findings, parts too. */
static void
test_apply_cut (void)
{
  g_autofree char *pushed = heap ("T0.alloc1", offsetof (struct queue, pushed));
  g_autoptr (AugurResults) r = augur_results_new (program, "check");
  AugurFinding *f = add_pushed_race (r);
  AugurFinding *g = add_pushed_race (r);
  g_autoptr (AugurFinding) part = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL,
                                                     "Thread 0 reads stats.");
  augur_finding_set_object (part, "stats", "variable");
  augur_finding_add_part (g, part);
  g_autoptr (AugurDwarfNames) n = augur_dwarf_names_new (program, NULL);
  augur_dwarf_names_set_deadline (n, 1);
  augur_dwarf_names_note_alloc (n, "T0.alloc1", sizeof (struct queue), source, line_of ("ALLOC-Q"),
                                "queue_new");
  g_assert_cmpuint (augur_dwarf_names_apply (n, r), ==, 0);
  g_assert_true (augur_dwarf_names_was_cut (n));
  g_assert_true (augur_dwarf_names_out_of_time (n));
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 2);
  g_autofree char *want = g_strdup_printf ("main and thread 1 access %s without synchronisation, "
                                           "and T0.alloc1 is held.", pushed);
  AugurFinding *both[] = { f, g };
  for (guint i = 0; i < G_N_ELEMENTS (both); i++)
    {
      g_assert_cmpstr (augur_finding_get_object (both[i]), ==, pushed);
      g_assert_cmpstr (augur_finding_get_explanation (both[i]), ==, want);
      g_assert_cmpstr (augur_finding_get_step (both[i], 0)->object, ==, "T0.alloc1");
      g_assert_cmpstr (augur_finding_get_step (both[i], 1)->object, ==, pushed);
      g_assert_cmpstr (augur_finding_get_access (both[i], 0)->locks_held[0], ==, "T0.alloc1");
    }
  g_assert_cmpstr (augur_finding_get_object (part), ==, "stats");
  g_assert_cmpstr (augur_finding_get_explanation (part), ==, "main reads stats.");
  /* nothing is looked up past it either */
  assert_name (n, "stats", NULL);
  g_assert_nonnull (strstr (augur_dwarf_names_cut_text (), "cut short"));
}

/* A global struct's first member has the struct's address, and its
 * stable name is the struct's: the finding's own object, one identifier
 * named once in the prose, is renamed there too; a second use of the
 * word leaves the prose as it was (it may be a word of the prose). */
static void
test_apply_own (void)
{
  static const char *const cases[][2] = {
    { "Threads 0 and 1 access stats without synchronisation.",
      "main and thread 1 access stats.hits without synchronisation." },
    { "Thread 1 reads stats (a.c:3); stats is written by main.",
      "Thread 1 reads stats (a.c:3); stats is written by main." },
    { "Thread 1 fails the assertion 'stats.hits == 0' after reading stats.",
      "Thread 1 fails the assertion 'stats.hits == 0' after reading stats." },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (AugurResults) r = augur_results_new (program, "check");
      g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, cases[i][0]);
      augur_finding_set_object (f, "stats", "variable");
      augur_results_add_finding (r, f);
      g_autoptr (AugurDwarfNames) n = augur_dwarf_names_new (program, NULL);
      augur_dwarf_names_apply (n, r);
      g_assert_cmpstr (augur_finding_get_object (f), ==, "stats.hits");
      g_assert_cmpstr (augur_finding_get_explanation (f), ==, cases[i][1]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  program = g_test_build_filename (G_TEST_BUILT, "tests", "unit", "dwarf-fixture", NULL);
  source = g_test_build_filename (G_TEST_DIST, "tests", "unit", "dwarf-fixture.c", NULL);
  g_test_add_func ("/dwarf-names/alloc-site", test_alloc_site);
  g_test_add_func ("/dwarf-names/access", test_access);
  g_test_add_func ("/dwarf-names/access-size", test_access_size);
  g_test_add_func ("/dwarf-names/access-ambiguous", test_access_ambiguous);
  g_test_add_func ("/dwarf-names/globals", test_globals);
  g_test_add_func ("/dwarf-names/main-in-prose", test_main_in_prose);
  g_test_add_func ("/dwarf-names/apply", test_apply);
  g_test_add_func ("/dwarf-names/apply-own", test_apply_own);
  g_test_add_func ("/dwarf-names/apply-cut", test_apply_cut);
  int status = g_test_run ();
  g_free (program);
  g_free (source);
  return status;
}
