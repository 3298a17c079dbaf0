/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-findings.c — the findings of one explored execution
 * (explore-private.h): the data races the DPOR core reports, and what the
 * way it ended shows: misuses the runtime reported, uses of freed memory,
 * a deadlock or a hang (no thread could run), an assertion, a crash, an
 * execution the watchdog killed.  A finding is kept once per kind and set
 * of source locations, with the schedule of the first execution showing
 * it; a failing execution is also handed to the diagnosis
 * (explore-diagnose.c).
 */
#include "config.h"

#include "explorer/divergence.h"
#include "explorer/explore-private.h"

#include "common/augur-ops.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "explorer/lock-order.h"
#include "explorer/misuse-finding.h"
#include "explorer/weak-memory.h"
#include "explorer/steps.h"
#include "common/objects.h"
#include "common/source-label.h"

/* The current execution's object names, made when first needed. */
AugurExecNames *
explore_findings_names_of (Ctx *c)
{
  if (c->names == NULL)
    {
      c->names = augur_steps_names (c->sym, c->shm->objects, c->shm->n_objects,
                                    c->shm->objects_lost_at);
      /* the search's own limit: what an execution found after it is kept */
      if (c->deadline != NULL)
        augur_exec_names_set_deadline (c->names, augur_deadline_stop_time (c->deadline));
    }
  return c->names;
}

/* The stable name of the object of steps[k] (see exec-names.h). */
char *
explore_findings_object_of (Ctx *c, const AugurSchedStep *steps, guint k)
{
  AugurExecNames *names = NULL;
  if (augur_steps_object_needs_names (&steps[k]))
    names = explore_findings_names_of (c);
  return augur_steps_object (names, steps, k);
}

/* Dedup: kind + sorted locations; TRUE if new. */
static gint
cmp_str_ptr (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static char *
seen_key (const char *kind, GPtrArray *locs)
{
  g_ptr_array_sort (locs, cmp_str_ptr);
  GString *key = g_string_new (kind);
  for (guint k = 0; k < locs->len; k++)
    g_string_append_printf (key, " %s", (const char *) g_ptr_array_index (locs, k));
  return g_string_free (key, FALSE);
}

gboolean
explore_findings_first_time (Ctx *c, const char *kind, GPtrArray *locs)
{
  char *k = seen_key (kind, locs);
  if (g_hash_table_contains (c->seen, k))
    {
      g_free (k);
      return FALSE;
    }
  g_hash_table_insert (c->seen, k, NULL);
  return TRUE;
}

/* A witness of a finding that may replace the one kept (first_or_better). */
typedef struct {
  char *key;                /* its dedup key */
  AugurFinding *old;        /* the finding it replaces, NULL if none */
  gboolean spurious;        /* it needed a spurious wake-up */
} Witness;

/* As explore_findings_first_time, for a finding whose witness needed a
 * spurious wake-up or not (@spurious): TRUE also when the one kept at
 * these locations needed one and this one does not, which then takes its
 * place (keep_witness).  A reader told that the bug "may need" a wake-up
 * POSIX allows may dismiss a bug that needs none. */
static gboolean
first_or_better (Ctx *c, const char *kind, GPtrArray *locs, gboolean spurious, Witness *w)
{
  *w = (Witness) { seen_key (kind, locs), NULL, spurious };
  gpointer kept = NULL;
  if (!g_hash_table_lookup_extended (c->seen, w->key, NULL, &kept))
    return TRUE;   /* the first */
  if (kept == NULL || spurious)
    {
      g_clear_pointer (&w->key, g_free);
      return FALSE;
    }
  w->old = kept;   /* the seen table's value: a kept finding with a spurious wake-up */
  return TRUE;
}

/* Keeps @f, witness @w (first_or_better): a new finding, or in the place
 * of the one it betters. */
static void
keep_witness (Ctx *c, AugurFinding *f, Witness *w)
{
  if (w->old != NULL)
    {
      augur_results_replace_finding (c->results, w->old, f);
      explore_findings_save (c);
    }
  else
    explore_findings_keep (c, f);
  /* owned by the results, which keep it until the end */
  g_hash_table_insert (c->seen, g_steal_pointer (&w->key), w->spurious ? f : NULL);
}

/* The kernel calls of the page's kernel_wait_call and world_wait_call */
static const char *const calls[] = {
  [AUGUR_KERNEL_WAIT_POLL] = "poll",
  [AUGUR_KERNEL_WAIT_SELECT] = "select",
  [AUGUR_KERNEL_WAIT_EPOLL] = "epoll_wait",
  [AUGUR_KERNEL_WAIT_READ] = "a read",
};

/* A run that stopped while a thread waited in a kernel call that may wait
 * for what augur does not model (shm->kernel_wait): killed by the watchdog
 * in it (@killed), or stuck in a poll whose other descriptors are the
 * program's channels: the hang may be the world's (libuv's epoll set
 * holds an io_uring ring), said as such; else NULL. */
static char *
kernel_wait_text (Ctx *c, gboolean killed)
{
  guint t = c->shm->kernel_wait;
  guint call = c->shm->kernel_wait_call & ~AUGUR_KERNEL_WAIT_ALSO;
  gboolean also = (c->shm->kernel_wait_call & AUGUR_KERNEL_WAIT_ALSO) != 0;
  /* killed by the watchdog: a thread in the kernel; stuck: one waiting in
   * the scheduler for channels and for the world */
  if (t == 0 || also == killed || call >= G_N_ELEMENTS (calls) || calls[call] == NULL)
    return NULL;
  g_autofree char *at = explore_findings_loc_key (c, c->shm->kernel_wait_module,
                                                  c->shm->kernel_wait_pc);
  return g_strdup_printf ("%sThread %u waits in %s at %s %son a descriptor augur does not model "
                          "(not a pipe, socket pair or eventfd the program made), which another "
                          "process, the network, a timer or the kernel may make ready where no "
                          "thread of the program can: this hang may be augur's rather than the "
                          "program's.",
                          killed ? "The execution made no progress before the watchdog fired. "
                                 : "",
                          t - 1, calls[call], at, killed ? "" : "also ");
}

void
explore_findings_note_execution (Ctx *c, AugurExploreStats *st, const AugurSchedShm *shm,
                                 const AugurSchedStep *steps, guint n)
{
  guint ws, wl;
  if (st->weak_shape[0] == '\0' && augur_weak_store_buffering (steps, n, c->fences, &ws, &wl))
    {
      g_autofree char *s1 = explore_findings_loc_key (c, steps[ws].module, steps[ws].pc);
      g_autofree char *s2 = explore_findings_loc_key (c, steps[wl].module, steps[wl].pc);
      g_snprintf (st->weak_shape, sizeof st->weak_shape, "%s may be passed by the load at %s",
                  s1, s2);
    }
  guint ld[2], sto[2];
  if (st->weak_mp[0] == '\0' && augur_weak_message_passing (steps, n, c->fences, ld, sto))
    {
      g_autofree char *l1 = explore_findings_loc_key (c, steps[ld[0]].module, steps[ld[0]].pc);
      g_autofree char *l2 = explore_findings_loc_key (c, steps[ld[1]].module, steps[ld[1]].pc);
      g_autofree char *s1 = explore_findings_loc_key (c, steps[sto[0]].module, steps[sto[0]].pc);
      g_autofree char *s2 = explore_findings_loc_key (c, steps[sto[1]].module, steps[sto[1]].pc);
      g_snprintf (st->weak_mp, sizeof st->weak_mp,
                  "the loads at %s and %s may see the stores at %s and %s out of order", l1, l2,
                  s1, s2);
    }
  for (guint k = 0; k < n && st->dead_frame[0] == '\0'; k++)
    if (steps[k].xflags & AUGUR_SXF_DEAD_FRAME)
      {
        g_autofree char *at = explore_findings_loc_key (c, steps[k].module, steps[k].pc);
        g_snprintf (st->dead_frame, sizeof st->dead_frame, "%s", at);
        augur_results_add_bound_hit (c->results, "dead-frame");
      }
  guint ot;
  g_autofree char *outside = st->outside_wait[0] == '\0'
                               ? explore_deadlock_outside (c, shm, &ot) : NULL;
  if (outside != NULL)
    g_snprintf (st->outside_wait, sizeof st->outside_wait, "thread %u, %s", ot, outside);
  guint call = shm->world_wait_call;
  if (st->world_wait[0] == '\0' && call < G_N_ELEMENTS (calls) && calls[call] != NULL)
    {
      g_autofree char *at = explore_findings_loc_key (c, shm->world_wait_module, shm->world_wait_pc);
      g_snprintf (st->world_wait, sizeof st->world_wait, "%s at %s also watches one", calls[call],
                  at);
    }
}

void
explore_findings_note_divergence (Ctx *c, AugurExploreStats *st)
{
  gboolean at_misuse;
  g_autofree char *where = augur_divergence_text (c->sym, c->shm, &at_misuse);
  if (where != NULL)
    {
      g_strlcpy (st->diverged_where, where, sizeof st->diverged_where);
      st->diverged_at_misuse = at_misuse;
    }
}

char *
explore_findings_loc_key (Ctx *c, guint module, guint32 pc)
{
  const AugurSource *l = augur_symbolizer_lookup (c->sym, module, pc);
  if (l->file != NULL)
    {
      g_autofree char *base = augur_source_label (l->file);
      return g_strdup_printf ("%s:%u", base, l->line);
    }
  return g_strdup_printf ("pc%u:%x", module, pc);
}

AugurWrapperExec
explore_findings_wrapper_exec (Ctx *c, const AugurSchedStep *steps, guint n)
{
  gboolean own = steps == c->shm->steps;
  AugurWrapperExec x = { c->sym, steps, own ? c->shm->callers : NULL, n,
                         own ? c->shm->threads : NULL,
                         own ? MIN (c->shm->n_threads, AUGUR_SCHED_MAX_THREADS) : 0 };
  return x;
}

void
explore_findings_add_schedule (Ctx *c, AugurFinding *f, const AugurSchedStep *steps, guint n,
                               const guint64 *ev)
{
  AugurExecNames *names = explore_findings_names_of (c);
  augur_steps_add_schedule (c->sym, names, f, steps, n, ev);
  if (augur_exec_names_was_cut (names))
    c->names_cut = TRUE;
}

void
explore_findings_add_access (Ctx *c, AugurFinding *f, const AugurSchedStep *steps, guint k,
                             const guint64 *ev)
{
  const AugurSchedStep *s = &steps[k];
  const AugurSource *l = augur_symbolizer_lookup (c->sym, s->module, s->pc);
  g_auto (GStrv) held = augur_steps_locks_held (explore_findings_names_of (c), steps, k, s->tid);
  augur_finding_add_thread (f, s->tid);
  augur_finding_add_access (f, s->tid, ev[k], augur_steps_op (s), l->file, l->line, l->function,
                            (const char *const *) held);
}

/* The results file is rewritten at every new finding, so that nothing
 * found is lost if augur is killed; but a rewrite costs every finding's
 * schedule, and one execution can find dozens of races (SPLASH-2's barnes:
 * 44 findings of 30,000 steps each, rewritten at each, took its whole
 * budget in its first execution).  So a save comes at most once per twice
 * the time the last one took: saving stays a third of the time at most,
 * and a finding waits that long at most (explore_findings_save_pending
 * after each execution, explore_findings_save_now at the end). */
void
explore_findings_save (Ctx *c)
{
  if (c->opts->results_path == NULL)
    return;
  if (g_get_monotonic_time () < c->save_due)
    {
      c->save_pending = TRUE;
      return;
    }
  explore_findings_save_now (c);
}

void
explore_findings_save_now (Ctx *c)
{
  if (c->opts->results_path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  gint64 started = g_get_monotonic_time ();
  if (!augur_results_save (c->results, c->opts->results_path, &error))
    g_printerr ("augur explore: %s\n", error->message);
  gint64 ended = g_get_monotonic_time ();
  c->save_due = ended + 2 * (ended - started);
  c->save_seconds = MAX (c->save_seconds, (ended - started) / 1e6);
  c->save_pending = FALSE;
  explore_note_save (c, started);
}

void
explore_findings_save_pending (Ctx *c)
{
  if (c->save_pending)
    explore_findings_save (c);
}

void
explore_findings_keep (Ctx *c, AugurFinding *f)
{
  augur_results_add_finding (c->results, f);
  c->n_new++;
  explore_findings_save (c);
}


/* Does steps[0..n) have a spurious wake-up? */
static gboolean
has_spurious (const AugurSchedStep *steps, guint n)
{
  return augur_steps_last_spurious (steps, n) >= 0;
}

/* Volatile accesses (a port of atomics built on them, a flag declared
 * volatile) are plain ones: the cause of the race is the belief that
 * they are not, said so.  Either access of the race is volatile, or a
 * volatile write of the first thread that an access of the second to the
 * same memory then saw (a load, the exchange of a lock) was meant to order
 * them (a lock released by a volatile store).  NULL when neither. */
/* A rwlock that the threads of steps i and j both hold for reading at
 * them: its name, or NULL.  A read lock excludes writers, not another
 * reader, and orders nothing between readers (dpor-pass.c: a read
 * acquisition joins only the write-mode releases' clock). */
static char *
shared_read_lock (Ctx *c, const AugurSchedStep *steps, guint i, guint j)
{
  for (guint k = 0; k < i; k++)
    {
      if (steps[k].tid != steps[i].tid || steps[k].op != AUGUR_SOP_RDLOCK)
        continue;
      gboolean ri = FALSE, rj = FALSE;
      if (augur_steps_lock_held_since (steps, i, steps[i].tid, steps[k].obj, &ri) >= 0 && ri
          && augur_steps_lock_held_since (steps, j, steps[j].tid, steps[k].obj, &rj) >= 0 && rj)
        return augur_exec_names_at (explore_findings_names_of (c), j, steps[k].obj);
    }
  return NULL;
}

static char *
volatile_note (Ctx *c, const AugurSchedStep *steps, guint i, guint j)
{
  static const char why[] = "volatile makes an access neither atomic nor ordered with "
                            "another thread's: use atomics (_Atomic, or __atomic builtins "
                            "with the order needed).";
  gboolean vi = (steps[i].xflags & AUGUR_SXF_VOLATILE) != 0;
  gboolean vj = (steps[j].xflags & AUGUR_SXF_VOLATILE) != 0;
  if (vi || vj)
    return g_strdup_printf (" %s volatile: %s", vi && vj ? "Both accesses are" : "One access is",
                            why);
  for (guint w = i + 1; w < j; w++)
    if (steps[w].tid == steps[i].tid && steps[w].op == AUGUR_SOP_WRITE
        && (steps[w].xflags & AUGUR_SXF_VOLATILE))
      for (guint r = w + 1; r < j; r++)
        if (steps[r].tid == steps[j].tid
            && steps[r].obj < steps[w].obj + MAX (steps[w].size, 1)
            && steps[w].obj < steps[r].obj + MAX (steps[r].size, 1))
          {
            g_autofree char *at = explore_findings_loc_key (c, steps[w].module, steps[w].pc);
            return g_strdup_printf (" Between them thread %u's volatile write at %s, which "
                                    "thread %u then saw, orders nothing: %s", steps[w].tid, at,
                                    steps[j].tid, why);
          }
  return NULL;
}

/* augur_steps_spurious_note, the wake-up's place named as findings are */
static char *
spurious_note (Ctx *c, const char *text, const AugurSchedStep *steps, guint n, const char *what)
{
  gint k = augur_steps_last_spurious (steps, n);
  g_autofree char *where = k >= 0 ? explore_findings_loc_key (c, steps[k].module, steps[k].pc) : NULL;
  return augur_steps_spurious_note (text, steps, n, where, what);
}

guint
explore_findings_race_objects (const AugurSchedShm *shm)
{
  return shm->n_objects > AUGUR_SCHED_MAX_OBJECTS ? G_MAXUINT : shm->n_objects;
}

/* Was the memory step j touches handed out again between steps i and j?
 * Then i touched an earlier block that lay there: the allocator orders
 * the free that ended it before the allocation (glibc hands an exited
 * thread's arena to the next thread's first malloc), no data race. */
static gboolean
reallocated_between (const RaceData *rd, const AugurSchedStep *steps, guint i, guint j)
{
  if (rd->objects == NULL || rd->n_objects == G_MAXUINT)
    return FALSE;
  guint64 lo = steps[j].obj, hi = lo + MAX (steps[j].size, 1u);
  for (guint k = 0; k < rd->n_objects; k++)
    {
      const AugurSchedObjectEvent *o = &rd->objects[k];
      if (o->step > j)
        break;
      if (o->kind == AUGUR_EV_ALLOC && o->step > i && o->addr < hi && lo < o->addr + MAX (o->arg, 1u))
        return TRUE;
    }
  return FALSE;
}

void
explore_findings_race_data_clear (RaceData *rd)
{
  g_clear_pointer (&rd->ev, g_free);
  g_clear_pointer (&rd->after_destroy, augur_after_destroy_free);
  rd->after_destroy_made = FALSE;
}

#define RACE_ADDRESSES_PER_PAIR 64

void
explore_findings_on_race (const AugurSchedStep *steps, guint n, guint i, guint j,
                          gpointer data)
{
  RaceData *rd = data;
  Ctx *c = rd->c;
  /* the same pair of instructions races on the same address in
   * execution after execution: known ones are skipped before their
   * locations are looked up (and before the object log is searched).
   * The address counts: one function that races on two globals (a
   * request and a reply queue) is two races.  A pair that raced at
   * RACE_ADDRESSES_PER_PAIR addresses (an array, heap blocks that move)
   * is looked at no more. */
  guint64 a = (guint64) steps[i].module << 32 | steps[i].pc;
  guint64 b = (guint64) steps[j].module << 32 | steps[j].pc;
  guint64 key[3] = { MIN (a, b), MAX (a, b), steps[j].obj };
  gpointer needed_spurious = NULL;   /* its witness so far needed a spurious wake-up */
  gboolean known = g_hash_table_lookup_extended (c->race_addrs, key, NULL, &needed_spurious);
  guint addrs = GPOINTER_TO_UINT (g_hash_table_lookup (c->race_pcs, key));
  if ((known && needed_spurious == NULL) || (!known && addrs >= RACE_ADDRESSES_PER_PAIR))
    return;
  /* a race between threads whose calls on a destroyed mutex failed is
   * the use after destroy's consequence (after-destroy.h): not kept, so
   * that an execution without that bug may still report the race */
  if (!rd->after_destroy_made)
    {
      rd->after_destroy_made = TRUE;
      rd->after_destroy = augur_after_destroy_new (
        rd->shm->misuse, MIN (rd->shm->n_misuse, AUGUR_SCHED_MAX_MISUSE), steps, n);
    }
  if (augur_after_destroy_explains (rd->after_destroy, steps, i, j))
    return;
  /* a race whose witness needed a spurious wake-up is looked at again
   * until a witness without one turns up (first_or_better) */
  gboolean spurious = has_spurious (steps, j + 1);
  if ((known && spurious) || reallocated_between (rd, steps, i, j))
    return;
  if (!known)
    g_hash_table_insert (c->race_pcs, g_memdup2 (key, 2 * sizeof (guint64)),
                         GUINT_TO_POINTER (addrs + 1));
  g_hash_table_insert (c->race_addrs, g_memdup2 (key, sizeof key), GINT_TO_POINTER (spurious));
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (locs, explore_findings_loc_key (c, steps[i].module, steps[i].pc));
  g_ptr_array_add (locs, explore_findings_loc_key (c, steps[j].module, steps[j].pc));
  /* named where the two accesses begin to overlap: a load the compiler
   * widened over two fields (clang merges `s->count == 0 && !s->stop`
   * into one 8-byte load) races on the field the other access writes,
   * and a free or a memcpy of a whole block on the field it meets */
  g_autofree char *obj = explore_findings_object_of (c, steps, steps[i].obj > steps[j].obj ? i : j);
  /* one pair of lines that races on two globals (`hits++; misses++;`)
   * is two races; a global's name is the same in every execution and
   * mode, a heap block's is not, and its lines alone say which race */
  g_autofree char *global = augur_objects_global_symbol (obj);
  if (global != NULL)
    g_ptr_array_add (locs, g_strdup_printf ("@%s", global));
  Witness w;
  if (!first_or_better (c, "data-race", locs, spurious, &w))
    return;
  if (rd->ev == NULL)
    rd->ev = augur_steps_event_indices (steps, n);
  g_autofree char *vol = volatile_note (c, steps, i, j);
  /* an ordering augur cannot see (ck's inline-assembly store that
   * publishes, or releases a lock) makes no race it can vouch for */
  g_autofree char *unseen = c->unseen_atomic != NULL
    ? g_strdup_printf (" The program has instructions augur cannot see (%s): if one of them "
                       "orders these two accesses (a store that publishes, a lock's release), "
                       "the race is augur's, not the program's.", c->unseen_atomic)
    : NULL;
  /* both under one rwlock held for reading: that is why nothing orders them */
  g_autofree char *rdlock = shared_read_lock (c, steps, i, j);
  g_autofree char *how = rdlock != NULL
    ? g_strdup_printf (", and one of them writes. Both hold `%s`, but only for reading: a read "
                       "lock does not exclude another reader, so it orders nothing between "
                       "them.", rdlock)
    : g_strdup (" without synchronisation, and one of them writes.");
  g_autofree char *race = g_strdup_printf (
    "Threads %u and %u access %s%s%s%s", MIN (steps[i].tid, steps[j].tid),
    MAX (steps[i].tid, steps[j].tid), obj != NULL ? obj : "the same memory", how,
    vol != NULL ? vol : "", unseen != NULL ? unseen : "");
  g_autofree char *expl = spurious_note (c, race, steps, j + 1, "race");
  g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, expl);
  if (unseen != NULL)
    augur_finding_set_severity (f, AUGUR_SEVERITY_WARNING);
  if (obj != NULL)
    augur_finding_set_object (f, obj, "variable");
  explore_findings_add_access (c, f, steps, i, rd->ev);
  explore_findings_add_access (c, f, steps, j, rd->ev);
  explore_findings_add_schedule (c, f, steps, j + 1, rd->ev);
  augur_finding_mark_bug_step (f, i);
  augur_finding_mark_bug_step (f, j);
  keep_witness (c, f, &w);
}


/* Thread @t's blocked operation at a deadlock, as @f's access, named at
 * its call outside the thin wrappers of the execution @wx
 * (augur_wrapper_add_access): the headline of a deadlock in uv_mutex_lock
 * names its callers' lines, not the wrapper's one. */
static void
add_stuck_access (Ctx *c, AugurFinding *f, const AugurSchedStep *steps, guint n, const guint64 *ev,
                  guint t, const AugurWrapperExec *wx)
{
  guint64 count = 0;
  gint last = -1;
  for (guint k = 0; k < n; k++)
    if (steps[k].tid == t)
      {
        count++;
        last = (gint) k;
      }
  const AugurSchedThread *th = &c->shm->threads[t];
  const AugurSchedStep *p = &th->pending;
  guint32 pc = th->state == AUGUR_STH_AWAITING ? th->await_pc : p->pc;
  const AugurSource *l = augur_symbolizer_lookup (c->sym, p->module, pc);
  g_auto (GStrv) held = augur_steps_locks_held (explore_findings_names_of (c), steps, n, t);
  augur_finding_add_thread (f, t);
  /* a blocked lock, read or write lock: a request, not an acquisition */
  gboolean request = p->op == AUGUR_SOP_LOCK || p->op == AUGUR_SOP_RDLOCK
                     || p->op == AUGUR_SOP_WRLOCK;
  AugurOp op = request ? AUGUR_OP_LOCK_REQUEST : augur_steps_op (p);
  /* a waiter's pending wake-up never came: the access is its wait,
   * the step that names the condition variable */
  if (p->op == AUGUR_SOP_COND_WAKE && last >= 0 && steps[last].op == AUGUR_SOP_COND_WAIT)
    {
      op = augur_steps_op (&steps[last]);
      count = ev[last];
    }
  /* a request made in a wrapper: named where the wrapper was called,
   * outside the thin wrappers, as the text names it */
  if (l->file != NULL)
    {
      augur_wrapper_add_access (wx, f, t, count, op, p->module, pc,
                                th->state == AUGUR_STH_BLOCKED ? &th->callers : NULL,
                                (const char *const *) held);
      return;
    }
  augur_finding_add_access (f, t, count, op, l->file, l->line, l->function,
                            (const char *const *) held);
}

/* Where thread @t is stuck, as a deadlock's de-duplication key: its
 * blocked call outside the thin wrappers, as its access. */
static char *
stuck_key (Ctx *c, const AugurWrapperExec *wx, guint t)
{
  const AugurSchedThread *th = &c->shm->threads[t];
  if (th->state == AUGUR_STH_AWAITING)
    return explore_findings_loc_key (c, th->pending.module, th->await_pc);
  char *outer = NULL;
  g_autofree char *through = NULL;
  augur_wrapper_site (wx, th->pending.module, th->pending.pc,
                      th->state == AUGUR_STH_BLOCKED ? &th->callers : NULL, &outer, &through);
  return outer;
}

/* No thread could run: a deadlock (threads blocked on each other's
 * locks, a lost wake-up, a join of a thread that never ends), or a hang
 * (threads that wait in a loop for memory that nobody will change); its
 * prose is explore-deadlock-text.c's. */
static void
deadlock_finding (Ctx *c, const AugurSchedStep *steps, guint n, const guint64 *ev)
{
  AugurSchedShm *shm = c->shm;
  guint T = MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  gboolean self_lock = FALSE, spins = FALSE;
  guint self_tid = 0;
  /* the signals that woke another waiter or came too early */
  g_autoptr (GArray) signals = g_array_new (FALSE, FALSE, sizeof (guint));
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
  AugurWrapperExec wx = explore_findings_wrapper_exec (c, steps, n);
  for (guint t = 0; t < T; t++)
    if (RELEVANT (t))
      {
        const AugurSchedThread *th = &shm->threads[t];
        g_ptr_array_add (locs, stuck_key (c, &wx, t));
        if (th->pending.op == AUGUR_SOP_LOCK && th->owner == t && th->state == AUGUR_STH_BLOCKED)
          {
            self_lock = TRUE;
            self_tid = t;
          }
      }
  /* a recursive lock is a misuse: where its lock was called from outside
   * the thin wrappers, as the runtime's misuses (augur_misuse_site_key) */
  if (self_lock)
    {
      g_ptr_array_set_size (locs, 0);
      g_ptr_array_add (locs, stuck_key (c, &wx, self_tid));
    }
  const char *kind = self_lock ? "misuse:recursive-lock" : spins ? "hang" : "deadlock";
  Witness w;
  if (!first_or_better (c, kind, locs, has_spurious (steps, n), &w))
    return;
  g_autoptr (AugurFinding) f = NULL;
  if (self_lock)
    {
      g_autofree char *text = explore_deadlock_self_lock_text (c, steps, n, self_tid);
      f = augur_finding_new (AUGUR_FINDING_MISUSE, augur_misuse_subkind (AUGUR_MISUSE_RECURSIVE_LOCK),
                             text);
    }
  else
    {
      GString *e = g_string_new (spins ? "No thread can make progress:" : "Every live thread is blocked:");
      for (guint t = 0; t < T; t++)
        if (augur_sched_thread_stuck (shm->threads[t].state))
          explore_deadlock_stuck_text (c, steps, n, t, e, signals);
      g_string_truncate (e, e->len - 1);
      g_string_append_c (e, '.');
      explore_deadlock_race_text (c, steps, n, spins ? "hang" : "deadlock", e);
      /* a waiter that woke without a signal and went back to sleep after
       * the last one: the deadlock may need that spurious wake-up */
      /* a loop that waits for a write augur cannot see (inline assembly
       * stores: ck's x86-64 port) is no hang it can vouch for */
      if (spins && c->unseen_atomic != NULL)
        g_string_append_printf (e, " The program has instructions augur cannot see (%s): if one "
                                "of them writes what the loop reads, the loop ends on real "
                                "hardware and this hang is augur's, not the program's.",
                                c->unseen_atomic);
      /* a poll that also watches what augur does not model (an io_uring
       * ring, a timer) may be woken from outside the program */
      g_autofree char *world = spins ? kernel_wait_text (c, FALSE) : NULL;
      if (world != NULL)
        g_string_append_printf (e, " %s", world);
      /* a handler of a signal from outside (a timer's, a child's exit)
       * may end the wait, and augur sends no such signal */
      guint ot = 0;
      g_autofree char *outside = explore_deadlock_outside (c, shm, &ot);
      if (outside != NULL)
        g_string_append_printf (e, " The program handles %s, which a timer, a child's exit or "
                                "another process may send and augur does not: that handler "
                                "could end thread %u's wait (by writing a pipe, posting a "
                                "semaphore or setting a flag), so this %s may be augur's "
                                "rather than the program's.", outside, ot,
                                spins ? "hang" : "deadlock");
      g_autofree char *expl = spurious_note (c, e->str, steps, n, spins ? "hang" : "deadlock");
      f = augur_finding_new (spins ? AUGUR_FINDING_HANG : AUGUR_FINDING_DEADLOCK, NULL, expl);
      if ((spins && (c->unseen_atomic != NULL || world != NULL)) || outside != NULL)
        augur_finding_set_severity (f, AUGUR_SEVERITY_WARNING);
      g_string_free (e, TRUE);
    }
  for (guint t = 0; t < T; t++)
    if (RELEVANT (t) && (!self_lock || t == self_tid))
      add_stuck_access (c, f, steps, n, ev, t, &wx);
#undef RELEVANT
  explore_findings_add_schedule (c, f, steps, n, ev);
  if (n > 0)
    augur_finding_mark_bug_step (f, n - 1);
  for (guint i = 0; i < signals->len; i++)
    augur_finding_mark_bug_step (f, g_array_index (signals, guint, i));
  keep_witness (c, f, &w);
}

/* The explanation of a failure: an exit status, a failed assertion,
 * abort(), or a crash at @site (its "file:line" in @function, NULL if
 * unknown; @outside: the fault was outside the program's code, and @site
 * is where its thread last was in it). */
static char *
failure_text (Ctx *c, const AugurSchedFailure *fl, int ws, gint exit_status, const char *fexpr,
              const char *site, const char *function, gboolean outside)
{
  gboolean assertion = fl->status == AUGUR_SST_ASSERT;
  if (exit_status > 0)
    {
      g_autofree char *tail = explore_exit_varies (c, exit_status)
                                 ? explore_exit_tail (c, exit_status)
                                 : g_strdup (explore_exit_same_tail (c));
      return g_strdup_printf ("Thread %u ends the program with exit status %d%s", fl->tid,
                              exit_status, tail);
    }
  if (assertion && fexpr[0] != '\0')
    return g_strdup_printf ("Thread %u fails the assertion '%s'.", fl->tid, fexpr);
  if (assertion)
    return g_strdup_printf ("Thread %u calls abort(): the program ends itself, not through a "
                            "failed assert().", fl->tid);
  const char *sig = g_strsignal (fl->signal != 0 ? (int) fl->signal
                                 : WIFSIGNALED (ws) ? WTERMSIG (ws) : SIGSEGV);
  g_autofree char *in = function != NULL ? g_strdup_printf (" in %s()", function) : g_strdup ("");
  if (site == NULL)
    return g_strdup_printf ("Thread %u crashes with %s.", fl->tid, sig);
  /* where it faulted; a fault outside the program's code (in a library,
   * or a call through a bad pointer): where its thread last was in it */
  const char *what = fl->fault == AUGUR_FAULT_NULL_STORE ? ": a store through a null pointer"
                     : fl->fault == AUGUR_FAULT_NULL_LOAD ? ": a load through a null pointer"
                                                          : "";
  if (!outside)
    return g_strdup_printf ("Thread %u crashes with %s at %s%s%s.", fl->tid, sig, site, in, what);
  return g_strdup_printf ("Thread %u crashes with %s outside the program's code (in a library, "
                          "or a call through a bad pointer); it was last at %s%s.", fl->tid, sig,
                          site, in);
}

/* Is @module's code the program's: the executable, or a library augur-cc
 * built (the page says which), not libc? */
static gboolean
in_program (Ctx *c, guint module)
{
  return module == 0
         || (module <= MIN (c->shm->n_modules, AUGUR_SCHED_MAX_MODULES)
             && c->shm->modules[module - 1].instrumented);
}

/* One failure of the execution: a failed assertion, abort() or a fatal
 * signal (f), reported once per location; a few more failing executions
 * at a known location are kept for diagnosis. */
static void
failure_finding (Ctx *c, const AugurSchedStep *steps, guint n, guint64 *ev,
                 const AugurSchedFailure *fl, int ws, gboolean killed, gint exit_status)
{
  (void) killed;
  gboolean assertion = fl->status == AUGUR_SST_ASSERT;
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  const char *file = NULL;
  guint line = 0;
  const char *function = NULL;
  gboolean outside = FALSE;   /* the fault's pc is not in the program's code */
  g_autofree char *ffile = g_strndup (fl->file, sizeof fl->file);
  g_autofree char *ffunction = g_strndup (fl->function, sizeof fl->function);
  g_autofree char *fexpr = g_strndup (fl->expr, sizeof fl->expr);
  if (assertion && ffile[0] != '\0')
    {
      file = augur_symbolizer_given_file (c->sym, fl->module, fl->pc, ffile);
      line = fl->line;
      function = ffunction;
      g_autofree char *base = augur_source_label (file);
      g_ptr_array_add (locs, g_strdup_printf ("%s:%u", base, line));
    }
  else
    {
      guint module = fl->module;
      guint32 pc = fl->pc;
      const AugurSource *l = augur_symbolizer_lookup (c->sym, module, pc);
      outside = l->file == NULL || !in_program (c, module);
      /* in a library (strlen of NULL, abort()): where the thread last was
       * in the program */
      for (guint k = MIN (fl->step, n); outside && k-- > 0;)
        if (steps[k].tid == fl->tid && steps[k].op != AUGUR_SOP_END && steps[k].pc != 0
            && in_program (c, steps[k].module))
          {
            module = steps[k].module;
            pc = steps[k].pc;
            l = augur_symbolizer_lookup (c->sym, module, pc);
            break;
          }
      file = l->file;
      line = l->line;
      function = l->function;
      g_ptr_array_add (locs, explore_findings_loc_key (c, module, pc));
    }
  /* abort() called by the program itself (or SIGABRT): no assert()'s
   * file, expression, nor an exit status */
  gboolean aborts = assertion && ffile[0] == '\0' && fexpr[0] == '\0' && exit_status <= 0;
  const char *kind = exit_status > 0 ? "exit-status" : aborts ? "abort"
                     : assertion ? "assertion" : "crash";
  guint upto = MIN (fl->step, n);
  Witness w;
  gboolean first = first_or_better (c, kind, locs, has_spurious (steps, upto), &w);
  c->failing_runs++;
  /* a failure seen before is not reported again, but a few more
   * executions failing there are diagnosed: they may show other causes */
  guint *failed = g_hash_table_lookup (c->failed_at, g_ptr_array_index (locs, 0));
  if (!first && (failed == NULL || *failed >= DIAGNOSE_MAX_PER_FAILURE || c->opts->no_diagnose))
    return;
  g_autofree char *expl = failure_text (c, fl, ws, exit_status, fexpr,
                                        assertion || file == NULL ? NULL : g_ptr_array_index (locs, 0), function,
                                        outside);
  /* a spurious wake-up in the failing execution: the failure may need it
   * (diagnosis blames no interleaving for it, explore-diagnose.c) */
  char *more = spurious_note (c, expl, steps, upto, "failure");
  g_free (expl);
  /* a timed wait that timed out before it: the failure may follow from that */
  expl = explore_timeout_note (c, more, steps, upto, n);
  g_free (more);
  g_autoptr (AugurFinding) f = augur_finding_new (aborts      ? AUGUR_FINDING_ABORT
                                                  : assertion ? AUGUR_FINDING_ASSERTION
                                                              : AUGUR_FINDING_CRASH,
                                                  exit_status > 0 ? "exit-status" : NULL, expl);
  if (exit_status > 0 && !explore_exit_varies (c, exit_status))
    augur_finding_set_severity (f, AUGUR_SEVERITY_WARNING);
  guint64 count = 0;
  for (guint k = 0; k < n; k++)
    count += steps[k].tid == fl->tid;
  /* the steps before the failure: the other threads may have run on
   * after it (rt-sched.c), which neither replay nor diagnosis needs */
  g_auto (GStrv) held = augur_steps_locks_held (explore_findings_names_of (c), steps, upto, fl->tid);
  augur_finding_add_thread (f, fl->tid);
  augur_finding_add_access (f, fl->tid, count,
                            aborts ? AUGUR_OP_ABORT : assertion ? AUGUR_OP_ASSERT_FAIL
                                                                : AUGUR_OP_FAULT,
                            file, line, function, (const char *const *) held);
  if (first)
    {
      explore_findings_add_schedule (c, f, steps, upto, ev);
      if (upto > 0)
        augur_finding_mark_bug_step (f, upto - 1);
      keep_witness (c, f, &w);
      if (failed == NULL)
        {
          failed = g_new0 (guint, 1);
          g_hash_table_insert (c->failed_at, g_strdup (g_ptr_array_index (locs, 0)), failed);
        }
    }
  (*failed)++;
  /* the diagnosis's re-runs know assertions and crashes, not exit statuses */
  if (exit_status > 0)
    return;
  explore_diagnose_keep_failure (c, steps, upto, ev, f, fl);
}

/* Did a failure of the execution before failures[k] fail the same way at
 * the same place (another thread, the same crashing line)?  Then
 * failures[k] is no failure of its own: its schedule holds the earlier
 * one, which a replay of it shows first (and names its thread), and which
 * is reported and diagnosed already. */
static gboolean
failed_there_before (const AugurSchedFailure *failures, guint k)
{
  const AugurSchedFailure *b = &failures[k];
  for (guint j = 0; j < k; j++)
    {
      const AugurSchedFailure *a = &failures[j];
      if (a->status == b->status && a->signal == b->signal && a->module == b->module
          && a->pc == b->pc && a->line == b->line
          && strncmp (a->file, b->file, sizeof a->file) == 0
          && strncmp (a->expr, b->expr, sizeof a->expr) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The findings of how the execution ended (not races). */
/* Was @addr in a block this execution allocated?  A heap mutex or
 * condition variable with no init in the execution is a misuse only
 * there: a block allocated before main (a constructor, a C++ global
 * object: `new StringBuffer`) was set up where no execution sees it.  Not
 * known (the allocations' log overflowed): no. */
static gboolean
allocated_here (const AugurSchedShm *shm, guint64 addr)
{
  guint n = MIN (shm->n_objects, AUGUR_SCHED_MAX_OBJECTS);
  for (guint i = 0; i < n; i++)
    {
      const AugurSchedObjectEvent *o = &shm->objects[i];
      if (o->kind == AUGUR_EV_ALLOC && addr >= o->addr && addr - o->addr < MAX (o->arg, 1u))
        return TRUE;
    }
  return FALSE;
}

/* The misuses the runtime reported in the execution, once per kind and
 * call site. */
static void
misuse_findings (Ctx *c, const AugurSchedStep *steps, guint n, const guint64 *ev)
{
  const AugurSchedShm *shm = c->shm;
  for (guint k = 0; k < shm->n_misuse && k < AUGUR_SCHED_MAX_MISUSE; k++)
    {
      const AugurSchedMisuse *m = &shm->misuse[k];
      if ((m->kind == AUGUR_MISUSE_UNINIT_MUTEX || m->kind == AUGUR_MISUSE_UNINIT_COND)
          && !allocated_here (shm, m->obj))
        continue;
      /* a misuse of an object used after its destroy follows from that */
      if (augur_after_destroy_follows (shm->misuse, k, steps, n))
        continue;
      AugurWrapperExec x = explore_findings_wrapper_exec (c, steps, n);
      g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (locs, augur_misuse_site_key (&x, m));
      /* a wait on freed memory is keyed as the use after free its wake-up
       * makes (on_use_after_free): the use and the free, one finding */
      if (m->kind == AUGUR_MISUSE_FREE_WAITED && m->step < n)
        {
          char *outer = NULL;
          g_autofree char *through = NULL;
          augur_wrapper_site (&x, steps[m->step].module, steps[m->step].pc,
                              augur_wrapper_step_callers (&x, m->step), &outer, &through);
          g_ptr_array_add (locs, outer);
        }
      g_autofree char *kind = g_strdup_printf ("misuse:%s", augur_misuse_subkind (m->kind));
      if (!explore_findings_first_time (c, kind, locs))
        continue;
      g_autoptr (AugurFinding) f = augur_misuse_finding_new (&x, explore_findings_names_of (c), ev, m);
      explore_findings_keep (c, f);
    }
}

void
explore_findings_ending (Ctx *c, const AugurSchedStep *steps, guint n, gboolean killed,
                         guint64 **evp)
{
  AugurSchedShm *shm = c->shm;
  if (*evp == NULL)
    *evp = augur_steps_event_indices (steps, n);
  guint64 *ev = *evp;
  guint32 status = shm->status;
  int ws = shm->wait_status;
  augur_lock_order_add_execution (c->results, c->sym, shm, steps, n, ev);

  misuse_findings (c, steps, n, ev);

  explore_uaf_findings (c, steps, n, ev);
  if (status == AUGUR_SST_DEADLOCK)
    deadlock_finding (c, steps, n, ev);

  guint nf = MIN (shm->n_failures, AUGUR_SCHED_MAX_FAILURES);
  for (guint k = 0; k < nf; k++)
    if (!failed_there_before (shm->failures, k))
      failure_finding (c, steps, n, ev, &shm->failures[k], ws, killed, -1);
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
      failure_finding (c, steps, n, ev, &f, ws, killed, -1);
    }
  /* a test that reports its failure through its exit status (return 1,
   * exit (1)), as test drivers do: an assertion of its own */
  if (nf == 0 && !killed && status == AUGUR_SST_DONE && WIFEXITED (ws))
    {
      explore_exit_seen (c, WEXITSTATUS (ws));
      if (WEXITSTATUS (ws) != 0 && n > 0)
        {
          AugurSchedFailure f;
          memset (&f, 0, sizeof f);
          f.status = AUGUR_SST_ASSERT;
          f.tid = steps[n - 1].tid;
          f.pc = steps[n - 1].pc;
          f.module = steps[n - 1].module;
          f.step = n;
          failure_finding (c, steps, n, ev, &f, ws, killed, WEXITSTATUS (ws));
        }
    }

  if (killed && nf == 0)
    {
      g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
      if (n > 0)
        g_ptr_array_add (locs, explore_findings_loc_key (c, steps[n - 1].module, steps[n - 1].pc));
      if (!explore_findings_first_time (c, "hang", locs))
        return;
      g_autoptr (AugurFinding) f = NULL;
      g_autofree char *world = kernel_wait_text (c, TRUE);
      if (world != NULL)
        {
          f = augur_finding_new (AUGUR_FINDING_HANG, NULL, world);
          augur_finding_set_severity (f, AUGUR_SEVERITY_WARNING);
        }
      else if (c->unseen_atomic != NULL)
        {
          /* a thread that spins on an atomic augur cannot see never gives
           * the scheduler a turn, so the thread it waits for never runs:
           * on real hardware it would */
          g_autofree char *e = g_strdup_printf (
            "The execution made no progress before the watchdog fired, and the program has "
            "instructions augur cannot see (%s): a thread spinning on one never lets "
            "augur run the thread it waits for, which real hardware would, so this hang may "
            "be augur's rather than the program's.", c->unseen_atomic);
          f = augur_finding_new (AUGUR_FINDING_HANG, NULL, e);
          augur_finding_set_severity (f, AUGUR_SEVERITY_WARNING);
        }
      else
        f = augur_finding_new (
          AUGUR_FINDING_HANG, NULL,
          "The execution made no progress before the watchdog fired: a blocking call augur does "
          "not model (a read from a pipe or socket the program did not make with pipe(), "
          "socketpair() or eventfd(), or a poll or epoll that waits for one), or a loop "
          "that makes no visible access.");
      if (n > 0)
        explore_findings_add_access (c, f, steps, n - 1, ev);
      explore_findings_add_schedule (c, f, steps, n, ev);
      explore_findings_keep (c, f);
    }
}
