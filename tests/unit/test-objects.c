/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-objects.c — stable object names: the same program order gives the
 * same names whatever the raw addresses were.
 */
#include "config.h"

#include <glib.h>

#include "common/objects.h"

/* One run of a small program's events, with its addresses shifted by
 * `base` (as ASLR and the allocator would), and the names of the
 * addresses it touches. */
static GPtrArray *
names_of_run (guint64 base)
{
  g_autoptr (AugurObjects) o = augur_objects_new (NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  guint64 stack0 = 0x7ffd00000000 + base, stack1 = 0x7f0000800000 + base;
  guint64 tp1 = 0x7f0000900000 + base, heap = 0x555500001000 + base;
  const AugurRecord events[] = {
    { .kind = AUGUR_EV_THREAD_START, .tid = 0, .arg = stack0 },
    { .kind = AUGUR_EV_THREAD_START, .tid = 1, .addr = 0, .arg = stack1 },
    { .kind = AUGUR_EV_THREAD_TLS, .tid = 1, .addr = tp1 },
    { .kind = AUGUR_EV_ALLOC, .tid = 1, .aux = 1, .addr = heap, .arg = 32 },
    { .kind = AUGUR_EV_ALLOC, .tid = 1, .aux = 2, .addr = heap + 64, .arg = 16 },
    { .kind = AUGUR_EV_ALLOC, .tid = 0, .aux = 1, .addr = heap + 128, .arg = 0 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (events); i++)
    augur_objects_observe (o, &events[i]);
  g_ptr_array_add (names, augur_objects_name (o, heap));
  g_ptr_array_add (names, augur_objects_name (o, heap + 8));
  g_ptr_array_add (names, augur_objects_name (o, heap + 70));
  g_ptr_array_add (names, augur_objects_name (o, heap + 128));
  g_ptr_array_add (names, augur_objects_name (o, heap + 40));   /* between objects */
  g_ptr_array_add (names, augur_objects_name (o, stack0 - 0x2c));
  g_ptr_array_add (names, augur_objects_name (o, stack1 - 0x10));
  g_ptr_array_add (names, augur_objects_name (o, tp1 - 0x28));
  g_ptr_array_add (names, augur_objects_name (o, stack0 + 0x100));
  g_ptr_array_add (names, augur_objects_name (o, 0));
  g_ptr_array_add (names, augur_objects_name_pointer (o, heap + 64));
  g_ptr_array_add (names, augur_objects_name_pointer (o, 42));
  /* free the first object: a use after the free still names it; a new
   * one at the same address is another */
  AugurRecord fr = { .kind = AUGUR_EV_FREE, .tid = 0, .addr = heap };
  augur_objects_observe (o, &fr);
  g_ptr_array_add (names, augur_objects_name (o, heap + 8));
  AugurRecord al = { .kind = AUGUR_EV_ALLOC, .tid = 0, .aux = 2, .addr = heap, .arg = 24 };
  augur_objects_observe (o, &al);
  g_ptr_array_add (names, augur_objects_name (o, heap + 8));
  /* a freed object a new one overlaps from another start is gone */
  AugurRecord fr2 = { .kind = AUGUR_EV_FREE, .tid = 1, .addr = heap + 64 };
  augur_objects_observe (o, &fr2);
  AugurRecord al2 = { .kind = AUGUR_EV_ALLOC, .tid = 0, .aux = 3, .addr = heap + 56, .arg = 12 };
  augur_objects_observe (o, &al2);
  g_ptr_array_add (names, augur_objects_name (o, heap + 66));
  g_ptr_array_add (names, augur_objects_name (o, heap + 72));
  return names;
}

static void
test_names (void)
{
  g_autoptr (GPtrArray) a = names_of_run (0);
  const char *const want[] = {
    "T1.alloc1", "T1.alloc1+8", "T1.alloc2+6", "T0.alloc1", "0x555500001028",
    "T0.stack-0x2c", "T1.stack-0x10", "T1.tls-0x28", "T0.args", "NULL",
    "&T1.alloc2", NULL, "T1.alloc1+8", "T0.alloc2+8", "T0.alloc3+10", "0x555500001048",
  };
  g_assert_cmpuint (a->len, ==, G_N_ELEMENTS (want));
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a, i), ==, want[i]);
}

static void
test_stable_across_runs (void)
{
  g_autoptr (GPtrArray) a = names_of_run (0);
  g_autoptr (GPtrArray) b = names_of_run (0x3a5000);
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const char *x = g_ptr_array_index (a, i), *y = g_ptr_array_index (b, i);
      /* raw addresses (objects nobody allocated) differ; names agree */
      if (x != NULL && g_str_has_prefix (x, "0x"))
        continue;
      g_assert_cmpstr (x, ==, y);
    }
}

/* A thread's stack starts right below its static TLS: with the reach of
 * TLS known (THREAD_TLS arg), its first stack slots are stack, not TLS. */
static void
test_tls_reach (void)
{
  guint64 tp = 0x7f0000900000, top = tp + 0x700;
  g_autoptr (AugurObjects) o = augur_objects_new (NULL);
  AugurRecord start = { .kind = AUGUR_EV_THREAD_START, .tid = 2, .arg = top };
  AugurRecord tls = { .kind = AUGUR_EV_THREAD_TLS, .tid = 2, .addr = tp };
  augur_objects_observe (o, &start);
  augur_objects_observe (o, &tls);
  g_autofree char *guessed = augur_objects_name (o, tp - 0x400);
  g_assert_cmpstr (guessed, ==, "T2.tls-0x400");
  tls.arg = 0x300;
  augur_objects_observe (o, &tls);
  g_autofree char *in_tls = augur_objects_name (o, tp - 0x28);
  g_autofree char *on_stack = augur_objects_name (o, tp - 0x400);
  g_assert_cmpstr (in_tls, ==, "T2.tls-0x28");
  g_assert_cmpstr (on_stack, ==, "T2.stack-0xb00");
}

/* issue 16, item 1: thread ids are names, not table sizes.  Ids at the
 * top of the range (0xffffffff wrapped a table size to 0 and wrote out of
 * bounds; 0xfffffffe asked for 32 GiB) cost one entry each. */
static void
test_huge_thread_ids (void)
{
  g_autoptr (AugurObjects) o = augur_objects_new (NULL);
  const AugurRecord events[] = {
    { .kind = AUGUR_EV_THREAD_START, .tid = 0xffffffffu, .arg = 0x7f0000800000 },
    { .kind = AUGUR_EV_THREAD_TLS, .tid = 0xffffffffu, .addr = 0x7f0000900000 },
    { .kind = AUGUR_EV_THREAD_START, .tid = 0xfffffffeu, .arg = 0x7f0001800000 },
    { .kind = AUGUR_EV_THREAD_START, .tid = 0, .arg = 0x7ffd00000000 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (events); i++)
    augur_objects_observe (o, &events[i]);
  g_autofree char *a = augur_objects_name (o, 0x7f0000800000 - 0x10);
  g_autofree char *b = augur_objects_name (o, 0x7f0001800000 - 0x20);
  g_autofree char *c = augur_objects_name (o, 0x7f0000900000 - 0x8);
  g_autofree char *d = augur_objects_name (o, 0x7ffd00000000 + 0x10);
  g_assert_cmpstr (a, ==, "T4294967295.stack-0x10");
  g_assert_cmpstr (b, ==, "T4294967294.stack-0x20");
  g_assert_cmpstr (c, ==, "T4294967295.tls-0x8");
  g_assert_cmpstr (d, ==, "T0.args");
}

/* the heap names standing in a text: whole, or their blocks; not inside
 * a longer word, nor a heap-looking prefix of an identifier */
static void
test_heap_names_in (void)
{
  const char *text = "Thread 1 reads `T2.alloc1+8` after T0.alloc3 freed it; "
                     "XT1.alloc4, T5.alloc6x and T7.allocate are no names; T2.alloc1 again.";
  g_autoptr (GHashTable) whole = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  augur_objects_heap_names_in (text, TRUE, whole);
  g_assert_cmpuint (g_hash_table_size (whole), ==, 3);
  g_assert_true (g_hash_table_contains (whole, "T2.alloc1+8"));
  g_assert_true (g_hash_table_contains (whole, "T2.alloc1"));
  g_assert_true (g_hash_table_contains (whole, "T0.alloc3"));
  g_autoptr (GHashTable) blocks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  augur_objects_heap_names_in (text, FALSE, blocks);
  g_assert_cmpuint (g_hash_table_size (blocks), ==, 2);
  g_assert_true (g_hash_table_contains (blocks, "T2.alloc1"));
  g_assert_true (g_hash_table_contains (blocks, "T0.alloc3"));
  augur_objects_heap_names_in (NULL, TRUE, blocks);
  g_assert_cmpuint (g_hash_table_size (blocks), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/objects/names", test_names);
  g_test_add_func ("/objects/stable-across-runs", test_stable_across_runs);
  g_test_add_func ("/objects/tls-reach", test_tls_reach);
  g_test_add_func ("/objects/huge-thread-ids", test_huge_thread_ids);
  g_test_add_func ("/objects/heap-names-in", test_heap_names_in);
  return g_test_run ();
}
