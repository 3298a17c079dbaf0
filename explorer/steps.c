/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * steps.c — the explorer's steps as results show them; see steps.h.
 * Shared by the exploration (explore.c) and the confirmation of
 * predictions (confirm.c), whose findings carry explorer schedules.
 */
#include "config.h"

#include "explorer/steps.h"

#include "common/objects.h"

#include "common/augur-ops.h"
#include "common/results.h"
#include "common/lock-graph.h"

#include <string.h>

/* A memory access: atomic by its flag (a failed CAS is an atomic load, a
 * free an atomic write of the block), an atomic write a store or an update
 * by its call; a read of the clock is the time. */
static AugurOp
access_op (const AugurSchedStep *s, AugurOpsMem mem)
{
  gboolean atomic = (s->flags & AUGUR_SF_ATOMIC) != 0;
  if (mem == AUGUR_OPS_MEM_READ)
    {
      if (s->ev_kind == AUGUR_EV_TIME)
        return AUGUR_OP_TIME;
      /* an unlock that failed (of a destroyed mutex: EINVAL; of another
       * thread's error-checking one: EPERM) released nothing and is a
       * read of the lock to the scheduler, but the program unlocked, as a
       * lock that failed is still a lock */
      if (atomic && augur_ops_event (s->ev_kind)->op == AUGUR_OP_UNLOCK)
        return AUGUR_OP_UNLOCK;
      return atomic ? AUGUR_OP_ATOMIC_LOAD : AUGUR_OP_READ;
    }
  /* a free() is an atomic write of the whole block to the scheduler, but
   * the results call it a free, as the runtime's FREE event does */
  if (s->xflags & AUGUR_SXF_FREE)
    return AUGUR_OP_FREE;
  if (!atomic)
    return AUGUR_OP_WRITE;
  return s->ev_kind == AUGUR_EV_ATOMIC_STORE ? AUGUR_OP_ATOMIC_STORE : AUGUR_OP_ATOMIC_RMW;
}

AugurOp
augur_steps_op (const AugurSchedStep *s)
{
  const AugurOpsSched *row = augur_ops_sched (s->op);
  if (row->op == AUGUR_OP_N_OPS)
    return AUGUR_OP_INIT;   /* no operation (never logged) */
  AugurOpsMem mem = augur_ops_sched_mem (s->op);
  if (mem == AUGUR_OPS_MEM_READ || mem == AUGUR_OPS_MEM_WRITE)
    return access_op (s, mem);
  /* the call says more than the step (a trylock, a detach): its event's
   * op, when the event makes this step */
  const AugurOpsEvent *ev = augur_ops_event (s->ev_kind);
  return ev->sop == s->op ? ev->op : row->op;
}

gboolean
augur_steps_object_needs_names (const AugurSchedStep *s)
{
  if (!augur_ops_sched (s->op)->names_object)
    return FALSE;
  if (s->ev_kind == AUGUR_EV_TIME)
    return FALSE;  /* "the clock" */
  if (augur_ops_event (s->ev_kind)->object == AUGUR_OPS_OBJ_THREAD)
    return FALSE;  /* a thread number (detach): its peer says which */
  if (augur_ops_event (s->ev_kind)->object == AUGUR_OPS_OBJ_NONE && s->ev_kind != AUGUR_EV_NONE)
    return FALSE;  /* the runtime's own word (a kill's, a sigwait's) */
  return s->obj != 0;
}

char *
augur_steps_object (AugurExecNames *names, const AugurSchedStep *steps, guint k)
{
  const AugurSchedStep *s = &steps[k];
  if (augur_ops_sched (s->op)->names_object && s->ev_kind == AUGUR_EV_TIME)
    return g_strdup ("the clock");
  if (s->op == AUGUR_SOP_READ && s->ev_kind == AUGUR_EV_THREAD_JOIN)
    return g_strdup_printf ("the end of thread %u", (guint) s->arg);   /* a failed tryjoin */
  if (!augur_steps_object_needs_names (s) || names == NULL)
    return NULL;
  return augur_exec_names_at (names, k, s->obj);
}

AugurExecNames *
augur_steps_names (AugurSymbolizer *sym, const AugurSchedObjectEvent *events, guint n_events,
                   guint32 lost_at)
{
  return augur_exec_names_new (sym, events, MIN (n_events, AUGUR_SCHED_MAX_OBJECTS), lost_at);
}

guint64 *
augur_steps_event_indices (const AugurSchedStep *steps, guint n)
{
  guint64 count[AUGUR_SCHED_MAX_THREADS] = { 0 };
  guint64 *ev = g_new (guint64, n + 1);
  for (guint k = 0; k < n; k++)
    ev[k] = count[steps[k].tid % AUGUR_SCHED_MAX_THREADS]++;
  ev[n] = 0;
  return ev;
}

char **
augur_steps_locks_held (AugurExecNames *names, const AugurSchedStep *steps, guint upto, guint tid)
{
  g_autoptr (GArray) held = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint k = 0; k < upto; k++)
    {
      const AugurSchedStep *s = &steps[k];
      if (s->tid != tid)
        continue;
      guint64 lock = 0;
      AugurOpsLock what = augur_ops_step_lock (s, &lock);
      if (what == AUGUR_OPS_LOCK_NONE || what == AUGUR_OPS_LOCK_TRY || (s->flags & AUGUR_SF_FAILED))
        continue;
      if (what == AUGUR_OPS_LOCK_ACQUIRE)
        {
          g_array_append_val (held, lock);
          continue;
        }
      /* a recursive mutex is held until its last unlock; a condition wait
       * releases it however often it was locked */
      gboolean all = augur_ops_sched (s->op)->release_all;
      for (guint i = held->len; i-- > 0;)
        if (g_array_index (held, guint64, i) == lock)
          {
            g_array_remove_index (held, i);
            if (!all)
              break;
          }
    }
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < held->len; i++)
    {
      guint64 addr = g_array_index (held, guint64, i);
      if (addr == 0)
        continue;
      char *name = names != NULL ? augur_exec_names_at (names, upto, addr)
                                 : g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", addr);
      if (g_ptr_array_find_with_equal_func (out, name, g_str_equal, NULL))
        g_free (name);
      else
        g_ptr_array_add (out, name);
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

static gint
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The heap blocks @f names (its steps, its object, the locks held at its
 * accesses, its explanation), with where this execution allocated them:
 * the evidence for their names, which is the execution's own.  None past
 * the names' time limit: the blocks are still its execution's, named by
 * its own accesses alone or by augur's names. */
static void
add_block_sites (AugurSymbolizer *sym, AugurExecNames *names, AugurFinding *f)
{
  augur_finding_mark_own_blocks (f);
  if (augur_exec_names_out_of_time (names))
    return;
  g_autoptr (GHashTable) set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < augur_finding_get_n_steps (f); i++)
    augur_objects_heap_names_in (augur_finding_get_step (f, i)->object, FALSE, set);
  augur_objects_heap_names_in (augur_finding_get_object_id (f), FALSE, set);
  augur_objects_heap_names_in (augur_finding_get_explanation (f), FALSE, set);
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    for (char **l = augur_finding_get_access (f, i)->locks_held; *l != NULL; l++)
      augur_objects_heap_names_in (*l, FALSE, set);
  guint n;
  g_autofree gpointer *blocks = g_hash_table_get_keys_as_array (set, &n);
  qsort (blocks, n, sizeof *blocks, cmp_str);
  for (guint i = 0; i < n; i++)
    {
      guint64 size;
      guint module;
      guint32 pc;
      if (!augur_exec_names_alloc (names, blocks[i], &size, &module, &pc))
        continue;
      const AugurSource *l = augur_symbolizer_lookup (sym, module, pc);
      augur_finding_add_block_site (f, blocks[i], size, pc != 0 ? l->file : NULL, l->line,
                                    l->function);
      /* an allocation wrapper inlined into its caller: the caller's
       * statement says what the block is (as for a recorded run's) */
      AugurSource call;
      if (pc != 0 && augur_symbolizer_inlined_call (sym, module, pc, &call))
        augur_finding_add_block_site (f, blocks[i], size, call.file, call.line, call.function);
    }
}

void
augur_steps_add_schedule (AugurSymbolizer *sym, AugurExecNames *names, AugurFinding *f,
                          const AugurSchedStep *steps, guint n, const guint64 *ev)
{
  for (guint k = 0; k < n; k++)
    {
      const AugurSchedStep *s = &steps[k];
      const AugurSource *l = augur_symbolizer_lookup (sym, s->module, s->pc);
      g_autofree char *obj = augur_steps_object (names, steps, k);
      gint peer = (s->op == AUGUR_SOP_CREATE || s->op == AUGUR_SOP_JOIN) && s->arg < AUGUR_SCHED_MAX_THREADS
                    ? (gint) s->arg : -1;
      if (s->ev_kind == AUGUR_EV_THREAD_DETACH && s->obj < AUGUR_SCHED_MAX_THREADS)
        peer = (gint) s->obj;
      if (s->ev_kind == AUGUR_EV_THREAD_KILL && (guint16) s->arg < AUGUR_SCHED_MAX_THREADS)
        peer = (gint) (guint16) s->arg;   /* the thread signalled */
      /* which wake-ups were spurious: the explanation names only the last */
      AugurOp op = s->op == AUGUR_SOP_COND_WAKE && (s->xflags & AUGUR_SXF_SPURIOUS)
                     ? AUGUR_OP_SPURIOUS_WAKE : augur_steps_op (s);
      augur_finding_add_step (f, s->tid, ev[k], op, obj, peer, l->file, l->line, l->function);
    }
  if (names != NULL)
    add_block_sites (sym, names, f);
}

static gint
cmp_u64 (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

AugurThreadStates *
augur_steps_lives (const AugurSchedStep *steps, guint n)
{
  guint T = 1;
  for (guint k = 0; k < n; k++)
    {
      T = MAX (T, steps[k].tid + 1u);
      if (steps[k].op == AUGUR_SOP_CREATE && steps[k].arg < AUGUR_SCHED_MAX_THREADS)
        T = MAX (T, (guint) steps[k].arg + 1u);
    }
  g_autoptr (GArray) lives = g_array_new (FALSE, FALSE, sizeof (AugurSchedEnabled));
  /* entry t: thread t exists from the start, unless a step creates it */
  for (guint t = 0; t < T; t++)
    {
      AugurSchedEnabled c = { 0, (guint16) t, TRUE, 0 };
      g_array_append_val (lives, c);
    }
  for (guint k = 0; k < n; k++)
    {
      const AugurSchedStep *x = &steps[k];
      AugurSchedEnabled c = { k + 1, 0, 0, 0 };
      if (x->op == AUGUR_SOP_CREATE && x->arg != 0 && x->arg < T
          && g_array_index (lives, AugurSchedEnabled, x->arg).on)
        {
          g_array_index (lives, AugurSchedEnabled, x->arg).on = FALSE;
          c.tid = (guint16) x->arg;
          c.on = TRUE;
          g_array_append_val (lives, c);
        }
      else if (x->op == AUGUR_SOP_EXIT)
        {
          c.tid = (guint16) x->tid;
          g_array_append_val (lives, c);
        }
    }
  AugurThreadStates *states = augur_thread_states_new (T, n);
  augur_thread_states_replay (states, (const AugurSchedEnabled *) lives->data, lives->len, G_MAXUINT);
  return states;
}

const guint64 *
augur_steps_exclusive_locks (const AugurSchedStep *steps, guint upto, guint tid, GArray *held,
                             guint *n)
{
  g_array_set_size (held, 0);
  for (guint k = 0; k < upto; k++)
    {
      const AugurSchedStep *s = &steps[k];
      guint64 lock = 0;
      AugurOpsLock what = s->tid == tid ? augur_ops_step_lock (s, &lock) : AUGUR_OPS_LOCK_NONE;
      if (what != AUGUR_OPS_LOCK_ACQUIRE && what != AUGUR_OPS_LOCK_RELEASE)
        continue;
      if (what == AUGUR_OPS_LOCK_ACQUIRE && augur_ops_sched (s->op)->shared)
        continue;   /* a read lock: shared */
      for (guint i = 0; i < held->len; i++)
        if (g_array_index (held, guint64, i) == lock)
          {
            g_array_remove_index_fast (held, i);
            break;
          }
      if (what == AUGUR_OPS_LOCK_ACQUIRE)
        g_array_append_val (held, lock);
    }
  g_array_sort (held, cmp_u64);
  *n = held->len;
  return (const guint64 *) held->data;
}

gint
augur_steps_lock_held_since (const AugurSchedStep *steps, guint upto, guint tid, guint64 lock,
                             gboolean *shared)
{
  guint depth = 0;
  gint since = -1;
  for (guint k = 0; k < upto; k++)
    {
      const AugurSchedStep *s = &steps[k];
      guint64 l = 0;
      AugurOpsLock what = s->tid == tid ? augur_ops_step_lock (s, &l) : AUGUR_OPS_LOCK_NONE;
      if (l != lock || (s->flags & AUGUR_SF_FAILED))
        continue;
      if (what == AUGUR_OPS_LOCK_ACQUIRE && depth++ == 0)
        {
          since = (gint) k;
          *shared = augur_ops_sched (s->op)->shared;
        }
      else if (what == AUGUR_OPS_LOCK_RELEASE && depth > 0
               && (augur_ops_sched (s->op)->release_all || --depth == 0))
        {
          depth = 0;
          since = -1;
        }
    }
  return since;
}

guint
augur_steps_callers (AugurSymbolizer *sym, const AugurSchedCallers *callers,
                     AugurFrame frames[AUGUR_SCHED_MAX_CALLERS])
{
  return augur_lock_site_callers (sym, callers->module, callers->pc,
                                  MIN (callers->n, AUGUR_SCHED_MAX_CALLERS), frames);
}

gint
augur_steps_last_spurious (const AugurSchedStep *steps, guint n)
{
  for (guint k = n; k-- > 0;)
    if (steps[k].op == AUGUR_SOP_COND_WAKE && (steps[k].xflags & AUGUR_SXF_SPURIOUS))
      return (gint) k;
  return -1;
}

/* the spurious-wake-up sentence's parts: "Thread T wakes up at WHERE "
 * MARK ": the WHAT " END */
#define SPURIOUS_MARK AUGUR_SPURIOUS_MARK
#define SPURIOUS_END "may need it."

char *
augur_steps_spurious_note (const char *text, const AugurSchedStep *steps, guint n,
                           const char *where, const char *what)
{
  gint k = augur_steps_last_spurious (steps, n);
  if (k < 0)
    return g_strdup (text);
  return g_strdup_printf ("%s Thread %u wakes up at %s " SPURIOUS_MARK ": the %s " SPURIOUS_END,
                          text, steps[k].tid, where, what);
}

char *
augur_steps_spurious_sentence (const char *text)
{
  const char *mark = text != NULL ? strstr (text, SPURIOUS_MARK) : NULL;
  const char *from = mark != NULL ? g_strrstr_len (text, mark - text, "Thread ") : NULL;
  const char *to = mark != NULL ? strstr (mark, SPURIOUS_END) : NULL;
  if (from == NULL || to == NULL)
    return NULL;
  return g_strndup (from, (gsize) (to + strlen (SPURIOUS_END) - from));
}
