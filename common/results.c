/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * results.c — the results model (see results.h): builders, getters, the
 * deterministic order of findings, and the _to_string()s.  The JSON form is
 * in results-json.c.
 *
 * Invariants kept by the builders, so that readers and writers never sort:
 *   - a finding's threads and bug steps are sorted and unique;
 *   - an access's locks_held is sorted and NULL-terminated;
 *   - bounds hit are sorted and unique; prediction counts are a dense table;
 *   - the results' findings and static candidates are sorted on demand
 *     (a "dirty" flag), because writers may fill a finding after adding it.
 */
#include "config.h"

#include "common/results.h"
#include "common/results-private.h"

#include <string.h>

G_DEFINE_QUARK (augur-results-error-quark, augur_results_error)

/* ---- names ---- */

static const char *const kind_names[AUGUR_FINDING_N_KINDS] = {
  [AUGUR_FINDING_DEADLOCK] = "deadlock",
  [AUGUR_FINDING_LOCK_ORDER] = "lock-order-inversion",
  [AUGUR_FINDING_DATA_RACE] = "data-race",
  [AUGUR_FINDING_ATOMICITY_VIOLATION] = "atomicity-violation",
  [AUGUR_FINDING_ORDER_VIOLATION] = "order-violation",
  [AUGUR_FINDING_ASSERTION] = "assertion",
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

/* ---- findings ---- */


static void
access_clear (gpointer p)
{
  AugurAccess *a = p;
  g_free (a->file);
  g_free (a->function);
  g_strfreev (a->locks_held);
  for (guint i = 0; i < a->n_callers; i++)
    {
      g_free (a->callers[i].file);
      g_free (a->callers[i].function);
    }
  g_free (a->callers);
}

static void
step_clear (gpointer p)
{
  AugurStep *s = p;
  g_free (s->object);
  g_free (s->file);
  g_free (s->function);
}

AugurFinding *
augur_finding_new (AugurFindingKind kind, const char *subkind, const char *explanation)
{
  g_return_val_if_fail (kind < AUGUR_FINDING_N_KINDS, NULL);
  g_return_val_if_fail (explanation != NULL, NULL);

  AugurFinding *f = g_new0 (AugurFinding, 1);
  f->ref_count = 1;
  f->kind = kind;
  f->subkind = g_strdup (subkind);
  f->explanation = g_strdup (explanation);
  f->severity = augur_severity_default (kind, subkind);
  f->cls = -1;
  f->parts = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_finding_unref);
  f->threads = g_array_new (FALSE, FALSE, sizeof (guint));
  f->accesses = g_array_new (FALSE, TRUE, sizeof (AugurAccess));
  g_array_set_clear_func (f->accesses, access_clear);
  f->steps = g_array_new (FALSE, TRUE, sizeof (AugurStep));
  g_array_set_clear_func (f->steps, step_clear);
  f->bug_steps = g_array_new (FALSE, FALSE, sizeof (guint));
  return f;
}

AugurFinding *
augur_finding_ref (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, NULL);
  g_atomic_int_inc (&finding->ref_count);
  return finding;
}

void
augur_finding_unref (AugurFinding *finding)
{
  g_return_if_fail (finding != NULL);
  if (!g_atomic_int_dec_and_test (&finding->ref_count))
    return;
  g_free (finding->subkind);
  g_free (finding->explanation);
  g_free (finding->object);
  g_free (finding->object_kind);
  g_free (finding->object_id);
  g_ptr_array_unref (finding->parts);
  g_array_unref (finding->threads);
  g_array_unref (finding->accesses);
  g_array_unref (finding->steps);
  g_array_unref (finding->bug_steps);
  g_free (finding->replay);
  g_free (finding->pattern);
  g_free (finding->answer);
  g_free (finding);
}

/* Inserts @v into the sorted unique array @a. */
static void
sorted_insert (GArray *a, guint v)
{
  guint lo = 0, hi = a->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      guint m = g_array_index (a, guint, mid);
      if (m == v)
        return;
      if (m < v)
        lo = mid + 1;
      else
        hi = mid;
    }
  g_array_insert_val (a, lo, v);
}

void
augur_finding_set_object (AugurFinding *finding, const char *object, const char *object_kind)
{
  g_return_if_fail (finding != NULL);
  g_free (finding->object);
  g_free (finding->object_kind);
  finding->object = g_strdup (object);
  finding->object_kind = g_strdup (object_kind);
}

void
augur_finding_set_object_id (AugurFinding *finding, const char *object_id)
{
  g_return_if_fail (finding != NULL);
  g_free (finding->object_id);
  finding->object_id = g_strdup (object_id);
}

void
augur_finding_set_severity (AugurFinding *finding, AugurSeverity severity)
{
  g_return_if_fail (finding != NULL);
  g_return_if_fail (severity < AUGUR_SEVERITY_N);
  finding->severity = severity;
}

void
augur_finding_set_explanation (AugurFinding *finding, const char *explanation)
{
  g_return_if_fail (finding != NULL && explanation != NULL);
  g_free (finding->explanation);
  finding->explanation = g_strdup (explanation);
}

void
augur_finding_add_part (AugurFinding *finding, AugurFinding *part)
{
  g_return_if_fail (finding != NULL && part != NULL && part != finding);
  g_return_if_fail (part->parts->len == 0);
  g_ptr_array_add (finding->parts, augur_finding_ref (part));
}

AugurSeverity
augur_finding_get_severity (AugurFinding *finding)
{
  return finding->severity;
}

guint
augur_finding_get_n_parts (AugurFinding *finding)
{
  return finding->parts->len;
}

AugurFinding *
augur_finding_get_part (AugurFinding *finding, guint i)
{
  g_return_val_if_fail (i < finding->parts->len, NULL);
  return g_ptr_array_index (finding->parts, i);
}

const char *
augur_finding_get_object_id (AugurFinding *finding)
{
  return finding->object_id != NULL ? finding->object_id : finding->object;
}

void
augur_finding_add_thread (AugurFinding *finding, guint thread)
{
  g_return_if_fail (finding != NULL);
  sorted_insert (finding->threads, thread);
}

static int
cmp_strv_item (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static char **
sorted_strv (const char *const *v)
{
  char **copy = g_strdupv ((char **) v);
  if (copy == NULL)
    return g_new0 (char *, 1);
  qsort (copy, g_strv_length (copy), sizeof (char *), cmp_strv_item);
  return copy;
}

void
augur_finding_add_access (AugurFinding *finding, guint thread, guint64 event, AugurOp op,
                          const char *file, guint line, const char *function,
                          const char *const *locks_held)
{
  g_return_if_fail (finding != NULL);
  g_return_if_fail (op < AUGUR_OP_N_OPS);

  AugurAccess a = {
    .thread = thread,
    .event = event,
    .op = op,
    .file = g_strdup (file),
    .line = line,
    .function = g_strdup (function),
    .locks_held = sorted_strv (locks_held),
  };
  g_array_append_val (finding->accesses, a);
  sorted_insert (finding->threads, thread);
}

void
augur_finding_set_access_callers (AugurFinding *finding, guint i, const AugurFrame *callers,
                                  guint n_callers)
{
  g_return_if_fail (finding != NULL);
  g_return_if_fail (i < finding->accesses->len);
  AugurAccess *a = &g_array_index (finding->accesses, AugurAccess, i);
  AugurFrame *old = a->callers;
  guint n_old = a->n_callers;
  a->callers = n_callers > 0 ? g_new0 (AugurFrame, n_callers) : NULL;
  a->n_callers = n_callers;
  for (guint k = 0; k < n_callers; k++)
    {
      a->callers[k].file = g_strdup (callers[k].file);
      a->callers[k].line = callers[k].line;
      a->callers[k].function = g_strdup (callers[k].function);
    }
  for (guint k = 0; k < n_old; k++)
    {
      g_free (old[k].file);
      g_free (old[k].function);
    }
  g_free (old);
}

guint
augur_finding_add_step (AugurFinding *finding, guint thread, guint64 event, AugurOp op,
                        const char *object, gint peer, const char *file, guint line,
                        const char *function)
{
  g_return_val_if_fail (finding != NULL, 0);
  g_return_val_if_fail (op < AUGUR_OP_N_OPS, 0);

  AugurStep s = {
    .thread = thread,
    .event = event,
    .op = op,
    .object = g_strdup (object),
    .peer = peer < 0 ? -1 : peer,
    .file = g_strdup (file),
    .line = line,
    .function = g_strdup (function),
  };
  g_array_append_val (finding->steps, s);
  return finding->steps->len - 1;
}

void
augur_finding_mark_bug_step (AugurFinding *finding, guint step)
{
  g_return_if_fail (finding != NULL);
  g_return_if_fail (step < finding->steps->len);
  sorted_insert (finding->bug_steps, step);
}

void
augur_finding_set_replay (AugurFinding *finding, const char *command)
{
  g_return_if_fail (finding != NULL);
  g_free (finding->replay);
  finding->replay = g_strdup (command);
}

AugurFindingKind
augur_finding_get_kind (AugurFinding *finding)
{
  return finding->kind;
}

const char *
augur_finding_get_subkind (AugurFinding *finding)
{
  return finding->subkind;
}

const char *
augur_finding_get_explanation (AugurFinding *finding)
{
  return finding->explanation;
}

const char *
augur_finding_get_object (AugurFinding *finding)
{
  return finding->object;
}

const char *
augur_finding_get_object_kind (AugurFinding *finding)
{
  return finding->object_kind;
}

const guint *
augur_finding_get_threads (AugurFinding *finding, guint *n_threads)
{
  *n_threads = finding->threads->len;
  return (const guint *) finding->threads->data;
}

guint
augur_finding_get_n_accesses (AugurFinding *finding)
{
  return finding->accesses->len;
}

const AugurAccess *
augur_finding_get_access (AugurFinding *finding, guint i)
{
  g_return_val_if_fail (i < finding->accesses->len, NULL);
  return &g_array_index (finding->accesses, AugurAccess, i);
}

guint
augur_finding_get_n_steps (AugurFinding *finding)
{
  return finding->steps->len;
}

const AugurStep *
augur_finding_get_step (AugurFinding *finding, guint i)
{
  g_return_val_if_fail (i < finding->steps->len, NULL);
  return &g_array_index (finding->steps, AugurStep, i);
}

const guint *
augur_finding_get_bug_steps (AugurFinding *finding, guint *n_bug_steps)
{
  *n_bug_steps = finding->bug_steps->len;
  return (const guint *) finding->bug_steps->data;
}

gboolean
augur_finding_is_bug_step (AugurFinding *finding, guint step)
{
  guint lo = 0, hi = finding->bug_steps->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      guint m = g_array_index (finding->bug_steps, guint, mid);
      if (m == step)
        return TRUE;
      if (m < step)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

void
augur_finding_set_prediction (AugurFinding *finding, const char *pattern, const char *answer)
{
  g_return_if_fail (finding != NULL && pattern != NULL && answer != NULL);
  g_free (finding->pattern);
  g_free (finding->answer);
  finding->pattern = g_strdup (pattern);
  finding->answer = g_strdup (answer);
}

void
augur_finding_set_prediction_class (AugurFinding *finding, AugurPredictionClass cls)
{
  g_return_if_fail (finding != NULL && finding->pattern != NULL);
  g_return_if_fail (cls < AUGUR_PREDICTION_N_CLASSES);
  finding->cls = (gint) cls;
}

gboolean
augur_finding_get_prediction_class (AugurFinding *finding, AugurPredictionClass *cls)
{
  g_return_val_if_fail (finding != NULL, FALSE);
  if (finding->pattern == NULL || finding->cls < 0)
    return FALSE;
  if (cls != NULL)
    *cls = (AugurPredictionClass) finding->cls;
  return TRUE;
}

const char *
augur_finding_get_prediction_pattern (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, NULL);
  return finding->pattern;
}

const char *
augur_finding_get_prediction_answer (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, NULL);
  return finding->answer;
}

const char *
augur_finding_get_replay (AugurFinding *finding)
{
  return finding->replay;
}

char *
augur_finding_dup_full_kind (AugurFinding *finding)
{
  if (finding->subkind != NULL)
    return g_strdup_printf ("%s:%s", kind_names[finding->kind], finding->subkind);
  return g_strdup (kind_names[finding->kind]);
}

gint
augur_finding_find_step (AugurFinding *finding, guint thread, guint64 event)
{
  for (guint i = 0; i < finding->steps->len; i++)
    {
      const AugurStep *s = &g_array_index (finding->steps, AugurStep, i);
      if (s->thread == thread && s->event == event)
        return (gint) i;
    }
  return -1;
}

typedef struct {
  const char *file;
  guint line;
} Loc;

static int
loc_cmp (gconstpointer pa, gconstpointer pb)
{
  const Loc *a = pa, *b = pb;
  int c = g_strcmp0 (a->file, b->file);
  if (c != 0)
    return c;
  return (a->line > b->line) - (a->line < b->line);
}

/* The access locations of @f, sorted. */
static GArray *
sorted_locations (AugurFinding *f)
{
  GArray *locs = g_array_sized_new (FALSE, FALSE, sizeof (Loc), f->accesses->len);
  for (guint i = 0; i < f->accesses->len; i++)
    {
      const AugurAccess *a = &g_array_index (f->accesses, AugurAccess, i);
      Loc l = { a->file, a->line };
      g_array_append_val (locs, l);
    }
  g_array_sort (locs, loc_cmp);
  return locs;
}

/* @name mapped, or a copy of it */
static char *
rename_one (const char *name, char *(*map) (const char *, gpointer), gpointer data)
{
  if (name == NULL)
    return NULL;
  if (strstr (name, ", ") != NULL)
    {
      /* a list of objects: each one */
      g_auto (GStrv) parts = g_strsplit (name, ", ", -1);
      for (guint i = 0; parts[i] != NULL; i++)
        {
          char *m = map (parts[i], data);
          if (m != NULL)
            {
              g_free (parts[i]);
              parts[i] = m;
            }
        }
      return g_strjoinv (", ", parts);
    }
  char *m = map (name, data);
  return m != NULL ? m : g_strdup (name);
}

void
augur_finding_rename (AugurFinding *finding, char *(*map) (const char *name, gpointer data),
                      gpointer data)
{
  g_return_if_fail (finding != NULL && map != NULL);
  if (finding->object != NULL)
    {
      char *renamed = rename_one (finding->object, map, data);
      if (strcmp (renamed, finding->object) != 0 && finding->object_id == NULL)
        finding->object_id = g_strdup (finding->object);
      g_free (finding->object);
      finding->object = renamed;
    }
  for (guint i = 0; i < finding->steps->len; i++)
    {
      AugurStep *st = &g_array_index (finding->steps, AugurStep, i);
      char *renamed = rename_one (st->object, map, data);
      g_free (st->object);
      st->object = renamed;
    }
  for (guint i = 0; i < finding->accesses->len; i++)
    {
      AugurAccess *a = &g_array_index (finding->accesses, AugurAccess, i);
      for (guint j = 0; a->locks_held[j] != NULL; j++)
        {
          char *renamed = rename_one (a->locks_held[j], map, data);
          g_free (a->locks_held[j]);
          a->locks_held[j] = renamed;
        }
      qsort (a->locks_held, g_strv_length (a->locks_held), sizeof (char *), cmp_strv_item);
    }
  for (guint i = 0; i < finding->parts->len; i++)
    augur_finding_rename (g_ptr_array_index (finding->parts, i), map, data);
}

char *
augur_thread_name (guint thread)
{
  return thread == 0 ? g_strdup ("main") : g_strdup_printf ("thread %u", thread);
}

const char *
augur_finding_describe (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, NULL);
  if (finding->kind != AUGUR_FINDING_DEADLOCK)
    return kind_descriptions[finding->kind];
  /* what the blocked threads wait for: their accesses are the blocked
   * operations (lock requests, condition wakes, joins ...) */
  guint locks = 0, conds = 0, joins = 0, others = 0;
  for (guint i = 0; i < finding->accesses->len; i++)
    switch (augur_ops_op (g_array_index (finding->accesses, AugurAccess, i).op)->waits)
      {
      case AUGUR_OPS_WAITS_LOCK:
        locks++;
        break;
      case AUGUR_OPS_WAITS_COND:
        conds++;
        break;
      case AUGUR_OPS_WAITS_THREAD:
        joins++;
        break;
      default:
        others++;
        break;
      }
  if (locks >= 2 && conds == 0 && others == 0)
    return "Threads wait for each other's locks in a cycle, so none of them can ever go on.";
  if (conds > 0 && locks == 0 && others == 0)
    return "Threads wait on a condition variable for a signal that no thread is left to send "
           "(a lost or missing wake-up), so none of them can ever go on.";
  if (joins > 0 && locks + conds + others == 0)
    return "A thread waits to join a thread that can never end, so neither can go on.";
  return kind_descriptions[finding->kind];
}

int
augur_finding_compare (AugurFinding *a, AugurFinding *b)
{
  if (a->severity != b->severity)
    return a->severity < b->severity ? -1 : 1;
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  int c = g_strcmp0 (a->subkind, b->subkind);
  if (c != 0)
    return c;

  g_autoptr(GArray) la = sorted_locations (a);
  g_autoptr(GArray) lb = sorted_locations (b);
  for (guint i = 0; i < la->len && i < lb->len; i++)
    if ((c = loc_cmp (&g_array_index (la, Loc, i), &g_array_index (lb, Loc, i))) != 0)
      return c;
  if (la->len != lb->len)
    return la->len < lb->len ? -1 : 1;

  if ((c = g_strcmp0 (a->object, b->object)) != 0)
    return c;
  if ((c = g_strcmp0 (a->explanation, b->explanation)) != 0)
    return c;
  for (guint i = 0; i < a->threads->len && i < b->threads->len; i++)
    {
      guint ta = g_array_index (a->threads, guint, i), tb = g_array_index (b->threads, guint, i);
      if (ta != tb)
        return ta < tb ? -1 : 1;
    }
  if (a->threads->len != b->threads->len)
    return a->threads->len < b->threads->len ? -1 : 1;
  if (a->steps->len != b->steps->len)
    return a->steps->len < b->steps->len ? -1 : 1;
  if (a->parts->len != b->parts->len)
    return a->parts->len < b->parts->len ? -1 : 1;
  for (guint i = 0; i < a->parts->len; i++)
    if ((c = augur_finding_compare (g_ptr_array_index (a->parts, i),
                                    g_ptr_array_index (b->parts, i))) != 0)
      return c;
  return 0;
}

static void
append_loc (GString *s, const char *file, guint line)
{
  g_string_append (s, file != NULL ? file : "?");
  if (line != 0)
    g_string_append_printf (s, ":%u", line);
}

static void finding_append (GString *s, AugurFinding *finding, const char *indent);

char *
augur_finding_to_string (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, NULL);
  GString *s = g_string_new (NULL);
  finding_append (s, finding, "");
  return g_string_free (s, FALSE);
}

static void
finding_append (GString *s, AugurFinding *finding, const char *indent)
{
  g_autofree char *full = augur_finding_dup_full_kind (finding);
  g_string_append_printf (s, "%s %s", severity_names[finding->severity], full);
  if (finding->object != NULL)
    g_string_append_printf (s, " on %s %s", finding->object_kind ? finding->object_kind : "object",
                            finding->object);
  if (finding->object_id != NULL)
    g_string_append_printf (s, " (%s)", finding->object_id);
  g_string_append (s, " threads");
  for (guint i = 0; i < finding->threads->len; i++)
    g_string_append_printf (s, " T%u", g_array_index (finding->threads, guint, i));
  g_string_append_printf (s, ": %s\n", finding->explanation);

  for (guint i = 0; i < finding->accesses->len; i++)
    {
      const AugurAccess *a = &g_array_index (finding->accesses, AugurAccess, i);
      g_string_append_printf (s, "%s  access T%u#%" G_GUINT64_FORMAT " %s ", indent, a->thread,
                              a->event, augur_ops_op (a->op)->name);
      append_loc (s, a->file, a->line);
      g_string_append_printf (s, " in %s locks {", a->function ? a->function : "?");
      for (guint j = 0; a->locks_held[j] != NULL; j++)
        g_string_append_printf (s, "%s%s", j ? " " : "", a->locks_held[j]);
      g_string_append (s, "}\n");
      for (guint j = 0; j < a->n_callers; j++)
        {
          g_string_append_printf (s, "%s    called from ", indent);
          append_loc (s, a->callers[j].file, a->callers[j].line);
          g_string_append_printf (s, " in %s\n",
                                  a->callers[j].function ? a->callers[j].function : "?");
        }
    }
  for (guint i = 0; i < finding->steps->len; i++)
    {
      const AugurStep *st = &g_array_index (finding->steps, AugurStep, i);
      g_string_append_printf (s, "%s  %c%u T%u#%" G_GUINT64_FORMAT " %s", indent,
                              augur_finding_is_bug_step (finding, i) ? '*' : ' ', i, st->thread,
                              st->event, augur_ops_op (st->op)->name);
      if (st->object != NULL)
        g_string_append_printf (s, " %s", st->object);
      if (st->peer >= 0)
        g_string_append_printf (s, " T%d", st->peer);
      g_string_append_c (s, ' ');
      append_loc (s, st->file, st->line);
      if (st->function != NULL)
        g_string_append_printf (s, " in %s", st->function);
      g_string_append_c (s, '\n');
    }
  if (finding->replay != NULL)
    g_string_append_printf (s, "%s  replay: %s\n", indent, finding->replay);
  if (finding->pattern != NULL)
    {
      g_string_append_printf (s, "%s  prediction: %s, %s", indent, finding->pattern,
                              finding->answer);
      if (finding->cls >= 0)
        g_string_append_printf (s, ", %s", augur_prediction_class_to_string (finding->cls));
      g_string_append_c (s, '\n');
    }
  g_autofree char *deeper = g_strconcat (indent, "    ", NULL);
  for (guint i = 0; i < finding->parts->len; i++)
    {
      g_string_append_printf (s, "%s  part %u ", indent, i + 1);
      finding_append (s, g_ptr_array_index (finding->parts, i), deeper);
    }
}

/* ---- results ---- */


static void
candidate_clear (gpointer p)
{
  AugurStaticCandidate *c = p;
  g_free (c->object);
  g_free (c->file_a);
  g_free (c->file_b);
}

static GPtrArray *
new_strv_array (void)
{
  GPtrArray *a = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (a, NULL);
  return a;
}

static void
strategy_clear (gpointer p)
{
  AugurStrategy *s = p;
  g_free (s->name);
  g_free (s->guarantee);
}

AugurResults *
augur_results_new (const char *program, const char *command)
{
  g_return_val_if_fail (program != NULL, NULL);
  g_return_val_if_fail (command != NULL, NULL);

  AugurResults *r = g_new0 (AugurResults, 1);
  r->ref_count = 1;
  r->program = g_strdup (program);
  r->command = g_strdup (command);
  r->argv = new_strv_array ();
  r->bounds_hit = new_strv_array ();
  r->complete = -1;
  r->strategies = g_array_new (FALSE, TRUE, sizeof (AugurStrategy));
  g_array_set_clear_func (r->strategies, strategy_clear);
  r->candidates = g_array_new (FALSE, TRUE, sizeof (AugurStaticCandidate));
  g_array_set_clear_func (r->candidates, candidate_clear);
  r->findings = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_finding_unref);
  g_datalist_init (&r->data);
  return r;
}

AugurResults *
augur_results_ref (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, NULL);
  g_atomic_int_inc (&results->ref_count);
  return results;
}

void
augur_results_unref (AugurResults *results)
{
  g_return_if_fail (results != NULL);
  if (!g_atomic_int_dec_and_test (&results->ref_count))
    return;
  g_free (results->program);
  g_free (results->command);
  g_ptr_array_unref (results->argv);
  g_free (results->mode);
  g_free (results->source_dir);
  g_clear_pointer (&results->started, g_date_time_unref);
  g_ptr_array_unref (results->bounds_hit);
  g_free (results->completeness);
  g_array_unref (results->strategies);
  g_array_unref (results->candidates);
  g_ptr_array_unref (results->findings);
  g_datalist_clear (&results->data);
  g_free (results);
}

void
augur_results_set_data (AugurResults *results, const char *key, gpointer data,
                        GDestroyNotify destroy)
{
  g_return_if_fail (results != NULL && key != NULL);
  g_datalist_set_data_full (&results->data, key, data, destroy);
}

gpointer
augur_results_get_data (AugurResults *results, const char *key)
{
  g_return_val_if_fail (results != NULL && key != NULL, NULL);
  return g_datalist_get_data (&results->data, key);
}

void
augur_results_set_argv (AugurResults *results, const char *const *argv)
{
  g_return_if_fail (results != NULL);
  g_ptr_array_set_size (results->argv, 0);
  for (guint i = 0; argv != NULL && argv[i] != NULL; i++)
    g_ptr_array_add (results->argv, g_strdup (argv[i]));
  g_ptr_array_add (results->argv, NULL);
}

void
augur_results_set_mode (AugurResults *results, const char *mode)
{
  g_return_if_fail (results != NULL);
  g_free (results->mode);
  results->mode = g_strdup (mode);
}

void
augur_results_set_source_dir (AugurResults *results, const char *dir)
{
  g_return_if_fail (results != NULL);
  g_free (results->source_dir);
  results->source_dir = g_strdup (dir);
}

void
augur_results_set_started (AugurResults *results, GDateTime *started)
{
  g_return_if_fail (results != NULL);
  g_clear_pointer (&results->started, g_date_time_unref);
  if (started != NULL)
    results->started = g_date_time_ref (started);
}

void
augur_results_set_duration (AugurResults *results, double seconds)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (seconds >= 0);
  results->duration = seconds;
}

void
augur_results_set_executions (AugurResults *results, guint64 executions)
{
  g_return_if_fail (results != NULL);
  results->executions = executions;
}

void
augur_results_add_bound_hit (AugurResults *results, const char *bound)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (bound != NULL);

  GPtrArray *a = results->bounds_hit;
  guint n = a->len - 1, pos = 0;   /* last slot is the NULL terminator */
  while (pos < n && strcmp (g_ptr_array_index (a, pos), bound) < 0)
    pos++;
  if (pos < n && strcmp (g_ptr_array_index (a, pos), bound) == 0)
    return;
  g_ptr_array_insert (a, (gint) pos, g_strdup (bound));
}

void
augur_results_set_completeness (AugurResults *results, gboolean complete, const char *summary)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (summary != NULL);
  results->complete = complete ? 1 : 0;
  g_free (results->completeness);
  results->completeness = g_strdup (summary);
}

gboolean
augur_results_get_completeness (AugurResults *results, gboolean *complete, const char **summary)
{
  g_return_val_if_fail (results != NULL, FALSE);
  if (results->complete < 0)
    return FALSE;
  if (complete != NULL)
    *complete = results->complete == 1;
  if (summary != NULL)
    *summary = results->completeness;
  return TRUE;
}

void
augur_results_add_strategy (AugurResults *results, const char *name, const char *guarantee,
                            guint64 executions)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (name != NULL && guarantee != NULL);
  AugurStrategy s = { g_strdup (name), g_strdup (guarantee), executions };
  g_array_append_val (results->strategies, s);
}

guint
augur_results_get_n_strategies (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, 0);
  return results->strategies->len;
}

const AugurStrategy *
augur_results_get_strategy (AugurResults *results, guint i)
{
  g_return_val_if_fail (results != NULL && i < results->strategies->len, NULL);
  return &g_array_index (results->strategies, AugurStrategy, i);
}

void
augur_results_add_predictions (AugurResults *results, AugurFindingKind kind,
                               AugurPredictionClass cls, guint64 count)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (kind < AUGUR_FINDING_N_KINDS);
  g_return_if_fail (cls < AUGUR_PREDICTION_N_CLASSES);
  results->predictions[kind][cls] += count;
}

void
augur_results_add_static_candidate (AugurResults *results, const char *object,
                                    const char *file_a, guint line_a,
                                    const char *file_b, guint line_b)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (file_a != NULL && file_b != NULL);

  /* A pair is unordered: store it with its smaller location first. */
  Loc la = { file_a, line_a }, lb = { file_b, line_b };
  if (loc_cmp (&la, &lb) > 0)
    {
      Loc t = la;
      la = lb;
      lb = t;
    }
  AugurStaticCandidate c = {
    .object = g_strdup (object),
    .file_a = g_strdup (la.file),
    .line_a = la.line,
    .file_b = g_strdup (lb.file),
    .line_b = lb.line,
  };
  g_array_append_val (results->candidates, c);
  results->dirty = TRUE;
}

void
augur_results_add_finding (AugurResults *results, AugurFinding *finding)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (finding != NULL);
  g_ptr_array_add (results->findings, augur_finding_ref (finding));
  results->dirty = TRUE;
}

static int
finding_ptr_cmp (gconstpointer a, gconstpointer b)
{
  return augur_finding_compare (*(AugurFinding *const *) a, *(AugurFinding *const *) b);
}

static int
candidate_cmp (gconstpointer pa, gconstpointer pb)
{
  const AugurStaticCandidate *a = pa, *b = pb;
  Loc a1 = { a->file_a, a->line_a }, b1 = { b->file_a, b->line_a };
  Loc a2 = { a->file_b, a->line_b }, b2 = { b->file_b, b->line_b };
  int c = loc_cmp (&a1, &b1);
  if (c == 0)
    c = loc_cmp (&a2, &b2);
  if (c == 0)
    c = g_strcmp0 (a->object, b->object);
  return c;
}

void
augur_results_sort_findings_ (AugurResults *r)
{
  if (!r->dirty)
    return;
  /* g_ptr_array_sort and g_array_sort are stable (merge sort in GLib). */
  g_ptr_array_sort (r->findings, finding_ptr_cmp);
  g_array_sort (r->candidates, candidate_cmp);
  r->dirty = FALSE;
}

const char *
augur_results_get_program (AugurResults *results)
{
  return results->program;
}

const char *
augur_results_get_command (AugurResults *results)
{
  return results->command;
}

const char *const *
augur_results_get_argv (AugurResults *results)
{
  return (const char *const *) results->argv->pdata;
}

char *
augur_results_dup_command_line (AugurResults *results)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i + 1 < results->argv->len; i++)
    {
      const char *w = g_ptr_array_index (results->argv, i);
      gboolean plain = *w != '\0';
      for (const char *p = w; *p != '\0' && plain; p++)
        plain = g_ascii_isalnum (*p) || strchr ("_./=:,+-@%", *p) != NULL;
      if (i > 0)
        g_string_append_c (s, ' ');
      if (plain)
        g_string_append (s, w);
      else
        {
          g_autofree char *q = g_shell_quote (w);
          g_string_append (s, q);
        }
    }
  return g_string_free (s, FALSE);
}

const char *
augur_results_get_mode (AugurResults *results)
{
  return results->mode;
}

const char *
augur_results_get_source_dir (AugurResults *results)
{
  return results->source_dir;
}

GDateTime *
augur_results_get_started (AugurResults *results)
{
  return results->started;
}

double
augur_results_get_duration (AugurResults *results)
{
  return results->duration;
}

guint64
augur_results_get_executions (AugurResults *results)
{
  return results->executions;
}

const char *const *
augur_results_get_bounds_hit (AugurResults *results)
{
  return (const char *const *) results->bounds_hit->pdata;
}

guint64
augur_results_get_n_predictions (AugurResults *results, AugurPredictionClass cls)
{
  g_return_val_if_fail (cls < AUGUR_PREDICTION_N_CLASSES, 0);
  guint64 n = 0;
  for (guint k = 0; k < AUGUR_FINDING_N_KINDS; k++)
    n += results->predictions[k][cls];
  return n;
}

GArray *
augur_results_dup_prediction_counts (AugurResults *results)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (AugurPredictionCount));
  for (guint k = 0; k < AUGUR_FINDING_N_KINDS; k++)
    for (guint c = 0; c < AUGUR_PREDICTION_N_CLASSES; c++)
      if (results->predictions[k][c] != 0)
        {
          AugurPredictionCount pc = { k, c, results->predictions[k][c] };
          g_array_append_val (a, pc);
        }
  return a;
}

guint
augur_results_get_n_static_candidates (AugurResults *results)
{
  return results->candidates->len;
}

const AugurStaticCandidate *
augur_results_get_static_candidate (AugurResults *results, guint i)
{
  g_return_val_if_fail (i < results->candidates->len, NULL);
  augur_results_sort_findings_ (results);
  return &g_array_index (results->candidates, AugurStaticCandidate, i);
}

guint
augur_results_get_n_findings (AugurResults *results)
{
  return results->findings->len;
}

AugurFinding *
augur_results_get_finding (AugurResults *results, guint i)
{
  g_return_val_if_fail (i < results->findings->len, NULL);
  augur_results_sort_findings_ (results);
  return g_ptr_array_index (results->findings, i);
}

GPtrArray *
augur_results_steal_findings (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, NULL);
  augur_results_sort_findings_ (results);
  GPtrArray *taken = results->findings;
  results->findings = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_finding_unref);
  return taken;
}

guint
augur_results_count_severity (AugurResults *results, AugurSeverity severity)
{
  guint n = 0;
  for (guint i = 0; i < results->findings->len; i++)
    n += ((AugurFinding *) g_ptr_array_index (results->findings, i))->severity == severity;
  return n;
}

guint
augur_results_count_failing (AugurResults *results, AugurSeverity threshold)
{
  guint n = 0;
  for (guint s = 0; s <= threshold && s < AUGUR_SEVERITY_N; s++)
    n += augur_results_count_severity (results, s);
  if (threshold >= AUGUR_SEVERITY_NOTE)
    n += results->candidates->len;
  return n;
}

char *
augur_results_dup_severity_summary (AugurResults *results)
{
  static const char *const plural[AUGUR_SEVERITY_N] = { "errors", "warnings", "notes" };
  GString *s = g_string_new (NULL);
  for (guint sev = 0; sev < AUGUR_SEVERITY_N; sev++)
    {
      guint n = augur_results_count_severity (results, sev);
      if (sev == AUGUR_SEVERITY_NOTE)
        n += results->candidates->len;
      if (n == 0)
        continue;
      g_string_append_printf (s, "%s%u %s", s->len > 0 ? ", " : "", n,
                              n == 1 ? severity_names[sev] : plural[sev]);
    }
  if (s->len == 0)
    g_string_append (s, "no finding");
  return g_string_free (s, FALSE);
}

void
augur_results_set_replay_commands (AugurResults *results, const char *path)
{
  g_return_if_fail (results != NULL && path != NULL);
  augur_results_sort_findings_ (results);
  gboolean plain = *path != '\0';
  for (const char *p = path; *p != '\0' && plain; p++)
    plain = g_ascii_isalnum (*p) || strchr ("_./=:,+-@%", *p) != NULL;
  for (guint i = 0; i < results->findings->len; i++)
    {
      AugurFinding *f = g_ptr_array_index (results->findings, i);
      /* an unconfirmed prediction's schedule names trace events; an
       * inversion that did not deadlock is no event to replay */
      if ((f->pattern != NULL && f->cls < 0) || f->kind == AUGUR_FINDING_LOCK_ORDER)
        continue;
      g_autofree char *target = g_strdup_printf ("%s#%u", path, i + 1);
      g_autofree char *quoted = plain ? g_strdup (target) : g_shell_quote (target);
      g_autofree char *cmd = g_strconcat ("augur replay ", quoted, NULL);
      augur_finding_set_replay (f, cmd);
    }
}

char *
augur_results_to_string (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, NULL);
  augur_results_sort_findings_ (results);

  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%s %s\n", AUGUR_RESULTS_SCHEMA, results->command);
  g_string_append_printf (s, "program %s\n", results->program);
  g_string_append (s, "argv");
  for (guint i = 0; i + 1 < results->argv->len; i++)
    g_string_append_printf (s, " %s", (char *) g_ptr_array_index (results->argv, i));
  g_string_append_c (s, '\n');
  if (results->mode != NULL)
    g_string_append_printf (s, "mode %s\n", results->mode);
  if (results->source_dir != NULL)
    g_string_append_printf (s, "source-dir %s\n", results->source_dir);
  if (results->started != NULL)
    {
      g_autofree char *iso = g_date_time_format_iso8601 (results->started);
      g_string_append_printf (s, "started %s\n", iso);
    }
  g_string_append_printf (s, "duration %" G_GUINT64_FORMAT " ms\n",
                          (guint64) (results->duration * 1000.0 + 0.5));
  g_string_append_printf (s, "executions %" G_GUINT64_FORMAT "\n", results->executions);
  for (guint i = 0; i + 1 < results->bounds_hit->len; i++)
    g_string_append_printf (s, "bound-hit %s\n", (char *) g_ptr_array_index (results->bounds_hit, i));
  g_autoptr(GArray) counts = augur_results_dup_prediction_counts (results);
  for (guint i = 0; i < counts->len; i++)
    {
      const AugurPredictionCount *pc = &g_array_index (counts, AugurPredictionCount, i);
      g_string_append_printf (s, "predictions %s %s %" G_GUINT64_FORMAT "\n", kind_names[pc->kind],
                              class_names[pc->cls], pc->count);
    }
  for (guint i = 0; i < results->candidates->len; i++)
    {
      const AugurStaticCandidate *c = &g_array_index (results->candidates, AugurStaticCandidate, i);
      g_string_append_printf (s, "static-candidate %s %s:%u %s:%u\n", c->object ? c->object : "?",
                              c->file_a, c->line_a, c->file_b, c->line_b);
    }
  for (guint i = 0; i < results->findings->len; i++)
    {
      g_autofree char *f = augur_finding_to_string (g_ptr_array_index (results->findings, i));
      g_string_append_printf (s, "finding %u %s", i + 1, f);
    }
  return g_string_free (s, FALSE);
}
