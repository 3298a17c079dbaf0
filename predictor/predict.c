/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * predict.c — the queries of the predictor (predict.h): enumerating the
 * candidate witnesses of each query, running the queries on worker
 * threads, and turning the answers into findings with schedules.
 */
#include "config.h"

#include <string.h>

#include "common/augur-ops.h"

#include "predictor/encoding.h"
#include "predictor/lock-order.h"
#include "predictor/model.h"
#include "predictor/patterns.h"
#include "predictor/predict.h"
#include "predictor/static-filter.h"

/* Candidate remote accesses tried per local witness, nearest first. */
/* Queries one prediction may build (each a few hundred bytes and at least
 * one Z3 check): past it the trace is declined as too large. */
#define MAX_TASKS 1000000u

#define B_TRIES 3
/* Z3 checks per source-location combination (a loop repeats the same code). */
#define CHECKS_PER_SITE 2

typedef enum { TASK_ATOMICITY, TASK_RACE, TASK_DEADLOCK } TaskKind;

typedef struct {
  TaskKind kind;
  guint32 obj, obj2;      /* variable, or the two locks */
  guint t1, t2;           /* atomicity: t1 local, t2 remote */
  AugurPattern pattern;
  /* answer */
  AugurEncAnswer answer;  /* SAT, UNKNOWN, or UNSAT when nothing was found */
  guint32 bug[4];         /* global indices: a b c / x y / p1 q1 p2 q2 */
  guint n_bug;
  guint32 lo;
  GArray *schedule;       /* guint32, from lo on */
  guint n_checks;
  double ms;
  gboolean bound_hit;
  gboolean left;          /* not asked, or stopped by time before an answer: counted in
                           * AugurPredictStats.n_left, not a prediction */
} Task;

typedef struct {
  const AugurPredModel *m;
  const AugurPredictOptions *o;
  GPtrArray *tasks;
  gint next;
  GMutex lock;
  GError *error;          /* the first Z3 failure */
  gint64 longest_check;   /* us, the longest Z3 check so far (under lock): its encoding
                           * is not bounded by the solver's timeout */
  GPtrArray *encoders;    /* the workers' (borrowed, under lock): interrupted at the
                           * deadline */
  guint n_running;        /* workers not finished (under lock) */
  GCond done;             /* signalled when a worker finishes */
} Shared;

void
augur_predict_options_init (AugurPredictOptions *o)
{
  memset (o, 0, sizeof *o);
  o->atomicity = o->races = o->deadlocks = TRUE;
  o->timeout_ms = 10000;
  o->max_checks = 32;
  o->max_window = 20000;
  o->n_workers = 0;
  o->max_schedule_steps = 200000;
  o->data_flow = TRUE;
}

static void
task_free (gpointer p)
{
  Task *t = p;
  if (t->schedule != NULL)
    g_array_unref (t->schedule);
  g_free (t);
}

static char
kind_char (const AugurPredModel *m, guint32 g)
{
  return (m->acc[g] & AUGUR_ACC_WRITE) ? 'W' : 'R';
}

static guint64
site (const AugurPredModel *m, guint32 g)
{
  const AugurRecord *r = augur_trace_event (m->trace, g);
  return ((guint64) r->module << 32) | r->pc;
}

/* First index j of `a` (global indices of one thread, increasing) with
 * tidx >= k. */
static guint
lower_tidx (const AugurPredModel *m, GArray *a, guint32 k)
{
  guint lo = 0, hi = a->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (m->tidx[g_array_index (a, guint32, mid)] < k)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* One past the last index j of `a` whose event does not know event
 * `after` of thread t (vc(a[j], t) <= tidx(after)): the events that
 * `after` does not happen before. */
static guint
upper_not_after (const AugurPredModel *m, GArray *a, guint t, guint32 after)
{
  guint lo = 0, hi = a->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (augur_pred_model_vc (m, g_array_index (a, guint32, mid), t) <= m->tidx[after])
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* First index of `a` with a global index > g. */
static guint
upper_global (GArray *a, guint32 g)
{
  guint lo = 0, hi = a->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (g_array_index (a, guint32, mid) <= g)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

typedef struct {
  AugurEncoder *enc;
  Shared *sh;
  Task *task;
  gint64 deadline;        /* monotonic us: the query's own, or the global one if sooner */
  GHashTable *sites;      /* site key -> checks */
  gboolean stop;
  guint ticks;            /* candidate steps since the query started (out_of_time) */
} Run;

/* Whether a check started now would run past the global deadline: the
 * longest check so far would not end by then. */
static gboolean
past_global_deadline (Run *run)
{
  if (run->sh->o->deadline == 0)
    return FALSE;
  g_mutex_lock (&run->sh->lock);
  gint64 longest = run->sh->longest_check;
  g_mutex_unlock (&run->sh->lock);
  return g_get_monotonic_time () + longest >= run->sh->o->deadline;
}

/* The query cannot go on for lack of time.  Out of its own time with an
 * undecided candidate (@bug), its answer is unknown (a prediction without
 * schedule, as before); at the global deadline, or with no candidate in
 * hand, it is left: counted, not reported. */
static void
stop_for_time (Run *run, const guint32 *bug, guint n_bug)
{
  Task *t = run->task;
  run->stop = TRUE;
  if (t->answer == AUGUR_ENC_UNKNOWN)
    return;   /* a candidate Z3 could not decide: reported as such */
  if (bug != NULL && !past_global_deadline (run))
    {
      t->answer = AUGUR_ENC_UNKNOWN;
      memcpy (t->bug, bug, n_bug * sizeof (guint32));
      t->n_bug = n_bug;
      return;
    }
  t->left = TRUE;
}

/* Checked in the enumeration loops, which may go through millions of
 * candidates without one Z3 check: TRUE (and the query stopped) once its
 * deadline has passed.  The clock is read every 4096 steps. */
static gboolean
out_of_time (Run *run)
{
  if ((++run->ticks & 4095) != 0)
    return FALSE;
  if (g_get_monotonic_time () < run->deadline)
    return FALSE;
  stop_for_time (run, NULL, 0);
  return TRUE;
}

/* Runs one check; TRUE when the query is answered (sat) or must stop. */
static gboolean
run_check (Run *run, AugurEncQuery *q, const guint32 *bug, guint n_bug, guint64 site_key)
{
  Task *t = run->task;
  const AugurPredictOptions *o = run->sh->o;
  gpointer seen = g_hash_table_lookup (run->sites, GSIZE_TO_POINTER (site_key));
  if (GPOINTER_TO_UINT (seen) >= CHECKS_PER_SITE)
    return FALSE;
  g_hash_table_insert (run->sites, GSIZE_TO_POINTER (site_key),
                       GUINT_TO_POINTER (GPOINTER_TO_UINT (seen) + 1));
  if (t->n_checks >= o->max_checks)
    {
      t->bound_hit = TRUE;
      run->stop = TRUE;
      return TRUE;
    }
  gint64 now = g_get_monotonic_time ();
  /* no check is started that would not end by the global deadline, as far
   * as the longest one so far tells: encoding a window takes time the
   * solver's timeout does not cover */
  if (now >= run->deadline || past_global_deadline (run))
    {
      /* out of time with candidates left: unknown, or left (stop_for_time) */
      stop_for_time (run, bug, n_bug);
      return TRUE;
    }
  q->max_window = o->max_window;
  q->no_data_flow = !o->data_flow;
  GArray *schedule = g_array_new (FALSE, FALSE, sizeof (guint32));
  AugurEncAnswer answer;
  GError *error = NULL;
  t->n_checks++;
  gboolean checked = augur_encoder_check (run->enc, q, (guint) ((run->deadline - now) / 1000),
                                          &answer, schedule, &error);
  gint64 took = g_get_monotonic_time () - now;
  g_mutex_lock (&run->sh->lock);
  run->sh->longest_check = MAX (run->sh->longest_check, took);
  g_mutex_unlock (&run->sh->lock);
  if ((!checked || answer == AUGUR_ENC_UNKNOWN) && run->sh->o->deadline != 0
      && g_get_monotonic_time () >= run->sh->o->deadline)
    {
      /* interrupted at the deadline (wait_for_workers), which may also
       * make Z3 fail: left, neither undecided nor an error */
      g_clear_error (&error);
      g_array_unref (schedule);
      stop_for_time (run, NULL, 0);
      return TRUE;
    }
  if (!checked)
    {
      g_mutex_lock (&run->sh->lock);
      if (run->sh->error == NULL)
        run->sh->error = error;
      else
        g_error_free (error);
      g_mutex_unlock (&run->sh->lock);
      g_array_unref (schedule);
      run->stop = TRUE;
      return TRUE;
    }
  if (answer == AUGUR_ENC_SAT)
    {
      t->answer = AUGUR_ENC_SAT;
      memcpy (t->bug, bug, n_bug * sizeof (guint32));
      t->n_bug = n_bug;
      t->lo = q->lo;
      t->schedule = schedule;
      run->stop = TRUE;
      return TRUE;
    }
  g_array_unref (schedule);
  if (answer == AUGUR_ENC_UNKNOWN && t->answer != AUGUR_ENC_UNKNOWN)
    {
      t->answer = AUGUR_ENC_UNKNOWN;   /* kept unless a later candidate is sat */
      memcpy (t->bug, bug, n_bug * sizeof (guint32));
      t->n_bug = n_bug;
    }
  return FALSE;
}

static void
run_atomicity (Run *run)
{
  Task *t = run->task;
  const AugurPredModel *m = run->sh->m;
  AugurPredVar *var = g_ptr_array_index (m->vars, t->obj);
  GArray *a1 = var->acc[t->t1], *a2 = var->acc[t->t2];
  char remote = augur_pattern_remote_kind (t->pattern);
  GString *kinds = g_string_new (NULL);
  GArray *last_w = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < a1->len && !run->stop && !out_of_time (run);)
    {
      guint j = i;
      guint32 epoch = m->epoch[g_array_index (a1, guint32, i)];
      g_string_truncate (kinds, 0);
      while (j < a1->len && m->epoch[g_array_index (a1, guint32, j)] == epoch)
        g_string_append_c (kinds, kind_char (m, g_array_index (a1, guint32, j++)));
      g_array_set_size (last_w, kinds->len);
      augur_pattern_last_writes (kinds->str, kinds->len, (guint *) last_w->data);
      for (guint s = 1; s < kinds->len && !run->stop && !out_of_time (run); s++)
        {
          guint wa, wc;
          if (!augur_pattern_witness_at (t->pattern, kinds->str, (const guint *) last_w->data,
                                         kinds->len, s, &wa, &wc))
            continue;
          guint32 ga = g_array_index (a1, guint32, i + wa);
          guint32 gc = g_array_index (a1, guint32, i + wc);
          guint jlo = lower_tidx (m, a2, augur_pred_model_vc (m, ga, t->t2));
          guint jhi = upper_not_after (m, a2, t->t1, gc);
          if (jlo >= jhi)
            continue;
          guint pos = upper_global (a2, g_array_index (a1, guint32, i + s - 1));
          pos = CLAMP (pos, jlo, jhi);
          /* nearest first: pos-1, pos, pos-2, pos+1 ... */
          guint tried = 0;
          for (guint k = 0; k < 2 * (jhi - jlo) + 2 && tried < B_TRIES && !run->stop
                            && !out_of_time (run); k++)
            {
              gint64 jj = (k % 2 == 0) ? (gint64) pos - 1 - k / 2 : (gint64) pos + k / 2;
              if (jj < jlo || jj >= jhi)
                continue;
              guint32 gb = g_array_index (a2, guint32, jj);
              gboolean is_w = (m->acc[gb] & AUGUR_ACC_WRITE) != 0;
              if ((remote == 'W') != is_w || augur_pred_model_common_lock (m, ga, gb))
                continue;
              tried++;
              AugurEncQuery q = {
                .t1 = t->t1, .t2 = t->t2, .lo = MIN (ga, gb),
                .end1 = m->tidx[gc], .end2 = m->tidx[gb], .extend2 = TRUE,
                .goal = AUGUR_ENC_GOAL_ORDER,
                .before = { ga, gb }, .after = { gb, gc }, .n_order = 2,
              };
              /* the violation's own reads may see other values: that is
               * the prediction (doc/predictor.md) */
              if (!(m->acc[ga] & AUGUR_ACC_WRITE))
                q.exempt[q.n_exempt++] = ga;
              if (!(m->acc[gc] & AUGUR_ACC_WRITE))
                q.exempt[q.n_exempt++] = gc;
              if (!is_w)
                q.exempt[q.n_exempt++] = gb;
              guint32 bug[3] = { ga, gb, gc };
              guint64 key = site (m, ga) * 31 + site (m, gb) * 7 + site (m, gc);
              run_check (run, &q, bug, 3, key);
            }
        }
      i = j;
    }
  g_string_free (kinds, TRUE);
  g_array_unref (last_w);
}

static void
run_race (Run *run)
{
  Task *t = run->task;
  const AugurPredModel *m = run->sh->m;
  AugurPredVar *var = g_ptr_array_index (m->vars, t->obj);
  GArray *a1 = var->acc[t->t1], *a2 = var->acc[t->t2];
  for (guint i = 0; i < a1->len && !run->stop && !out_of_time (run); i++)
    {
      guint32 x = g_array_index (a1, guint32, i);
      guint jlo = lower_tidx (m, a2, augur_pred_model_vc (m, x, t->t2));
      guint jhi = upper_not_after (m, a2, t->t1, x);
      if (jlo >= jhi)
        continue;
      guint pos = CLAMP (upper_global (a2, x), jlo, jhi);
      guint tried = 0;
      for (guint k = 0; k < 2 * (jhi - jlo) + 2 && tried < 2 && !run->stop && !out_of_time (run);
           k++)
        {
          gint64 jj = (k % 2 == 0) ? (gint64) pos - 1 - k / 2 : (gint64) pos + k / 2;
          if (jj < jlo || jj >= jhi)
            continue;
          guint32 y = g_array_index (a2, guint32, jj);
          if (!((m->acc[x] | m->acc[y]) & AUGUR_ACC_WRITE))
            continue;
          if ((m->acc[x] & AUGUR_ACC_ATOMIC) && (m->acc[y] & AUGUR_ACC_ATOMIC))
            continue;
          if (augur_pred_model_common_lock (m, x, y))
            continue;
          tried++;
          AugurEncQuery q = {
            .t1 = t->t1, .t2 = t->t2, .lo = MIN (x, y),
            .end1 = m->tidx[x], .end2 = m->tidx[y], .extend2 = FALSE,
            .goal = AUGUR_ENC_GOAL_ADJACENT,
            .exempt = { x, y }, .n_exempt = 2,
          };
          guint32 bug[2] = { x, y };
          run_check (run, &q, bug, 2, site (m, x) * 31 + site (m, y));
        }
    }
}

/* The event a blocked acquisition waits in: the lock request recorded
 * just before it, if there is one. */
static guint32
blocked_at (const AugurPredModel *m, guint t, guint32 q)
{
  guint32 i = m->tidx[q];
  if (i > 0)
    {
      guint32 g = augur_pred_model_event (m, t, i - 1);
      if (augur_trace_event (m->trace, g)->kind == AUGUR_EV_MUTEX_LOCK_REQ)
        return g;
    }
  return q;
}

static void
run_deadlock (Run *run)
{
  Task *t = run->task;
  const AugurPredModel *m = run->sh->m;
  GArray *n1 = m->threads[t->t1].nests, *n2 = m->threads[t->t2].nests;
  for (guint i = 0; i < n1->len && !run->stop; i++)
    {
      AugurPredNest *e1 = &g_array_index (n1, AugurPredNest, i);
      if (!((e1->lock1 == t->obj && e1->lock2 == t->obj2)
            || (e1->lock1 == t->obj2 && e1->lock2 == t->obj)))
        continue;
      for (guint j = 0; j < n2->len && !run->stop && !out_of_time (run); j++)
        {
          AugurPredNest *e2 = &g_array_index (n2, AugurPredNest, j);
          if (e2->lock1 != e1->lock2 || e2->lock2 != e1->lock1)
            continue;
          if (augur_pred_model_hb (m, e1->q, e2->p) || augur_pred_model_hb (m, e2->q, e1->p))
            continue;
          guint32 r1 = blocked_at (m, t->t1, e1->q), r2 = blocked_at (m, t->t2, e2->q);
          if (m->tidx[r1] == 0 || m->tidx[r2] == 0)
            continue;
          AugurEncQuery q = {
            .t1 = t->t1, .t2 = t->t2, .lo = MIN (e1->p, e2->p),
            .end1 = m->tidx[r1] - 1, .end2 = m->tidx[r2] - 1,
            .goal = AUGUR_ENC_GOAL_DEADLOCK,
          };
          guint32 bug[4] = { e1->p, r1, e2->p, r2 };
          run_check (run, &q, bug, 4, site (m, e1->q) * 31 + site (m, e2->q));
        }
    }
}

static void
worker_done (Shared *sh, AugurEncoder *enc)
{
  g_mutex_lock (&sh->lock);
  if (enc != NULL)
    g_ptr_array_remove_fast (sh->encoders, enc);
  sh->n_running--;
  g_cond_signal (&sh->done);
  g_mutex_unlock (&sh->lock);
  augur_encoder_free (enc);
}

static gpointer
worker (gpointer data)
{
  Shared *sh = data;
  GError *error = NULL;
  AugurEncoder *enc = augur_encoder_new (sh->m, &error);
  if (enc == NULL)
    {
      g_mutex_lock (&sh->lock);
      if (sh->error == NULL)
        sh->error = error;
      else
        g_error_free (error);
      g_mutex_unlock (&sh->lock);
      worker_done (sh, NULL);
      return NULL;
    }
  g_mutex_lock (&sh->lock);
  g_ptr_array_add (sh->encoders, enc);
  g_mutex_unlock (&sh->lock);
  GHashTable *sites = g_hash_table_new (NULL, NULL);
  for (;;)
    {
      gint i = g_atomic_int_add (&sh->next, 1);
      if (i >= (gint) sh->tasks->len)
        break;
      g_mutex_lock (&sh->lock);
      gboolean failed = sh->error != NULL;
      g_mutex_unlock (&sh->lock);
      if (failed)
        break;
      gint64 start = g_get_monotonic_time ();
      /* past the deadline, the queries not started are left (n_left) */
      if (sh->o->deadline != 0 && start >= sh->o->deadline)
        break;
      Task *t = g_ptr_array_index (sh->tasks, i);
      t->answer = AUGUR_ENC_UNSAT;
      t->left = FALSE;
      g_hash_table_remove_all (sites);
      gint64 deadline = start + (gint64) sh->o->timeout_ms * 1000;
      if (sh->o->deadline != 0)
        deadline = MIN (deadline, sh->o->deadline);
      Run run = { .enc = enc, .sh = sh, .task = t, .sites = sites, .deadline = deadline };
      switch (t->kind)
        {
        case TASK_ATOMICITY: run_atomicity (&run); break;
        case TASK_RACE: run_race (&run); break;
        case TASK_DEADLOCK: run_deadlock (&run); break;
        }
      t->ms = (g_get_monotonic_time () - start) / 1000.0;
    }
  g_hash_table_unref (sites);
  worker_done (sh, enc);
  return NULL;
}

/* Waits for the workers.  At the deadline, the Z3 checks still running are
 * interrupted (every 100 ms, until every worker is done): a solver does
 * not always keep to its timeout (a check given 2 s ran 13 minutes). */
static void
wait_for_workers (Shared *sh)
{
  g_mutex_lock (&sh->lock);
  while (sh->n_running > 0)
    {
      gint64 now = g_get_monotonic_time ();
      if (sh->o->deadline == 0)
        g_cond_wait (&sh->done, &sh->lock);
      else if (now < sh->o->deadline)
        g_cond_wait_until (&sh->done, &sh->lock, sh->o->deadline);
      else
        {
          for (guint i = 0; i < sh->encoders->len; i++)
            augur_encoder_interrupt (g_ptr_array_index (sh->encoders, i));
          g_cond_wait_until (&sh->done, &sh->lock, now + G_USEC_PER_SEC / 10);
        }
    }
  g_mutex_unlock (&sh->lock);
}

/* ---- the queries ---- */

static void
add_task (GPtrArray *tasks, TaskKind kind, guint32 obj, guint32 obj2, guint t1, guint t2,
          AugurPattern p)
{
  Task *t = g_new0 (Task, 1);
  t->kind = kind;
  t->obj = obj;
  t->obj2 = obj2;
  t->t1 = t1;
  t->t2 = t2;
  t->pattern = p;
  t->answer = AUGUR_ENC_UNSAT;
  t->left = TRUE;   /* until a worker takes it */
  g_ptr_array_add (tasks, t);
}

static GPtrArray *
make_tasks (const AugurPredModel *m, const AugurPredictOptions *o, AugurPredFilter *filter,
            guint *n_skipped)
{
  GPtrArray *tasks = g_ptr_array_new_with_free_func (task_free);
  for (guint v = 0; v < m->vars->len; v++)
    {
      AugurPredVar *var = g_ptr_array_index (m->vars, v);
      if (!var->shared)
        continue;
      for (guint t1 = 0; t1 < m->n_threads; t1++)
        for (guint t2 = 0; t2 < m->n_threads; t2++)
          {
            if (t1 == t2 || var->acc[t1] == NULL || var->acc[t2] == NULL)
              continue;
            if (o->atomicity)
              {
                if (augur_pred_filter_may_interfere (filter, v, t1, t2))
                  for (guint p = 0; p < AUGUR_PATTERN_N; p++)
                    add_task (tasks, TASK_ATOMICITY, v, 0, t1, t2, p);
                else
                  *n_skipped += AUGUR_PATTERN_N;
              }
            if (o->races && t1 < t2)
              {
                if (augur_pred_filter_may_race (filter, v, t1, t2))
                  add_task (tasks, TASK_RACE, v, 0, t1, t2, 0);
                else
                  (*n_skipped)++;
              }
          }
    }
  if (o->deadlocks)
    {
      GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint t1 = 0; t1 < m->n_threads; t1++)
        for (guint i = 0; i < m->threads[t1].nests->len; i++)
          {
            AugurPredNest *e = &g_array_index (m->threads[t1].nests, AugurPredNest, i);
            guint32 l1 = MIN (e->lock1, e->lock2), l2 = MAX (e->lock1, e->lock2);
            for (guint t2 = t1 + 1; t2 < m->n_threads; t2++)
              {
                char *key = g_strdup_printf ("%u/%u/%u/%u", t1, t2, l1, l2);
                if (g_hash_table_contains (seen, key))
                  {
                    g_free (key);
                    continue;
                  }
                g_hash_table_add (seen, key);
                add_task (tasks, TASK_DEADLOCK, l1, l2, t1, t2, 0);
              }
          }
      g_hash_table_unref (seen);
    }
  return tasks;
}

/* ---- findings ---- */

static AugurOp
op_of (const AugurRecord *r)
{
  return r->kind == AUGUR_EV_END ? augur_ops_end_op (r->aux) : augur_ops_event (r->kind)->op;
}

typedef struct {
  const AugurPredModel *m;
  AugurSymbolizer *sym;
} Ctx;

static void
source_of (Ctx *c, guint32 g, AugurSource *src)
{
  const AugurRecord *r = augur_trace_event (c->m->trace, g);
  memset (src, 0, sizeof *src);
  if (r->pc == 0 || !augur_symbolizer_source (c->sym, r->module, r->pc, src))
    {
      src->file = NULL;
      src->line = 0;
    }
}

static gint
peer_of (const AugurRecord *r)
{
  if (augur_ops_event (r->kind)->object != AUGUR_OPS_OBJ_THREAD)
    return -1;
  /* main has no parent */
  if (r->kind == AUGUR_EV_THREAD_START && (r->addr == 0xffffffffu || (r->tid == 0 && r->addr == 0)))
    return -1;
  return (gint) r->addr;
}

static guint
add_step (Ctx *c, AugurFinding *f, guint32 g, AugurOp op)
{
  const AugurRecord *r = augur_trace_event (c->m->trace, g);
  AugurSource src;
  source_of (c, g, &src);
  return augur_finding_add_step (f, r->tid, c->m->tidx[g], op, augur_pred_model_object_name (c->m, g),
                                 peer_of (r), src.file, src.line, src.function);
}

static void
add_access (Ctx *c, AugurFinding *f, guint32 g, AugurOp op)
{
  const AugurRecord *r = augur_trace_event (c->m->trace, g);
  AugurSource src;
  source_of (c, g, &src);
  g_auto (GStrv) locks = augur_pred_model_locks_held (c->m, g);
  augur_finding_add_access (f, r->tid, c->m->tidx[g], op, src.file, src.line, src.function,
                            (const char *const *) locks);
}

static char *
where (Ctx *c, guint32 g)
{
  AugurSource src;
  source_of (c, g, &src);
  if (src.file == NULL)
    return g_strdup ("?");
  g_autofree char *base = g_path_get_basename (src.file);
  return g_strdup_printf ("%s:%u", base, src.line);
}

static const char *
op_word (const AugurPredModel *m, guint32 g)
{
  return (m->acc[g] & AUGUR_ACC_WRITE) ? "write" : "read";
}

static AugurFinding *
task_finding (Ctx *c, Task *t, const AugurPredictOptions *o, gboolean *cut)
{
  const AugurPredModel *m = c->m;
  g_autoptr (AugurFinding) f = NULL;
  const char *answer = t->answer == AUGUR_ENC_SAT ? "sat" : "unknown";
  g_autofree char *note = t->answer == AUGUR_ENC_SAT
                            ? g_strdup ("Predicted, not confirmed")
                            : g_strdup ("Possible, not decided (the solver ran out of time)");
  guint32 *b = t->bug;
  if (t->kind == TASK_ATOMICITY)
    {
      AugurPredVar *var = g_ptr_array_index (m->vars, t->obj);
      g_autofree char *wa = where (c, b[0]), *wb = where (c, b[1]), *wc = where (c, b[2]);
      g_autofree char *text = g_strdup_printf (
        "%s: T%u's %s of %s (%s) can come between T%u's %s (%s) and %s (%s): %s (%s).", note,
        t->t2, op_word (m, b[1]), var->name, wb, t->t1, op_word (m, b[0]), wa, op_word (m, b[2]),
        wc, augur_pattern_description (t->pattern), augur_pattern_name (t->pattern));
      f = augur_finding_new (AUGUR_FINDING_ATOMICITY_VIOLATION, NULL, text);
      augur_finding_set_object (f, var->name, "variable");
      augur_finding_set_prediction (f, augur_pattern_name (t->pattern), answer);
      for (guint i = 0; i < 3; i++)
        add_access (c, f, b[i], op_of (augur_trace_event (m->trace, b[i])));
    }
  else if (t->kind == TASK_RACE)
    {
      AugurPredVar *var = g_ptr_array_index (m->vars, t->obj);
      g_autofree char *wa = where (c, b[0]), *wb = where (c, b[1]);
      g_autofree char *text = g_strdup_printf (
        "%s: T%u's %s of %s (%s) and T%u's %s (%s) can run back to back, unordered.", note,
        t->t1, op_word (m, b[0]), var->name, wa, t->t2, op_word (m, b[1]), wb);
      f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, text);
      augur_finding_set_object (f, var->name, "variable");
      augur_finding_set_prediction (f, "race", answer);
      for (guint i = 0; i < 2; i++)
        add_access (c, f, b[i], op_of (augur_trace_event (m->trace, b[i])));
    }
  else
    {
      const char *l1 = augur_pred_model_object_name (m, b[0]);
      const char *l2 = augur_pred_model_object_name (m, b[2]);
      g_autofree char *w0 = where (c, b[0]), *w1 = where (c, b[1]), *w2 = where (c, b[2]),
                      *w3 = where (c, b[3]);
      g_autofree char *text = g_strdup_printf (
        "%s: T%u holds %s (%s) and waits for %s (%s) while T%u holds %s (%s) and waits for %s (%s).",
        note, t->t1, l1, w0, l2, w1, t->t2, l2, w2, l1, w3);
      f = augur_finding_new (AUGUR_FINDING_DEADLOCK, NULL, text);
      augur_finding_set_object (f, l1, "mutex");
      augur_finding_set_prediction (f, "lock-order", answer);
      add_access (c, f, b[0], AUGUR_OP_LOCK);
      add_access (c, f, b[1], AUGUR_OP_LOCK_REQUEST);
      add_access (c, f, b[2], AUGUR_OP_LOCK);
      add_access (c, f, b[3], AUGUR_OP_LOCK_REQUEST);
    }
  augur_finding_add_thread (f, t->t1);
  augur_finding_add_thread (f, t->t2);

  if (t->answer == AUGUR_ENC_SAT)
    {
      guint64 total = (guint64) t->lo + t->schedule->len;
      guint32 from = 0;
      if (total > o->max_schedule_steps)
        {
          *cut = TRUE;
          from = t->lo;   /* the recorded prefix is left out: see doc/predictor.md */
        }
      for (guint32 g = from; g < t->lo; g++)
        if (augur_trace_event (m->trace, g)->tid < m->n_threads)
          add_step (c, f, g, op_of (augur_trace_event (m->trace, g)));
      for (guint i = 0; i < t->schedule->len; i++)
        {
          guint32 g = g_array_index (t->schedule, guint32, i);
          guint step = add_step (c, f, g, op_of (augur_trace_event (m->trace, g)));
          for (guint k = 0; k < t->n_bug; k++)
            if (b[k] == g)
              augur_finding_mark_bug_step (f, step);
        }
      if (t->kind == TASK_DEADLOCK)
        {
          augur_finding_mark_bug_step (f, add_step (c, f, b[1], AUGUR_OP_LOCK_REQUEST));
          augur_finding_mark_bug_step (f, add_step (c, f, b[3], AUGUR_OP_LOCK_REQUEST));
        }
    }
  return g_steal_pointer (&f);
}

static int
double_cmp (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

gboolean
augur_predict (const AugurTrace *trace, AugurSymbolizer *symbolizer,
               const AugurPredictOptions *options, AugurResults *out, AugurPredictStats *stats,
               GError **error)
{
  AugurPredictOptions defaults;
  if (options == NULL)
    {
      augur_predict_options_init (&defaults);
      options = &defaults;
    }
  g_autoptr (AugurSymbolizer) own_sym = NULL;
  if (symbolizer == NULL)
    symbolizer = own_sym = augur_symbolizer_new_for_trace (trace);

  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (AugurPredModel) m = augur_pred_model_new (trace, symbolizer);
  gint64 t1 = g_get_monotonic_time ();
  if (m->too_large)
    {
      g_set_error (error, AUGUR_PREDICT_ERROR, AUGUR_PREDICT_ERROR_TOO_LARGE,
                   "the trace is too large to predict from: its %u threads and %zu events "
                   "need more than %" G_GUINT64_FORMAT " vector-clock entries (a program "
                   "that creates thousands of threads); record a shorter run, or explore "
                   "the program", augur_trace_n_threads (trace), augur_trace_n_events (trace),
                   m->max_vc);
      return FALSE;
    }

  /* queries are made per pair of threads on each shared variable: with
   * thousands of threads on one counter, hundreds of millions of them */
  guint64 n_tasks = 0;
  for (guint v = 0; v < m->vars->len; v++)
    {
      AugurPredVar *var = g_ptr_array_index (m->vars, v);
      guint64 k = 0;
      for (guint t = 0; var->shared && t < m->n_threads; t++)
        k += var->acc[t] != NULL;
      n_tasks += k * (k - (k > 0)) * (options->atomicity ? AUGUR_PATTERN_N + 1 : 1);
    }
  if (n_tasks > MAX_TASKS)
    {
      g_set_error (error, AUGUR_PREDICT_ERROR, AUGUR_PREDICT_ERROR_TOO_LARGE,
                   "the trace is too large to predict from: its %u threads make %" G_GUINT64_FORMAT
                   " queries on their shared variables, more than the predictor takes (%u; a "
                   "program where thousands of threads share data); record a shorter run, or "
                   "explore the program", m->n_threads, n_tasks, MAX_TASKS);
      return FALSE;
    }

  Shared sh = { .m = m, .o = options };
  g_mutex_init (&sh.lock);
  g_cond_init (&sh.done);
  sh.encoders = g_ptr_array_new ();
  guint n_skipped = 0;
  {
    g_autoptr (AugurPredFilter) filter = augur_pred_filter_new (options->facts, m, symbolizer);
    sh.tasks = make_tasks (m, options, filter, &n_skipped);
  }
  guint n_workers = options->n_workers > 0 ? options->n_workers : g_get_num_processors ();
  n_workers = CLAMP (n_workers, 1u, 64u);
  GThread **threads = g_new0 (GThread *, n_workers);
  sh.n_running = n_workers;
  for (guint i = 0; i < n_workers; i++)
    threads[i] = g_thread_new ("augur-predict", worker, &sh);
  wait_for_workers (&sh);
  for (guint i = 0; i < n_workers; i++)
    g_thread_join (threads[i]);
  g_free (threads);
  gint64 t2 = g_get_monotonic_time ();
  g_ptr_array_unref (sh.encoders);
  g_cond_clear (&sh.done);
  g_mutex_clear (&sh.lock);
  if (sh.error != NULL)
    {
      g_propagate_error (error, sh.error);
      g_ptr_array_unref (sh.tasks);
      return FALSE;
    }

  Ctx c = { .m = m, .sym = symbolizer };
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));
  AugurPredictStats st = { 0 };
  gboolean cut = FALSE, bound = FALSE;
  for (guint i = 0; i < sh.tasks->len; i++)
    {
      Task *t = g_ptr_array_index (sh.tasks, i);
      bound |= t->bound_hit;
      if (t->left)
        {
          st.n_left++;
          continue;
        }
      if (t->n_checks > 0)
        {
          st.n_queries++;
          st.n_checks += t->n_checks;
          g_array_append_val (times, t->ms);
        }
      if (t->answer != AUGUR_ENC_SAT && t->answer != AUGUR_ENC_UNKNOWN)
        continue;
      if (t->answer == AUGUR_ENC_SAT)
        st.n_sat++;
      else
        st.n_unknown++;
      /* the same lines seen from the other thread, another pair of threads
       * or another element of an array running the same code: one
       * prediction (the first in query order, so the output is stable) */
      GString *key = g_string_new (NULL);
      g_string_append_printf (key, "%d %d", t->kind, t->kind == TASK_ATOMICITY ? (int) t->pattern : 0);
      for (guint k = 0; k < t->n_bug; k++)
        {
          AugurSource src;
          source_of (&c, t->bug[k], &src);
          if (src.file != NULL)
            g_string_append_printf (key, " %s:%u:%d", src.file, src.line, m->acc[t->bug[k]]);
          else   /* no source: only the same events are the same prediction */
            g_string_append_printf (key, " %s T%u#%u", augur_pred_model_object_name (m, t->bug[k]),
                                    augur_pred_thread_of (m, t->bug[k]), m->tidx[t->bug[k]]);
        }
      if (g_hash_table_contains (seen, key->str))
        {
          g_string_free (key, TRUE);
          continue;
        }
      g_hash_table_add (seen, g_string_free (key, FALSE));
      g_autoptr (AugurFinding) f = task_finding (&c, t, options, &cut);
      if (augur_pred_finding_ruled_out (options->facts, f))
        st.n_ruled_out++;
      else
        augur_results_add_finding (out, f);
    }
  if (options->deadlocks)
    {
      /* every inversion of the run, with what Z3 said of its two locks */
      g_autoptr (GHashTable) feasible = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                               NULL);
      for (guint i = 0; i < sh.tasks->len; i++)
        {
          Task *t = g_ptr_array_index (sh.tasks, i);
          if (t->kind == TASK_DEADLOCK
              && (t->answer == AUGUR_ENC_SAT || t->answer == AUGUR_ENC_UNKNOWN))
            g_hash_table_add (feasible, augur_pred_lock_order_pair_key (
                                          g_ptr_array_index (m->sync_names, t->obj),
                                          g_ptr_array_index (m->sync_names, t->obj2)));
        }
      augur_pred_lock_order (m, symbolizer, feasible, out);
    }
  if (cut)
    augur_results_add_bound_hit (out, "schedule-steps");
  if (bound)
    augur_results_add_bound_hit (out, "checks-per-query");
  if (st.n_left > 0)
    augur_results_add_bound_hit (out, "predictor-time");
  g_hash_table_unref (seen);
  if (times->len > 0)
    {
      g_array_sort (times, double_cmp);
      guint n = times->len;
      st.median_query_ms = n % 2 ? g_array_index (times, double, n / 2)
                                 : (g_array_index (times, double, n / 2 - 1)
                                    + g_array_index (times, double, n / 2)) / 2;
    }
  g_array_unref (times);
  st.model_s = (t1 - t0) / 1e6;
  st.solve_s = (t2 - t1) / 1e6;
  st.n_skipped = n_skipped;
  st.n_events = m->n_events;
  st.n_threads = m->n_threads;
  for (guint v = 0; v < m->vars->len; v++)
    st.n_shared += ((AugurPredVar *) g_ptr_array_index (m->vars, v))->shared;
  if (stats != NULL)
    *stats = st;
  g_ptr_array_unref (sh.tasks);
  return TRUE;
}

char *
augur_predict_finding_to_line (AugurFinding *f)
{
  GString *s = g_string_new (NULL);
  g_autofree char *kind = augur_finding_dup_full_kind (f);
  guint n_threads;
  const guint *threads = augur_finding_get_threads (f, &n_threads);
  g_string_append_printf (s, "%s %s %s", kind,
                          augur_finding_get_prediction_pattern (f)
                            ? augur_finding_get_prediction_pattern (f) : "-",
                          augur_finding_get_object (f) ? augur_finding_get_object (f) : "-");
  for (guint i = 0; i < n_threads; i++)
    g_string_append_printf (s, " T%u", threads[i]);
  g_string_append_c (s, ':');
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      g_autofree char *base = a->file ? g_path_get_basename (a->file) : g_strdup ("?");
      g_string_append_printf (s, "%s T%u %s %s:%u", i ? "," : "", a->thread,
                              augur_op_to_string (a->op), base, a->line);
    }
  const char *answer = augur_finding_get_prediction_answer (f);
  if (answer != NULL && strcmp (answer, "sat") != 0)
    g_string_append_printf (s, " (%s)", answer);
  return g_string_free (s, FALSE);
}
