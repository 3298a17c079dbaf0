/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-symbolizer.c — PCs and data addresses of this very test program to
 * file:line, function and symbol, the way the runtime records them
 * (offsets from the load bias).
 */
#include "config.h"

#include <glib.h>
#include <link.h>
#include <string.h>

#include "common/symbolizer.h"

int test_symbolizer_table[8];

static guint64 exe_bias;

static int
first_object (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  (void) data;
  exe_bias = info->dlpi_addr;
  return 1;
}

/* The return address of this call, as the runtime would record it (minus
 * one: inside the call instruction). */
static __attribute__ ((noinline)) guint64
here (void)
{
  return (guint64) (guintptr) __builtin_return_address (0) - 1;
}

enum { MARK_LINE = __LINE__ + 5 };

static __attribute__ ((noinline)) guint64
marked_function (void)
{
  volatile guint64 pc = here (); /* MARK_LINE: not a tail call */
  return pc;
}

/* inlined even without optimisation: its code is inlining_caller's, its
 * name only in the debug info's inlined subroutine */
enum { INLINED_LINE = __LINE__ + 5 };

static inline __attribute__ ((always_inline)) guint64
inlined_helper (void)
{
  volatile guint64 pc = here (); /* INLINED_LINE */
  return pc;
}

enum { CALL_LINE = __LINE__ + 5 };

static __attribute__ ((noinline)) guint64
inlining_caller (void)
{
  guint64 pc = inlined_helper ();   /* CALL_LINE */
  test_symbolizer_table[1]++;   /* not marked_function's code: never folded into it */
  return pc;
}

static AugurSymbolizer *
self_symbolizer (void)
{
  dl_iterate_phdr (first_object, NULL);
  AugurSymbolizer *s = augur_symbolizer_new ();
  augur_symbolizer_add_module (s, 0, "/proc/self/exe", exe_bias);
  return s;
}

static void
test_source_line (void)
{
  g_autoptr (AugurSymbolizer) s = self_symbolizer ();
  guint64 pc = marked_function () - exe_bias;
  AugurSource src;
  g_assert_true (augur_symbolizer_source (s, 0, pc, &src));
  g_autofree char *base = g_path_get_basename (src.file);
  g_assert_cmpstr (base, ==, "test-symbolizer.c");
  g_assert_cmpuint (src.line, ==, MARK_LINE);
  g_assert_cmpstr (src.function, ==, "marked_function");
  /* cached: the same answer again, same strings */
  AugurSource again;
  g_assert_true (augur_symbolizer_source (s, 0, pc, &again));
  g_assert_true (again.file == src.file);
  /* borrowed from the cache: the same entry, never NULL */
  const AugurSource *l = augur_symbolizer_lookup (s, 0, pc);
  g_assert_true (l->file == src.file);
  g_assert_cmpuint (l->line, ==, MARK_LINE);
  g_assert_true (augur_symbolizer_lookup (s, 0, pc) == l);
  g_assert_null (augur_symbolizer_lookup (s, 0, 0)->file);
}

/* Code inlined into another function is named after the function it came
 * from (where its line is), not the symbol that holds it. */
static void
test_inlined (void)
{
  g_autoptr (AugurSymbolizer) s = self_symbolizer ();
  guint64 pc = inlining_caller () - exe_bias;
  AugurSource src;
  g_assert_true (augur_symbolizer_source (s, 0, pc, &src));
  g_assert_cmpuint (src.line, ==, INLINED_LINE);
  g_assert_cmpstr (src.function, ==, "inlined_helper");
  /* where it was inlined: the caller's statement (an allocation wrapper's
   * caller names the block) */
  AugurSource call;
  g_assert_true (augur_symbolizer_inlined_call (s, 0, pc, &call));
  g_autofree char *base = g_path_get_basename (call.file);
  g_assert_cmpstr (base, ==, "test-symbolizer.c");
  g_assert_cmpuint (call.line, ==, CALL_LINE);
  g_assert_cmpstr (call.function, ==, "inlining_caller");
  /* code of a function's own: no call site */
  guint64 own = marked_function () - exe_bias;
  g_assert_false (augur_symbolizer_inlined_call (s, 0, own, &call));
  g_assert_null (call.file);
  /* the answers are kept (every heap block of a finding asks): the same
   * again, the miss a miss */
  AugurSource again;
  g_assert_true (augur_symbolizer_inlined_call (s, 0, pc, &again));
  g_autofree char *again_base = g_path_get_basename (again.file);
  g_assert_cmpstr (again_base, ==, "test-symbolizer.c");
  g_assert_cmpuint (again.line, ==, CALL_LINE);
  g_assert_cmpstr (again.function, ==, "inlining_caller");
  g_assert_false (augur_symbolizer_inlined_call (s, 0, own, &again));
  g_assert_null (again.file);
  /* the module named again, as another file: asked again, not kept */
  augur_symbolizer_add_module (s, 0, "/nonexistent/program", 0);
  g_assert_false (augur_symbolizer_inlined_call (s, 0, pc, &again));
  g_assert_null (again.file);
}

static void
test_unknown (void)
{
  g_autoptr (AugurSymbolizer) s = self_symbolizer ();
  AugurSource src;
  g_assert_false (augur_symbolizer_source (s, 0, 0, &src));
  g_assert_null (src.file);
  /* a module that was never registered, and one that does not exist */
  g_assert_false (augur_symbolizer_source (s, 7, 0x1000, &src));
  augur_symbolizer_add_module (s, 1, "/nonexistent/libgone.so", 0x7f0000000000);
  g_assert_false (augur_symbolizer_source (s, 1, 0x1000, &src));
  g_autofree char *why = NULL;
  g_autoptr (AugurSymbolizer) none = augur_symbolizer_new ();
  augur_symbolizer_add_module (none, 0, "/nonexistent/prog", 0);
  g_assert_false (augur_symbolizer_check_build_id (none, "abcd", &why));
  g_assert_nonnull (strstr (why, "/nonexistent/prog"));
}

static void
test_data_symbol (void)
{
  g_autoptr (AugurSymbolizer) s = self_symbolizer ();
  guint64 off = 99;
  const char *name = augur_symbolizer_data (s, (guint64) (guintptr) &test_symbolizer_table[2], &off);
  g_assert_cmpstr (name, ==, "test_symbolizer_table");
  g_assert_cmpuint (off, ==, 2 * sizeof (int));
  /* a stack address is in no module */
  int local = 0;
  g_assert_null (augur_symbolizer_data (s, (guint64) (guintptr) &local, NULL));
}

static void
test_build_id (void)
{
  g_autoptr (AugurSymbolizer) s = self_symbolizer ();
  g_autofree char *why = NULL;
  g_assert_false (augur_symbolizer_check_build_id (s, "00112233445566778899", &why));
  g_assert_nonnull (strstr (why, "rebuilt"));
  g_assert_true (augur_symbolizer_check_build_id (s, "", NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/symbolizer/source-line", test_source_line);
  g_test_add_func ("/symbolizer/inlined", test_inlined);
  g_test_add_func ("/symbolizer/unknown", test_unknown);
  g_test_add_func ("/symbolizer/data-symbol", test_data_symbol);
  g_test_add_func ("/symbolizer/build-id", test_build_id);
  return g_test_run ();
}
