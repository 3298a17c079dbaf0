/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-ops.c — the operation table (common/augur-ops.[ch]) answers for
 * every value of the three enums, and its levels agree with each other.
 *
 * The values are read from the headers that declare the enums, so a value
 * added there without a row here fails: its lookup would fall back to the
 * row of NONE.  Then, for each value: a name (unique, and for ops the
 * JSON spelling that parses back), an op and a step inside their enums,
 * and the same answer at each level where two levels are asked the same
 * question (an event that acquires a lock is a step that acquires one, an
 * access is a step that reads or writes memory ...).  A few rows are
 * spelled out as the pipeline relies on them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/augur-ops.h"
#include "common/results.h"
#include "common/trace.h"

typedef struct {
  char *name;       /* the enumerator without its prefix */
  guint value;
} Value;

static void
value_clear (gpointer p)
{
  g_free (((Value *) p)->name);
}

/* The enumerators @prefix* of the typedef enum that ends in "} @type;" in
 * @header, with their values (explicit or counted), the last one (a count
 * such as AUGUR_EV_LAST_) left out. */
static GArray *
enum_values (const char *header, const char *prefix, const char *type)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "common", header, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_autofree char *end_mark = g_strdup_printf ("} %s;", type);
  char *end = strstr (text, end_mark);
  g_assert_nonnull (end);
  *end = '\0';
  char *start = g_strrstr (text, "typedef enum {");
  g_assert_nonnull (start);

  g_autofree char *pattern = g_strdup_printf ("^\\s*%s([A-Z0-9_]+)\\s*(=\\s*([0-9]+))?\\s*,?", prefix);
  g_autoptr (GRegex) re = g_regex_new (pattern, G_REGEX_MULTILINE, 0, NULL);
  g_autoptr (GMatchInfo) mi = NULL;
  GArray *values = g_array_new (FALSE, FALSE, sizeof (Value));
  g_array_set_clear_func (values, value_clear);
  guint next = 0;
  g_regex_match (re, start, 0, &mi);
  while (g_match_info_matches (mi))
    {
      g_autofree char *num = g_match_info_fetch (mi, 3);
      Value v = { g_match_info_fetch (mi, 1), num != NULL && *num ? (guint) atoi (num) : next };
      next = v.value + 1;
      g_array_append_val (values, v);
      g_match_info_next (mi, NULL);
    }
  g_assert_cmpuint (values->len, >, 2);
  g_array_remove_index (values, values->len - 1);   /* the count */
  return values;
}

static void
test_events (void)
{
  g_autoptr (GArray) values = enum_values ("augur-trace-format.h", "AUGUR_EV_", "AugurEventKind");
  g_assert_cmpuint (values->len, ==, 62);   /* NONE .. CHANNEL */
  g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < values->len; i++)
    {
      Value *v = &g_array_index (values, Value, i);
      const AugurOpsEvent *row = augur_ops_event (v->value);
      g_test_message ("AUGUR_EV_%s", v->name);
      g_assert_cmpuint (v->value, <, AUGUR_EV_LAST_);
      if (v->value == AUGUR_EV_NONE)
        {
          g_assert_null (row->name);
          continue;
        }
      /* its own row, not NONE's */
      g_assert_true (row == &augur_ops_events[v->value]);
      g_assert_nonnull (row->name);
      g_assert_false (g_hash_table_contains (names, row->name));
      g_hash_table_add (names, (gpointer) row->name);
      g_assert_cmpstr (augur_event_kind_name (v->value), ==, row->name);
      g_assert_cmpuint (row->op, <, AUGUR_OP_N_OPS);
      g_assert_cmpuint (row->sop, <, AUGUR_SOP_N_);

      const AugurOpsOp *op = augur_ops_op (row->op);
      const AugurOpsSched *sop = augur_ops_sched (row->sop);
      /* an access of a variable is a memory access at every level */
      if (row->access != 0)
        {
          g_assert_cmpuint (op->mem, !=, 0);
          g_assert_cmpuint (row->object, ==, AUGUR_OPS_OBJ_MEMORY);
        }
      if (op->mem != 0)
        g_assert_true (sop->mem == AUGUR_OPS_MEM_READ || sop->mem == AUGUR_OPS_MEM_WRITE);
      if (op->mem & AUGUR_OPS_ACC_WRITE)
        g_assert_cmpuint (sop->mem, ==, AUGUR_OPS_MEM_WRITE);
      /* the lock its op takes or releases is the one its step does */
      if (op->lock != AUGUR_OPS_LOCK_NONE)
        {
          g_assert_cmpuint (sop->lock, ==, op->lock);
          g_assert_true (row->sync);
        }
      if (sop->lock != AUGUR_OPS_LOCK_NONE)
        g_assert_cmpuint (op->lock, ==, sop->lock);
      /* a lock or a synchronisation names an object that is not memory */
      if (row->sync && row->object != AUGUR_OPS_OBJ_NONE)
        g_assert_cmpuint (row->object, !=, AUGUR_OPS_OBJ_MEMORY);
      if (row->block == AUGUR_OPS_BLOCK_UNLESS_TRY)
        g_assert_true (augur_ops_event_blocks (v->value, AUGUR_TRY_BLOCKING)
                       && !augur_ops_event_blocks (v->value, AUGUR_TRY_TRY)
                       && !augur_ops_event_blocks (v->value, AUGUR_TRY_TIMED));
      /* a step of its own is one whose op the step shows */
      if (row->sop != AUGUR_SOP_NONE && row->sop != AUGUR_SOP_OTHER && row->sop != AUGUR_SOP_END)
        g_assert_cmpuint (op->step, !=, AUGUR_OPS_STEP_NO);
    }
  /* values between kinds and past the last read NONE's row */
  g_assert_true (augur_ops_event (12) == &augur_ops_events[AUGUR_EV_NONE]);
  g_assert_true (augur_ops_event (AUGUR_EV_LAST_) == &augur_ops_events[AUGUR_EV_NONE]);
  g_assert_true (augur_ops_event (1000) == &augur_ops_events[AUGUR_EV_NONE]);
  g_assert_cmpstr (augur_event_kind_name (12), ==, "?");
}

static void
test_sched (void)
{
  g_autoptr (GArray) values = enum_values ("augur-sched-format.h", "AUGUR_SOP_", "AugurSchedOp");
  g_assert_cmpuint (values->len, ==, AUGUR_SOP_N_);
  g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < values->len; i++)
    {
      Value *v = &g_array_index (values, Value, i);
      const AugurOpsSched *row = augur_ops_sched (v->value);
      g_test_message ("AUGUR_SOP_%s", v->name);
      g_assert_cmpuint (v->value, ==, i);
      g_assert_true (row == &augur_ops_scheds[v->value]);
      g_assert_nonnull (row->name);
      /* its name is the enumerator's, lower case, dashes for underscores */
      g_autofree char *want = g_ascii_strdown (v->name, -1);
      g_strdelimit (want, "_", '-');
      g_assert_cmpstr (row->name, ==, want);
      g_assert_false (g_hash_table_contains (names, row->name));
      g_hash_table_add (names, (gpointer) row->name);
      if (v->value == AUGUR_SOP_NONE)
        {
          g_assert_cmpuint (row->op, ==, AUGUR_OP_N_OPS);
          continue;
        }
      g_assert_cmpuint (row->op, <, AUGUR_OP_N_OPS);
      const AugurOpsOp *op = augur_ops_op (row->op);
      if (row->mem == AUGUR_OPS_MEM_READ || row->mem == AUGUR_OPS_MEM_WRITE)
        g_assert_cmpuint (op->mem, ==, row->mem == AUGUR_OPS_MEM_READ ? AUGUR_OPS_ACC_READ
                                                                      : AUGUR_OPS_ACC_WRITE);
      else
        g_assert_cmpuint (op->mem, ==, 0);
      if (row->lock == AUGUR_OPS_LOCK_ACQUIRE || row->lock == AUGUR_OPS_LOCK_RELEASE)
        g_assert_cmpuint (op->lock, ==, row->lock);
      else
        g_assert_cmpuint (row->lock_in, ==, AUGUR_OPS_IN_OBJ);
      /* the hot loops' copy of the mem column */
      g_assert_cmpuint (augur_ops_sched_mem (v->value), ==, row->mem);
      /* a step that names an object names it in obj */
      if (!row->names_object)
        g_assert_cmpuint (row->mem, ==, AUGUR_OPS_MEM_NONE);
      /* a step that may block says what it waits for (the end waits for
       * the others), as its op does where the op says it */
      g_assert_cmpuint (row->waits, <=, AUGUR_OPS_WAITS_ONCE);
      if (row->may_block && v->value != AUGUR_SOP_END)
        g_assert_cmpuint (row->waits, !=, AUGUR_OPS_WAITS_NONE);
      if (op->waits != AUGUR_OPS_WAITS_NONE && row->lock != AUGUR_OPS_LOCK_TRY)
        g_assert_cmpuint (row->waits, ==, op->waits);
      if (row->lock == AUGUR_OPS_LOCK_ACQUIRE)
        g_assert_cmpuint (row->waits, ==, row->lock_in == AUGUR_OPS_IN_ARG ? AUGUR_OPS_WAITS_COND
                                                                            : AUGUR_OPS_WAITS_LOCK);
      /* a shared hold is an acquisition; a release of every hold a release */
      if (row->shared)
        g_assert_cmpuint (row->lock, ==, AUGUR_OPS_LOCK_ACQUIRE);
      if (row->release_all)
        g_assert_cmpuint (row->lock, ==, AUGUR_OPS_LOCK_RELEASE);
      /* what it uses is an object it names; memory accesses and locks use
       * their object, and a step on a lock has a verb */
      if (row->uses_obj)
        g_assert_true (row->names_object);
      if (row->mem == AUGUR_OPS_MEM_READ || row->mem == AUGUR_OPS_MEM_WRITE
          || row->lock != AUGUR_OPS_LOCK_NONE)
        g_assert_true (row->uses_obj && row->verb != NULL);
    }
  g_assert_true (augur_ops_sched (AUGUR_SOP_N_) == &augur_ops_scheds[AUGUR_SOP_NONE]);
  g_assert_cmpuint (augur_ops_sched_mem (AUGUR_SOP_N_), ==, AUGUR_OPS_MEM_NONE);
  g_assert_cmpuint (augur_ops_sched_mem (200), ==, AUGUR_OPS_MEM_NONE);

  /* the lock of a step, in its field */
  AugurSchedStep s = { .op = AUGUR_SOP_COND_WAKE, .obj = 0x10, .arg = 0x20 };
  uint64_t lock = 0;
  g_assert_cmpuint (augur_ops_step_lock (&s, &lock), ==, AUGUR_OPS_LOCK_ACQUIRE);
  g_assert_cmpuint (lock, ==, 0x20);
  s.op = AUGUR_SOP_RWUNLOCK;
  g_assert_cmpuint (augur_ops_step_lock (&s, &lock), ==, AUGUR_OPS_LOCK_RELEASE);
  g_assert_cmpuint (lock, ==, 0x10);
  s.op = AUGUR_SOP_SIGNAL;
  lock = 7;
  g_assert_cmpuint (augur_ops_step_lock (&s, &lock), ==, AUGUR_OPS_LOCK_NONE);
  g_assert_cmpuint (lock, ==, 7);
}

static void
test_ops (void)
{
  g_autoptr (GArray) values = enum_values ("augur-ops.h", "AUGUR_OP_", "AugurOp");
  g_assert_cmpuint (values->len, ==, AUGUR_OP_N_OPS);
  g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < values->len; i++)
    {
      Value *v = &g_array_index (values, Value, i);
      const AugurOpsOp *row = augur_ops_op (v->value);
      g_test_message ("AUGUR_OP_%s", v->name);
      g_assert_cmpuint (v->value, ==, i);
      g_assert_true (row == &augur_ops_ops[v->value]);
      g_autofree char *want = g_ascii_strdown (v->name, -1);
      g_strdelimit (want, "_", '-');
      g_assert_cmpstr (row->name, ==, want);
      g_assert_false (g_hash_table_contains (names, row->name));
      g_hash_table_add (names, (gpointer) row->name);
      AugurOp back;
      g_assert_true (augur_op_from_string (row->name, &back));
      g_assert_cmpuint (back, ==, v->value);
      /* a memory access neither locks nor synchronises */
      if (row->mem != 0)
        g_assert_true (row->lock == AUGUR_OPS_LOCK_NONE && row->sync_in == AUGUR_OPS_SYNC_NONE
                       && row->sync_out == AUGUR_OPS_SYNC_NONE && row->waits == AUGUR_OPS_WAITS_NONE);
      g_assert_true (row->sync_in == AUGUR_OPS_SYNC_NONE || row->sync_out == AUGUR_OPS_SYNC_NONE);
      g_assert_cmpuint (row->sync_in, <, AUGUR_OPS_SYNC_N_);
      g_assert_cmpuint (row->sync_out, <, AUGUR_OPS_SYNC_N_);
      /* an access, a lock or a synchronisation has a verb of its own */
      if (row->mem != 0 || row->lock != AUGUR_OPS_LOCK_NONE || row->sync_out == AUGUR_OPS_SYNC_SIGNAL)
        g_assert_nonnull (row->verb);
      /* a mutex's first use is an op on a lock */
      if (row->mutex_use)
        g_assert_true (row->lock != AUGUR_OPS_LOCK_NONE || row->waits == AUGUR_OPS_WAITS_LOCK
                       || v->value == AUGUR_OP_DESTROY);
    }
  /* every channel has both ends */
  for (guint c = AUGUR_OPS_SYNC_NONE + 1; c < AUGUR_OPS_SYNC_N_; c++)
    {
      gboolean in = FALSE, out = FALSE;
      for (guint op = 0; op < AUGUR_OP_N_OPS; op++)
        {
          in |= augur_ops_op (op)->sync_in == c;
          out |= augur_ops_op (op)->sync_out == c;
        }
      g_assert_true (in && out);
    }
  /* no op answers nothing */
  const AugurOpsOp *none = augur_ops_op (AUGUR_OP_N_OPS);
  g_assert_null (none->name);
  g_assert_true (none->mem == 0 && none->lock == AUGUR_OPS_LOCK_NONE && none->step == AUGUR_OPS_STEP_NO);
  g_assert_true (augur_ops_op (AUGUR_OP_N_OPS + 5) == none);
  g_assert_false (augur_op_is_memory_access (AUGUR_OP_N_OPS));
}

/* Rows the pipeline relies on, spelled out. */
static void
test_rows (void)
{
  /* the end of a run, by how it ended */
  g_assert_cmpuint (augur_ops_end_op (AUGUR_END_EXIT), ==, AUGUR_OP_END);
  g_assert_cmpuint (augur_ops_end_op (AUGUR_END_ABORT), ==, AUGUR_OP_ASSERT_FAIL);
  g_assert_cmpuint (augur_ops_end_op (AUGUR_END_SIGNAL), ==, AUGUR_OP_FAULT);
  /* McPatom access kinds: a CAS writes only when it succeeded */
  g_assert_cmpuint (augur_ops_event_access (AUGUR_EV_READ, 0), ==, AUGUR_OPS_ACC_READ);
  g_assert_cmpuint (augur_ops_event_access (AUGUR_EV_ATOMIC_RMW, 0), ==,
                    AUGUR_OPS_ACC_READ | AUGUR_OPS_ACC_WRITE | AUGUR_OPS_ACC_ATOMIC);
  g_assert_cmpuint (augur_ops_event_access (AUGUR_EV_ATOMIC_CAS, 0), ==,
                    AUGUR_OPS_ACC_READ | AUGUR_OPS_ACC_ATOMIC);
  g_assert_cmpuint (augur_ops_event_access (AUGUR_EV_ATOMIC_CAS, 1), ==,
                    AUGUR_OPS_ACC_READ | AUGUR_OPS_ACC_WRITE | AUGUR_OPS_ACC_ATOMIC);
  g_assert_cmpuint (augur_ops_event_access (AUGUR_EV_WRITE_RANGE, 0), ==, 0);
  /* a trylock never blocks for ever, nor does a timed lock; a spin lock
   * unless tried */
  g_assert_false (augur_ops_event_blocks (AUGUR_EV_MUTEX_TRYLOCK, AUGUR_TRY_BLOCKING));
  g_assert_false (augur_ops_event_blocks (AUGUR_EV_MUTEX_TIMEDLOCK, AUGUR_TRY_BLOCKING));
  g_assert_false (augur_ops_event_blocks (AUGUR_EV_RWLOCK_WRLOCK, AUGUR_TRY_TIMED));
  g_assert_true (augur_ops_event_blocks (AUGUR_EV_SPIN_LOCK, AUGUR_TRY_BLOCKING));
  g_assert_false (augur_ops_event_blocks (AUGUR_EV_SPIN_LOCK, AUGUR_TRY_TRY));
  /* the lock objects */
  g_assert_true (augur_ops_event_on_lock (AUGUR_EV_RWLOCK_INIT));
  g_assert_true (augur_ops_event_on_lock (AUGUR_EV_SPIN_DESTROY));
  g_assert_false (augur_ops_event_on_lock (AUGUR_EV_COND_INIT));
  /* the levels of a read-lock taken by a trylock */
  const AugurOpsEvent *wr = augur_ops_event (AUGUR_EV_RWLOCK_WRLOCK);
  g_assert_cmpuint (wr->op, ==, AUGUR_OP_LOCK);
  g_assert_cmpuint (wr->sop, ==, AUGUR_SOP_WRLOCK);
  g_assert_cmpuint (augur_ops_sched (AUGUR_SOP_TRYLOCK_FAIL)->lock, ==, AUGUR_OPS_LOCK_TRY);
  g_assert_cmpuint (augur_ops_sched (AUGUR_SOP_TRYLOCK_FAIL)->op, ==, AUGUR_OP_LOCK_REQUEST);
  /* the synchronisations of the predictor: not an init of a mutex, the
   * init of a semaphore (its value counts for the waits) */
  g_assert_false (augur_ops_event (AUGUR_EV_MUTEX_INIT)->sync);
  g_assert_true (augur_ops_event (AUGUR_EV_SEM_INIT)->sync);
  g_assert_false (augur_ops_event (AUGUR_EV_THREAD_DETACH)->sync);
  /* what a blocked thread waits for */
  g_assert_cmpuint (augur_ops_op (AUGUR_OP_LOCK_REQUEST)->waits, ==, AUGUR_OPS_WAITS_LOCK);
  g_assert_cmpuint (augur_ops_op (AUGUR_OP_TRYLOCK)->waits, ==, AUGUR_OPS_WAITS_NONE);
  g_assert_cmpuint (augur_ops_op (AUGUR_OP_WAIT)->waits, ==, AUGUR_OPS_WAITS_COND);
  g_assert_cmpuint (augur_ops_sched (AUGUR_SOP_BARRIER_LEAVE)->waits, ==, AUGUR_OPS_WAITS_BARRIER);
  g_assert_cmpuint (augur_ops_sched (AUGUR_SOP_OTHER)->waits, ==, AUGUR_OPS_WAITS_ONCE);
  /* a read lock is shared; a condition wait releases a recursive mutex
   * however often it was locked, an unlock once */
  g_assert_true (augur_ops_sched (AUGUR_SOP_RDLOCK)->shared);
  g_assert_false (augur_ops_sched (AUGUR_SOP_WRLOCK)->shared);
  g_assert_true (augur_ops_sched (AUGUR_SOP_COND_WAIT)->release_all);
  g_assert_false (augur_ops_sched (AUGUR_SOP_UNLOCK)->release_all);
  /* inits and barriers are not checked for a use after free; a signal is */
  g_assert_false (augur_ops_sched (AUGUR_SOP_INIT)->uses_obj);
  g_assert_true (augur_ops_sched (AUGUR_SOP_SIGNAL)->uses_obj);
  /* the verbs of the prose */
  g_assert_cmpstr (augur_ops_sched (AUGUR_SOP_RDLOCK)->verb, ==, "read-locks");
  g_assert_null (augur_ops_sched (AUGUR_SOP_SEM_POST)->verb);
  g_assert_cmpstr (augur_ops_op (AUGUR_OP_ATOMIC_RMW)->verb, ==, "atomically updates");
  g_assert_null (augur_ops_op (AUGUR_OP_SEM_POST)->verb);
  g_assert_true (augur_ops_op (AUGUR_OP_LOCK_REQUEST)->mutex_use);
  g_assert_false (augur_ops_op (AUGUR_OP_RDLOCK)->mutex_use);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ops/events", test_events);
  g_test_add_func ("/ops/sched", test_sched);
  g_test_add_func ("/ops/ops", test_ops);
  g_test_add_func ("/ops/rows", test_rows);
  return g_test_run ();
}
