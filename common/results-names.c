/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * results-names.c — the names of the results model's enumerations (see
 * results.h): the kinds of finding (identifier, title, description),
 * severities and the default severity of a kind, prediction classes, and
 * the operations (their names and meanings come from common/augur-ops.h).
 * These strings are how the results file (results-json.c) and the text
 * form (results-text.c) spell the enumerations.
 */
#include "config.h"

#include "common/results.h"

#include <string.h>

static const char *const kind_names[AUGUR_FINDING_N_KINDS] = {
  [AUGUR_FINDING_DEADLOCK] = "deadlock",
  [AUGUR_FINDING_LOCK_ORDER] = "lock-order-inversion",
  [AUGUR_FINDING_DATA_RACE] = "data-race",
  [AUGUR_FINDING_ATOMICITY_VIOLATION] = "atomicity-violation",
  [AUGUR_FINDING_ORDER_VIOLATION] = "order-violation",
  [AUGUR_FINDING_ASSERTION] = "assertion",
  [AUGUR_FINDING_ABORT] = "abort",
  [AUGUR_FINDING_CRASH] = "crash",
  [AUGUR_FINDING_HANG] = "hang",
  [AUGUR_FINDING_MISUSE] = "misuse",
};

static const char *const kind_titles[AUGUR_FINDING_N_KINDS] = {
  [AUGUR_FINDING_DEADLOCK] = "Deadlock",
  [AUGUR_FINDING_LOCK_ORDER] = "Lock-order inversion",
  [AUGUR_FINDING_DATA_RACE] = "Data race",
  [AUGUR_FINDING_ATOMICITY_VIOLATION] = "Atomicity violation",
  [AUGUR_FINDING_ORDER_VIOLATION] = "Order violation",
  [AUGUR_FINDING_ASSERTION] = "Assertion failure",
  [AUGUR_FINDING_ABORT] = "Abort",
  [AUGUR_FINDING_CRASH] = "Crash",
  [AUGUR_FINDING_HANG] = "Hang",
  [AUGUR_FINDING_MISUSE] = "Misuse of the threads API",
};

static const char *const kind_descriptions[AUGUR_FINDING_N_KINDS] = {
  [AUGUR_FINDING_DEADLOCK] =
    "Every live thread is blocked, waiting for something only a blocked thread could do, "
    "so none of them can ever go on.",
  [AUGUR_FINDING_LOCK_ORDER] =
    "Threads take the same locks in opposite orders: when each holds its first lock and "
    "waits for its second, they deadlock.",
  [AUGUR_FINDING_DATA_RACE] =
    "Two threads access the same memory, at least one of them writes, and no "
    "synchronisation orders the two accesses.",
  [AUGUR_FINDING_ATOMICITY_VIOLATION] =
    "A sequence of accesses meant to happen as one indivisible step was interleaved "
    "with a conflicting access from another thread.",
  [AUGUR_FINDING_ORDER_VIOLATION] =
    "Two operations meant to happen in one order can happen in the other order.",
  [AUGUR_FINDING_ASSERTION] = "An assertion of the program fails under this schedule.",
  [AUGUR_FINDING_ABORT] =
    "The program calls abort() itself (not through a failed assert()) under this schedule.",
  [AUGUR_FINDING_CRASH] = "The program dies from a fatal signal under this schedule.",
  [AUGUR_FINDING_HANG] = "The program stops making progress under this schedule.",
  [AUGUR_FINDING_MISUSE] =
    "The program uses the threads API in a way the standard leaves undefined or forbids.",
};

static const char *const severity_names[AUGUR_SEVERITY_N] = {
  [AUGUR_SEVERITY_ERROR] = "error",
  [AUGUR_SEVERITY_WARNING] = "warning",
  [AUGUR_SEVERITY_NOTE] = "note",
};

static const char *const class_names[AUGUR_PREDICTION_N_CLASSES] = {
  [AUGUR_PREDICTION_HARMFUL] = "harmful",
  [AUGUR_PREDICTION_BENIGN] = "benign",
  [AUGUR_PREDICTION_NOT_REALISABLE] = "not-realisable",
  [AUGUR_PREDICTION_NOT_TRIED] = "not-tried",
};


static gboolean
lookup_name (const char *const *names, guint n, const char *s, guint *out)
{
  if (s == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (names[i], s) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
augur_finding_kind_to_string (AugurFindingKind kind)
{
  g_return_val_if_fail (kind < AUGUR_FINDING_N_KINDS, NULL);
  return kind_names[kind];
}

const char *
augur_finding_kind_title (AugurFindingKind kind)
{
  g_return_val_if_fail (kind < AUGUR_FINDING_N_KINDS, NULL);
  return kind_titles[kind];
}

const char *
augur_finding_kind_description (AugurFindingKind kind)
{
  g_return_val_if_fail (kind < AUGUR_FINDING_N_KINDS, NULL);
  return kind_descriptions[kind];
}

gboolean
augur_finding_kind_from_string (const char *s, AugurFindingKind *kind)
{
  guint i;
  if (!lookup_name (kind_names, AUGUR_FINDING_N_KINDS, s, &i))
    return FALSE;
  *kind = (AugurFindingKind) i;
  return TRUE;
}

const char *
augur_severity_to_string (AugurSeverity severity)
{
  g_return_val_if_fail (severity < AUGUR_SEVERITY_N, NULL);
  return severity_names[severity];
}

gboolean
augur_severity_from_string (const char *s, AugurSeverity *severity)
{
  guint i;
  if (!lookup_name (severity_names, AUGUR_SEVERITY_N, s, &i))
    return FALSE;
  *severity = (AugurSeverity) i;
  return TRUE;
}

AugurSeverity
augur_severity_default (AugurFindingKind kind, const char *subkind)
{
  switch (kind)
    {
    case AUGUR_FINDING_LOCK_ORDER:
      return AUGUR_SEVERITY_WARNING;
    case AUGUR_FINDING_MISUSE:
      /* most C programs end without destroying their mutexes: harmless */
      if (g_strcmp0 (subkind, "not-destroyed") == 0)
        return AUGUR_SEVERITY_NOTE;
      /* the threads are killed at exit: wrong only if they had work left */
      if (g_strcmp0 (subkind, "main-returns-with-threads") == 0)
        return AUGUR_SEVERITY_WARNING;
      return AUGUR_SEVERITY_ERROR;
    default:
      return AUGUR_SEVERITY_ERROR;
    }
}

const char *
augur_prediction_class_to_string (AugurPredictionClass cls)
{
  g_return_val_if_fail (cls < AUGUR_PREDICTION_N_CLASSES, NULL);
  return class_names[cls];
}

gboolean
augur_prediction_class_from_string (const char *s, AugurPredictionClass *cls)
{
  guint i;
  if (!lookup_name (class_names, AUGUR_PREDICTION_N_CLASSES, s, &i))
    return FALSE;
  *cls = (AugurPredictionClass) i;
  return TRUE;
}

const char *
augur_op_to_string (AugurOp op)
{
  g_return_val_if_fail (op < AUGUR_OP_N_OPS, NULL);
  return augur_ops_op (op)->name;
}

gboolean
augur_op_from_string (const char *s, AugurOp *op)
{
  if (s == NULL)
    return FALSE;
  for (guint i = 0; i < AUGUR_OP_N_OPS; i++)
    if (strcmp (augur_ops_op (i)->name, s) == 0)
      {
        *op = (AugurOp) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
augur_op_is_memory_access (AugurOp op)
{
  return augur_ops_op (op)->mem != 0;
}

gboolean
augur_op_is_write (AugurOp op)
{
  return (augur_ops_op (op)->mem & AUGUR_OPS_ACC_WRITE) != 0;
}

gboolean
augur_op_is_acquire (AugurOp op)
{
  return augur_ops_op (op)->lock == AUGUR_OPS_LOCK_ACQUIRE;
}

gboolean
augur_op_is_release (AugurOp op)
{
  return augur_ops_op (op)->lock == AUGUR_OPS_LOCK_RELEASE;
}

gboolean
augur_op_is_failure (AugurOp op)
{
  return op == AUGUR_OP_ASSERT_FAIL || op == AUGUR_OP_ABORT;
}
