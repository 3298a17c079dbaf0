/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * root-cause.c — the minimal unsatisfiable core of a failing execution's
 * schedule (root-cause.h).
 */
#include "config.h"

#include "diagnose/root-cause.h"

#include "diagnose/solver.h"

#include "common/augur-ops.h"

G_DEFINE_QUARK (augur-diagnose-error-quark, augur_diag_error)

void
augur_diag_core_clear (AugurDiagCore *c)
{
  g_clear_pointer (&c->core, g_array_unref);
}

typedef struct {
  Z3_context ctx;
  Z3_solver solver;
  Z3_ast *clock;
  GPtrArray *hard;      /* Z3_ast */
  gboolean z3_failed;
} Enc;

static Z3_ast
lt (Enc *e, guint a, guint b)
{
  return Z3_mk_lt (e->ctx, e->clock[a], e->clock[b]);
}

static void
hard (Enc *e, Z3_ast f)
{
  g_ptr_array_add (e->hard, f);
}

static Z3_ast
or2 (Enc *e, Z3_ast x, Z3_ast y)
{
  Z3_ast v[2] = { x, y };
  return Z3_mk_or (e->ctx, 2, v);
}

static Z3_ast
and_of (Enc *e, GPtrArray *fs)
{
  if (fs->len == 0)
    return Z3_mk_true (e->ctx);
  return Z3_mk_and (e->ctx, fs->len, (Z3_ast *) fs->pdata);
}

/* What event @ev does to a lock (the operation table's answer for its step). */
static AugurOpsLock
event_lock (const AugurDiagEvent *ev, guint64 *lock)
{
  AugurSchedStep s = { .op = ev->op, .obj = ev->obj, .arg = ev->arg };
  uint64_t l = 0;
  AugurOpsLock what = augur_ops_step_lock (&s, &l);
  *lock = l;
  return what;
}

static gboolean
is_acquire (const AugurDiagEvent *ev, guint64 *lock, gboolean *shared)
{
  *shared = augur_ops_sched (ev->op)->shared;
  return event_lock (ev, lock) == AUGUR_OPS_LOCK_ACQUIRE;
}

static gboolean
is_release (const AugurDiagEvent *ev, guint64 *lock)
{
  return event_lock (ev, lock) == AUGUR_OPS_LOCK_RELEASE;
}

typedef struct {
  guint64 lock;
  guint tid;
  guint acq;
  gint rel;       /* -1: still held at the failure */
  gboolean shared;
} Section;

/* Program order, create/join, wake-ups, semaphores, barriers, locks. */
static void
encode_sync (Enc *e, const AugurDiagTrace *t)
{
  guint n = t->events->len, nt = t->n_threads;
  g_autofree gint *last = g_new (gint, nt);
  g_autofree gint *first = g_new (gint, nt);
  for (guint i = 0; i < nt; i++)
    last[i] = first[i] = -1;
  g_autoptr (GHashTable) at_step = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; i < n; i++)
    {
      const AugurDiagEvent *ev = augur_diag_trace_event (t, i);
      g_hash_table_insert (at_step, GUINT_TO_POINTER (ev->step + 1), GUINT_TO_POINTER (i + 1));
      if (last[ev->tid] >= 0)
        hard (e, lt (e, (guint) last[ev->tid], i));
      else
        first[ev->tid] = (gint) i;
      last[ev->tid] = (gint) i;
    }
  /* joins need the child's last event before the join: recompute per join */
  g_autofree gint *upto = g_new (gint, nt);
  for (guint i = 0; i < nt; i++)
    upto[i] = -1;
  g_autoptr (GArray) sections = g_array_new (FALSE, FALSE, sizeof (Section));
  g_autoptr (GHashTable) open = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) open_keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) last_post = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < n; i++)
    {
      const AugurDiagEvent *ev = augur_diag_trace_event (t, i);
      upto[ev->tid] = (gint) i;
      if (ev->op == AUGUR_SOP_CREATE && ev->arg < nt && first[ev->arg] >= 0)
        hard (e, lt (e, i, (guint) first[ev->arg]));
      if (ev->op == AUGUR_SOP_JOIN && ev->arg < nt && upto[ev->arg] >= 0)
        hard (e, lt (e, (guint) upto[ev->arg], i));
      guint waker = augur_sched_step_waker (&t->run->steps[ev->step]);
      if (waker > 0)
        {
          guint w = GPOINTER_TO_UINT (g_hash_table_lookup (at_step, GUINT_TO_POINTER (waker)));
          if (w > 0)
            hard (e, lt (e, w - 1, i));
        }
      if (ev->op == AUGUR_SOP_SEM_POST)
        g_hash_table_insert (last_post, &augur_diag_trace_event (t, i)->obj, GUINT_TO_POINTER (i + 1));
      if (ev->op == AUGUR_SOP_SEM_WAIT)
        {
          guint p = GPOINTER_TO_UINT (g_hash_table_lookup (last_post, &ev->obj));
          if (p > 0 && augur_diag_trace_event (t, p - 1)->tid != ev->tid)
            hard (e, lt (e, p - 1, i));
        }
      guint64 lock;
      gboolean shared;
      if (is_release (ev, &lock))
        {
          char k[48];
          g_snprintf (k, sizeof k, "%u:%" G_GINT64_MODIFIER "x", ev->tid, lock);
          guint s = GPOINTER_TO_UINT (g_hash_table_lookup (open, k));
          if (s > 0)
            {
              g_array_index (sections, Section, s - 1).rel = (gint) i;
              g_hash_table_remove (open, k);
            }
        }
      if (is_acquire (ev, &lock, &shared))
        {
          Section sec = { .lock = lock, .tid = ev->tid, .acq = i, .rel = -1, .shared = shared };
          g_array_append_val (sections, sec);
          char *k = g_strdup_printf ("%u:%" G_GINT64_MODIFIER "x", ev->tid, lock);
          g_ptr_array_add (open_keys, k);
          g_hash_table_replace (open, k, GUINT_TO_POINTER (sections->len));
        }
    }
  for (guint x = 0; x < sections->len; x++)
    for (guint y = x + 1; y < sections->len; y++)
      {
        Section *a = &g_array_index (sections, Section, x), *b = &g_array_index (sections, Section, y);
        if (a->lock != b->lock || a->tid == b->tid || (a->shared && b->shared))
          continue;
        if (a->rel >= 0 && b->rel >= 0)
          hard (e, or2 (e, lt (e, (guint) a->rel, b->acq), lt (e, (guint) b->rel, a->acq)));
        else if (a->rel < 0 && b->rel >= 0)
          hard (e, lt (e, (guint) b->rel, a->acq));
        else if (b->rel < 0 && a->rel >= 0)
          hard (e, lt (e, (guint) a->rel, b->acq));
      }
}

/* last_write[i]: the write event that read i read from (-1: the initial
 * value), for every read. */
static gint *
last_writes (const AugurDiagTrace *t)
{
  guint n = t->events->len;
  gint *lw = g_new (gint, n);
  g_autoptr (GHashTable) cur = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < n; i++)
    {
      AugurDiagEvent *ev = augur_diag_trace_event (t, i);
      lw[i] = -1;
      if (ev->op == AUGUR_SOP_READ)
        lw[i] = (gint) GPOINTER_TO_UINT (g_hash_table_lookup (cur, &ev->obj)) - 1;
      else if (ev->op == AUGUR_SOP_WRITE)
        g_hash_table_insert (cur, &ev->obj, GUINT_TO_POINTER (i + 1));
    }
  return lw;
}

/* The relevant reads (root-cause.h), as a boolean per event. */
static gboolean *
relevant_reads (const AugurDiagTrace *t, const gint *lw, guint level)
{
  guint n = t->events->len;
  gboolean *rel = g_new0 (gboolean, n);
  if (level >= 2 || t->fail_tid == G_MAXUINT)
    {
      for (guint i = 0; i < n; i++)
        rel[i] = augur_diag_trace_event (t, i)->op == AUGUR_SOP_READ
                 && augur_diag_trace_event (t, i)->step < t->fail_step;
      return rel;
    }
  g_autoptr (GArray) work = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < n; i++)
    if (augur_diag_trace_event (t, i)->op == AUGUR_SOP_READ
        && augur_diag_trace_event (t, i)->tid == t->fail_tid)
      {
        rel[i] = TRUE;
        g_array_append_val (work, i);
      }
  g_autofree gboolean *done_writer = g_new0 (gboolean, n);
  while (work->len > 0)
    {
      guint r = g_array_index (work, guint, work->len - 1);
      g_array_set_size (work, work->len - 1);
      if (lw[r] < 0 || done_writer[lw[r]])
        continue;
      guint w = (guint) lw[r];
      done_writer[w] = TRUE;
      guint tw = augur_diag_trace_event (t, w)->tid;
      for (guint i = 0; i < w; i++)
        {
          const AugurDiagEvent *ev = augur_diag_trace_event (t, i);
          if (ev->tid == tw && ev->op == AUGUR_SOP_READ && !rel[i])
            {
              rel[i] = TRUE;
              g_array_append_val (work, i);
            }
        }
    }
  return rel;
}

/* read r reads from w (-1: the initial value) among the writes to its location */
static Z3_ast
reads_from (Enc *e, const AugurDiagTrace *t, guint r, gint w)
{
  const AugurDiagEvent *re = augur_diag_trace_event (t, r);
  g_autoptr (GPtrArray) fs = g_ptr_array_new ();
  if (w >= 0)
    g_ptr_array_add (fs, lt (e, (guint) w, r));
  for (guint i = 0; i < t->events->len; i++)
    {
      const AugurDiagEvent *ev = augur_diag_trace_event (t, i);
      if (ev->op != AUGUR_SOP_WRITE || ev->obj != re->obj || (gint) i == w)
        continue;
      if (w >= 0)
        g_ptr_array_add (fs, or2 (e, lt (e, i, (guint) w), lt (e, r, i)));
      else
        g_ptr_array_add (fs, lt (e, r, i));
    }
  return and_of (e, fs);
}

/* φsch: for each access b and each other thread, the last access of that
 * thread before b that conflicts with it, unless hard happens-before
 * orders them already. */
static GArray *
soft_pairs (const AugurDiagTrace *t)
{
  guint n = t->events->len, nt = t->n_threads;
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (AugurDiagPair));
  g_autoptr (GHashTable) last = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  for (guint i = 0; i < n; i++)
    {
      AugurDiagEvent *ev = augur_diag_trace_event (t, i);
      if (!augur_diag_event_is_access (ev))
        continue;
      gint *l = g_hash_table_lookup (last, &ev->obj);
      if (l == NULL)
        {
          l = g_new (gint, 2 * nt);
          for (guint k = 0; k < 2 * nt; k++)
            l[k] = -1;
          g_hash_table_insert (last, &ev->obj, l);
        }
      gboolean w = augur_diag_event_is_write (ev);
      for (guint u = 0; u < nt; u++)
        {
          if (u == ev->tid)
            continue;
          gint a = l[2 * u + 1];               /* its last write */
          if (w)
            a = MAX (a, l[2 * u]);             /* or read */
          if (a >= 0 && !augur_diag_trace_hb (t, (guint) a, i))
            {
              AugurDiagPair p = { (guint) a, i };
              g_array_append_val (pairs, p);
            }
        }
      l[2 * ev->tid + (w ? 1 : 0)] = (gint) i;
    }
  /* the failure came before each other thread's next operation */
  gint last_fail = -1;
  for (guint i = 0; i < n; i++)
    if (augur_diag_trace_event (t, i)->tid == t->fail_tid)
      last_fail = (gint) i;
  for (guint i = 0; i < n && last_fail >= 0; i++)
    if (augur_diag_trace_event (t, i)->pending)
      {
        AugurDiagPair p = { (guint) last_fail, i };
        g_array_append_val (pairs, p);
      }
  return pairs;
}

static Z3_lbool
check (Enc *e, GPtrArray *assume)
{
  Z3_lbool r = Z3_solver_check_assumptions (e->ctx, e->solver, assume->len, (Z3_ast *) assume->pdata);
  if (Z3_get_error_code (e->ctx) != Z3_OK)
    e->z3_failed = TRUE;
  return r;
}

gboolean
augur_diag_root_cause (const AugurDiagTrace *t, guint level, double timeout, AugurDiagCore *out,
                       GError **error)
{
  g_autoptr (GTimer) timer = g_timer_new ();
  memset (out, 0, sizeof *out);
  out->level = level;
  guint n = t->events->len;
  Enc e = { .ctx = augur_diag_solver_context_new () };
  e.solver = Z3_mk_simple_solver (e.ctx);
  Z3_solver_inc_ref (e.ctx, e.solver);
  augur_diag_solver_set_timeout (e.ctx, e.solver, NULL, timeout);
  e.clock = g_new (Z3_ast, MAX (n, 1));
  Z3_sort is = Z3_mk_int_sort (e.ctx);
  for (guint i = 0; i < n; i++)
    e.clock[i] = Z3_mk_const (e.ctx, Z3_mk_int_symbol (e.ctx, (int) i), is);
  e.hard = g_ptr_array_new ();
  encode_sync (&e, t);

  /* p: the execution passes — some relevant read reads another write */
  g_autofree gint *lw = last_writes (t);
  g_autofree gboolean *rel = relevant_reads (t, lw, level);
  g_autoptr (GPtrArray) same = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    if (rel[i])
      g_ptr_array_add (same, reads_from (&e, t, i, lw[i]));
  hard (&e, Z3_mk_not (e.ctx, and_of (&e, same)));
  for (guint i = 0; i < e.hard->len; i++)
    Z3_solver_assert (e.ctx, e.solver, g_ptr_array_index (e.hard, i));

  g_autoptr (GArray) soft = soft_pairs (t);
  out->n_soft = soft->len;
  g_autoptr (GPtrArray) lits = g_ptr_array_new ();
  g_autoptr (GHashTable) index_of = g_hash_table_new (g_direct_hash, g_direct_equal);
  Z3_sort bs = Z3_mk_bool_sort (e.ctx);
  for (guint k = 0; k < soft->len; k++)
    {
      AugurDiagPair *p = &g_array_index (soft, AugurDiagPair, k);
      g_autofree char *name = g_strdup_printf ("s%u", k);
      Z3_ast lit = Z3_mk_const (e.ctx, Z3_mk_string_symbol (e.ctx, name), bs);
      Z3_solver_assert (e.ctx, e.solver, Z3_mk_implies (e.ctx, lit, lt (&e, p->a, p->b)));
      g_ptr_array_add (lits, lit);
      g_hash_table_insert (index_of, lit, GUINT_TO_POINTER (k + 1));
    }

  gboolean ok = FALSE;
  g_autoptr (GPtrArray) none = g_ptr_array_new ();
  Z3_lbool r = check (&e, none);
  if (r == Z3_L_FALSE && !e.z3_failed)
    g_set_error (error, AUGUR_DIAG_ERROR, AUGUR_DIAG_ERROR_NOT_SCHEDULE,
                 "no order of this execution's events passes: the failure does not depend on "
                 "the schedule of what it shows");
  else if (r == Z3_L_UNDEF || e.z3_failed)
    g_set_error (error, AUGUR_DIAG_ERROR, AUGUR_DIAG_ERROR_SOLVER, "Z3 gave no answer: %s",
                 Z3_solver_get_reason_unknown (e.ctx, e.solver));
  else if (check (&e, lits) != Z3_L_FALSE)
    g_set_error (error, AUGUR_DIAG_ERROR, AUGUR_DIAG_ERROR_SOLVER,
                 "the failing schedule does not fix the failure in the formula (%s)",
                 e.z3_failed ? "Z3 failed" : "its reads are not all pinned");
  else
    {
      /* Z3's core, then deletion until minimal */
      Z3_ast_vector cv = Z3_solver_get_unsat_core (e.ctx, e.solver);
      Z3_ast_vector_inc_ref (e.ctx, cv);
      g_autoptr (GPtrArray) core = g_ptr_array_new ();
      for (unsigned i = 0; i < Z3_ast_vector_size (e.ctx, cv); i++)
        g_ptr_array_add (core, Z3_ast_vector_get (e.ctx, cv, i));
      Z3_ast_vector_dec_ref (e.ctx, cv);
      guint i = 0;
      while (i < core->len && !e.z3_failed)
        {
          g_autoptr (GPtrArray) without = g_ptr_array_new ();
          for (guint j = 0; j < core->len; j++)
            if (j != i)
              g_ptr_array_add (without, g_ptr_array_index (core, j));
          Z3_lbool rr = check (&e, without);
          if (rr == Z3_L_FALSE)
            {
              g_ptr_array_remove_index (core, i);  /* not needed */
              continue;
            }
          if (rr == Z3_L_UNDEF)
            e.z3_failed = TRUE;
          i++;
        }
      if (e.z3_failed)
        g_set_error (error, AUGUR_DIAG_ERROR, AUGUR_DIAG_ERROR_SOLVER,
                     "Z3 gave no answer while shrinking the core");
      else
        {
          out->core = g_array_new (FALSE, FALSE, sizeof (AugurDiagPair));
          for (guint k = 0; k < soft->len; k++)
            for (guint j = 0; j < core->len; j++)
              if (GPOINTER_TO_UINT (g_hash_table_lookup (index_of, g_ptr_array_index (core, j))) == k + 1)
                g_array_append_val (out->core, g_array_index (soft, AugurDiagPair, k));
          ok = TRUE;
        }
    }
  g_ptr_array_unref (e.hard);
  g_free (e.clock);
  Z3_solver_dec_ref (e.ctx, e.solver);
  Z3_del_context (e.ctx);
  out->seconds = g_timer_elapsed (timer, NULL);
  return ok;
}

/* Is ordering @p of @t violated in @sig (an event missing, or the other way)? */
static gboolean
violated (const AugurDiagTrace *t, const AugurDiagPair *p, const AugurDiagSig *sig)
{
  gint a = augur_diag_sig_find (sig, augur_diag_trace_event (t, p->a)->key);
  gint b = augur_diag_sig_find (sig, augur_diag_trace_event (t, p->b)->key);
  return a < 0 || b < 0 || a > b;
}

gboolean
augur_diag_root_cause_explored (const AugurDiagTrace *t, GPtrArray *sigs, const char *site,
                                double timeout, AugurDiagCore *out, GError **error)
{
  g_autoptr (GTimer) timer = g_timer_new ();
  memset (out, 0, sizeof *out);
  g_autoptr (GArray) soft = soft_pairs (t);
  out->n_soft = soft->len;
  Z3_context ctx = augur_diag_solver_context_new ();
  Z3_optimize opt = augur_diag_solver_optimize_new (ctx, timeout);
  g_autofree Z3_ast *x = g_new (Z3_ast, MAX (soft->len, 1));
  Z3_sort bs = Z3_mk_bool_sort (ctx), is = Z3_mk_int_sort (ctx);
  g_autoptr (GPtrArray) terms = g_ptr_array_new ();
  for (guint k = 0; k < soft->len; k++)
    {
      x[k] = Z3_mk_const (ctx, Z3_mk_int_symbol (ctx, (int) k), bs);
      g_ptr_array_add (terms, Z3_mk_ite (ctx, x[k], Z3_mk_int (ctx, 1, is), Z3_mk_int (ctx, 0, is)));
    }
  /* the tie-break: orderings whose events the passing executions have
   * (they are hit by being reversed, not by an event that did not happen) */
  g_autofree guint *absent = g_new0 (guint, MAX (soft->len, 1));
  gboolean ok = TRUE;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) clause = g_ptr_array_new ();
  for (guint i = 0; i < sigs->len && ok; i++)
    {
      const AugurDiagSig *sig = g_ptr_array_index (sigs, i);
      if (g_strcmp0 (sig->site, site) == 0)
        continue;
      GString *id = g_string_new (NULL);
      g_ptr_array_set_size (clause, 0);
      for (guint k = 0; k < soft->len; k++)
        if (violated (t, &g_array_index (soft, AugurDiagPair, k), sig))
          {
            const AugurDiagPair *p = &g_array_index (soft, AugurDiagPair, k);
            if (augur_diag_sig_find (sig, augur_diag_trace_event (t, p->a)->key) < 0
                || augur_diag_sig_find (sig, augur_diag_trace_event (t, p->b)->key) < 0)
              absent[k]++;
            g_ptr_array_add (clause, x[k]);
            g_string_append_printf (id, "%u,", k);
          }
      if (clause->len == 0)
        {
          g_set_error (error, AUGUR_DIAG_ERROR, AUGUR_DIAG_ERROR_NOT_SCHEDULE,
                       "an explored execution that does not fail there has every inter-thread "
                       "ordering of the failing one: the failure depends on more than the "
                       "schedule (input, time)");
          ok = FALSE;
        }
      else if (g_hash_table_add (seen, g_string_free (id, FALSE)))
        Z3_optimize_assert (ctx, opt, Z3_mk_or (ctx, clause->len, (Z3_ast *) clause->pdata));
      if (clause->len == 0)
        g_string_free (id, TRUE);
    }
  if (ok && terms->len > 0)
    {
      Z3_optimize_minimize (ctx, opt, Z3_mk_add (ctx, terms->len, (Z3_ast *) terms->pdata));
      g_autoptr (GPtrArray) tie = g_ptr_array_new ();
      for (guint k = 0; k < soft->len; k++)
        g_ptr_array_add (tie, Z3_mk_ite (ctx, x[k], Z3_mk_unsigned_int (ctx, absent[k], is),
                                         Z3_mk_int (ctx, 0, is)));
      Z3_optimize_minimize (ctx, opt, Z3_mk_add (ctx, tie->len, (Z3_ast *) tie->pdata));
    }
  if (ok)
    {
      Z3_lbool r = Z3_optimize_check (ctx, opt, 0, NULL);
      if (r != Z3_L_TRUE)
        {
          g_set_error (error, AUGUR_DIAG_ERROR, AUGUR_DIAG_ERROR_SOLVER,
                       "Z3 found no minimum core (%s)", r == Z3_L_UNDEF ? "no answer in time" : "unsatisfiable");
          ok = FALSE;
        }
      else
        {
          Z3_model m = Z3_optimize_get_model (ctx, opt);
          Z3_model_inc_ref (ctx, m);
          out->core = g_array_new (FALSE, FALSE, sizeof (AugurDiagPair));
          for (guint k = 0; k < soft->len; k++)
            {
              Z3_ast v = NULL;
              if (Z3_model_eval (ctx, m, x[k], TRUE, &v) && Z3_get_bool_value (ctx, v) == Z3_L_TRUE)
                g_array_append_val (out->core, g_array_index (soft, AugurDiagPair, k));
            }
          Z3_model_dec_ref (ctx, m);
        }
    }
  Z3_optimize_dec_ref (ctx, opt);
  Z3_del_context (ctx);
  out->seconds = g_timer_elapsed (timer, NULL);
  return ok;
}

gboolean
augur_diag_core_holds (const AugurDiagTrace *t, const GArray *core, const AugurDiagTrace *other)
{
  for (guint k = 0; k < core->len; k++)
    {
      const AugurDiagPair *p = &g_array_index (core, AugurDiagPair, k);
      gint a = augur_diag_trace_find (other, augur_diag_trace_event (t, p->a)->key);
      gint b = augur_diag_trace_find (other, augur_diag_trace_event (t, p->b)->key);
      if (a < 0 || b < 0 || a >= b)
        return FALSE;
    }
  return TRUE;
}

char *
augur_diag_pair_describe (const AugurDiagTrace *t, const AugurDiagPair *p, const char *word)
{
  g_autofree char *a = augur_diag_event_describe (augur_diag_trace_event (t, p->a));
  g_autofree char *b = augur_diag_event_describe (augur_diag_trace_event (t, p->b));
  return g_strdup_printf ("%s %s %s", a, word, b);
}

char *
augur_diag_pairs_to_string (const AugurDiagTrace *t, const GArray *pairs)
{
  GString *s = g_string_new (NULL);
  for (guint k = 0; pairs != NULL && k < pairs->len; k++)
    {
      const AugurDiagPair *p = &g_array_index (pairs, AugurDiagPair, k);
      const AugurDiagEvent *a = augur_diag_trace_event (t, p->a), *b = augur_diag_trace_event (t, p->b);
      /* the kind's initial: r, w or s */
      g_string_append_printf (s, "%sT%u %c:%u < T%u %c:%u", k == 0 ? "" : ", ",
                              a->tid, augur_diag_event_kind (a)[0], a->line,
                              b->tid, augur_diag_event_kind (b)[0], b->line);
    }
  return g_string_free (s, FALSE);
}
