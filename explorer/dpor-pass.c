/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-pass.c — the analysis pass of the DPOR core (dpor.c) over one
 * execution: vector clocks, races and data races, and for the new steps
 * the backtrack points of the races, by kind (source sets here, persistent
 * sets in dpor-classic.c, wakeup sequences in dpor-optimal.c).  The pass's
 * state (DporPass) is kept between executions with an undo log of what
 * each step changed and the callbacks it made, so that the next pass
 * starts where its execution leaves this one instead of from the first
 * step.
 *
 * Clocks count events: clock[u] = n means the first n events of thread u
 * happen before.  Event j (thread t, local index li[j]) happens before a
 * point with clock c iff c[t] > li[j].  Two clocks per thread: `vc` with
 * every dependency (for races and backtracking), `svc` with
 * synchronisation only (for data races).  Fences make no step: the
 * runtime marks the thread's next step (AUGUR_SXF_REL_FENCE, ACQ_FENCE),
 * and `frel` / `facq` carry C11's fence synchronisation (7.17.4): a
 * relaxed store after a release fence publishes the fence's clock, an
 * acquire fence takes the release clocks its thread's relaxed loads read.
 */
#include "config.h"

#include "explorer/dpor-optimal.h"
#include "explorer/dpor-private.h"

#include <string.h>

#include "common/augur-ops.h"

/* Checked every 64 steps (or races of one step): TRUE, and the analysis
 * marked cut, once the deadline has passed. */
static gboolean
past_deadline (AugurDpor *d, guint k)
{
  if ((k & 63) != 63 || d->deadline == 0 || g_get_monotonic_time () < d->deadline)
    return FALSE;
  d->cut = TRUE;
  return TRUE;
}

/* Where the last pass left off.  Executions one after another share
 * their first steps (the replayed prefix), and what a pass knows after a
 * step depends only on the steps up to it: the next pass goes back to the
 * first step where the two executions part and starts there.  Each step
 * logs what it changes before it changes it (the rows of the threads'
 * clocks, the shadow's bytes, the locks), the pools only grow, and the
 * callbacks it made are kept: going back to step m undoes the log from its
 * end to m's mark and makes again the callbacks of the steps before m.
 * The result is the same as a pass from the first step, to the callback:
 * only the work before m is saved. */

#ifndef DPOR_LOG_STEPS   /* (smaller in a test build, to exercise it) */
#define DPOR_LOG_STEPS 32768
#endif

typedef enum {
  UNDO_ROWS,     /* a row of vc then the same of svc: 2T values in saved */
  UNDO_ACLOCK,   /* an atomic clock at place `at` of the shadow's pool:
                  * DPOR_ACLOCK_LEN (T) values in saved */
  UNDO_LOCK,     /* a lock's shadow: its 4 clocks (4T) then its failed tries in saved */
  UNDO_FROWS,    /* a row of frel then the same of facq: 2T values in saved */
} UndoKind;

typedef struct _DporUndo {
  guint8 kind;
  guint at;                /* UNDO_ROWS: the row; UNDO_ACLOCK: the clock's place */
  guint saved;             /* where its values start in saved */
  DporLockShadow *lock;
  union {
    struct {
      gint last_acq, last_wacq, last_rel, last_wrel, held_pseudo;
      guint owner, depth, n_failed, n_reads;
      guint64 readers_lo;
      GArray *readers_hi;  /* owned, a copy */
    } lk;
  } u;
} DporUndo;

typedef struct _DporCall {
  gboolean conflict;       /* the conflict callback, else the race callback */
  guint i, j;
} DporCall;

/* Room for n more items in a log (*items of *len, *cap). */
#define LOG_ROOM(items, len, cap, n)                                          \
  G_STMT_START {                                                            \
    if ((len) + (n) > (cap))                                                \
      {                                                                     \
        (cap) = MAX (2 * (cap), (len) + (n) + 64);                          \
        (items) = g_realloc_n ((items), (cap), sizeof *(items));            \
      }                                                                     \
  } G_STMT_END

static guint
save_values (DporPass *p, const guint32 *v, guint n)
{
  LOG_ROOM (p->saved, p->n_saved, p->cap_saved, n);
  guint at = p->n_saved;
  memcpy (p->saved + at, v, n * sizeof *v);
  p->n_saved += n;
  return at;
}

static void
undo_add (DporPass *p, const DporUndo *u)
{
  LOG_ROOM (p->undo, p->n_undo, p->cap_undo, 1);
  p->undo[p->n_undo++] = *u;
}

/* Row @row of vc and of svc, before a step changes them. */
static void
undo_rows (DporPass *p, guint row)
{
  if (!p->logging)
    return;
  DporUndo u = { .kind = UNDO_ROWS, .at = row };
  u.saved = save_values (p, p->vc + row * p->T, p->T);
  save_values (p, p->svc + row * p->T, p->T);
  undo_add (p, &u);
}

/* Thread t's rows of frel and facq, before step j changes them (once a
 * step). */
static void
undo_frows (DporPass *p, guint t, guint j)
{
  if (!p->logging || p->frows_saved == j + 1)
    return;
  p->frows_saved = j + 1;
  DporUndo u = { .kind = UNDO_FROWS, .at = t };
  u.saved = save_values (p, p->frel + t * p->T, p->T);
  save_values (p, p->facq + t * p->T, p->T);
  undo_add (p, &u);
}

static gboolean
clock_is_zero (const guint32 *c, guint T)
{
  for (guint k = 0; k < T; k++)
    if (c[k] != 0)
      return FALSE;
  return TRUE;
}

static void
undo_lock (DporPass *p, DporLockShadow *l)
{
  if (!p->logging)
    return;
  guint T = p->T;
  DporUndo u = { .kind = UNDO_LOCK, .lock = l };
  u.saved = save_values (p, l->clock, T);
  save_values (p, l->sclock, T);
  save_values (p, l->wclock, T);
  save_values (p, l->wsclock, T);
  save_values (p, (const guint32 *) l->failed_tries->data, l->failed_tries->len);
  save_values (p, (const guint32 *) l->read_acqs->data, l->read_acqs->len);
  u.u.lk.last_acq = l->last_acq;
  u.u.lk.last_wacq = l->last_wacq;
  u.u.lk.held_pseudo = l->held_pseudo;
  u.u.lk.n_reads = l->read_acqs->len;
  u.u.lk.last_rel = l->last_rel;
  u.u.lk.last_wrel = l->last_wrel;
  u.u.lk.owner = l->owner;
  u.u.lk.depth = l->depth;
  u.u.lk.n_failed = l->failed_tries->len;
  u.u.lk.readers_lo = l->readers.lo;
  u.u.lk.readers_hi = l->readers.hi != NULL ? g_array_copy (l->readers.hi) : NULL;
  undo_add (p, &u);
}

static void
undo_entry_clear (DporUndo *u)
{
  if (u->kind == UNDO_LOCK && u->u.lk.readers_hi != NULL)
    g_array_unref (u->u.lk.readers_hi);
}

static void
undo_apply (DporPass *p, DporUndo *u)
{
  guint T = p->T;
  const guint32 *v = p->saved + u->saved;
  switch (u->kind)
    {
    case UNDO_ROWS:
      memcpy (p->vc + u->at * T, v, T * sizeof *v);
      memcpy (p->svc + u->at * T, v + T, T * sizeof *v);
      break;
    case UNDO_ACLOCK:
      memcpy (dpor_shadow_clock_at (p->mem, u->at), v, DPOR_ACLOCK_LEN (T) * sizeof *v);
      break;
    case UNDO_FROWS:
      memcpy (p->frel + u->at * T, v, T * sizeof *v);
      memcpy (p->facq + u->at * T, v + T, T * sizeof *v);
      break;
    case UNDO_LOCK:
      {
        DporLockShadow *l = u->lock;
        memcpy (l->clock, v, T * sizeof *v);
        memcpy (l->sclock, v + T, T * sizeof *v);
        memcpy (l->wclock, v + 2 * T, T * sizeof *v);
        memcpy (l->wsclock, v + 3 * T, T * sizeof *v);
        g_array_set_size (l->failed_tries, 0);
        g_array_append_vals (l->failed_tries, v + 4 * T, u->u.lk.n_failed);
        g_array_set_size (l->read_acqs, 0);
        g_array_append_vals (l->read_acqs, v + 4 * T + u->u.lk.n_failed, u->u.lk.n_reads);
        l->last_acq = u->u.lk.last_acq;
        l->last_wacq = u->u.lk.last_wacq;
        l->held_pseudo = u->u.lk.held_pseudo;
        l->last_rel = u->u.lk.last_rel;
        l->last_wrel = u->u.lk.last_wrel;
        l->owner = u->u.lk.owner;
        l->depth = u->u.lk.depth;
        augur_tidset_clear (&l->readers);
        l->readers.lo = u->u.lk.readers_lo;
        l->readers.hi = g_steal_pointer (&u->u.lk.readers_hi);
        break;
      }
    }
}

static void
lock_shadow_free (gpointer p)
{
  DporLockShadow *l = p;
  augur_tidset_clear (&l->readers);
  g_free (l->clock);
  g_free (l->sclock);
  g_free (l->wclock);
  g_free (l->wsclock);
  g_array_unref (l->failed_tries);
  g_array_unref (l->read_acqs);
  g_free (l);
}

static void
join (guint32 *a, const guint32 *b, guint T)
{
  for (guint u = 0; u < T; u++)
    a[u] = MAX (a[u], b[u]);
}

static gboolean
is_plain (const AugurSchedStep *s)
{
  return (s->op == AUGUR_SOP_READ || s->op == AUGUR_SOP_WRITE) && !(s->flags & AUGUR_SF_ATOMIC);
}

static void
note_race (DporPass *p, guint i, const guint32 *pre)
{
  if (augur_dpor_before (p, i, pre) || i > p->floor)
    return;
  /* once per pair: the bytes of one access meet the same steps */
  if (p->raced[i] == p->race_epoch)
    return;
  p->raced[i] = p->race_epoch;
  g_array_append_val (p->races, i);
}

/* A callback, made and kept for the passes that start after step j. */
static void
call (DporPass *p, gboolean conflict, guint i, guint j)
{
  DporCall c = { conflict, i, j };
  LOG_ROOM (p->calls, p->n_calls, p->cap_calls, 1);
  p->calls[p->n_calls++] = c;
  if (conflict && p->d->conflict_cb != NULL)
    p->d->conflict_cb (p->s, i, j, p->d->conflict_data);
  else if (!conflict && p->race_cb != NULL)
    p->race_cb (p->s, p->n, i, j, p->race_data);
}

static void
note_data_race (DporPass *p, guint i, guint j, const guint32 *spre)
{
  if (p->s[i].tid == p->s[j].tid || j >= p->n_real)
    return;
  if (!is_plain (&p->s[i]) && !is_plain (&p->s[j]))
    return;
  /* a free unordered with a use of the block: a use after free when the
   * use comes second (memcheck.h), reported as such */
  if ((p->s[i].xflags | p->s[j].xflags) & AUGUR_SXF_FREE)
    return;
  if (augur_dpor_before (p, i, spre))
    return;
  if (p->reported_j != j)
    {
      p->reported_j = j;
      if (++p->datarace_epoch == 0)
        {
          memset (p->dataraced, 0, p->cap * sizeof *p->dataraced);
          p->datarace_epoch = 1;
        }
    }
  if (p->dataraced[i] == p->datarace_epoch)
    return;
  p->dataraced[i] = p->datarace_epoch;
  call (p, FALSE, i, j);
}

/* A conflict for the conflict callback; the bytes of one access meet the
 * same step again, so a repeat of the pair just passed is skipped. */
static void
note_conflict (DporPass *p, guint i, guint j, guint *last_i)
{
  if (*last_i == i || j >= p->n_real)
    return;
  *last_i = i;
  call (p, TRUE, i, j);
}

/* C11's synchronisation at an atomic access (step j, thread t) of byte m:
 * an acquire takes the release clock of the location.  That clock is the
 * release sequences not ended yet (7.17.3): one goes on through the
 * read-modify-writes of any thread and the later stores of the thread
 * that made its release, and ends at a store of another thread.  So a
 * release store of thread t adds its clock to those of t's sequences, and
 * any store of t, release or relaxed, puts them in place of the others';
 * a release read-modify-write adds its clock, a relaxed one keeps the
 * clock.  (C++20 and RC11 end a sequence at any store, the releasing
 * thread's too: augur checks C.)  A relaxed store or read-modify-write
 * after a release fence releases the fence's clock (7.17.4).  Relaxed
 * accesses synchronise nothing themselves.  Synchronisation objects
 * (signals, semaphores ...) are acquire-release read-modify-writes.  Not
 * followed: the sequence of a release read-modify-write by a thread other
 * than the last storing one (when that one has a sequence going too) is
 * lost at its thread's next store, a synchronisation missed at worst. */
static void
atomic_sync (DporPass *p, guint j, DporByte *m, gboolean write)
{
  const AugurSchedStep *s = &p->s[j];
  guint t = s->tid, T = p->T;
  guint32 *svc = p->svc + t * T;
  gboolean mem = s->op == AUGUR_SOP_READ || s->op == AUGUR_SOP_WRITE;
  gboolean acq = !mem || (s->flags & AUGUR_SF_ACQUIRE);
  gboolean rel = !mem || (s->flags & AUGUR_SF_RELEASE);
  gboolean store = mem && s->ev_kind == AUGUR_EV_ATOMIC_STORE;
  guint32 *ac = dpor_byte_atomic_clock (p->mem, m);
  guint32 *own = ac + T;            /* the last storing thread's sequences */
  guint32 *owner = ac + 2 * T;      /* 1 + that thread, 0: none */
  const guint32 *frel = p->frel + t * T;
  gboolean fenced = write && !rel && !clock_is_zero (frel, T);
  if (p->logging && (rel || store || fenced))
    {
      DporUndo a = { .kind = UNDO_ACLOCK, .at = dpor_byte_atomic_at (m) };
      a.saved = save_values (p, ac, DPOR_ACLOCK_LEN (T));
      undo_add (p, &a);
    }
  if (acq)
    join (svc, ac, T);
  else if (!store && !clock_is_zero (ac, T))
    {
      /* a relaxed load or read-modify-write: its thread's next
       * acquire fence takes what it read */
      undo_frows (p, t, j);
      join (p->facq + t * T, ac, T);
    }
  if (!write)
    return;
  const guint32 *head = rel ? svc : fenced ? frel : NULL;   /* the clock it releases */
  if (store)
    {
      if (*owner != t + 1)
        {
          memset (own, 0, T * sizeof *own);
          *owner = t + 1;
        }
      if (head != NULL)
        join (own, head, T);
      memcpy (ac, own, T * sizeof *ac);
      return;
    }
  if (head == NULL)
    return;
  join (ac, head, T);
  /* its own sequence, for its thread's next store: kept only for the
   * last storing thread, or for a new one when that has none going */
  if (*owner != t + 1 && clock_is_zero (own, T))
    *owner = t + 1;
  if (*owner == t + 1)
    join (own, head, T);
}

static void
mem_access (DporPass *p, guint j, gboolean write, guint64 addr, guint32 size, const guint32 *pre,
            const guint32 *spre)
{
  guint t = p->s[j].tid;
  guint32 *vc = p->vc + t * p->T;
  gboolean atomic = !is_plain (&p->s[j]);
  /* one shadow per byte: accesses to neighbouring variables never meet */
  guint64 lo = addr, hi = addr + (size ? size : 1) - 1;
  if (hi - lo > 63)
    hi = lo + 63;
  guint last_conflict = G_MAXUINT;
  /* the bytes of one access mostly meet the same steps: each step's
   * clock is joined once (joins are idempotent) */
  if (++p->stamp == 0)
    {
      memset (p->joined, 0, p->cap * sizeof *p->joined);
      p->stamp = 1;
    }
  guint32 stamp = p->stamp;
  if (p->logging)
    LOG_ROOM (p->bytes, p->n_bytes, p->cap_bytes, hi - lo + 1);
  for (guint64 w = lo; w <= hi; w++)
    {
      DporByte *m = dpor_shadow_byte (p->mem, w);
      if (p->logging)
        dpor_byte_save (m, &p->bytes[p->n_bytes++]);
      gint last_write = dpor_byte_last_write (m);
      if (last_write >= 0)
        {
          guint lw = (guint) last_write;
          if (p->s[lw].tid != t && (!write || !dpor_byte_has_reads (m)))
            note_race (p, lw, pre);
          if (p->s[lw].tid != t)
            {
              note_data_race (p, lw, j, spre);
              note_conflict (p, lw, j, &last_conflict);
            }
          if (p->joined[lw] != stamp)
            {
              p->joined[lw] = stamp;
              join (vc, p->clk + lw * p->T, p->T);
            }
        }
      if (write)
        {
          guint r;
          for (guint at = dpor_byte_first_read (p->mem, m, &r); at != DPOR_NO_READ;
               at = dpor_byte_next_read (p->mem, at, &r))
            {
              if (p->s[r].tid == t)
                continue;
              note_race (p, r, pre);
              note_data_race (p, r, j, spre);
              note_conflict (p, r, j, &last_conflict);
              if (p->joined[r] != stamp)
                {
                  p->joined[r] = stamp;
                  join (vc, p->clk + r * p->T, p->T);
                }
            }
          dpor_byte_set_write (p->mem, m, j);
        }
      else
        dpor_byte_add_read (p->mem, m, j);
      if (atomic)
        atomic_sync (p, j, m, write);
    }
}

static DporLockShadow *
lock_get (DporPass *p, guint64 addr)
{
  DporLockShadow *l = g_hash_table_lookup (p->locks, &addr);
  if (l == NULL)
    {
      guint64 *key = g_new (guint64, 1);
      *key = addr;
      l = g_new0 (DporLockShadow, 1);
      l->last_acq = -1;
      l->last_wacq = -1;
      l->held_pseudo = -1;
      l->read_acqs = g_array_new (FALSE, FALSE, sizeof (guint));
      l->last_rel = -1;
      l->last_wrel = -1;
      l->failed_tries = g_array_new (FALSE, FALSE, sizeof (guint));
      l->owner = G_MAXUINT;
      l->clock = g_new0 (guint32, p->T);
      l->sclock = g_new0 (guint32, p->T);
      l->wclock = g_new0 (guint32, p->T);
      l->wsclock = g_new0 (guint32, p->T);
      g_hash_table_insert (p->locks, key, l);
    }
  return l;
}

static void
lock_acquire (DporPass *p, guint j, guint64 m, const guint32 *pre)
{
  guint t = p->s[j].tid;
  DporLockShadow *l = lock_get (p, m);
  undo_lock (p, l);
  gboolean exclusive = p->s[j].op == AUGUR_SOP_LOCK || p->s[j].op == AUGUR_SOP_WRLOCK
                       || p->s[j].op == AUGUR_SOP_COND_WAKE;
  if (exclusive && l->owner == t && l->depth > 0)
    {
      /* a recursive mutex taken again by its holder, or an error-checking
       * one refused (EDEADLK): not an acquisition, it races with nothing
       * (the outermost one does) */
      if (!(p->s[j].flags & AUGUR_SF_FAILED))
        l->depth++;
      return;
    }
  gboolean read = p->s[j].op == AUGUR_SOP_RDLOCK;
  /* as with memory: a read acquisition races with the last write-mode
   * one, a write-mode one with the read ones since that (two readers
   * apart, each can be moved before the writer), else with it */
  if (!read && l->read_acqs->len > 0)
    {
      for (guint k = 0; k < l->read_acqs->len; k++)
        {
          guint a = g_array_index (l->read_acqs, guint, k);
          if (p->s[a].tid != t)
            note_race (p, a, pre);
        }
    }
  else if (l->last_wacq >= 0 && p->s[l->last_wacq].tid != t)
    note_race (p, (guint) l->last_wacq, pre);
  if (((p->s[j].xflags & AUGUR_SXF_TRY) || p->s[j].op == AUGUR_SOP_TRYLOCK_FAIL)
      && l->held_pseudo >= 0 && p->s[l->held_pseudo].tid != t)
    note_race (p, (guint) l->held_pseudo, pre);   /* a try can go before it: it fails */
  if ((p->s[j].xflags & AUGUR_SXF_TRY) && p->s[j].op != AUGUR_SOP_TRYLOCK_FAIL
      && !(p->s[j].flags & AUGUR_SF_FAILED))
    {
      /* a trylock that took the lock: moved before the release that freed
       * it, it fails instead of waiting (a blocking lock races only with
       * the acquisition before it: a reversal never asks for a held lock) */
      gint r = read ? l->last_wrel : l->last_rel;
      if (r >= 0 && p->s[r].tid != t)
        note_race (p, (guint) r, pre);
    }
  if (j >= p->n_real)
    return;   /* a request its thread was still waiting to make: it took
               * nothing, and the next waiter races with the holder too,
               * not with it (each may be moved before the holder) */
  join (p->vc + t * p->T, read ? l->wclock : l->clock, p->T);
  join (p->svc + t * p->T, read ? l->wsclock : l->sclock, p->T);
  /* an init or destroy of a held lock (a misuse) does not take it from
   * its holders: a request moved before it would find the lock held (an
   * infeasible run), so the requests after it race with the acquisitions
   * that hold it instead, as if it were not there; a read request with
   * it, if readers hold it, and a try (both can go before it) */
  DporHeld h = dpor_pass_pseudo_held (p, j);
  if (p->s[j].op != AUGUR_SOP_TRYLOCK_FAIL)
    {
      l->last_acq = (gint) j;
      if (h != DPOR_HELD_NO)
        l->held_pseudo = (gint) j;
      if (read)
        g_array_append_val (l->read_acqs, j);
      else if (h != DPOR_HELD_EXCLUSIVE)
        {
          l->last_wacq = (gint) j;
          if (h == DPOR_HELD_NO)
            {
              g_array_set_size (l->read_acqs, 0);
              l->held_pseudo = -1;
            }
        }
    }
  else
    g_array_append_val (l->failed_tries, j);
  if (exclusive && !(p->s[j].flags & AUGUR_SF_FAILED))
    {
      l->owner = t;
      l->depth = 1;
    }
  join (l->clock, p->vc + t * p->T, p->T);
  join (l->sclock, p->svc + t * p->T, p->T);
  if (read)
    augur_tidset_add (&l->readers, t);
  else
    {
      join (l->wclock, p->vc + t * p->T, p->T);
      join (l->wsclock, p->svc + t * p->T, p->T);
    }
}

static void
lock_release (DporPass *p, guint j, guint64 m, const guint32 *pre)
{
  guint t = p->s[j].tid;
  DporLockShadow *l = lock_get (p, m);
  undo_lock (p, l);
  if (l->owner == t && l->depth > 1 && p->s[j].op == AUGUR_SOP_UNLOCK)
    {
      l->depth--;   /* an inner unlock of a recursive mutex: still held */
      return;
    }
  /* a destroy leaves a held lock held, an init frees it, whoever held it,
   * and so does an unlock by another thread than its holder (a misuse
   * glibc lets a normal mutex make; runtime/rt-sched-sync.c) */
  gboolean foreign = l->owner != t && l->owner != G_MAXUINT && p->s[j].op == AUGUR_SOP_UNLOCK
                     && !(p->s[j].flags & AUGUR_SF_FAILED);
  if ((l->owner == t && p->s[j].op != AUGUR_SOP_DESTROY) || p->s[j].op == AUGUR_SOP_INIT || foreign)
    {
      l->owner = G_MAXUINT;
      l->depth = 0;
    }
  /* two exclusive releases of one lock by two threads: ordered by the
   * acquisition between them, but for a release that took another
   * thread's hold (the unlock above, an init): the holder's own release
   * (its unlock, its condition wait) and it go either way, and which
   * comes first decides whether the holder's still holds (a wait
   * refused, EPERM, or a real one) */
  gint r = l->last_wrel;
  if (r >= 0 && p->s[r].tid != t && p->s[j].op != AUGUR_SOP_RWUNLOCK
      && p->s[r].op != AUGUR_SOP_RWUNLOCK)
    {
      note_race (p, (guint) r, pre);
      join (p->vc + t * p->T, p->clk + (gsize) r * p->T, p->T);
    }
  l->last_rel = (gint) j;
  if (!(p->s[j].op == AUGUR_SOP_RWUNLOCK && augur_tidset_has (&l->readers, t)))
    l->last_wrel = (gint) j;
  /* a trylock that failed while the lock was held: moved after this
   * release, it takes the lock */
  for (guint k = 0; k < l->failed_tries->len; k++)
    {
      guint f = g_array_index (l->failed_tries, guint, k);
      if (p->s[f].tid != t)
        note_race (p, f, pre);
    }
  g_array_set_size (l->failed_tries, 0);
  join (l->clock, p->vc + t * p->T, p->T);
  join (l->sclock, p->svc + t * p->T, p->T);
  if (p->s[j].op == AUGUR_SOP_RWUNLOCK && augur_tidset_has (&l->readers, t))
    {
      /* a reader leaves: later readers are not ordered after it */
      AugurTidSet rest = AUGUR_TIDSET_INIT;
      for (guint u = augur_tidset_next (&l->readers, 0); u != AUGUR_TID_NONE;
           u = augur_tidset_next (&l->readers, u + 1))
        if (u != t)
          augur_tidset_add (&rest, u);
      augur_tidset_clear (&l->readers);
      l->readers = rest;
    }
  else
    {
      join (l->wclock, p->vc + t * p->T, p->T);
      join (l->wsclock, p->svc + t * p->T, p->T);
    }
}


/* Source-DPOR's backtracking for the race (i, j). */
static void
backtrack (DporPass *p, guint i, guint j)
{
  AugurDpor *d = p->d;
  if (i >= d->nodes->len)
    return;
  DporNode *nd = g_ptr_array_index (d->nodes, i);
  guint ti = p->s[i].tid;
  guint32 need = p->li[i] + 1;
  AugurTidSet seen = AUGUR_TIDSET_INIT, initials = AUGUR_TIDSET_INIT;
  guint32 *first = p->first;
  for (guint k = i + 1; k <= j; k++)
    {
      const guint32 *c = p->clk + k * p->T;
      if (k < j && c[ti] >= need)
        continue;           /* happens after e: not in notdep(e, E) */
      guint u = p->s[k].tid;
      if (augur_tidset_has (&seen, u))
        continue;
      gboolean initial = TRUE;
      for (guint v = augur_tidset_next (&seen, 0); v != AUGUR_TID_NONE && initial;
           v = augur_tidset_next (&seen, v + 1))
        if (c[v] > first[v])
          initial = FALSE;
      if (initial)
        augur_tidset_add (&initials, u);
      augur_tidset_add (&seen, u);
      first[u] = p->li[k];
    }
  augur_tidset_clear (&seen);
  if (augur_tidset_empty (&initials) || augur_tidset_meets (&initials, &nd->backtrack))
    {
      augur_tidset_clear (&initials);
      return;
    }
  guint tj = p->s[j].tid;
  guint q = augur_tidset_has (&initials, tj) ? tj : augur_tidset_next (&initials, 0);
  augur_tidset_clear (&initials);
  augur_tidset_add (&nd->backtrack, q);
}

/* The pass's arrays for n steps of T threads (emptied if T changed). */
static void
pass_size (DporPass *p, guint n, guint T)
{
  if (T != p->T)
    {
      p->T = T;
      p->vc = g_renew (guint32, p->vc, (gsize) T * T);
      p->svc = g_renew (guint32, p->svc, (gsize) T * T);
      p->frel = g_renew (guint32, p->frel, (gsize) T * T);
      p->facq = g_renew (guint32, p->facq, (gsize) T * T);
      p->first = g_renew (guint32, p->first, T);
      p->cap = 0;
      p->valid = FALSE;
    }
  if (n + 1 > p->cap)
    {
      p->cap = MAX (n + 1, 2 * p->cap);
      p->clk = g_renew (guint32, p->clk, (gsize) p->cap * T);
      p->sclk = g_renew (guint32, p->sclk, (gsize) p->cap * T);
      p->li = g_renew (guint32, p->li, p->cap);
      p->held = g_renew (guint8, p->held, p->cap);
      p->marks = g_renew (DporStepMark, p->marks, p->cap);
      g_free (p->joined);
      p->joined = g_new0 (guint32, p->cap);
      p->stamp = 0;
      g_free (p->raced);
      g_free (p->dataraced);
      p->raced = g_new0 (guint32, p->cap);
      p->dataraced = g_new0 (guint32, p->cap);
      p->race_epoch = p->datarace_epoch = 0;
      p->reported_j = G_MAXUINT;
    }
}

static void
pass_forget_log (DporPass *p)
{
  for (guint k = 0; k < p->n_undo; k++)
    undo_entry_clear (&p->undo[k]);
  p->n_undo = p->n_saved = p->n_bytes = 0;
  p->frows_saved = 0;
}

static void
pass_forget (DporPass *p)
{
  pass_forget_log (p);
  p->n_calls = 0;
}

static DporPass *
pass_new (AugurDpor *d)
{
  DporPass *p = g_new0 (DporPass, 1);
  p->d = d;
  p->floor = G_MAXUINT;
  p->locks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, lock_shadow_free);
  p->races = g_array_new (FALSE, FALSE, sizeof (guint));
  p->reversals = g_array_new (FALSE, FALSE, sizeof (guint));
  p->ext = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  p->v = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  return p;
}

void
augur_dpor_pass_free (DporPass *p)
{
  if (p == NULL)
    return;
  pass_forget (p);
  g_clear_pointer (&p->enabled, augur_enabled_free);
  g_free (p->undo);
  g_free (p->bytes);
  g_free (p->saved);
  g_free (p->calls);
  g_array_unref (p->races);
  g_array_unref (p->reversals);
  g_array_unref (p->ext);
  g_array_unref (p->v);
  g_hash_table_unref (p->locks);
  g_free (p->vc);
  g_free (p->svc);
  g_free (p->frel);
  g_free (p->facq);
  g_free (p->first);
  g_free (p->clk);
  g_free (p->sclk);
  g_free (p->li);
  g_free (p->held);
  g_free (p->marks);
  g_free (p->joined);
  g_free (p->raced);
  g_free (p->dataraced);
  g_free (p);
}

/* Starts the pass over the execution: d->steps, then the operations
 * threads were still waiting to do when it ended (a lock a blocked thread
 * wanted, say), as steps that never ran, so that their races with what ran
 * before are reversed too: without them a run that ends with a thread
 * blocked (a deadlock, a failure, a cut) would never let that thread go
 * first (d->waiting).  @same: its first steps that are those of the
 * execution the last pass went over.  Returns the step the pass starts
 * at, its state then that after the steps before it. */
static guint
pass_begin (AugurDpor *d, guint same, guint first_new, AugurDporRaceFunc race_cb,
            gpointer race_data)
{
  if (d->pass == NULL)
    d->pass = pass_new (d);
  DporPass *p = d->pass;
  p->n_real = d->steps->len;
  if (d->waiting->len > 0)
    {
      g_array_set_size (p->ext, 0);
      g_array_append_vals (p->ext, d->steps->data, d->steps->len);
      g_array_append_vals (p->ext, d->waiting->data, d->waiting->len);
      p->s = (const AugurSchedStep *) p->ext->data;
      p->n = p->ext->len;
    }
  else
    {
      p->s = (const AugurSchedStep *) d->steps->data;
      p->n = d->steps->len;
    }
  p->first_new = first_new;
  guint T = 1;
  p->has_kill = FALSE;
  for (guint k = 0; k < p->n; k++)
    {
      p->has_kill = p->has_kill || p->s[k].ev_kind == AUGUR_EV_THREAD_KILL;
      if (p->s[k].tid + 1u > T)
        T = p->s[k].tid + 1u;
      if (p->s[k].op == AUGUR_SOP_CREATE && p->s[k].arg < AUGUR_SCHED_MAX_THREADS && p->s[k].arg + 1 > T)
        T = (guint) p->s[k].arg + 1;
    }
  /* the clocks are as wide as the widest execution yet: the rows and
   * columns of threads an execution does not have stay zero, and a
   * join with zero changes nothing */
  pass_size (p, p->n, MAX (T, p->T));
  if (d->shadow == NULL)
    d->shadow = dpor_shadow_new ();
  p->mem = d->shadow;
  p->reported_j = G_MAXUINT;
  p->race_cb = race_cb;
  p->race_data = race_data;
  g_clear_pointer (&p->enabled, augur_enabled_free);
  guint m = p->valid && same >= p->log_from ? same : 0;
  /* the shadow and the locks keep every location seen since the last
   * pass from the start: start again now and then, when they hold many
   * more than an execution touches */
  if (dpor_shadow_used (p->mem) > MAX (65536u, 64 * p->n)
      || g_hash_table_size (p->locks) > MAX (4096u, 4 * p->n))
    m = 0;
  p->valid = FALSE;   /* until this pass is over */
  if (m == 0)
    {
      pass_forget (p);
      memset (p->vc, 0, (gsize) p->T * p->T * sizeof *p->vc);
      memset (p->svc, 0, (gsize) p->T * p->T * sizeof *p->svc);
      memset (p->frel, 0, (gsize) p->T * p->T * sizeof *p->frel);
      memset (p->facq, 0, (gsize) p->T * p->T * sizeof *p->facq);
      dpor_shadow_begin (p->mem, p->T);
      g_hash_table_remove_all (p->locks);
      p->last_create = -1;
      p->log_from = 0;
      return 0;
    }
  const DporStepMark *mk = &p->marks[m];
  for (guint k = p->n_undo; k-- > mk->undo;)
    {
      undo_apply (p, &p->undo[k]);
      undo_entry_clear (&p->undo[k]);
    }
  p->n_undo = mk->undo;
  p->frows_saved = 0;
  /* the bytes apart: no other entry touches the shadow's bytes, so the
   * two logs need no common order */
  for (guint k = p->n_bytes; k-- > mk->bytes;)
    dpor_shadow_restore (p->mem, &p->bytes[k]);
  p->n_bytes = mk->bytes;
  p->n_saved = mk->saved;
  dpor_shadow_truncate (p->mem, mk->reads, mk->clocks);
  p->last_create = mk->last_create;
  /* the callbacks of the steps before m, made again for this execution */
  p->n_calls = mk->calls;
  for (guint k = 0; k < p->n_calls; k++)
    {
      const DporCall *c = &p->calls[k];
      if (c->conflict && d->conflict_cb != NULL)
        d->conflict_cb (p->s, c->i, c->j, d->conflict_data);
      else if (!c->conflict && p->race_cb != NULL)
        p->race_cb (p->s, p->n, c->i, c->j, p->race_data);
    }
  return m;
}

/* The state before step j, to come back to. */
static void
pass_mark (DporPass *p, guint j)
{
  DporStepMark *mk = &p->marks[j];
  mk->undo = p->n_undo;
  mk->bytes = p->n_bytes;
  mk->saved = p->n_saved;
  mk->calls = p->n_calls;
  mk->last_create = p->last_create;
  dpor_shadow_mark (p->mem, &mk->reads, &mk->clocks);
}

static void
pass_end (DporPass *p, gboolean complete)
{
  p->valid = complete;
}

/* The orders step j has in every execution besides its thread's: after
 * the write that woke a waiting loop, after the only signal that could
 * wake it. */
static void
step_order (DporPass *p, guint j, guint32 *vc, guint32 *pre)
{
  const AugurSchedStep *s = &p->s[j];
  guint T = p->T;
  if ((s->xflags & AUGUR_SXF_AWOKEN) && s->arg > 0 && s->arg - 1 < j)
    {
      /* the thread waited in a loop until the write at arg - 1: that
       * write is before this step in every execution (a dependency,
       * not a synchronisation: the loop's reads still race with it) */
      join (vc, p->clk + (s->arg - 1) * T, T);
      join (pre, p->clk + (s->arg - 1) * T, T);
    }
  if ((s->xflags & AUGUR_SXF_NEEDS_WAKER) && s->size > 0 && s->size - 1 < j)
    {
      /* only the signal could wake it: the signal (and what came
       * before it in its thread, the signaller's lock included) is
       * before the wake-up's re-acquisition in every execution */
      join (vc, p->clk + (s->size - 1) * T, T);
      join (pre, p->clk + (s->size - 1) * T, T);
    }
}

/* The thread operations: a creation (the next thread number,
 * AUGUR_SCHED_THREAD_COUNTER: the creations of different threads race,
 * and synchronise nothing but the child), a join, the end. */
static void
step_thread (DporPass *p, guint j, const guint32 *pre)
{
  const AugurSchedStep *s = &p->s[j];
  guint t = s->tid, T = p->T;
  guint32 *vc = p->vc + t * T, *svc = p->svc + t * T;
  if (s->op == AUGUR_SOP_CREATE)
    {
      if (p->last_create >= 0)
        {
          if (p->s[p->last_create].tid != t)
            note_race (p, (guint) p->last_create, pre);
          join (vc, p->clk + (guint) p->last_create * T, T);
        }
      p->last_create = (gint) j;
      if (s->arg < T)
        {
          undo_rows (p, (guint) s->arg);
          join (p->vc + s->arg * T, vc, T);
          join (p->svc + s->arg * T, svc, T);
        }
    }
  else if (s->op == AUGUR_SOP_JOIN && s->arg < T)
    {
      /* a second joiner of the thread races with the first: whichever
       * comes first succeeds (augur_sched_dependent) */
      for (guint i = j; i-- > 0;)
        if (p->s[i].op == AUGUR_SOP_JOIN && p->s[i].arg == s->arg)
          {
            if (p->s[i].tid != t)
              note_race (p, i, pre);
            break;
          }
      join (vc, p->vc + s->arg * T, T);
      join (svc, p->svc + s->arg * T, T);
    }
  else if (s->op == AUGUR_SOP_END)
    {
      /* after everything: the process ends when nothing else can run,
       * so no reordering ever puts it before another thread's step */
      for (guint u = 0; u < T; u++)
        {
          join (vc, p->vc + u * T, T);
          join (svc, p->svc + u * T, T);
        }
    }
}

/* What step j does to memory and locks, from the operation table
 * (common/augur-ops.h): a memory access; a write of the object (signals,
 * broadcasts, semaphores, barrier arrivals, init, destroy ...),
 * synchronising like an atomic; a lock acquisition or release, a
 * condition wait's or wake's of its mutex after the write of the
 * condition variable.  And what the table does not say, DPOR's own: a
 * semaphore wait races with the wait that took the value before it (the
 * last write may be a post between the two, and then only this race puts
 * this wait first); an unlock's last touch of the lock's memory is a read
 * (a free of the struct holding it, or a destroy, an init, that nothing
 * orders after the unlock races with it, and is tried before it; a read,
 * so that two readers' unlocks stay unordered, augur_sched_dependent, or
 * the accesses each reader makes under its lock would look ordered and
 * their races be lost); the init or destroy of a lock is also an
 * acquisition, so that it races with the lock's uses. */
static void
step_effects (DporPass *p, guint j, const guint32 *pre, const guint32 *spre)
{
  const AugurSchedStep *s = &p->s[j];
  const guint32 *pre0 = pre;
  if (s->op == AUGUR_SOP_SEM_WAIT)
    {
      DporLockShadow *l = lock_get (p, s->obj);
      undo_lock (p, l);
      if (l->last_acq >= 0 && p->s[l->last_acq].tid != s->tid)
        note_race (p, (guint) l->last_acq, pre);
      l->last_acq = (gint) j;
    }
  AugurOpsMem mem = augur_ops_sched_mem (s->op);
  guint64 lock = 0;
  AugurOpsLock lk = augur_ops_step_lock (s, &lock);
  guint T = p->T;
  guint32 lpre[T], lspre[T];
  if (lk == AUGUR_OPS_LOCK_ACQUIRE && lock != s->obj && mem != AUGUR_OPS_MEM_NONE)
    {
      /* a condition wait's wake-up re-acquires its mutex: it comes after
       * the mutex's last release, and so after a signal made before that
       * release; the wake-up can only move before that signal by moving
       * before the signaller's acquisition, which the mutex's own race
       * (lock_acquire) reverses.  Its races on the condition are judged
       * with that release's clock, or each would be reversed into a
       * state where the mutex is held (an infeasible run) */
      DporLockShadow *l = lock_get (p, lock);
      memcpy (lpre, pre, T * sizeof *lpre);
      memcpy (lspre, spre, T * sizeof *lspre);
      join (lpre, l->clock, T);
      join (lspre, l->sclock, T);
      pre = lpre;
      spre = lspre;
    }
  if (mem == AUGUR_OPS_MEM_READ || mem == AUGUR_OPS_MEM_WRITE)
    mem_access (p, j, mem == AUGUR_OPS_MEM_WRITE, s->obj, augur_sched_step_size (s), pre, spre);
  else if (mem == AUGUR_OPS_MEM_OBJECT)
    mem_access (p, j, TRUE, s->obj, 1, pre, spre);
  if (lk == AUGUR_OPS_LOCK_ACQUIRE || lk == AUGUR_OPS_LOCK_TRY)
    lock_acquire (p, j, lock, pre0);
  else if (lk == AUGUR_OPS_LOCK_RELEASE)
    {
      /* an unlock's last touch, first: the release publishes what it is
       * ordered after, a free or destroy of the lock's memory too; else
       * the next acquisition (a condition's wake-up) would look movable
       * before that free while the lock is still held there (a reversal
       * the run cannot follow: the requester blocks) */
      if (mem == AUGUR_OPS_MEM_NONE)
        mem_access (p, j, FALSE, s->obj, 1, pre, spre);
      lock_release (p, j, lock, pre0);
    }
  if (s->ev_kind == AUGUR_EV_THREAD_KILL)
    {
      /* a signal may arrive anywhere in its target's run: the kill races
       * with the target's last step before it, which reversed puts the
       * delivery before that step (augur_sched_dependent agrees) */
      guint16 u = (guint16) s->arg;
      for (guint i = j; i-- > 0;)
        if (p->s[i].tid == u)
          {
            note_race (p, i, pre0);
            break;
          }
    }
  else if (p->has_kill && s->op != AUGUR_SOP_END)
    {
      /* ... and with the target's steps after it that its handlers did
       * not come before (the target blocks the signal: it stays pending,
       * and the step could as well have come before the kill); a step
       * after the delivery is ordered after the kill, no race; an END
       * runs only once nothing else can, never before the kill */
      for (guint i = j; i-- > 0 && p->s[i].tid != s->tid;)
        if (p->s[i].ev_kind == AUGUR_EV_THREAD_KILL && (guint16) p->s[i].arg == s->tid)
          note_race (p, i, pre0);
    }
  if ((s->op == AUGUR_SOP_INIT || s->op == AUGUR_SOP_DESTROY) && augur_ops_event_on_lock (s->ev_kind))
    {
      DporLockShadow *l = lock_get (p, s->obj);
      p->held[j] = l->owner != G_MAXUINT                ? DPOR_HELD_EXCLUSIVE
                   : !augur_tidset_empty (&l->readers) ? DPOR_HELD_READ
                                                       : DPOR_HELD_NO;
      lock_acquire (p, j, s->obj, pre);
      lock_release (p, j, s->obj, pre);
    }
}

/* The step before which the races of step j end: a lock request its
 * thread was still waiting to make when the execution ended, for a lock
 * another thread took at that step and held to the end, can go nowhere
 * after it (the lock is held there: each such reversal is an infeasible
 * run); G_MAXUINT for other steps.  A try can (it fails). */
static guint
race_floor (DporPass *p, guint j)
{
  const AugurSchedStep *s = &p->s[j];
  guint64 lock = 0;
  if (j < p->n_real || (s->xflags & AUGUR_SXF_TRY)
      || augur_ops_step_lock (s, &lock) != AUGUR_OPS_LOCK_ACQUIRE)
    return G_MAXUINT;
  DporLockShadow *l = g_hash_table_lookup (p->locks, &lock);
  if (l == NULL || l->owner == G_MAXUINT || l->owner == s->tid || l->last_wacq < 0)
    return G_MAXUINT;
  return (guint) l->last_wacq;
}

/* The backtrack points of the races of step j (p->races), by kind. */
static void
step_backtrack (DporPass *p, guint j, const guint32 *pre)
{
  AugurDpor *d = p->d;
  if (d->kind == AUGUR_DPOR_CLASSIC)
    augur_dpor_classic_step (p, j, pre);
  else if (d->kind == AUGUR_DPOR_OPTIMAL)
    for (guint k = 0; k < p->races->len; k++)
      {
        guint pair[2] = { g_array_index (p->races, guint, k), j };
        g_array_append_vals (p->reversals, pair, 2);
      }
  else
    for (guint k = 0; k < p->races->len; k++)
      backtrack (p, g_array_index (p->races, guint, k), j);
}

/* The pass over the execution (pass_begin): clocks, races, data races
 * and, for the steps from first_new on, backtrack points.  @same: its
 * first steps that are those of the execution before. */
void
augur_dpor_analyse (AugurDpor *d, guint same, guint first_new, AugurDporRaceFunc race_cb,
                    gpointer race_data)
{
  guint from = pass_begin (d, same, first_new, race_cb, race_data);
  DporPass *p = d->pass;
  guint T = p->T;
  guint32 pre[T], spre[T];
  /* a long execution's log is kept for its last DPOR_LOG_STEPS steps
   * only (the next one may then start no earlier): a few hundred bytes a
   * step, and an execution may have AUGUR_SCHED_MAX_STEPS */
  guint log_start = p->n > DPOR_LOG_STEPS ? p->n - DPOR_LOG_STEPS : 0;
  p->logging = from >= log_start;
  guint j;
  for (j = from; j < p->n && !past_deadline (d, j); j++)
    {
      const AugurSchedStep *s = &p->s[j];
      guint t = s->tid;
      guint32 *vc = p->vc + t * T, *svc = p->svc + t * T;
      if (j == log_start && !p->logging)
        {
          /* what the log holds is of steps before: no use any more */
          pass_forget_log (p);
          p->log_from = j;
          p->logging = TRUE;
        }
      pass_mark (p, j);
      undo_rows (p, t);
      if (s->xflags & (AUGUR_SXF_ACQ_FENCE | AUGUR_SXF_REL_FENCE))
        {
          /* the fences between the thread's previous step and this one:
           * an acquire fence takes what its relaxed loads read, a release
           * fence keeps the clock (with what it acquired) */
          undo_frows (p, t, j);
          if (s->xflags & AUGUR_SXF_ACQ_FENCE)
            join (svc, p->facq + t * T, T);
          if (s->xflags & AUGUR_SXF_REL_FENCE)
            memcpy (p->frel + t * T, svc, T * sizeof *svc);
        }
      memcpy (pre, vc, T * sizeof *pre);
      memcpy (spre, svc, T * sizeof *spre);
      vc[t]++;
      svc[t] = vc[t];
      p->li[j] = vc[t] - 1;
      g_array_set_size (p->races, 0);
      if (++p->race_epoch == 0)
        {
          memset (p->raced, 0, p->cap * sizeof *p->raced);
          p->race_epoch = 1;
        }
      p->floor = race_floor (p, j);
      step_order (p, j, vc, pre);
      if (s->xflags & AUGUR_SXF_CLOCK_JUMP)
        mem_access (p, j, TRUE, AUGUR_SCHED_CLOCK_OBJ, 8, pre, spre);
      if (augur_sched_end_access (s) != 0)   /* an exit, a try's join */
        mem_access (p, j, s->op == AUGUR_SOP_EXIT, augur_sched_end_access (s), 1, pre, spre);
      step_effects (p, j, pre, spre);
      augur_dpor_cond_rivals (p, j);
      step_thread (p, j, pre);
      guint32 w = augur_sched_step_waker (s);
      if (w > 0 && w - 1 < j)
        {
          join (vc, p->clk + (w - 1) * T, T);
          join (svc, p->sclk + (w - 1) * T, T);
        }
      memcpy (p->clk + j * T, vc, T * sizeof *vc);
      memcpy (p->sclk + j * T, svc, T * sizeof *svc);
      if (j >= first_new)
        step_backtrack (p, j, pre);
    }
  p->clocked = j;
  for (guint k = 0; k + 1 < p->reversals->len && !past_deadline (d, k / 2); k += 2)
    augur_dpor_optimal_race (p, g_array_index (p->reversals, guint, k),
                             g_array_index (p->reversals, guint, k + 1));
  g_array_set_size (p->reversals, 0);
  if (j == p->n)
    pass_mark (p, j);   /* the next execution may go on from the end of this one */
  pass_end (p, j == p->n && !d->cut);
}
