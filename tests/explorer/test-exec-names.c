/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-exec-names.c — names of a controlled execution's objects from the
 * runtime's object log: the name an address has just before each step,
 * asked out of order, and the fallback once the log was full.
 */
#include "config.h"

#include <glib.h>

#include "common/augur-trace-format.h"
#include "explorer/exec-names.h"

#define STACK0 0x7ffd00001000ull
#define STACK1 0x7f0000800000ull
#define TP1 0x7f0000900000ull
#define HEAP 0x555500001000ull

/* main starts, allocates 8 bytes, creates thread 1 at step 1; step 3
 * frees the block and thread 1 gets it back at step 4 */
static const AugurSchedObjectEvent events[] = {
  { .step = 0, .kind = AUGUR_EV_THREAD_START, .tid = 0, .arg = STACK0 },
  { .step = 0, .kind = AUGUR_EV_ALLOC, .tid = 0, .aux = 1, .addr = HEAP, .arg = 8 },
  { .step = 2, .kind = AUGUR_EV_THREAD_START, .tid = 1, .addr = 0, .arg = STACK1 },
  { .step = 2, .kind = AUGUR_EV_THREAD_TLS, .tid = 1, .addr = TP1 },
  { .step = 4, .kind = AUGUR_EV_FREE, .tid = 0, .addr = HEAP },
  { .step = 4, .kind = AUGUR_EV_ALLOC, .tid = 1, .aux = 1, .addr = HEAP, .arg = 16 },
};

typedef struct {
  guint step;
  guint64 address;
} Question;

static const Question questions[] = {
  { 4, HEAP + 4 },        /* first asked late: the second object */
  { 0, HEAP + 4 },        /* then from the start again */
  { 0, STACK1 - 0x10 },   /* thread 1 not started yet */
  { 1, STACK0 - 0x2c },
  { 2, STACK1 - 0x10 },
  { 3, TP1 - 0x28 },
  { 3, HEAP + 4 },
  { 5, HEAP + 12 },
};

static char *
answers (guint32 lost_at)
{
  g_autoptr (AugurExecNames) names = augur_exec_names_new (NULL, events, G_N_ELEMENTS (events), lost_at);
  GString *out = g_string_new (NULL);
  for (gsize k = 0; k < G_N_ELEMENTS (questions); k++)
    {
      g_autofree char *name = augur_exec_names_at (names, questions[k].step, questions[k].address);
      g_string_append_printf (out, "%s%s", k > 0 ? " " : "", name);
    }
  return g_string_free (out, FALSE);
}

static void
test_replay (void)
{
  g_autofree char *got = answers (G_MAXUINT32);
  g_assert_cmpstr (got, ==,
                   "T1.alloc1+4 T0.alloc1+4 0x7f00007ffff0 T0.stack-0x2c T1.stack-0x10 "
                   "T1.tls-0x28 T0.alloc1+4 T1.alloc1+12");
}

static void
test_log_full (void)
{
  /* the log was full from step 3 on: no stale heap or stack names there */
  g_autofree char *got = answers (3);
  g_assert_cmpstr (got, ==,
                   "0x555500001004 T0.alloc1+4 0x7f00007ffff0 T0.stack-0x2c T1.stack-0x10 "
                   "0x7f00008fffd8 0x555500001004 0x55550000100c");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/exec-names/replay", test_replay);
  g_test_add_func ("/exec-names/log-full", test_log_full);
  return g_test_run ();
}
