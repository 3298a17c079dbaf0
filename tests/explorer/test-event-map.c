/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-event-map.c — a prediction's schedule (trace events) as explorer
 * steps (explorer/event-map.h): which events are steps, the golden
 * mapping of a schedule with every kind of non-step event, the schedules
 * that cannot be mapped, and the check that catches a replay whose steps
 * are not the events they stand for.
 */
#include "config.h"

#include <glib.h>

#include "common/augur-trace-format.h"
#include "explorer/event-map.h"

/* T0: start, start(tls), init m (static: the lock right after, same line),
 * lock m, create T1, alloc, read x, unlock m, join T1;
 * T1: start, start, fence, lock_request m, lock m, wait c, wake c,
 * write x, exit; then T1's lock request named again (a marker). */
static AugurFinding *
build (void)
{
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "test");
  augur_finding_set_prediction (f, "race", "sat");
  augur_finding_add_step (f, 0, 0, AUGUR_OP_START, NULL, -1, NULL, 0, NULL);           /*  0 */
  augur_finding_add_step (f, 0, 1, AUGUR_OP_START, NULL, -1, NULL, 0, NULL);           /*  1 */
  augur_finding_add_step (f, 0, 2, AUGUR_OP_INIT, "m", -1, "p.c", 10, "main");         /*  2 */
  augur_finding_add_step (f, 0, 3, AUGUR_OP_LOCK, "m", -1, "p.c", 10, "main");         /*  3 */
  augur_finding_add_step (f, 0, 4, AUGUR_OP_CREATE, NULL, 1, "p.c", 11, "main");       /*  4 */
  augur_finding_add_step (f, 1, 0, AUGUR_OP_START, NULL, 0, "p.c", 3, "run");          /*  5 */
  augur_finding_add_step (f, 1, 1, AUGUR_OP_START, NULL, -1, NULL, 0, NULL);           /*  6 */
  augur_finding_add_step (f, 0, 5, AUGUR_OP_ALLOC, NULL, -1, "p.c", 12, "main");       /*  7 */
  augur_finding_add_step (f, 1, 2, AUGUR_OP_FENCE, NULL, -1, "p.c", 4, "run");         /*  8 */
  augur_finding_add_step (f, 1, 3, AUGUR_OP_LOCK_REQUEST, "m", -1, "p.c", 5, "run");   /*  9 */
  augur_finding_add_step (f, 0, 6, AUGUR_OP_READ, "x", -1, "p.c", 13, "main");         /* 10 */
  augur_finding_add_step (f, 0, 7, AUGUR_OP_UNLOCK, "m", -1, "p.c", 14, "main");       /* 11 */
  augur_finding_add_step (f, 1, 4, AUGUR_OP_LOCK, "m", -1, "p.c", 5, "run");           /* 12 */
  augur_finding_add_step (f, 1, 5, AUGUR_OP_INIT, "c", -1, "p.c", 6, "run");           /* 13 */
  augur_finding_add_step (f, 1, 6, AUGUR_OP_WAIT, "c", -1, "p.c", 7, "run");           /* 14 */
  augur_finding_add_step (f, 0, 8, AUGUR_OP_SIGNAL, "c", -1, "p.c", 15, "main");       /* 15 */
  augur_finding_add_step (f, 1, 7, AUGUR_OP_WAKE, "c", -1, "p.c", 7, "run");           /* 16 */
  augur_finding_add_step (f, 1, 8, AUGUR_OP_WRITE, "x", -1, "p.c", 8, "run");          /* 17 */
  augur_finding_add_step (f, 1, 3, AUGUR_OP_LOCK_REQUEST, "m", -1, "p.c", 5, "run");   /* 18 */
  return f;
}

static void
test_is_step (void)
{
  g_autoptr (AugurFinding) f = build ();
  /* not steps: starts, the static init, alloc, fence, lock requests */
  static const gboolean want[] = { 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
  for (guint k = 0; k < G_N_ELEMENTS (want); k++)
    g_assert_cmpint (augur_event_map_is_step (f, k), ==, want[k]);
}

static void
test_golden (void)
{
  g_autoptr (AugurFinding) f = build ();
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurEventMap) map = augur_event_map_new (f, &error);
  g_assert_no_error (error);
  g_autofree char *s = augur_event_map_to_string (map);
  g_assert_cmpstr (s, ==, "T0<3 T0<4 T0<10 T0<11 T1<12 T1<13 T1<14 T0<15 T1<16 T1<17");
  g_assert_cmpuint (map->n_schedule, ==, 19);
}

static void
test_unmappable (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurFinding) empty = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "test");
  g_assert_null (augur_event_map_new (empty, &error));
  g_assert_error (error, AUGUR_EVENT_MAP_ERROR, AUGUR_EVENT_MAP_ERROR_NO_SCHEDULE);
  g_clear_error (&error);

  /* a schedule cut to its window: T1 starts at its event 4 */
  g_autoptr (AugurFinding) cut = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "test");
  augur_finding_add_step (cut, 0, 0, AUGUR_OP_READ, "x", -1, "p.c", 1, "main");
  augur_finding_add_step (cut, 1, 4, AUGUR_OP_WRITE, "x", -1, "p.c", 2, "run");
  g_assert_null (augur_event_map_new (cut, &error));
  g_assert_error (error, AUGUR_EVENT_MAP_ERROR, AUGUR_EVENT_MAP_ERROR_GAP);
}

static AugurSchedStep
step (guint tid, guint8 op, guint8 ev_kind)
{
  AugurSchedStep s = { 0 };
  s.tid = (guint16) tid;
  s.op = op;
  s.ev_kind = ev_kind;
  return s;
}

/* The steps a faithful replay of build() takes; a wrong op shows at its
 * step.  (pc 0: no source line, so only ops are compared here; lines are
 * compared by tests/explorer/test-confirm.sh on real programs.) */
static void
test_check (void)
{
  g_autoptr (AugurFinding) f = build ();
  g_autoptr (AugurEventMap) map = augur_event_map_new (f, NULL);
  g_autoptr (AugurSymbolizer) sym = augur_symbolizer_new ();
  AugurSchedStep run[] = {
    step (0, AUGUR_SOP_LOCK, AUGUR_EV_MUTEX_LOCK),
    step (0, AUGUR_SOP_CREATE, AUGUR_EV_THREAD_CREATE),
    step (0, AUGUR_SOP_READ, AUGUR_EV_READ),
    step (0, AUGUR_SOP_UNLOCK, AUGUR_EV_MUTEX_UNLOCK),
    step (1, AUGUR_SOP_LOCK, AUGUR_EV_MUTEX_LOCK),
    step (1, AUGUR_SOP_INIT, AUGUR_EV_COND_INIT),
    step (1, AUGUR_SOP_COND_WAIT, AUGUR_EV_COND_WAIT),
    step (0, AUGUR_SOP_SIGNAL, AUGUR_EV_COND_SIGNAL),
    step (1, AUGUR_SOP_COND_WAKE, AUGUR_EV_COND_WAKE),
    step (1, AUGUR_SOP_WRITE, AUGUR_EV_WRITE),
  };
  g_autofree char *why = NULL;
  g_assert_cmpint (augur_event_map_check (map, f, run, G_N_ELEMENTS (run), sym, &why), ==, -1);
  g_assert_null (why);
  /* a shorter run is checked as far as it went */
  g_assert_cmpint (augur_event_map_check (map, f, run, 3, sym, NULL), ==, -1);

  /* the replay's T0 read where the schedule says it unlocks */
  run[3] = step (0, AUGUR_SOP_READ, AUGUR_EV_READ);
  g_assert_cmpint (augur_event_map_check (map, f, run, G_N_ELEMENTS (run), sym, &why), ==, 3);
  g_assert_cmpstr (why, ==, "T0's event 7 is unlock at p.c:14 in the recorded run, T0's step "
                            "is read at ?:0 in the replay");
  /* an atomic load is not a read */
  run[3] = step (0, AUGUR_SOP_UNLOCK, AUGUR_EV_MUTEX_UNLOCK);
  run[2] = step (0, AUGUR_SOP_READ, AUGUR_EV_ATOMIC_LOAD);
  g_assert_cmpint (augur_event_map_check (map, f, run, G_N_ELEMENTS (run), sym, NULL), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/event-map/is-step", test_is_step);
  g_test_add_func ("/event-map/golden", test_golden);
  g_test_add_func ("/event-map/unmappable", test_unmappable);
  g_test_add_func ("/event-map/check", test_check);
  return g_test_run ();
}
