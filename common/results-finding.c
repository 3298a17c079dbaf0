/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * results-finding.c — the finding object of the results model (see
 * results.h): building one (threads, accesses, schedule steps, bug steps,
 * parts, prediction), reading it, renaming its objects, describing it, and
 * the deterministic order of findings (augur_finding_compare).
 *
 * Invariants kept by the builders, so that readers and writers never sort:
 *   - a finding's threads and bug steps are sorted and unique;
 *   - an access's locks_held is sorted and NULL-terminated.
 */
#include "config.h"

#include "common/results.h"
#include "common/results-private.h"

#include <string.h>

AugurFrame *
augur_frames_dup (const AugurFrame *frames, guint n)
{
  AugurFrame *copy = n > 0 ? g_new0 (AugurFrame, n) : NULL;
  for (guint i = 0; i < n; i++)
    {
      copy[i].file = g_strdup (frames[i].file);
      copy[i].line = frames[i].line;
      copy[i].function = g_strdup (frames[i].function);
    }
  return copy;
}

void
augur_frames_free (AugurFrame *frames, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_free (frames[i].file);
      g_free (frames[i].function);
    }
  g_free (frames);
}

static void
access_clear (gpointer p)
{
  AugurAccess *a = p;
  g_free (a->file);
  g_free (a->function);
  g_strfreev (a->locks_held);
  augur_frames_free (a->callers, a->n_callers);
}

static void
step_clear (gpointer p)
{
  AugurStep *s = p;
  g_free (s->object);
  g_free (s->file);
  g_free (s->function);
}

static void
block_site_clear (gpointer p)
{
  AugurBlockSite *b = p;
  g_free (b->object);
  g_free (b->file);
  g_free (b->function);
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
  if (finding->block_sites != NULL)
    g_array_unref (finding->block_sites);
  g_free (finding);
}

/* Whether the sorted unique array @a holds @v; *pos: where it is or would
 * be inserted. */
static gboolean
sorted_find (GArray *a, guint v, guint *pos)
{
  guint lo = 0, hi = a->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      guint m = g_array_index (a, guint, mid);
      if (m == v)
        {
          lo = mid;
          break;
        }
      if (m < v)
        lo = mid + 1;
      else
        hi = mid;
    }
  *pos = lo;
  return lo < a->len && g_array_index (a, guint, lo) == v;
}

/* Inserts @v into the sorted unique array @a. */
static void
sorted_insert (GArray *a, guint v)
{
  guint pos;
  if (!sorted_find (a, v, &pos))
    g_array_insert_val (a, pos, v);
}

void
augur_results_set_string_ (char **field, const char *value)
{
  char *old = *field;
  *field = g_strdup (value);
  g_free (old);
}

void
augur_finding_set_object (AugurFinding *finding, const char *object, const char *object_kind)
{
  g_return_if_fail (finding != NULL);
  augur_results_set_string_ (&finding->object, object);
  augur_results_set_string_ (&finding->object_kind, object_kind);
}

void
augur_finding_set_object_id (AugurFinding *finding, const char *object_id)
{
  g_return_if_fail (finding != NULL);
  augur_results_set_string_ (&finding->object_id, object_id);
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
  augur_results_set_string_ (&finding->explanation, explanation);
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
  a->callers = augur_frames_dup (callers, n_callers);
  a->n_callers = n_callers;
  augur_frames_free (old, n_old);
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
  augur_results_set_string_ (&finding->replay, command);
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

gboolean
augur_finding_needs_spurious (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, FALSE);
  return finding->explanation != NULL && strstr (finding->explanation, AUGUR_SPURIOUS_MARK) != NULL;
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
  guint pos;
  return sorted_find (finding->bug_steps, step, &pos);
}

void
augur_finding_set_prediction (AugurFinding *finding, const char *pattern, const char *answer)
{
  g_return_if_fail (finding != NULL && pattern != NULL && answer != NULL);
  augur_results_set_string_ (&finding->pattern, pattern);
  augur_results_set_string_ (&finding->answer, answer);
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
    return g_strdup_printf ("%s:%s", augur_finding_kind_to_string (finding->kind),
                            finding->subkind);
  return g_strdup (augur_finding_kind_to_string (finding->kind));
}

char *
augur_finding_dup_object_phrase (AugurFinding *finding)
{
  if (finding->object == NULL)
    return NULL;
  const char *kind = finding->object_kind != NULL ? finding->object_kind : "object";
  gsize n = strlen (kind);
  if (strcmp (kind, "thread") == 0
      || (strncmp (finding->object, kind, n) == 0 && finding->object[n] == ' '))
    return g_strdup (finding->object);
  return g_strdup_printf ("%s %s", kind, finding->object);
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

int
augur_results_loc_cmp_ (gconstpointer pa, gconstpointer pb)
{
  const AugurResultsLoc *a = pa, *b = pb;
  int c = g_strcmp0 (a->file, b->file);
  if (c != 0)
    return c;
  return (a->line > b->line) - (a->line < b->line);
}

/* The access locations of @f, sorted. */
static GArray *
sorted_locations (AugurFinding *f)
{
  GArray *locs = g_array_sized_new (FALSE, FALSE, sizeof (AugurResultsLoc), f->accesses->len);
  for (guint i = 0; i < f->accesses->len; i++)
    {
      const AugurAccess *a = &g_array_index (f->accesses, AugurAccess, i);
      AugurResultsLoc l = { a->file, a->line };
      g_array_append_val (locs, l);
    }
  g_array_sort (locs, augur_results_loc_cmp_);
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
augur_finding_rename_steps (AugurFinding *finding, AugurOp op,
                            char *(*map) (const char *name, gpointer data), gpointer data)
{
  g_return_if_fail (finding != NULL && map != NULL);
  for (guint i = 0; i < finding->steps->len; i++)
    {
      AugurStep *st = &g_array_index (finding->steps, AugurStep, i);
      if (st->op != op)
        continue;
      char *renamed = rename_one (st->object, map, data);
      g_free (st->object);
      st->object = renamed;
    }
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
}

char *
augur_thread_name (guint thread)
{
  return thread == 0 ? g_strdup ("main") : g_strdup_printf ("thread %u", thread);
}

/* A misuse of memory (the heap, a dead stack), not of the threads API */
static gboolean
memory_misuse (AugurFinding *finding)
{
  static const char *const memory[] = { "double-free", "invalid-free", "use-after-free",
                                        "dead-stack", "dead-frame", NULL };
  return finding->kind == AUGUR_FINDING_MISUSE && finding->subkind != NULL
         && g_strv_contains (memory, finding->subkind);
}

const char *
augur_finding_title (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, NULL);
  return memory_misuse (finding) ? "Misuse of memory" : augur_finding_kind_title (finding->kind);
}

const char *
augur_finding_describe (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, NULL);
  if (memory_misuse (finding))
    return "The program frees memory twice, frees what was not allocated, or uses memory "
           "after its end (a free, a thread's return), which the C standard leaves undefined.";
  if (finding->kind != AUGUR_FINDING_DEADLOCK)
    return augur_finding_kind_description (finding->kind);
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
  return augur_finding_kind_description (finding->kind);
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
    if ((c = augur_results_loc_cmp_ (&g_array_index (la, AugurResultsLoc, i), &g_array_index (lb, AugurResultsLoc, i))) != 0)
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

void
augur_finding_mark_own_blocks (AugurFinding *finding)
{
  g_return_if_fail (finding != NULL);
  if (finding->block_sites != NULL)
    return;
  finding->block_sites = g_array_new (FALSE, TRUE, sizeof (AugurBlockSite));
  g_array_set_clear_func (finding->block_sites, block_site_clear);
}

void
augur_finding_add_block_site (AugurFinding *finding, const char *object, guint64 size,
                              const char *file, guint line, const char *function)
{
  g_return_if_fail (finding != NULL && object != NULL);
  augur_finding_mark_own_blocks (finding);
  AugurBlockSite b = {
    .object = g_strdup (object),
    .size = size,
    .file = g_strdup (file),
    .line = line,
    .function = g_strdup (function),
  };
  g_array_append_val (finding->block_sites, b);
}

gboolean
augur_finding_has_own_blocks (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, FALSE);
  return finding->block_sites != NULL;
}

guint
augur_finding_get_n_block_sites (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, 0);
  return finding->block_sites != NULL ? finding->block_sites->len : 0;
}

const AugurBlockSite *
augur_finding_get_block_site (AugurFinding *finding, guint i)
{
  g_return_val_if_fail (finding != NULL && i < augur_finding_get_n_block_sites (finding), NULL);
  return &g_array_index (finding->block_sites, AugurBlockSite, i);
}
