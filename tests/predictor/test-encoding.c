/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-encoding.c — the model and the Z3 encoding on synthetic traces
 * written with AugurTraceWriter: which predictions each small scenario
 * gets, as golden strings "kind pattern T1#2 T2#1 T1#3" (the involved
 * events as thread#index-in-thread).
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "common/results.h"
#include "common/trace.h"
#include "predictor/model.h"
#include "predictor/predict-error.h"
#include "predictor/predict.h"

/* A scenario is written one event per word group:
 *   "1 start" "0 create 1" "0 join 1" "1 exit"
 *   "1 read x" "1 write x"          (x, y, d, f: variables)
 *   "1 lock m" "1 unlock m"         (m, a, b, g: mutexes)
 *   "1 post s" "1 semwait s" "1 signal c" "1 wait c m" "1 wake c m"
 *   "1 enter b" "1 leave b"
 * separated by ';'. */
static guint64
addr_of (const char *name)
{
  return 0x10000 + (guint64) name[0] * 64;
}

/* A scenario's events in order: thread, op, object and (wait, wake) mutex. */
typedef struct {
  guint tid, index;
  char *op, *obj, *mutex;
} ScriptEvent;

static void
script_event_clear (gpointer p)
{
  ScriptEvent *e = p;
  g_free (e->op);
  g_free (e->obj);
  g_free (e->mutex);
}

static GArray *
script_events (const char *script)
{
  GArray *evs = g_array_new (FALSE, TRUE, sizeof (ScriptEvent));
  g_array_set_clear_func (evs, script_event_clear);
  g_autoptr (GHashTable) next = g_hash_table_new (NULL, NULL);
  g_auto (GStrv) steps = g_strsplit (script, ";", -1);
  for (guint i = 0; steps[i] != NULL; i++)
    {
      g_auto (GStrv) f = g_strsplit (g_strstrip (steps[i]), " ", -1);
      if (f[0] == NULL || f[0][0] == '\0')
        continue;
      ScriptEvent e = { .tid = (guint) atoi (f[0]) };
      e.index = GPOINTER_TO_UINT (g_hash_table_lookup (next, GUINT_TO_POINTER (e.tid)));
      g_hash_table_insert (next, GUINT_TO_POINTER (e.tid), GUINT_TO_POINTER (e.index + 1));
      e.op = g_strdup (f[1]);
      e.obj = g_strdup (f[2] != NULL ? f[2] : "");
      e.mutex = g_strdup (f[2] != NULL && f[3] != NULL ? f[3] : "");
      g_array_append_val (evs, e);
    }
  return evs;
}

static char *
write_trace (const char *script)
{
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (g_get_tmp_dir (), "augur-test-encoding-XXXXXX", NULL);
  int fd = g_mkstemp (path);
  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_autoptr (AugurTraceWriter) w = augur_trace_writer_new (path, "/synthetic", &error);
  g_assert_no_error (error);
  g_autoptr (GArray) evs = script_events (script);
  for (guint i = 0; i < evs->len; i++)
    {
      const ScriptEvent *e = &g_array_index (evs, ScriptEvent, i);
      AugurRecord r = { .tid = e->tid, .pc = 0x100 + i };
      const char *op = e->op;
      const char *obj = e->obj;
      if (strcmp (op, "start") == 0)
        r.kind = AUGUR_EV_THREAD_START;
      else if (strcmp (op, "exit") == 0)
        r.kind = AUGUR_EV_THREAD_EXIT;
      else if (strcmp (op, "create") == 0 || strcmp (op, "join") == 0)
        {
          r.kind = op[0] == 'c' ? AUGUR_EV_THREAD_CREATE : AUGUR_EV_THREAD_JOIN;
          r.addr = (guint64) atoi (obj);
        }
      else
        {
          r.addr = addr_of (obj);
          if (strcmp (op, "read") == 0)
            r.kind = AUGUR_EV_READ, r.flags = 4;
          else if (strcmp (op, "write") == 0)
            r.kind = AUGUR_EV_WRITE, r.flags = 4;
          else if (strcmp (op, "lock") == 0)
            r.kind = AUGUR_EV_MUTEX_LOCK;
          else if (strcmp (op, "unlock") == 0)
            r.kind = AUGUR_EV_MUTEX_UNLOCK;
          else if (strcmp (op, "post") == 0)
            r.kind = AUGUR_EV_SEM_POST;
          else if (strcmp (op, "semwait") == 0)
            r.kind = AUGUR_EV_SEM_WAIT;
          else if (strcmp (op, "signal") == 0)
            r.kind = AUGUR_EV_COND_SIGNAL;
          else if (strcmp (op, "wait") == 0 || strcmp (op, "wake") == 0)
            {
              r.kind = op[1] == 'a' && op[2] == 'i' ? AUGUR_EV_COND_WAIT : AUGUR_EV_COND_WAKE;
              r.arg = addr_of (e->mutex);
            }
          else if (strcmp (op, "enter") == 0)
            r.kind = AUGUR_EV_BARRIER_ENTER;
          else if (strcmp (op, "leave") == 0)
            r.kind = AUGUR_EV_BARRIER_LEAVE;
          else
            g_error ("unknown op %s", op);
        }
      g_assert_true (augur_trace_writer_add (w, &r, &error));
    }
  AugurRecord end = { .kind = AUGUR_EV_END, .tid = 0, .aux = AUGUR_END_EXIT };
  g_assert_true (augur_trace_writer_add (w, &end, &error));
  g_assert_true (augur_trace_writer_close (w, TRUE, &error));
  return path;
}

/* Runs one event on the lock owners (mutex name -> thread + 1): NULL, or
 * what went wrong (a lock or a wake's re-acquisition of a held mutex). */
static char *
run_on_locks (GHashTable *owner, const ScriptEvent *e)
{
  const char *take = NULL, *drop = NULL;
  if (strcmp (e->op, "lock") == 0)
    take = e->obj;
  else if (strcmp (e->op, "wake") == 0)
    take = e->mutex;
  else if (strcmp (e->op, "unlock") == 0)
    drop = e->obj;
  else if (strcmp (e->op, "wait") == 0)
    drop = e->mutex;
  if (drop != NULL)
    g_hash_table_remove (owner, drop);
  if (take == NULL)
    return NULL;
  guint held = GPOINTER_TO_UINT (g_hash_table_lookup (owner, take));
  if (held != 0 && held != e->tid + 1)
    return g_strdup_printf ("T%u#%u (%s %s) while T%u holds it", e->tid, e->index, e->op, take, held - 1);
  g_hash_table_insert (owner, (gpointer) take, GUINT_TO_POINTER (e->tid + 1));
  return NULL;
}

/* Checks that a prediction's schedule never has two threads in the same
 * mutex, and that a read of a third thread (not one of the prediction's
 * accesses) inside a critical section reads from the write it read in the
 * recorded run, where that write runs at all: the events recorded before
 * the schedule's first one run first (as the schedule's prefix does),
 * then the schedule's steps. */
static void
assert_schedule_excludes (const char *script, AugurFinding *f)
{
  g_autoptr (GArray) evs = script_events (script);
  guint n = augur_finding_get_n_steps (f);
  if (n == 0 || augur_finding_get_kind (f) == AUGUR_FINDING_DEADLOCK)
    return;
  guint first = evs->len;
  g_autofree guint *pos = g_new0 (guint, n);
  for (guint i = 0; i < n; i++)
    {
      const AugurStep *st = augur_finding_get_step (f, i);
      pos[i] = evs->len;
      for (guint k = 0; k < evs->len; k++)
        {
          ScriptEvent *e = &g_array_index (evs, ScriptEvent, k);
          if (e->tid == st->thread && e->index == st->event)
            pos[i] = k;
        }
      g_assert_cmpuint (pos[i], <, evs->len);
      first = MIN (first, pos[i]);
    }
  g_autoptr (GHashTable) owner = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) scheduled = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < n; i++)
    g_hash_table_add (scheduled, GUINT_TO_POINTER (pos[i] + 1));
  /* the recorded writer of each read: the last write before it (+1) */
  g_autofree guint *writer = g_new0 (guint, evs->len);
  g_autoptr (GHashTable) last = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint k = 0; k < evs->len; k++)
    {
      ScriptEvent *e = &g_array_index (evs, ScriptEvent, k);
      if (strcmp (e->op, "read") == 0)
        writer[k] = GPOINTER_TO_UINT (g_hash_table_lookup (last, e->obj));
      else if (strcmp (e->op, "write") == 0)
        g_hash_table_insert (last, e->obj, GUINT_TO_POINTER (k + 1));
    }
  g_hash_table_remove_all (last);
  for (guint k = 0; k < first; k++)
    if (!g_hash_table_contains (scheduled, GUINT_TO_POINTER (k + 1)))
      {
        ScriptEvent *e = &g_array_index (evs, ScriptEvent, k);
        g_free (run_on_locks (owner, e));
        if (strcmp (e->op, "write") == 0)
          g_hash_table_insert (last, e->obj, GUINT_TO_POINTER (k + 1));
      }
  for (guint i = 0; i < n; i++)
    {
      ScriptEvent *e = &g_array_index (evs, ScriptEvent, pos[i]);
      g_autofree char *wrong = run_on_locks (owner, e);
      if (wrong != NULL)
        g_error ("the schedule of %s %s runs step %u, %s",
                 augur_finding_kind_to_string (augur_finding_get_kind (f)),
                 augur_finding_get_prediction_pattern (f), i, wrong);
      gboolean third = TRUE, locked = FALSE;
      for (guint k = 0; k < augur_finding_get_n_accesses (f); k++)
        if (augur_finding_get_access (f, k)->thread == e->tid)
          third = FALSE;
      GHashTableIter it;
      gpointer lock, who;
      g_hash_table_iter_init (&it, owner);
      while (g_hash_table_iter_next (&it, &lock, &who))
        locked |= GPOINTER_TO_UINT (who) == e->tid + 1;
      guint got = GPOINTER_TO_UINT (g_hash_table_lookup (last, e->obj));
      gboolean ran = writer[pos[i]] == 0 || writer[pos[i]] - 1 < first;
      for (guint j = 0; j < n && !ran; j++)
        ran = pos[j] == writer[pos[i]] - 1;
      if (strcmp (e->op, "read") == 0 && third && locked && ran && got != writer[pos[i]])
        g_error ("the schedule of %s %s runs step %u, T%u#%u (read %s) from event %d, not %d",
                 augur_finding_kind_to_string (augur_finding_get_kind (f)),
                 augur_finding_get_prediction_pattern (f), i, e->tid, e->index, e->obj,
                 (int) got - 1, (int) writer[pos[i]] - 1);
      if (strcmp (e->op, "write") == 0)
        g_hash_table_insert (last, e->obj, GUINT_TO_POINTER (pos[i] + 1));
    }
}

static gint
line_cmp (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/* The predictions for a scenario, sorted, one per line; its counts in
 * `st` if not NULL. */
static char *
predict_stats (const char *script, gboolean data_flow, AugurPredictStats *st)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_trace (script);
  g_autoptr (AugurTrace) trace = augur_trace_open (path, &error);
  g_assert_no_error (error);
  AugurPredictOptions o;
  augur_predict_options_init (&o);
  o.data_flow = data_flow;
  o.n_workers = 2;
  g_autoptr (AugurResults) res = augur_results_new ("/synthetic", "predict");
  g_assert_true (augur_predict (trace, NULL, &o, res, st, &error));
  g_assert_no_error (error);
  g_unlink (path);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < augur_results_get_n_findings (res); i++)
    {
      AugurFinding *f = augur_results_get_finding (res, i);
      GString *s = g_string_new (augur_finding_kind_to_string (augur_finding_get_kind (f)));
      if (augur_finding_get_kind (f) == AUGUR_FINDING_LOCK_ORDER)
        {
          /* not a prediction: the run's inversion, its severity */
          g_string_append_printf (s, " %s %s", augur_severity_to_string (augur_finding_get_severity (f)),
                                  augur_finding_get_object (f));
          g_ptr_array_add (lines, g_string_free (s, FALSE));
          continue;
        }
      g_string_append_printf (s, " %s", augur_finding_get_prediction_pattern (f));
      for (guint k = 0; k < augur_finding_get_n_accesses (f); k++)
        {
          const AugurAccess *a = augur_finding_get_access (f, k);
          g_string_append_printf (s, " T%u#%" G_GUINT64_FORMAT, a->thread, a->event);
        }
      /* a sat prediction's schedule holds its bug steps */
      guint n_bug;
      augur_finding_get_bug_steps (f, &n_bug);
      g_assert_cmpuint (n_bug, >=, 2);
      assert_schedule_excludes (script, f);
      g_ptr_array_add (lines, g_string_free (s, FALSE));
    }
  g_ptr_array_sort (lines, line_cmp);
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s%s", i ? "\n" : "", (char *) g_ptr_array_index (lines, i));
  return g_string_free (out, FALSE);
}

static char *
predict (const char *script, gboolean data_flow)
{
  return predict_stats (script, data_flow, NULL);
}

#define PROLOGUE "0 start; 0 create 1; 0 create 2; 1 start; 2 start;"

static void
test_rwr (void)
{
  /* T1 reads x twice and T2 writes it; recorded one after the other.
   * Each read is its own site (the synthetic events have distinct
   * program counters): a race per source pattern */
  g_autofree char *got = predict (PROLOGUE "1 read x; 1 read x; 1 exit; 2 write x; 2 exit", TRUE);
  g_assert_cmpstr (got, ==,
                   "atomicity-violation R-W-R T1#1 T2#1 T1#2\n"
                   "data-race race T1#1 T2#1\n"
                   "data-race race T1#2 T2#1");
}

static void
test_www (void)
{
  g_autofree char *got = predict (PROLOGUE "1 write x; 1 write x; 1 exit; 2 write x; 2 exit", TRUE);
  g_assert_cmpstr (got, ==,
                   "atomicity-violation W-W-W T1#1 T2#1 T1#2\n"
                   "data-race race T1#1 T2#1\n"
                   "data-race race T1#2 T2#1");
}

static void
test_orders_alone (void)
{
  /* without a lock, every check is a conjunction of orders: the order
   * graph decides each one, and the schedules it builds are the ones the
   * predictions carry (bug steps checked by predict_stats) */
  AugurPredictStats st = { 0 };
  g_autofree char *got = predict_stats (PROLOGUE "1 read x; 1 read x; 1 exit; 2 write x; 2 exit",
                                        TRUE, &st);
  g_assert_cmpstr (got, ==,
                   "atomicity-violation R-W-R T1#1 T2#1 T1#2\n"
                   "data-race race T1#1 T2#1\n"
                   "data-race race T1#2 T2#1");
  g_assert_cmpuint (st.n_checks, >, 0);
  g_assert_cmpuint (st.n_orders_only, ==, st.n_checks);

  /* a closed critical section on each side: their mutual exclusion is a
   * disjunction, which Z3 decides (the read in T1's section and the one
   * after it: test_lock_dropped) */
  AugurPredictStats lk = { 0 };
  g_autofree char *locked = predict_stats (PROLOGUE "1 lock m; 1 read x; 1 write y; 1 unlock m; 1 read x; 1 exit;"
                                           "2 lock m; 2 write y; 2 unlock m; 2 write x; 2 exit", TRUE, &lk);
  g_assert_cmpstr (locked, ==,
                   "atomicity-violation R-W-R T1#2 T2#4 T1#5\n"
                   "data-race race T1#2 T2#4\n"
                   "data-race race T1#5 T2#4");
  g_assert_cmpuint (lk.n_orders_only, <, lk.n_checks);
}

static void
test_locked (void)
{
  /* the same accesses inside critical sections on one lock: nothing */
  g_autofree char *got = predict (PROLOGUE "1 lock m; 1 read x; 1 write x; 1 unlock m; 1 exit;"
                                  "2 lock m; 2 write x; 2 unlock m; 2 exit", TRUE);
  g_assert_cmpstr (got, ==, "");
}

static void
test_lock_dropped (void)
{
  /* one end of the pattern in a critical section, the other after it
   * without the lock: a remote access the lock does not exclude (or one
   * in its own section on the lock) falls between, for every pattern */
  static const char *const cases[][2] = {
    { "1 lock m; 1 read x; 1 unlock m; 1 read x; 1 exit; 2 write x; 2 exit",
      "atomicity-violation R-W-R T1#2 T2#1 T1#4\n"
      "data-race race T1#2 T2#1\ndata-race race T1#4 T2#1" },
    { "1 lock m; 1 write x; 1 unlock m; 1 read x; 1 exit; 2 write x; 2 exit",
      "atomicity-violation W-W-R T1#2 T2#1 T1#4\n"
      "data-race race T1#2 T2#1\ndata-race race T1#4 T2#1" },
    { "1 lock m; 1 read x; 1 unlock m; 1 write x; 1 exit; 2 write x; 2 exit",
      "atomicity-violation R-W-W T1#2 T2#1 T1#4\n"
      "data-race race T1#2 T2#1\ndata-race race T1#4 T2#1" },
    { "1 lock m; 1 write x; 1 unlock m; 1 write x; 1 exit; 2 read x; 2 exit",
      "atomicity-violation W-R-W T1#2 T2#1 T1#4\n"
      "data-race race T1#2 T2#1\ndata-race race T1#4 T2#1" },
    { "1 lock m; 1 write x; 1 unlock m; 1 write x; 1 exit; 2 write x; 2 exit",
      "atomicity-violation W-W-W T1#2 T2#1 T1#4\n"
      "data-race race T1#2 T2#1\ndata-race race T1#4 T2#1" },
    /* the writer in a section of its own on the lock: after T1's */
    { "1 lock m; 1 read x; 1 unlock m; 1 read x; 1 exit; 2 lock m; 2 write x; 2 unlock m; 2 exit",
      "atomicity-violation R-W-R T1#2 T2#2 T1#4\ndata-race race T1#4 T2#2" },
    /* a section on another lock at the other end does not protect it */
    { "1 lock a; 1 read x; 1 unlock a; 1 lock b; 1 read x; 1 unlock b; 1 exit;"
      "2 lock a; 2 write x; 2 unlock a; 2 exit",
      "atomicity-violation R-W-R T1#2 T2#2 T1#5\ndata-race race T1#5 T2#2" },
    /* two sections on one lock are two steps (a locked counter in a loop) */
    { "1 lock m; 1 read x; 1 write x; 1 unlock m; 1 lock m; 1 read x; 1 write x; 1 unlock m; 1 exit;"
      "2 lock m; 2 read x; 2 write x; 2 unlock m; 2 exit", "" },
    /* the unlocked end first: a double-checked test, which the check under
     * the lock makes right; the unlocked read races, no more */
    { "1 read x; 1 lock m; 1 read x; 1 unlock m; 1 exit; 2 write x; 2 exit",
      "data-race race T1#1 T2#1\ndata-race race T1#3 T2#1" },
    /* a hand-off between the two ends ends the step */
    { "1 lock m; 1 read x; 1 unlock m; 1 post s; 1 read x; 1 exit; 2 write x; 2 exit",
      "data-race race T1#2 T2#1\ndata-race race T1#5 T2#1" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *script = g_strconcat (PROLOGUE, cases[i][0], NULL);
      g_autofree char *got = predict (script, TRUE);
      g_assert_cmpstr (got, ==, cases[i][1]);
    }
}

static void
test_window_section (void)
{
  /* T1 reads x in a critical section; T2, recorded after it, takes the
   * lock and then writes x without it.  T2's section can run before T1's
   * acquisition, so the two accesses race: the query's window starts at
   * T1's acquisition, not at its read. */
  g_autofree char *got = predict (PROLOGUE "1 lock m; 1 read x; 1 unlock m; 1 exit;"
                                  "2 lock m; 2 write y; 2 unlock m; 2 write x; 2 exit", TRUE);
  g_assert_cmpstr (got, ==, "data-race race T1#2 T2#4");
}

static void
test_ordered (void)
{
  /* create, join, semaphores, barriers and signals order the accesses */
  g_autofree char *joined = predict ("0 start; 0 write x; 0 create 1; 1 start; 1 read x; 1 read x;"
                                     "1 exit; 0 join 1; 0 write x", TRUE);
  g_assert_cmpstr (joined, ==, "");
  g_autofree char *sem = predict (PROLOGUE "1 read x; 1 read x; 1 post s; 1 exit;"
                                  "2 semwait s; 2 write x; 2 exit", TRUE);
  g_assert_cmpstr (sem, ==, "");
  g_autofree char *barrier = predict (PROLOGUE "1 read x; 1 read x; 1 enter b; 2 enter b;"
                                      "1 leave b; 2 leave b; 2 write x; 1 exit; 2 exit", TRUE);
  g_assert_cmpstr (barrier, ==, "");
  g_autofree char *cond = predict (PROLOGUE "2 lock m; 2 wait c m; 1 read x; 1 read x; 1 lock m;"
                                   "1 signal c; 1 unlock m; 2 wake c m; 2 write x; 2 unlock m", TRUE);
  g_assert_cmpstr (cond, ==, "");
}

static void
test_data_flow (void)
{
  /* T2 reads d twice only after reading T1's flag f, set after T1 wrote d:
   * T1's write of d cannot come between the reads */
  const char *s = PROLOGUE "1 write d; 1 write f; 1 exit; 2 read f; 2 read d; 2 read d; 2 exit";
  g_autofree char *with = predict (s, TRUE);
  g_assert_cmpstr (with, ==, "data-race race T1#2 T2#1");
  g_autofree char *without = predict (s, FALSE);
  g_assert_cmpstr (without, ==,
                   "atomicity-violation R-W-R T2#2 T1#1 T2#3\n"
                   "data-race race T1#1 T2#2\n"
                   "data-race race T1#1 T2#3\n"
                   "data-race race T1#2 T2#1");
}

static void
test_deadlock (void)
{
  const char *s = PROLOGUE "1 lock a; 1 lock b; 1 unlock b; 1 unlock a; 1 exit;"
                  "2 lock b; 2 lock a; 2 unlock a; 2 unlock b; 2 exit";
  g_autofree char *got = predict (s, TRUE);
  /* (the synthetic trace's locks are named by their addresses) */
  g_assert_true (g_str_has_prefix (got, "deadlock lock-order T1#1 T1#2 T2#1 T2#2\n"
                                        "lock-order-inversion warning 0x"));
  /* a gate lock taken around both makes it impossible: no prediction,
   * the inversion a note */
  g_autofree char *gated = predict (PROLOGUE "1 lock g; 1 lock a; 1 lock b; 1 unlock b; 1 unlock a;"
                                    "1 unlock g; 1 exit; 2 lock g; 2 lock b; 2 lock a; 2 unlock a;"
                                    "2 unlock b; 2 unlock g; 2 exit", TRUE);
  g_assert_true (g_str_has_prefix (gated, "lock-order-inversion note 0x"));
  g_assert_null (strchr (gated, '\n'));
}

static void
test_third_section (void)
{
  /* T0, a third thread, wakes from a condition wait (re-acquiring m) and
   * writes f, which T2 reads in its own section on m; T1 and T2 race on
   * p.  T2 started before the wake, and only the mutex orders T2's
   * section after T0's: the race's schedule must not let T2 take m while
   * T0 is inside its section (assert_schedule_excludes checks it; the
   * replay of such a schedule stops at the wake, "not realisable"). */
  g_autofree char *got = predict ("0 start; 0 create 1; 0 create 2; 1 start;"
                                  "0 lock m; 0 wait e m; 1 lock m; 1 signal e; 1 unlock m; 1 write p;"
                                  "2 start; 0 wake e m; 0 write f; 0 unlock m;"
                                  "2 lock m; 2 read f; 2 unlock m; 2 read p", TRUE);
  g_assert_cmpstr (got, ==, "data-race race T1#4 T2#4");
}

static void
test_unknown (void)
{
  /* no time at all: every query that has a candidate answers unknown, and
   * is reported (without a schedule), not dropped */
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_trace (PROLOGUE "1 read x; 1 read x; 1 exit; 2 write x; 2 exit");
  g_autoptr (AugurTrace) trace = augur_trace_open (path, &error);
  g_assert_no_error (error);
  AugurPredictOptions o;
  augur_predict_options_init (&o);
  o.timeout_ms = 0;
  g_autoptr (AugurResults) res = augur_results_new ("/synthetic", "predict");
  AugurPredictStats st;
  g_assert_true (augur_predict (trace, NULL, &o, res, &st, &error));
  g_assert_cmpuint (augur_results_get_n_findings (res), ==, 3);   /* R-W-R, two races */
  g_assert_cmpuint (st.n_unknown, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      AugurFinding *f = augur_results_get_finding (res, i);
      g_assert_cmpstr (augur_finding_get_prediction_answer (f), ==, "unknown");
      g_assert_cmpuint (augur_finding_get_n_steps (f), ==, 0);
      g_autofree char *line = augur_predict_finding_to_line (f);
      g_assert_true (g_str_has_suffix (line, " (unknown)"));
    }
  /* and the results file keeps them */
  gsize len;
  g_autofree char *data = augur_results_to_data (res, &len);
  g_autoptr (AugurResults) back = augur_results_load_from_data (data, (gssize) len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (augur_finding_get_prediction_answer (augur_results_get_finding (back, 0)), ==,
                   "unknown");
  g_unlink (path);
}

static void
test_model_cut (void)
{
  /* a deadline already passed: the model stops at its first clock check
   * (every 65,536 events) and models that prefix; the results say the
   * predictor ran out of time */
  GString *script = g_string_new (PROLOGUE "1 read x; 2 write x;");
  for (guint i = 0; i < 70000; i++)
    g_string_append (script, " 1 read y;");
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_trace (script->str);
  g_string_free (script, TRUE);
  g_autoptr (AugurTrace) trace = augur_trace_open (path, &error);
  g_assert_no_error (error);
  AugurPredictOptions o;
  augur_predict_options_init (&o);
  o.deadline = g_get_monotonic_time ();
  g_autoptr (AugurResults) res = augur_results_new ("/synthetic", "predict");
  AugurPredictStats st;
  g_assert_true (augur_predict (trace, NULL, &o, res, &st, &error));
  g_assert_true (st.model_cut);
  g_assert_cmpuint (st.n_events, ==, 65535);
  g_assert_cmpuint (st.n_events, <, augur_trace_n_events (trace));
  g_assert_true (g_strv_contains (augur_results_get_bounds_hit (res), "predictor-time"));
  g_unlink (path);
}

static void
test_too_many_queries (void)
{
  /* 500 threads on one unprotected variable: a quarter of a million
   * thread pairs, each with its queries, on 2,000 events: declined, not
   * enumerated */
  GString *script = g_string_new ("0 start;");
  for (guint t = 1; t <= 500; t++)
    g_string_append_printf (script, " 0 create %u;", t);
  for (guint t = 1; t <= 500; t++)
    g_string_append_printf (script, " %u start; %u read x; %u write x; %u exit;", t, t, t, t);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_trace (script->str);
  g_string_free (script, TRUE);
  g_autoptr (AugurTrace) trace = augur_trace_open (path, &error);
  g_assert_no_error (error);
  AugurPredictOptions o;
  augur_predict_options_init (&o);
  g_autoptr (AugurResults) res = augur_results_new ("/synthetic", "predict");
  g_assert_false (augur_predict (trace, NULL, &o, res, NULL, &error));
  g_assert_error (error, AUGUR_PREDICT_ERROR, AUGUR_PREDICT_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "queries on their shared variables"));
  g_unlink (path);
}

static void
test_model (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_trace (PROLOGUE "1 lock m; 1 read x; 1 unlock m; 2 write x; 2 read y");
  g_autoptr (AugurTrace) trace = augur_trace_open (path, &error);
  g_assert_no_error (error);
  g_autoptr (AugurPredModel) m = augur_pred_model_new (trace, NULL);
  g_autofree char *s = augur_pred_model_to_string (m);
  g_assert_cmpstr (s, ==, "3 threads, 11 events, 1 shared variables of 2, 1 sync objects");
  /* create orders T0's events before T1's; T1 and T2 are unordered */
  g_assert_true (augur_pred_model_hb (m, 1, 3));
  g_assert_false (augur_pred_model_hb (m, 6, 8));
  g_assert_false (augur_pred_model_hb (m, 8, 6));
  g_unlink (path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/predictor/encoding/model", test_model);
  g_test_add_func ("/predictor/encoding/r-w-r", test_rwr);
  g_test_add_func ("/predictor/encoding/w-w-w", test_www);
  g_test_add_func ("/predictor/encoding/locked", test_locked);
  g_test_add_func ("/predictor/encoding/orders-alone", test_orders_alone);
  g_test_add_func ("/predictor/encoding/lock-dropped", test_lock_dropped);
  g_test_add_func ("/predictor/encoding/window-section", test_window_section);
  g_test_add_func ("/predictor/encoding/ordered", test_ordered);
  g_test_add_func ("/predictor/encoding/data-flow", test_data_flow);
  g_test_add_func ("/predictor/encoding/deadlock", test_deadlock);
  g_test_add_func ("/predictor/encoding/third-section", test_third_section);
  g_test_add_func ("/predictor/encoding/unknown", test_unknown);
  g_test_add_func ("/predictor/encoding/model-cut", test_model_cut);
  g_test_add_func ("/predictor/encoding/too-many-queries", test_too_many_queries);
  return g_test_run ();
}
