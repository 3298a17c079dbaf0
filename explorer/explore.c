/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore.c — the exploration loop and the findings; see explore.h.
 *
 * Loop: ask the DPOR core for the next prefix and sleep set, write them in
 * the shared page, run one execution, hand its steps back to the core (which
 * reports data races on the way), and turn how it ended into findings:
 * assertion, crash, deadlock (every live thread blocked), misuse reported
 * by the runtime, hang (watchdog).  A finding is kept once per kind and set
 * of source locations, with the schedule of the first execution showing it.
 */
#include "config.h"

#include "explorer/explore.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "explorer/diagnose.h"
#include "explorer/memcheck.h"
#include "explorer/dpor.h"
#include "explorer/preempt.h"
#include "common/augur-trace-format.h"
#include "common/symbolizer.h"
#include "explorer/prune.h"
#include "explorer/exec-names.h"
#include "explorer/lock-order.h"
#include "explorer/misuse-finding.h"
#include "explorer/steps.h"

void
augur_explore_options_init (AugurExploreOptions *o)
{
  memset (o, 0, sizeof *o);
  o->mode = AUGUR_EXPLORE_MODE_OPTIMAL;
}

typedef struct {
  AugurResults *results;          /* owned */
  AugurSymbolizer *sym;           /* owned: module 0 = the program */
  char *exe;                      /* owned */
  GHashTable *seen;               /* dedup keys */
  GHashTable *race_pcs;           /* guint64[2]: instruction pairs whose race was looked at */
  GHashTable *conflict_pcs;       /* guint64[2]: instruction pairs that met (opts->observed) */
  const AugurExploreOptions *opts;
  AugurSchedShm *shm;
  guint64 exe_bias;               /* the program's, as given to sym */
  AugurExecNames *names;          /* owned, lazily: the current execution's objects */
  guint n_new;                    /* findings added */
  GPtrArray *failures;            /* Failure: failing executions to diagnose */
  GHashTable *failed_at;          /* failure location -> guint *: its failing executions seen */
  const char *const *argv;        /* borrowed */
  guint failing_runs;             /* executions that failed (assertion, crash) */
} Ctx;

/* A failing execution kept for diagnosis (diagnose.h): its steps, its
 * candidate triples and, for each, the atomicity-violation finding to
 * report if serialising it makes the failure go away (built while the
 * execution's object names are at hand). */
typedef struct {
  AugurSchedStep *steps;
  guint n;
  GArray *triples;                /* AugurTriple */
  GPtrArray *findings;            /* AugurFinding, one per triple */
  GPtrArray *locs;                /* GPtrArray of char *, one per triple: its dedup locations */
  guint fail_tid;                 /* the failure: its thread and place */
  guint32 fail_pc;
  guint8 fail_module;
} Failure;

static void
failure_free (gpointer p)
{
  Failure *f = p;
  g_free (f->steps);
  g_array_unref (f->triples);
  g_ptr_array_unref (f->findings);
  g_ptr_array_unref (f->locs);
  g_free (f);
}

#define DIAGNOSE_MAX_TRIPLES 32u   /* per failing execution */
#define DIAGNOSE_MAX_FAILURES 16u
#define DIAGNOSE_MAX_PER_FAILURE 4u  /* failing executions diagnosed per failure location */
#define DIAGNOSE_MAX_RUNS 50u        /* continuations explored per serialisation */
#define DIAGNOSE_MAX_SECONDS 5.0     /* and seconds */

static const char *
misuse_name (guint32 kind)
{
  switch (kind)
    {
    case AUGUR_MISUSE_UNLOCK_NOT_OWNER: return "unlock-not-owner";
    case AUGUR_MISUSE_UNLOCK_UNLOCKED: return "double-unlock";
    case AUGUR_MISUSE_DESTROY_HELD: return "destroy-held-mutex";
    case AUGUR_MISUSE_DOUBLE_JOIN: return "double-join";
    case AUGUR_MISUSE_RECURSIVE_LOCK: return "recursive-lock";
    case AUGUR_MISUSE_COND_TWO_MUTEXES: return "cond-two-mutexes";
    case AUGUR_MISUSE_MAIN_RETURNS: return "main-returns-with-threads";
    case AUGUR_MISUSE_NOT_DESTROYED: return "not-destroyed";
    case AUGUR_MISUSE_WAIT_NOT_OWNER: return "wait-without-mutex";
    case AUGUR_MISUSE_UNINIT_MUTEX: return "uninitialised-mutex";
    case AUGUR_MISUSE_UNINIT_COND: return "uninitialised-cond";
    case AUGUR_MISUSE_INIT_IN_USE: return "init-in-use";
    case AUGUR_MISUSE_USE_AFTER_DESTROY: return "use-after-destroy";
    case AUGUR_MISUSE_DOUBLE_FREE: return "double-free";
    case AUGUR_MISUSE_INVALID_FREE: return "invalid-free";
    case AUGUR_MISUSE_USE_AFTER_FREE: return "use-after-free";
    default: return "misuse";
    }
}

static const char *
misuse_sentence (guint32 kind)
{
  switch (kind)
    {
    case AUGUR_MISUSE_UNLOCK_NOT_OWNER: return "A thread unlocks a mutex that another thread holds.";
    case AUGUR_MISUSE_UNLOCK_UNLOCKED: return "A mutex is unlocked while nobody holds it (double unlock).";
    case AUGUR_MISUSE_DESTROY_HELD: return "A mutex is destroyed while a thread holds it.";
    case AUGUR_MISUSE_DOUBLE_JOIN: return "A thread is joined a second time.";
    case AUGUR_MISUSE_RECURSIVE_LOCK: return "A thread locks a normal mutex it already holds and blocks for ever.";
    case AUGUR_MISUSE_COND_TWO_MUTEXES: return "One condition variable is waited on with two different mutexes.";
    case AUGUR_MISUSE_MAIN_RETURNS: return "main returns while other threads still run; they are killed.";
    case AUGUR_MISUSE_NOT_DESTROYED: return "A mutex is initialised and never destroyed.";
    case AUGUR_MISUSE_WAIT_NOT_OWNER: return "A condition wait is called without holding its mutex.";
    case AUGUR_MISUSE_UNINIT_MUTEX: return "A mutex in heap memory is used without ever being initialised.";
    case AUGUR_MISUSE_UNINIT_COND:
      return "A condition variable in heap memory is used without ever being initialised.";
    case AUGUR_MISUSE_INIT_IN_USE:
      return "A mutex is initialised while a thread may already use it (it was locked before "
             "the init, or is held).";
    case AUGUR_MISUSE_USE_AFTER_DESTROY:
      return "A mutex or condition variable is used after it was destroyed.";
    case AUGUR_MISUSE_DOUBLE_FREE: return "A block of memory is freed twice.";
    case AUGUR_MISUSE_INVALID_FREE: return "free() is given memory that malloc did not return.";
    case AUGUR_MISUSE_USE_AFTER_FREE: return "Memory is accessed after it was freed.";
    default: return "The pthread API is misused.";
    }
}

/* A new execution ran: its objects are new, the program's load bias
 * (for the names of globals) as the fork server reports it. */
static void
new_execution (Ctx *c)
{
  g_clear_pointer (&c->names, augur_exec_names_free);
  if (c->shm->exe_bias != c->exe_bias)
    {
      c->exe_bias = c->shm->exe_bias;
      augur_symbolizer_add_module (c->sym, 0, c->exe, c->exe_bias);
    }
}

/* The current execution's object names, made when first needed. */
static AugurExecNames *
names_of (Ctx *c)
{
  if (c->names == NULL)
    c->names = augur_steps_names (c->sym, c->shm->objects, c->shm->n_objects,
                                  c->shm->objects_lost_at);
  return c->names;
}

/* The stable name of the object of steps[k] (see exec-names.h). */
static char *
object_of (Ctx *c, const AugurSchedStep *steps, guint k)
{
  const AugurSchedStep *s = &steps[k];
  switch (s->op)
    {
    case AUGUR_SOP_CREATE:
    case AUGUR_SOP_JOIN:
    case AUGUR_SOP_EXIT:
    case AUGUR_SOP_YIELD:
    case AUGUR_SOP_END:
      return NULL;
    default:
      break;
    }
  if (s->ev_kind == AUGUR_EV_TIME)
    return g_strdup ("the clock");
  if (s->obj == 0)
    return NULL;
  return augur_step_object (names_of (c), steps, k);
}

/* Dedup: kind + sorted locations; TRUE if new. */
static gint
cmp_str_ptr (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static gboolean
first_time (Ctx *c, const char *kind, GPtrArray *locs)
{
  g_ptr_array_sort (locs, cmp_str_ptr);
  GString *key = g_string_new (kind);
  for (guint k = 0; k < locs->len; k++)
    g_string_append_printf (key, " %s", (const char *) g_ptr_array_index (locs, k));
  char *k = g_string_free (key, FALSE);
  if (g_hash_table_contains (c->seen, k))
    {
      g_free (k);
      return FALSE;
    }
  g_hash_table_add (c->seen, k);
  return TRUE;
}

/* (module << 32 | pc) pairs, smaller first */
static guint
pc_pair_hash (gconstpointer p)
{
  const guint64 *v = p;
  return (guint) ((v[0] * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) ^ v[1]) >> 17);
}

static gboolean
pc_pair_equal (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, 2 * sizeof (guint64)) == 0;
}

static char *
loc_key (Ctx *c, guint module, guint32 pc)
{
  const AugurSource *l = augur_symbolizer_lookup (c->sym, module, pc);
  if (l->file != NULL)
    {
      g_autofree char *base = g_path_get_basename (l->file);
      return g_strdup_printf ("%s:%u", base, l->line);
    }
  return g_strdup_printf ("pc%u:%x", module, pc);
}

static void
add_schedule (Ctx *c, AugurFinding *f, const AugurSchedStep *steps, guint n, const guint64 *ev)
{
  augur_steps_add_schedule (c->sym, names_of (c), f, steps, n, ev);
}

static void
add_access (Ctx *c, AugurFinding *f, const AugurSchedStep *s, guint64 ev)
{
  const AugurSource *l = augur_symbolizer_lookup (c->sym, s->module, s->pc);
  augur_finding_add_thread (f, s->tid);
  augur_finding_add_access (f, s->tid, ev, augur_step_op (s), l->file, l->line, l->function, NULL);
}

static void
save (Ctx *c)
{
  if (c->opts->results_path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  if (!augur_results_save (c->results, c->opts->results_path, &error))
    g_printerr ("augur explore: %s\n", error->message);
}

static void
keep (Ctx *c, AugurFinding *f)
{
  augur_results_add_finding (c->results, f);
  c->n_new++;
  save (c);
}

typedef struct {
  Ctx *c;
  guint64 *ev;
} RaceData;

static void
on_race (const AugurSchedStep *steps, guint n, guint i, guint j, gpointer data)
{
  RaceData *rd = data;
  Ctx *c = rd->c;
  (void) n;
  /* the same pair of instructions races in execution after execution:
   * known pairs are skipped before their locations are looked up */
  guint64 a = (guint64) steps[i].module << 32 | steps[i].pc;
  guint64 b = (guint64) steps[j].module << 32 | steps[j].pc;
  guint64 pair[2] = { MIN (a, b), MAX (a, b) };
  if (g_hash_table_contains (c->race_pcs, pair))
    return;
  g_hash_table_add (c->race_pcs, g_memdup2 (pair, sizeof pair));
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (locs, loc_key (c, steps[i].module, steps[i].pc));
  g_ptr_array_add (locs, loc_key (c, steps[j].module, steps[j].pc));
  if (!first_time (c, "data-race", locs))
    return;
  if (rd->ev == NULL)
    rd->ev = augur_steps_event_indices (steps, n);
  g_autofree char *obj = object_of (c, steps, j);
  g_autofree char *expl = g_strdup_printf (
    "Threads %u and %u access %s without synchronisation, and one of them writes.",
    steps[i].tid, steps[j].tid, obj != NULL ? obj : "the same memory");
  g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, expl);
  if (obj != NULL)
    augur_finding_set_object (f, obj, "variable");
  add_access (c, f, &steps[i], rd->ev[i]);
  add_access (c, f, &steps[j], rd->ev[j]);
  add_schedule (c, f, steps, j + 1, rd->ev);
  augur_finding_mark_bug_step (f, i);
  augur_finding_mark_bug_step (f, j);
  keep (c, f);
}

/* opts->observed: the instruction pairs that met, turned into line pairs
 * at the end (observe_lines) */
static void
on_conflict (const AugurSchedStep *steps, guint i, guint j, gpointer data)
{
  Ctx *c = data;
  guint64 a = (guint64) steps[i].module << 32 | steps[i].pc;
  guint64 b = (guint64) steps[j].module << 32 | steps[j].pc;
  guint64 pair[2] = { MIN (a, b), MAX (a, b) };
  if (!g_hash_table_contains (c->conflict_pcs, pair))
    g_hash_table_add (c->conflict_pcs, g_memdup2 (pair, sizeof pair));
}

static void
observe_lines (Ctx *c)
{
  if (c->opts->observed == NULL)
    return;
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, c->conflict_pcs);
  while (g_hash_table_iter_next (&it, &key, NULL))
    {
      const guint64 *pair = key;
      g_autofree char *a = loc_key (c, (guint) (pair[0] >> 32), (guint32) pair[0]);
      g_autofree char *b = loc_key (c, (guint) (pair[1] >> 32), (guint32) pair[1]);
      g_hash_table_add (c->opts->observed, augur_explore_observed_key (a, b));
    }
}

char *
augur_explore_observed_key (const char *loc_a, const char *loc_b)
{
  gboolean swap = strcmp (loc_a, loc_b) > 0;
  return g_strconcat (swap ? loc_b : loc_a, "|", swap ? loc_a : loc_b, NULL);
}

static const char *
access_verb (const AugurSchedStep *s)
{
  return s->op == AUGUR_SOP_WRITE ? "writes" : "reads";
}

/* Keeps the failing execution steps[0..n) (whose failure @failure reports)
 * for diagnosis, with one prepared atomicity-violation finding per
 * candidate triple. */
static void
keep_failure (Ctx *c, const AugurSchedStep *steps, guint n, const guint64 *ev,
              AugurFinding *failure, const AugurSchedFailure *how)
{
  if (c->opts->no_diagnose || c->failures->len >= DIAGNOSE_MAX_FAILURES)
    return;
  GArray *triples = augur_diagnose_triples (steps, n, DIAGNOSE_MAX_TRIPLES);
  if (triples->len == 0)
    {
      g_array_unref (triples);
      return;
    }
  Failure *fl = g_new0 (Failure, 1);
  fl->fail_tid = how->tid;
  fl->fail_pc = how->pc;
  fl->fail_module = how->module;
  fl->steps = g_memdup2 (steps, (gsize) n * sizeof *steps);
  fl->n = n;
  fl->triples = triples;
  fl->findings = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_finding_unref);
  fl->locs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  const AugurAccess *harm = augur_finding_get_n_accesses (failure) > 0
                              ? augur_finding_get_access (failure, 0) : NULL;
  for (guint k = 0; k < triples->len; k++)
    {
      const AugurTriple *t = &g_array_index (triples, AugurTriple, k);
      const AugurSchedStep *a1 = &steps[t->a1], *r = &steps[t->r], *a2 = &steps[t->a2];
      const AugurSchedStep *r2 = &steps[t->r2];
      g_autofree char *obj = object_of (c, steps, t->a2);
      g_autofree char *obj1 = object_of (c, steps, t->a1);
      g_autofree char *l1 = loc_key (c, a1->module, a1->pc);
      g_autofree char *lr = loc_key (c, r->module, r->pc);
      g_autofree char *lr2 = loc_key (c, r2->module, r2->pc);
      g_autofree char *l2 = loc_key (c, a2->module, a2->pc);
      g_autofree char *pattern = augur_diagnose_pattern (steps, t);
      const char *o1 = obj1 != NULL ? obj1 : "a location", *o2 = obj != NULL ? obj : "a location";
      g_autofree char *what = NULL;
      if (t->r == t->r2)
        what = g_strdup_printf ("Thread %u %s %s (%s) and next %s it at %s; thread %u %s it in "
                                "between (%s): the %s interleaving, which no serial order of the "
                                "two threads gives.",
                                a1->tid, access_verb (a1), o2, l1, access_verb (a2), l2, r->tid,
                                access_verb (r), lr, pattern);
      else
        what = g_strdup_printf ("Thread %u %s %s (%s) and then %s %s (%s); thread %u %s %s (%s) "
                                "and %s %s (%s) in between: thread %u sees one of them and not "
                                "the other (%s), which no serial order of the two threads gives.",
                                a1->tid, access_verb (a1), o1, l1, access_verb (a2), o2, l2,
                                r->tid, access_verb (r), o1, lr, access_verb (r2), o2, lr2,
                                a1->tid, pattern);
      g_autofree char *expl = g_strdup_printf (
        "%s With them serialised, no execution that can follow fails (up to %u explored): this "
        "interleaving causes the failure. %s",
        what, DIAGNOSE_MAX_RUNS, augur_finding_get_explanation (failure));
      AugurFinding *f = augur_finding_new (AUGUR_FINDING_ATOMICITY_VIOLATION, NULL, expl);
      if (obj != NULL && t->r == t->r2)
        augur_finding_set_object (f, obj, "variable");
      else if (obj != NULL && obj1 != NULL)
        {
          g_autofree char *both = g_strdup_printf ("%s, %s", obj1, obj);
          augur_finding_set_object (f, both, "variables");
        }
      add_access (c, f, a1, ev[t->a1]);
      add_access (c, f, r, ev[t->r]);
      if (t->r2 != t->r)
        add_access (c, f, r2, ev[t->r2]);
      add_access (c, f, a2, ev[t->a2]);
      if (harm != NULL)
        augur_finding_add_access (f, harm->thread, harm->event, harm->op, harm->file, harm->line,
                                  harm->function, NULL);
      add_schedule (c, f, steps, n, ev);
      augur_finding_mark_bug_step (f, t->a1);
      augur_finding_mark_bug_step (f, t->r);
      augur_finding_mark_bug_step (f, t->r2);
      augur_finding_mark_bug_step (f, t->a2);
      GPtrArray *locs = g_ptr_array_new_with_free_func (g_free);
      const char *each[] = { l1, lr, lr2, l2 };
      for (guint i = 0; i < G_N_ELEMENTS (each); i++)
        if (!g_ptr_array_find_with_equal_func (locs, each[i], g_str_equal, NULL))
          g_ptr_array_add (locs, g_strdup (each[i]));
      g_ptr_array_add (fl->findings, f);
      g_ptr_array_add (fl->locs, locs);
    }
  g_ptr_array_add (c->failures, fl);
}

/* No thread could run: a deadlock (threads blocked on each other's
 * locks, a lost wake-up, a join of a thread that never ends), or a hang
 * (threads that wait in a loop for memory that nobody will change). */
static void
deadlock_finding (Ctx *c, const AugurSchedStep *steps, guint n, const guint64 *ev)
{
  AugurSchedShm *shm = c->shm;
  guint T = MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  gboolean self_lock = FALSE, spins = FALSE;
  guint self_tid = 0;
  /* joins waiting for blocked threads are consequences: the locations
   * are the other blocked operations, if there are any */
  gboolean only_joins = TRUE;
  for (guint t = 0; t < T; t++)
    {
      const AugurSchedThread *th = &shm->threads[t];
      if (augur_sched_thread_stuck (th->state) && th->pending.op != AUGUR_SOP_JOIN)
        only_joins = FALSE;
      if (th->state == AUGUR_STH_AWAITING)
        spins = TRUE;
    }
#define RELEVANT(t) (augur_sched_thread_stuck (shm->threads[t].state) \
                     && (only_joins || shm->threads[t].pending.op != AUGUR_SOP_JOIN))
  for (guint t = 0; t < T; t++)
    if (RELEVANT (t))
      {
        const AugurSchedThread *th = &shm->threads[t];
        if (th->state == AUGUR_STH_AWAITING)
          g_ptr_array_add (locs, loc_key (c, th->pending.module, th->await_pc));
        else
          g_ptr_array_add (locs, loc_key (c, th->pending.module, th->pending.pc));
        if (th->pending.op == AUGUR_SOP_LOCK && th->owner == t && th->state == AUGUR_STH_BLOCKED)
          {
            self_lock = TRUE;
            self_tid = t;
          }
      }
  const char *kind = self_lock ? "misuse:recursive-lock" : spins ? "hang" : "deadlock";
  if (!first_time (c, kind, locs))
    return;
  g_autoptr (AugurFinding) f = NULL;
  if (self_lock)
    f = augur_finding_new (AUGUR_FINDING_MISUSE, "recursive-lock",
                           misuse_sentence (AUGUR_MISUSE_RECURSIVE_LOCK));
  else
    {
      GString *e = g_string_new (spins ? "No thread can make progress:" : "Every live thread is blocked:");
      for (guint t = 0; t < T; t++)
        {
          const AugurSchedThread *th = &shm->threads[t];
          if (!augur_sched_thread_stuck (th->state))
            continue;
          if (th->state == AUGUR_STH_AWAITING)
            {
              g_autofree char *where = loc_key (c, th->pending.module, th->await_pc);
              g_autofree char *obj = NULL;
              if (th->await_obj == AUGUR_SCHED_CLOCK_OBJ)
                obj = g_strdup ("the time");
              else if (th->await_obj != 0)
                obj = augur_exec_names_at (names_of (c), n, th->await_obj);
              if (obj != NULL)
                g_string_append_printf (e, " thread %u waits in a loop at %s for %s to change, and "
                                        "no other thread can change it;", t, where, obj);
              else
                g_string_append_printf (e, " thread %u waits in a loop at %s that reads nothing "
                                        "another thread could change;", t, where);
              continue;
            }
          const char *what;
          switch (th->pending.op)
            {
            case AUGUR_SOP_COND_WAKE: what = "waits for a condition signal that never comes"; break;
            case AUGUR_SOP_JOIN: what = "joins a thread that never ends"; break;
            case AUGUR_SOP_SEM_WAIT: what = "waits on a semaphore at zero"; break;
            case AUGUR_SOP_BARRIER_LEAVE: what = "waits at a barrier"; break;
            case AUGUR_SOP_OTHER:
              what = th->pending.ev_kind == AUGUR_EV_ONCE
                       ? "waits for a pthread_once routine that another thread runs"
                       : "waits";
              break;
            default: what = "waits for a lock"; break;
            }
          if (th->owner != G_MAXUINT32 && th->pending.op != AUGUR_SOP_COND_WAKE
              && th->pending.op != AUGUR_SOP_JOIN)
            g_string_append_printf (e, " thread %u %s held by thread %u;", t, what, th->owner);
          else
            g_string_append_printf (e, " thread %u %s;", t, what);
        }
      g_string_truncate (e, e->len - 1);
      g_string_append_c (e, '.');
      f = augur_finding_new (spins ? AUGUR_FINDING_HANG : AUGUR_FINDING_DEADLOCK, NULL, e->str);
      g_string_free (e, TRUE);
    }
  for (guint t = 0; t < T; t++)
    if (RELEVANT (t) && (!self_lock || t == self_tid))
      {
        guint64 count = 0;
        for (guint k = 0; k < n; k++)
          count += steps[k].tid == t;
        const AugurSchedThread *th = &shm->threads[t];
        const AugurSchedStep *p = &th->pending;
        guint32 pc = th->state == AUGUR_STH_AWAITING ? th->await_pc : p->pc;
        const AugurSource *l = augur_symbolizer_lookup (c->sym, p->module, pc);
        augur_finding_add_thread (f, t);
        augur_finding_add_access (f, t, count,
                                  p->op == AUGUR_SOP_LOCK ? AUGUR_OP_LOCK_REQUEST : augur_step_op (p),
                                  l->file, l->line, l->function, NULL);
      }
#undef RELEVANT
  add_schedule (c, f, steps, n, ev);
  if (n > 0)
    augur_finding_mark_bug_step (f, n - 1);
  keep (c, f);
}

/* One failure of the execution: a failed assertion, abort() or a fatal
 * signal (f), reported once per location; a few more failing executions
 * at a known location are kept for diagnosis. */
static void
failure_finding (Ctx *c, const AugurSchedStep *steps, guint n, guint64 *ev,
                 const AugurSchedFailure *fl, int ws, gboolean killed)
{
  (void) killed;
  gboolean assertion = fl->status == AUGUR_SST_ASSERT;
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  const char *file = NULL;
  guint line = 0;
  const char *function = NULL;
  g_autofree char *ffile = g_strndup (fl->file, sizeof fl->file);
  g_autofree char *ffunction = g_strndup (fl->function, sizeof fl->function);
  g_autofree char *fexpr = g_strndup (fl->expr, sizeof fl->expr);
  if (assertion && ffile[0] != '\0')
    {
      file = ffile;
      line = fl->line;
      function = ffunction;
      g_autofree char *base = g_path_get_basename (file);
      g_ptr_array_add (locs, g_strdup_printf ("%s:%u", base, line));
    }
  else
    {
      guint module = fl->module;
      guint32 pc = fl->pc;
      const AugurSource *l = augur_symbolizer_lookup (c->sym, module, pc);
      /* in a library (strlen of NULL, abort()): where the thread last was
       * in the program */
      for (guint k = MIN (fl->step, n); l->file == NULL && k-- > 0;)
        if (steps[k].tid == fl->tid && steps[k].op != AUGUR_SOP_END && steps[k].pc != 0)
          {
            module = steps[k].module;
            pc = steps[k].pc;
            l = augur_symbolizer_lookup (c->sym, module, pc);
            break;
          }
      file = l->file;
      line = l->line;
      function = l->function;
      g_ptr_array_add (locs, loc_key (c, module, pc));
    }
  const char *kind = assertion ? "assertion" : "crash";
  gboolean first = first_time (c, kind, locs);
  c->failing_runs++;
  /* a failure seen before is not reported again, but a few more
   * executions failing there are diagnosed: they may show other causes */
  guint *failed = g_hash_table_lookup (c->failed_at, g_ptr_array_index (locs, 0));
  if (!first && (failed == NULL || *failed >= DIAGNOSE_MAX_PER_FAILURE || c->opts->no_diagnose))
    return;
  g_autofree char *expl = NULL;
  if (assertion && fexpr[0] != '\0')
    expl = g_strdup_printf ("Thread %u fails the assertion '%s'.", fl->tid, fexpr);
  else if (assertion)
    expl = g_strdup_printf ("Thread %u aborts the program.", fl->tid);
  else
    expl = g_strdup_printf ("Thread %u crashes with %s.", fl->tid,
                            g_strsignal (fl->signal != 0 ? (int) fl->signal
                                         : WIFSIGNALED (ws) ? WTERMSIG (ws) : SIGSEGV));
  g_autoptr (AugurFinding) f = augur_finding_new (assertion ? AUGUR_FINDING_ASSERTION
                                                            : AUGUR_FINDING_CRASH, NULL, expl);
  guint64 count = 0;
  for (guint k = 0; k < n; k++)
    count += steps[k].tid == fl->tid;
  augur_finding_add_thread (f, fl->tid);
  augur_finding_add_access (f, fl->tid, count,
                            assertion ? AUGUR_OP_ASSERT_FAIL : AUGUR_OP_FAULT,
                            file, line, function, NULL);
  /* the steps before the failure: the other threads may have run on
   * after it (rt-sched.c), which neither replay nor diagnosis needs */
  guint upto = MIN (fl->step, n);
  if (first)
    {
      add_schedule (c, f, steps, upto, ev);
      if (upto > 0)
        augur_finding_mark_bug_step (f, upto - 1);
      keep (c, f);
      failed = g_new0 (guint, 1);
      g_hash_table_insert (c->failed_at, g_strdup (g_ptr_array_index (locs, 0)), failed);
    }
  (*failed)++;
  keep_failure (c, steps, upto, ev, f, fl);
}

typedef struct {
  Ctx *c;
  const guint64 *ev;
} UafData;

/* A use of freed memory (memcheck.h). */
static void
on_use_after_free (const AugurSchedStep *steps, guint n, guint fs, guint use, gpointer data)
{
  UafData *d = data;
  Ctx *c = d->c;
  const AugurSchedStep *fr = &steps[fs], *u = &steps[use];
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *where_free = loc_key (c, fr->module, fr->pc);
  g_autofree char *where_use = loc_key (c, u->module, u->pc);
  g_ptr_array_add (locs, g_strdup (where_use));
  g_ptr_array_add (locs, g_strdup (where_free));
  if (!first_time (c, "misuse:use-after-free", locs))
    return;
  g_autofree char *obj = object_of (c, steps, fs);
  g_autofree char *user = augur_thread_name (u->tid);
  g_autofree char *freer = augur_thread_name (fr->tid);
  g_autofree char *text = g_strdup_printf (
    "%s %s %s at %s after %s freed it at %s (step %u): freed memory may be handed out again, "
    "and the access then reads or corrupts another object. It may not crash.",
    user, u->op == AUGUR_SOP_WRITE ? "writes" : "reads", obj != NULL ? obj : "a heap block",
    where_use, freer, where_free, fs);
  text[0] = g_ascii_toupper (text[0]);
  g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_MISUSE, "use-after-free", text);
  if (obj != NULL)
    augur_finding_set_object (f, obj, "block");
  const AugurSource *lf = augur_symbolizer_lookup (c->sym, fr->module, fr->pc);
  augur_finding_add_thread (f, fr->tid);
  augur_finding_add_access (f, fr->tid, d->ev[fs], AUGUR_OP_FREE, lf->file, lf->line, lf->function,
                            NULL);
  add_access (c, f, u, d->ev[use]);
  add_schedule (c, f, steps, MIN (n, use + 1), d->ev);
  augur_finding_mark_bug_step (f, fs);
  augur_finding_mark_bug_step (f, use);
  keep (c, f);
}

/* The findings of how the execution ended (not races). */
static void
ending_findings (Ctx *c, const AugurSchedStep *steps, guint n, gboolean killed, guint64 **evp)
{
  AugurSchedShm *shm = c->shm;
  if (*evp == NULL)
    *evp = augur_steps_event_indices (steps, n);
  guint64 *ev = *evp;
  guint32 status = shm->status;
  int ws = shm->wait_status;
  augur_lock_order_add_execution (c->results, c->sym, shm, steps, n, ev);

  for (guint k = 0; k < shm->n_misuse && k < AUGUR_SCHED_MAX_MISUSE; k++)
    {
      const AugurSchedMisuse *m = &shm->misuse[k];
      g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (locs, loc_key (c, m->module, m->pc));
      g_autofree char *kind = g_strdup_printf ("misuse:%s", misuse_name (m->kind));
      if (!first_time (c, kind, locs))
        continue;
      g_autoptr (AugurFinding) f = augur_misuse_finding_new (c->sym, names_of (c), steps, n, ev, m);
      keep (c, f);
    }

  /* uses of freed memory, as far as the allocations are known */
  UafData ud = { c, ev };
  guint known = MIN (n, shm->objects_lost_at);
  augur_memcheck_execution (steps, known, shm->objects, MIN (shm->n_objects, AUGUR_SCHED_MAX_OBJECTS),
                            on_use_after_free, &ud);

  if (status == AUGUR_SST_DEADLOCK)
    deadlock_finding (c, steps, n, ev);

  guint nf = MIN (shm->n_failures, AUGUR_SCHED_MAX_FAILURES);
  for (guint k = 0; k < nf; k++)
    failure_finding (c, steps, n, ev, &shm->failures[k], ws, killed);
  if (nf == 0 && WIFSIGNALED (ws) && !killed)
    {
      /* a signal the runtime did not catch (a stack overflow on fibers,
       * a signal from outside): the last step of the execution is where */
      AugurSchedFailure f;
      memset (&f, 0, sizeof f);
      f.status = WTERMSIG (ws) == SIGABRT ? AUGUR_SST_ASSERT : AUGUR_SST_CRASH;
      f.signal = (guint32) WTERMSIG (ws);
      if (n > 0)
        {
          f.tid = steps[n - 1].tid;
          f.pc = steps[n - 1].pc;
          f.module = steps[n - 1].module;
        }
      failure_finding (c, steps, n, ev, &f, ws, killed);
    }

  if (killed && nf == 0)
    {
      g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
      if (n > 0)
        g_ptr_array_add (locs, loc_key (c, steps[n - 1].module, steps[n - 1].pc));
      if (!first_time (c, "hang", locs))
        return;
      g_autoptr (AugurFinding) f = augur_finding_new (
        AUGUR_FINDING_HANG, NULL,
        "The execution made no progress before the watchdog fired: a blocking call augur does "
        "not model (a read from a pipe or a socket, a futex of the program's own), or a loop "
        "that makes no visible access.");
      if (n > 0)
        add_access (c, f, &steps[n - 1], ev[n - 1]);
      add_schedule (c, f, steps, n, ev);
      keep (c, f);
    }
}

static Ctx *
ctx_new (const char *const *argv, const AugurExploreOptions *opts, const char *mode)
{
  Ctx *c = g_new0 (Ctx, 1);
  g_autofree char *exe = g_find_program_in_path (argv[0]);
  c->results = augur_results_new (exe != NULL ? exe : argv[0], "explore");
  augur_results_set_argv (c->results, argv);
  augur_results_set_mode (c->results, mode);
  g_autofree char *cwd = g_get_current_dir ();
  augur_results_set_source_dir (c->results, cwd);
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  augur_results_set_started (c->results, now);
  c->exe = g_strdup (exe != NULL ? exe : argv[0]);
  c->sym = augur_symbolizer_new ();
  augur_symbolizer_add_module (c->sym, 0, c->exe, 0);
  c->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->race_pcs = g_hash_table_new_full (pc_pair_hash, pc_pair_equal, g_free, NULL);
  c->conflict_pcs = g_hash_table_new_full (pc_pair_hash, pc_pair_equal, g_free, NULL);
  c->failures = g_ptr_array_new_with_free_func (failure_free);
  c->failed_at = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  c->argv = argv;
  c->opts = opts;
  return c;
}

static void
ctx_free (Ctx *c)
{
  if (c->results != NULL)
    augur_results_unref (c->results);
  augur_exec_names_free (c->names);
  augur_symbolizer_free (c->sym);
  g_free (c->exe);
  g_hash_table_unref (c->seen);
  g_hash_table_unref (c->race_pcs);
  g_hash_table_unref (c->conflict_pcs);
  g_ptr_array_unref (c->failures);
  g_hash_table_unref (c->failed_at);
  g_free (c);
}

guint64
augur_explore_stats_cut (const AugurExploreStats *st)
{
  return st->step_bound + st->watchdog + st->exit_bound + st->thread_limit;
}

char *
augur_explore_guarantee (const AugurExploreOptions *o, const AugurExploreStats *st)
{
  GString *s = g_string_new (NULL);
  guint64 cut = augur_explore_stats_cut (st);
  if (o->mode == AUGUR_EXPLORE_MODE_PCT && !st->timed_out && cut == 0)
    {
      g_string_printf (s, "a sample: %" G_GUINT64_FORMAT " random PCT schedules", st->executions);
      return g_string_free (s, FALSE);
    }
  if (st->complete)
    {
      if (o->mode == AUGUR_EXPLORE_MODE_PREEMPT)
        {
          if (st->preemption_bound_hit)
            g_string_printf (s, "complete within %" G_GUINT64_FORMAT " preemption%s", o->bound,
                             o->bound == 1 ? "" : "s");
          else
            g_string_assign (s, "complete: every schedule");
        }
      else
        g_string_assign (s, "complete: every interleaving up to equivalence");
      if (o->prefix_len > 0)
        g_string_append (s, " after the fixed prefix");
      return g_string_free (s, FALSE);
    }
  g_string_assign (s, "incomplete:");
  const char *sep = " ";
  if (st->timed_out)
    {
      g_string_append_printf (s, "%stime budget spent", sep);
      sep = ", ";
    }
  if (st->stopped)
    {
      g_string_append_printf (s, "%sstopped early", sep);
      sep = ", ";
    }
  if (o->mode == AUGUR_EXPLORE_MODE_PCT)
    {
      g_string_append_printf (s, "%sa sample of %" G_GUINT64_FORMAT " random PCT schedules", sep,
                              st->executions);
      sep = ", ";
    }
  struct { guint64 n; const char *what; } cuts[] = {
    { st->step_bound, "cut by the step bound" },
    { st->watchdog, "killed by the watchdog" },
    { st->exit_bound, "ended with threads still running (exit bound)" },
    { st->thread_limit, "cut at the thread limit" },
  };
  for (guint k = 0; k < G_N_ELEMENTS (cuts); k++)
    if (cuts[k].n > 0)
      {
        g_string_append_printf (s, "%s%" G_GUINT64_FORMAT " run%s %s", sep, cuts[k].n,
                                cuts[k].n == 1 ? "" : "s", cuts[k].what);
        sep = ", ";
      }
  if (strcmp (sep, " ") == 0)
    g_string_append (s, " the exploration did not finish");
  return g_string_free (s, FALSE);
}

static void
prepare_shm (AugurSchedShm *shm, const AugurExploreOptions *o, const AugurSchedStep *prefix,
             guint n_prefix, const AugurSchedStep *sleep, guint n_sleep)
{
  shm->prefix_len = n_prefix;
  for (guint k = 0; k < n_prefix; k++)
    shm->prefix[k] = prefix[k].tid;
  if (n_prefix > 0)
    memcpy (shm->expect, prefix, n_prefix * sizeof *prefix);
  shm->check_prefix = 1;
  n_sleep = MIN (n_sleep, AUGUR_SCHED_MAX_SLEEP);
  if (n_sleep > 0)
    memcpy (shm->sleep, sleep, n_sleep * sizeof *sleep);
  shm->n_sleep = n_sleep;
  shm->max_steps = MIN (o->max_steps ? o->max_steps : 200000u, AUGUR_SCHED_MAX_STEPS);
  shm->flags = o->sync_only ? AUGUR_SCHED_F_NO_ACCESSES : 0;
  shm->flags2 = 0;
  if (o->no_spurious)
    shm->flags2 |= AUGUR_SCHED_F2_NO_SPURIOUS;
  /* the strategies that need to know which threads could run */
  if (o->mode == AUGUR_EXPLORE_MODE_DPOR || o->mode == AUGUR_EXPLORE_MODE_PREEMPT)
    shm->flags2 |= AUGUR_SCHED_F2_LOG_ENABLED;
  /* preempt counts every switch: the runtime must not switch on its own */
  if (o->mode == AUGUR_EXPLORE_MODE_PREEMPT)
    shm->flags2 |= AUGUR_SCHED_F2_NO_FAIRNESS;
  shm->exit_steps = o->exit_steps;
}

static void
progress (const AugurExploreOptions *o, const AugurExploreStats *st, guint findings, gint64 t0,
          gint64 *last, gboolean final)
{
  if (!o->progress)
    return;
  gint64 now = g_get_monotonic_time ();
  if (!final && (now - t0 < G_USEC_PER_SEC || now - *last < G_USEC_PER_SEC / 2))
    return;
  if (final && *last == 0)
    return;
  *last = now;
  double secs = (now - t0) / 1e6;
  fprintf (stderr, "\raugur explore: %" G_GUINT64_FORMAT " executions (%.0f/s), %"
           G_GUINT64_FORMAT " blocked, %u finding%s%s",
           st->executions, secs > 0 ? (st->executions + st->blocked) / secs : 0.0, st->blocked,
           findings, findings == 1 ? "" : "s", final ? "\n" : "   ");
  fflush (stderr);
}

static const char *
mode_name (AugurExploreMode m)
{
  switch (m)
    {
    case AUGUR_EXPLORE_MODE_DPOR: return "dpor";
    case AUGUR_EXPLORE_MODE_PCT: return "pct";
    case AUGUR_EXPLORE_MODE_PREEMPT: return "preempt";
    default: return "optimal";
    }
}

/* The continuations of a serialised prefix, watched for failures. */
typedef struct {
  guint runs;
  guint limit;
  gboolean failed;
  gboolean same;          /* ... with the failure being diagnosed (same thread, same place) */
  guint fail_tid;
  guint32 fail_pc;
  guint8 fail_module;
} SerialWatch;

static gboolean
on_serial_execution (const AugurSchedShm *shm, gboolean killed, gpointer data)
{
  SerialWatch *w = data;
  w->runs++;
  if (augur_sched_failed (shm))
    {
      w->failed = TRUE;
      for (guint k = 0; k < MIN (shm->n_failures, AUGUR_SCHED_MAX_FAILURES); k++)
        w->same = w->same || (shm->failures[k].tid == w->fail_tid && shm->failures[k].pc == w->fail_pc
                              && shm->failures[k].module == w->fail_module);
      return FALSE;
    }
  switch (shm->status)
    {
    case AUGUR_SST_DEADLOCK:
      w->failed = TRUE;
      return FALSE;
    case AUGUR_SST_DIVERGED:
    case AUGUR_SST_INFEASIBLE:
    case AUGUR_SST_SLEEP_BLOCKED:
      break;
    default:
      if (killed || WIFSIGNALED (shm->wait_status))
        {
          w->failed = TRUE;
          return FALSE;
        }
    }
  return w->runs < w->limit;
}

typedef enum { SERIAL_UNKNOWN, SERIAL_PASSES, SERIAL_FAILS } SerialVerdict;

/* Explores the continuations of sched[0..decided), at most
 * DIAGNOSE_MAX_RUNS executions and @seconds: PASSES if the prefix could
 * be followed and no continuation failed, FAILS if one failed the way
 * fl's failing execution did (same thread, same place), UNKNOWN if the
 * prefix could not be followed or a continuation failed otherwise (the
 * other thread's side of the same bug, say). */
static SerialVerdict
serial_continuations (Ctx *c, AugurExecutor *ex, const AugurExploreOptions *o, const Failure *fl,
                      GArray *sched, guint decided, double seconds, guint64 *runs, GError **error)
{
  g_autofree guint *prefix = g_new (guint, decided + 1);
  for (guint k = 0; k < decided; k++)
    prefix[k] = g_array_index (sched, AugurSchedStep, k).tid;
  SerialWatch w = { 0, DIAGNOSE_MAX_RUNS, FALSE, FALSE, fl->fail_tid, fl->fail_pc, fl->fail_module };
  AugurExploreOptions eo;
  augur_explore_options_init (&eo);
  eo.mode = AUGUR_EXPLORE_MODE_OPTIMAL;
  eo.exec_timeout = o->exec_timeout;
  eo.max_steps = o->max_steps;
  eo.sync_only = o->sync_only;
  eo.facts = o->facts;          /* the failing steps were made with them */
  /* the question is whether the interleaving causes the failure: a
   * spurious wake-up is another cause (an if-guarded wait fails with it
   * alone), so the serialised runs have none, and a failing execution
   * that needed one diverges here and blames nothing */
  eo.no_spurious = TRUE;
  eo.exit_steps = o->exit_steps;
  eo.timeout = seconds;
  eo.prefix = prefix;
  eo.prefix_len = decided;
  eo.on_execution = on_serial_execution;
  eo.user_data = &w;
  eo.executor = ex;
  eo.no_diagnose = TRUE;
  AugurExploreStats st;
  g_autoptr (AugurResults) ignored = augur_explore (c->argv, &eo, &st, error);
  *runs += w.runs;
  if (ignored == NULL || st.prefix_diverged || w.runs == 0)
    return SERIAL_UNKNOWN;
  if (w.failed)
    return w.same ? SERIAL_FAILS : SERIAL_UNKNOWN;
  return SERIAL_PASSES;
}

/* Diagnosis (diagnose.h): for each failing execution kept, its candidate
 * triples in diagnose.h's order, each serialised both ways where fork/join
 * allows; the first one blamed is reported (once per set of locations).
 * Bounded by DIAGNOSE_MAX_* and by @seconds of wall time. */
static void
diagnose_failures (Ctx *c, AugurExecutor *ex, const AugurExploreOptions *o, AugurExploreStats *st,
                   double seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  for (guint f = 0; f < c->failures->len; f++)
    {
      Failure *fl = g_ptr_array_index (c->failures, f);

      if (g_getenv ("AUGUR_DEBUG_DIAGNOSE") != NULL)
        for (guint k = 0; k < fl->n; k++)
          {
            g_autofree char *l = loc_key (c, fl->steps[k].module, fl->steps[k].pc);
            g_printerr ("  %u: t%u op%u obj %" G_GINT64_MODIFIER "x %s\n", k, fl->steps[k].tid,
                        fl->steps[k].op, fl->steps[k].obj, l);
          }
      for (guint k = 0; k < fl->triples->len; k++)
        {
          const AugurTriple *t = &g_array_index (fl->triples, AugurTriple, k);
          /* an atomicity violation: the failure needs the unserializable
           * interleaving, so no serial order of the two threads' accesses
           * fails (an order violation fails in one of them) */
          gboolean passes = FALSE, fails = FALSE;
          for (int way = 0; way < 2 && !fails; way++)
            {
              gboolean r_first = way == 0;
              if (!(r_first ? t->r_first_ok : t->r_last_ok)
                  || !augur_diagnose_flips_only_location (fl->steps, fl->n, t, r_first))
                continue;
              gint64 left = deadline - g_get_monotonic_time ();
              if (left <= 0)
                return;
              guint decided = 0;
              g_autoptr (GArray) sched = augur_diagnose_serialise (fl->steps, fl->n, t, r_first,
                                                                   &decided);
              g_autoptr (GError) error = NULL;
              guint64 before = st->diagnosis_runs;
              SerialVerdict v = serial_continuations (c, ex, o, fl, sched, decided,
                                                      MIN (left / 1e6, DIAGNOSE_MAX_SECONDS),
                                                      &st->diagnosis_runs, &error);
              passes = passes || v == SERIAL_PASSES;
              fails = fails || v == SERIAL_FAILS;
              if (g_getenv ("AUGUR_DEBUG_DIAGNOSE") != NULL)
                {
                  g_autofree char *pattern = augur_diagnose_pattern (fl->steps, t);
                  GPtrArray *locs = g_ptr_array_index (fl->locs, k);
                  g_autoptr (GString) where = g_string_new (NULL);
                  for (guint i = 0; i < locs->len; i++)
                    g_string_append_printf (where, "%s%s", i ? " " : "",
                                            (const char *) g_ptr_array_index (locs, i));
                  g_printerr ("diagnose: failure %u triple %u (steps %u %u %u %u: %s, %s) %s: "
                              "prefix %u, %" G_GUINT64_FORMAT " runs: %s\n", f, k, t->a1, t->r,
                              t->r2, t->a2, where->str, pattern,
                              r_first ? "r first" : "r last", decided,
                              st->diagnosis_runs - before,
                              v == SERIAL_PASSES ? "passes" : v == SERIAL_FAILS ? "fails" : "unknown");
                }
              if (error != NULL)
                {
                  g_printerr ("augur explore: diagnosis stopped: %s\n", error->message);
                  return;
                }
            }
          if (!passes || fails)
            continue;
          if (first_time (c, "atomicity-violation", g_ptr_array_index (fl->locs, k)))
            {
              keep (c, g_ptr_array_index (fl->findings, k));
              st->diagnosed++;
            }
          /* one cause per failing execution: the first blamed in the
           * order of diagnose.h (looser ones around it are serialised by
           * the same moves and would be blamed too); other failing
           * executions at the same place may show other causes */
          break;
        }
    }
}

/* Stops an exploration after DIAGNOSE_MAX_PER_FAILURE failing executions. */
static gboolean
on_unpruned_execution (const AugurSchedShm *shm, gboolean killed, gpointer data)
{
  guint *failing = data;
  (void) killed;
  if (augur_sched_failed (shm))
    (*failing)++;
  return *failing < DIAGNOSE_MAX_PER_FAILURE;
}

/* With static pruning, the accesses an atomicity violation is made of are
 * often not steps (a read under a lock is in no candidate pair of races):
 * the failures are found again without pruning, within @seconds, and that
 * exploration's diagnoses are kept (it deduplicated them; this one has none
 * of its own: the pruned failures are not diagnosed). */
static void
diagnose_unpruned (Ctx *c, AugurExecutor *ex, const AugurExploreOptions *o, AugurExploreStats *st,
                   double seconds)
{
  guint failing = 0;
  AugurExploreOptions eo = *o;
  eo.facts = NULL;
  eo.timeout = seconds;
  eo.results_path = NULL;
  eo.progress = FALSE;
  eo.prefix = NULL;
  eo.prefix_len = 0;
  eo.on_execution = on_unpruned_execution;
  eo.user_data = &failing;
  eo.on_complete = NULL;
  eo.executor = ex;
  AugurExploreStats ust;
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurResults) found = augur_explore (c->argv, &eo, &ust, &error);
  if (found == NULL)
    {
      g_printerr ("augur explore: diagnosis without pruning failed: %s\n", error->message);
      return;
    }
  st->diagnosis_runs += ust.executions + ust.blocked + ust.diagnosis_runs;
  for (guint k = 0; k < augur_results_get_n_findings (found); k++)
    {
      AugurFinding *f = augur_results_get_finding (found, k);
      if (augur_finding_get_kind (f) != AUGUR_FINDING_ATOMICITY_VIOLATION)
        continue;
      keep (c, f);
      st->diagnosed++;
    }
}

/* The operations the threads were left waiting to do when the execution
 * ended (blocked, waiting in a loop, or cut while they could run). */
static void
set_pending (AugurDpor *dpor, const AugurSchedShm *shm)
{
  g_autoptr (GArray) pending = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  guint T = MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  /* the runtime writes them at every end, a normal one too: the process
   * may end while threads are blocked (an END waits only until nothing
   * else can run) */
  for (guint t = 0; t < T; t++)
    {
      const AugurSchedThread *th = &shm->threads[t];
      if ((th->state == AUGUR_STH_BLOCKED || th->state == AUGUR_STH_AWAITING)
          && th->pending.op != AUGUR_SOP_NONE && th->pending.op != AUGUR_SOP_END)
        {
          AugurSchedStep p = th->pending;
          p.tid = (guint16) t;
          if (th->spurious)
            p.xflags |= AUGUR_SXF_SPURIOUS;   /* it may still wake up: dpor.c asks for it */
          g_array_append_val (pending, p);
        }
    }
  augur_dpor_set_pending (dpor, (const AugurSchedStep *) pending->data, pending->len);
}

AugurResults *
augur_explore (const char *const *argv, const AugurExploreOptions *o, AugurExploreStats *st,
               GError **error)
{
  memset (st, 0, sizeof *st);
  gint64 t0 = g_get_monotonic_time (), last = 0;
  g_autoptr (AugurExecutor) own = NULL;
  AugurExecutor *ex = o->executor;
  if (ex == NULL)
    ex = own = augur_executor_new (argv, o->show_output, error);
  if (ex == NULL)
    return NULL;
  Ctx *c = ctx_new (argv, o, mode_name (o->mode));
  c->shm = augur_executor_shm (ex);
  AugurPruneInfo pi;
  augur_prune_fill (c->shm, c->exe, o->facts, &pi);
  st->pruned_sites = pi.n_sites;
  st->pruned_ranges = pi.n_ranges;
  st->prune_overflow = pi.overflow;
  if (pi.overflow)
    g_printerr ("augur explore: %s: more than %u pruned PC ranges: static pruning is off\n",
                c->exe, AUGUR_SCHED_MAX_PRUNED);
  /* dpor also finds the data races of every mode; preempt chooses the
   * schedules of its mode instead of it */
  g_autoptr (AugurDpor) dpor = augur_dpor_new_kind (o->mode == AUGUR_EXPLORE_MODE_DPOR
                                                    ? AUGUR_DPOR_CLASSIC : AUGUR_DPOR_OPTIMAL);
  g_autoptr (AugurPreempt) preempt = o->mode == AUGUR_EXPLORE_MODE_PREEMPT
                                       ? augur_preempt_new ((guint) MIN (o->bound, G_MAXUINT)) : NULL;
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  double exec_timeout = o->exec_timeout > 0 ? o->exec_timeout : 10.0;
  gboolean pct = o->mode == AUGUR_EXPLORE_MODE_PCT;
  /* A fixed prefix: the first execution follows its threads unchecked;
   * once followed, its steps are the prefix every later execution checks. */
  guint fixed = MIN (o->prefix_len, AUGUR_SCHED_MAX_STEPS);
  gboolean fixed_unchecked = fixed > 0;
  g_array_set_size (prefix, fixed);
  for (guint k = 0; k < fixed; k++)
    g_array_index (prefix, AugurSchedStep, k).tid = (guint16) o->prefix[k];
  augur_dpor_set_fixed (dpor, fixed);
  if (o->observed != NULL)
    augur_dpor_set_conflict_func (dpor, on_conflict, c);
  guint64 pct_runs = o->bound ? o->bound : 1000;
  /* --timeout is a hard limit: no execution and no analysis pass goes on
   * past it (an execution started just before would otherwise take its
   * whole watchdog time, a pass over a long one can take minutes) */
  gint64 hard_deadline = o->timeout > 0 ? t0 + (gint64) (o->timeout * 1e6) : 0;
  augur_dpor_set_deadline (dpor, hard_deadline);
  gboolean ok = TRUE;
  guint64 run = 0;
  guint pct_steps = 100;   /* PCT's k: the longest execution seen so far */

  for (;; run++)
    {
      if (pct && run >= pct_runs)
        {
          st->complete = FALSE;
          break;
        }
      /* once something failed, a quarter of the time is kept for diagnosis */
      double share = c->failing_runs > 0 && !o->no_diagnose ? 0.75 : 1.0;
      if (o->timeout > 0 && g_get_monotonic_time () - t0 > (gint64) (o->timeout * share * 1e6))
        {
          st->timed_out = TRUE;
          augur_results_add_bound_hit (c->results, "time");
          break;
        }
      AugurSchedShm *shm = c->shm;
      prepare_shm (shm, o, (const AugurSchedStep *) prefix->data, prefix->len,
                   (const AugurSchedStep *) sleep->data, sleep->len);
      if (fixed_unchecked)
        shm->check_prefix = 0;
      shm->random_seed = pct ? (guint32) (o->seed * 1000003u + run + 1) : 0;
      shm->pct_depth = o->depth ? o->depth : 3;
      shm->pct_steps = pct_steps;
      gboolean killed = FALSE;
      double run_timeout = exec_timeout;
      gboolean cut_by_deadline = FALSE;
      if (hard_deadline != 0 && (hard_deadline - g_get_monotonic_time ()) / 1e6 < run_timeout)
        {
          run_timeout = MAX ((hard_deadline - g_get_monotonic_time ()) / 1e6, 0.01);
          cut_by_deadline = TRUE;
        }
      if (!augur_executor_run (ex, run_timeout, &killed, error))
        {
          ok = FALSE;
          break;
        }
      if (killed && cut_by_deadline)
        {
          /* the time ran out, not the execution's watchdog: not a hang,
           * and not an execution (nothing of it is analysed) */
          st->timed_out = TRUE;
          augur_results_add_bound_hit (c->results, "time");
          break;
        }
      new_execution (c);
      guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
      const AugurSchedStep *steps = shm->steps;
      guint32 status = shm->status;
      if (g_getenv ("AUGUR_DEBUG_STEPS") != NULL)
        {
          g_printerr ("run %" G_GUINT64_FORMAT ": prefix %u sleep %u status %u n %u diverged_at %u\n",
                      run, shm->prefix_len, shm->n_sleep, status, n, shm->diverged_at);
          for (guint k = 0; k < n; k++)
            g_printerr ("  %u: t%u op%u ev%u obj %" G_GINT64_MODIFIER "x arg %" G_GINT64_MODIFIER "x pc %x%s\n", k,
                        steps[k].tid, steps[k].op, steps[k].ev_kind, steps[k].obj, steps[k].arg, steps[k].pc,
                        k < shm->prefix_len && shm->prefix[k] != steps[k].tid ? " !!" : "");
          if (status == AUGUR_SST_DIVERGED)
            g_printerr ("  expected t%u ev%u pc %x\n", shm->prefix[shm->diverged_at],
                        shm->expect[shm->diverged_at].ev_kind, shm->expect[shm->diverged_at].pc);
          for (guint t = 0; t < 8; t++)
            if (shm->threads[t].state)
              g_printerr ("  thread %u state %u pending op%u ev%u pc %x arg %" G_GINT64_MODIFIER "x\n", t, shm->threads[t].state,
                          shm->threads[t].pending.op, shm->threads[t].pending.ev_kind, shm->threads[t].pending.pc, shm->threads[t].pending.arg);
        }
      if (killed)
        st->watchdog++;
      if (n > pct_steps)
        pct_steps = n;
      if (fixed_unchecked && (status == AUGUR_SST_INFEASIBLE || status == AUGUR_SST_DIVERGED))
        {
          st->prefix_diverged = TRUE;
          st->prefix_diverged_at = shm->diverged_at;
          if (o->on_execution != NULL)
            o->on_execution (shm, killed, o->user_data);
          break;
        }
      if (fixed_unchecked && n >= fixed)
        {
          /* pct replays these; dpor's prefixes come from its own copy */
          memcpy (prefix->data, steps, fixed * sizeof *steps);
          fixed_unchecked = FALSE;
        }
      if (status == AUGUR_SST_INFEASIBLE)
        {
          st->infeasible++;
          augur_dpor_drop_execution (dpor, shm->diverged_at);
        }
      else if (status == AUGUR_SST_DIVERGED)
        {
          st->diverged++;
          augur_dpor_drop_execution (dpor, shm->diverged_at);
        }
      else
        {
          if (status == AUGUR_SST_SLEEP_BLOCKED)
            st->blocked++;
          else
            st->executions++;
          if (status == AUGUR_SST_STEP_BOUND)
            {
              st->step_bound++;
              augur_results_add_bound_hit (c->results, "steps");
            }
          if (status == AUGUR_SST_TOO_MANY_THREADS)
            {
              st->thread_limit++;
              augur_results_add_bound_hit (c->results, "threads");
            }
          if (status == AUGUR_SST_EXIT_BOUND)
            {
              st->exit_bound++;
              augur_results_add_bound_hit (c->results, "exit");
            }
          if (killed)
            augur_results_add_bound_hit (c->results, "watchdog");
          RaceData rd = { c, NULL };
          gboolean logged = (shm->flags2 & AUGUR_SCHED_F2_LOG_ENABLED) != 0;
          const AugurSchedEnabled *log = logged ? shm->enabled : NULL;
          guint n_log = logged ? MIN (shm->n_enabled, AUGUR_SCHED_MAX_ENABLED) : 0;
          augur_dpor_set_enabled_log (dpor, log, n_log, shm->enabled_lost_at);
          set_pending (dpor, shm);
          augur_dpor_add_execution (dpor, steps, n, on_race, &rd);
          if (preempt != NULL)
            {
              augur_preempt_set_enabled_log (preempt, log, n_log, shm->enabled_lost_at);
              augur_preempt_add_execution (preempt, steps, n);
            }
          if (status != AUGUR_SST_SLEEP_BLOCKED)
            ending_findings (c, steps, n, killed, &rd.ev);
          if (status != AUGUR_SST_SLEEP_BLOCKED && o->on_complete != NULL)
            o->on_complete (steps, n, o->on_complete_data);
          g_free (rd.ev);
        }
      progress (o, st, augur_results_get_n_findings (c->results), t0, &last, FALSE);
      if (augur_dpor_cut (dpor))
        {
          /* its analysis stopped at the deadline: this execution's findings
           * are kept, its backtrack points are not all known */
          st->timed_out = TRUE;
          augur_results_add_bound_hit (c->results, "time");
          break;
        }
      if (o->on_execution != NULL && !o->on_execution (shm, killed, o->user_data))
        {
          st->stopped = TRUE;
          break;
        }
      if (st->diverged > 20 && st->diverged * 10 > st->executions + st->blocked)
        {
          g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC,
                       "%s does not follow the schedules it is given (%" G_GUINT64_FORMAT
                       " diverged executions): it behaves nondeterministically (time, "
                       "randomness, input) or uses synchronisation augur does not model",
                       argv[0], st->diverged);
          ok = FALSE;
          break;
        }
      if (pct)
        continue;
      if (preempt != NULL ? !augur_preempt_next (preempt, prefix)
                          : !augur_dpor_next (dpor, prefix, sleep))
        {
          /* the search ended; its guarantee holds only if no run was cut */
          st->complete = augur_explore_stats_cut (st) == 0;
          break;
        }
    }
  if (preempt != NULL && augur_preempt_bound_reached (preempt))
    {
      st->preemption_bound_hit = TRUE;
      augur_results_add_bound_hit (c->results, "preemptions");
    }
  /* diagnosis within what is left of the exploration's --timeout */
  double budget = 30.0;
  if (o->timeout > 0)
    budget = o->timeout - (g_get_monotonic_time () - t0) / 1e6;
  gboolean diagnose = ok && budget >= 0.05;   /* else there is no time left for it */
  if (diagnose && !o->no_diagnose && c->failing_runs > 0 && pi.n_ranges > 0 && !pi.overflow)
    diagnose_unpruned (c, ex, o, st, budget);
  else if (diagnose && c->failures->len > 0)
    diagnose_failures (c, ex, o, st, budget);
  observe_lines (c);
  st->seconds = (g_get_monotonic_time () - t0) / 1e6;
  st->in_process = c->shm->fiber_executions;
  st->forked = c->shm->no_fibers;
  progress (o, st, augur_results_get_n_findings (c->results), t0, &last, TRUE);
  augur_results_set_executions (c->results, st->executions);
  augur_results_set_duration (c->results, st->seconds);
  save (c);
  AugurResults *r = ok ? augur_results_ref (c->results) : NULL;
  ctx_free (c);
  return r;
}

AugurResults *
augur_explore_replay (const char *const *argv, const guint *threads, guint n,
                      const AugurExploreOptions *o, GError **error)
{
  g_autoptr (AugurExecutor) ex = augur_executor_new (argv, o->show_output, error);
  if (ex == NULL)
    return NULL;
  Ctx *c = ctx_new (argv, o, "replay");
  c->shm = augur_executor_shm (ex);
  AugurPruneInfo pi;
  augur_prune_fill (c->shm, c->exe, o->facts, &pi);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_array_set_size (prefix, MIN (n, AUGUR_SCHED_MAX_STEPS));
  for (guint k = 0; k < prefix->len; k++)
    g_array_index (prefix, AugurSchedStep, k).tid = (guint16) threads[k];
  prepare_shm (c->shm, o, (const AugurSchedStep *) prefix->data, prefix->len, NULL, 0);
  c->shm->check_prefix = 0;
  c->shm->random_seed = 0;
  gboolean killed = FALSE;
  if (!augur_executor_run (ex, o->exec_timeout > 0 ? o->exec_timeout : 10.0, &killed, error))
    {
      ctx_free (c);
      return NULL;
    }
  new_execution (c);
  guint32 status = c->shm->status;
  if (status == AUGUR_SST_DIVERGED || status == AUGUR_SST_INFEASIBLE)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC,
                   "%s did not follow the stored schedule (step %u of %u)", argv[0],
                   c->shm->diverged_at + 1, n);
      ctx_free (c);
      return NULL;
    }
  guint ns = MIN (c->shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  g_autoptr (AugurDpor) dpor = augur_dpor_new ();
  RaceData rd = { c, NULL };
  augur_dpor_add_execution (dpor, c->shm->steps, ns, on_race, &rd);
  ending_findings (c, c->shm->steps, ns, killed, &rd.ev);
  g_free (rd.ev);
  /* a diagnosed atomicity violation shows again only by diagnosis */
  if (c->failures->len > 0)
    {
      AugurExploreStats st = { 0 };
      diagnose_failures (c, ex, o, &st, 30.0);
    }
  augur_results_set_executions (c->results, 1);
  AugurResults *r = augur_results_ref (c->results);
  ctx_free (c);
  return r;
}
