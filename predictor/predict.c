/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * predict.c — the queries of the predictor (predict.h): asking Z3 about the
 * candidates of each source pattern (candidates.h) on worker threads, and
 * turning the answers into findings with schedules.
 */
#include "config.h"

#include <string.h>

#include "common/augur-ops.h"

#include "predictor/candidates.h"
#include "predictor/encoding.h"
#include "predictor/lock-order.h"
#include "predictor/model.h"
#include "predictor/patterns.h"
#include "predictor/predict.h"
#include "predictor/static-filter.h"
#include "common/source-label.h"

/* The shares of the time left, when there is a deadline: the model may
 * take half of it, then finding the candidates a quarter of what is left;
 * the rest is the Z3 checks' and the findings'. */
#define MODEL_SHARE 0.5
#define CANDIDATES_SHARE 0.25

/* One source pattern's query and its answer. */
typedef struct {
  const AugurCandPattern *cp;   /* borrowed */
  AugurEncAnswer answer;  /* SAT, UNKNOWN, or UNSAT when nothing was found */
  const AugurCandidate *chosen;  /* the sat or undecided instance */
  GArray *schedule;       /* guint32, from chosen->q.lo on */
  guint n_checks;
  guint n_orders_only;    /* of them, decided by the orders alone (no Z3) */
  guint n_delayed, n_too_large;   /* of them, windows too large to encode */
  double ms;
  gboolean bound_hit;     /* instances left unasked, its checks spent */
  gboolean left;          /* not asked, or stopped by time before an answer: counted in
                           * AugurPredictStats.n_left, not a prediction */
} Task;

/* A check Z3 does not stop when interrupted is given up this long after
 * its deadline: its thread is left to end on its own (a check given 1 s
 * ran 68 s on a thread pool's trace, the solver deaf to Z3_interrupt). */
#define GIVE_UP_US (2 * G_USEC_PER_SEC)

typedef struct _Shared Shared;

/* One worker thread (under Shared.lock). */
typedef struct {
  Shared *sh;
  GThread *thread;
  AugurEncoder *enc;      /* its Z3 context, NULL until made */
  Task *task;             /* the query it works on */
  gint64 check_until;     /* monotonic us: the check under way must end by then; 0: none */
  gboolean abandoned;     /* given up in a check: it touches nothing shared any more */
} Worker;

/* What the workers share.  Reference-counted: a worker given up in a
 * check keeps it (with the tasks) until it ends, after augur_predict may
 * have returned. */
struct _Shared {
  gint refs;
  const AugurPredModel *m;
  AugurPredictOptions opts;  /* a copy: a worker given up outlives the caller's */
  const AugurPredictOptions *o;   /* &opts */
  GPtrArray *tasks;
  gint next;
  GMutex lock;
  GError *error;          /* the first Z3 failure */
  gint64 longest_check;   /* us, the longest Z3 check so far (under lock): its encoding
                           * is not bounded by the solver's timeout */
  GPtrArray *workers;     /* Worker*, under lock: one more for each given up */
  guint n_running;        /* workers not finished nor given up (under lock) */
  guint n_abandoned;      /* workers given up */
  GCond done;             /* signalled when a worker finishes */
};

/* Workers given up in a Z3 check that are still running: the process
 * must not run Z3's static destructors under them (augur_predict_busy). */
static gint abandoned_running;

static void
shared_unref (Shared *sh)
{
  if (!g_atomic_int_dec_and_test (&sh->refs))
    return;
  g_ptr_array_unref (sh->tasks);
  if (sh->error != NULL)
    g_error_free (sh->error);
  g_ptr_array_unref (sh->workers);
  g_cond_clear (&sh->done);
  g_mutex_clear (&sh->lock);
  g_free (sh);
}

gboolean
augur_predict_busy (void)
{
  return g_atomic_int_get (&abandoned_running) > 0;
}

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

typedef struct {
  AugurEncoder *enc;
  Shared *sh;
  Worker *w;
  Task *task;
  gint64 deadline;        /* monotonic us: the query's own, or the global one if sooner */
  gboolean stop;
  gboolean abandoned;     /* given up in a check: nothing shared may be touched */
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
 * undecided candidate (@c), its answer is unknown (a prediction without
 * schedule, as before); at the global deadline, or with no candidate in
 * hand, it is left: counted, not reported. */
static void
stop_for_time (Run *run, const AugurCandidate *c)
{
  Task *t = run->task;
  run->stop = TRUE;
  if (t->answer == AUGUR_ENC_UNKNOWN)
    return;   /* a candidate Z3 could not decide: reported as such */
  if (c != NULL && !past_global_deadline (run))
    {
      t->answer = AUGUR_ENC_UNKNOWN;
      t->chosen = c;
      return;
    }
  t->left = TRUE;
}

/* A check failed: Z3's error is kept (the first one) and the query stops. */
static void
check_failed (Run *run, GError *error)
{
  g_mutex_lock (&run->sh->lock);
  if (run->sh->error == NULL)
    run->sh->error = error;
  else
    g_error_free (error);
  g_mutex_unlock (&run->sh->lock);
  run->stop = TRUE;
}

/* Runs the check of candidate c; sets run->stop when the query is
 * answered (sat) or must stop. */
static void
run_check (Run *run, const AugurCandidate *c)
{
  Task *t = run->task;
  const AugurPredictOptions *o = run->sh->o;
  gint64 now = g_get_monotonic_time ();
  /* no check is started that would not end by the global deadline, as far
   * as the longest one so far tells: encoding a window takes time the
   * solver's timeout does not cover */
  if (now >= run->deadline || past_global_deadline (run))
    {
      stop_for_time (run, c);   /* out of time with candidates left: unknown, or left */
      return;
    }
  AugurEncQuery q = c->q;
  q.max_window = o->max_window;
  q.no_data_flow = !o->data_flow;
  g_autoptr (GArray) schedule = g_array_new (FALSE, FALSE, sizeof (guint32));
  AugurEncAnswer answer;
  GError *error = NULL;
  t->n_checks++;
  guint orders_only = augur_encoder_n_orders_only (run->enc);
  guint delayed, too_large;
  augur_encoder_n_large (run->enc, &delayed, &too_large);
  g_mutex_lock (&run->sh->lock);
  run->w->check_until = run->deadline;
  g_cond_signal (&run->sh->done);   /* wait_for_workers watches its deadline */
  g_mutex_unlock (&run->sh->lock);
  gboolean checked = augur_encoder_check (run->enc, &q, (guint) ((run->deadline - now) / 1000),
                                          &answer, schedule, &error);
  g_mutex_lock (&run->sh->lock);
  run->w->check_until = 0;
  run->abandoned = run->w->abandoned;
  g_mutex_unlock (&run->sh->lock);
  if (run->abandoned)
    {
      /* the task was counted as left; the candidates may be freed */
      g_clear_error (&error);
      run->stop = TRUE;
      return;
    }
  t->n_orders_only += augur_encoder_n_orders_only (run->enc) - orders_only;
  guint delayed_after, too_large_after;
  augur_encoder_n_large (run->enc, &delayed_after, &too_large_after);
  t->n_delayed += delayed_after - delayed;
  t->n_too_large += too_large_after - too_large;
  gint64 took = g_get_monotonic_time () - now;
  g_mutex_lock (&run->sh->lock);
  run->sh->longest_check = MAX (run->sh->longest_check, took);
  g_mutex_unlock (&run->sh->lock);
  if ((!checked || answer == AUGUR_ENC_UNKNOWN) && o->deadline != 0
      && g_get_monotonic_time () >= o->deadline)
    {
      /* interrupted at the deadline (wait_for_workers), which may also
       * make Z3 fail: left, neither undecided nor an error */
      g_clear_error (&error);
      stop_for_time (run, NULL);
    }
  else if (!checked)
    check_failed (run, error);
  else if (answer == AUGUR_ENC_SAT)
    {
      t->answer = AUGUR_ENC_SAT;
      t->chosen = c;
      t->schedule = g_steal_pointer (&schedule);
      run->stop = TRUE;
    }
  else if (answer == AUGUR_ENC_UNKNOWN && t->answer != AUGUR_ENC_UNKNOWN)
    {
      t->answer = AUGUR_ENC_UNKNOWN;   /* kept unless a later candidate is sat */
      t->chosen = c;
    }
}

/* One source pattern: its instances, earliest first, until one is
 * feasible, time is out or its checks are spent. */
static void
run_task (Run *run)
{
  Task *t = run->task;
  GArray *cands = t->cp->cands;
  /* run->stop first: a worker given up must not read the candidates */
  for (guint i = 0; !run->stop && i < cands->len; i++)
    {
      if (t->n_checks >= run->sh->o->max_checks)
        {
          t->bound_hit = TRUE;
          break;
        }
      run_check (run, &g_array_index (cands, AugurCandidate, i));
    }
  if (run->abandoned)
    return;
  /* instances found but not kept: checks spent or not, none answered */
  if (!run->stop && !t->bound_hit && t->answer != AUGUR_ENC_SAT
      && t->cp->n_instances > cands->len)
    t->bound_hit = TRUE;
}

static void
worker_done (Worker *w)
{
  Shared *sh = w->sh;
  g_mutex_lock (&sh->lock);
  AugurEncoder *enc = g_steal_pointer (&w->enc);
  gboolean abandoned = w->abandoned;
  if (!abandoned)
    {
      sh->n_running--;
      g_cond_signal (&sh->done);
    }
  g_mutex_unlock (&sh->lock);
  augur_encoder_free (enc);
  if (abandoned)
    g_atomic_int_add (&abandoned_running, -1);
  shared_unref (sh);
}

/* Takes the next query; NULL when none is left or the run must stop. */
static Task *
next_task (Shared *sh, gint64 now)
{
  gint i = g_atomic_int_add (&sh->next, 1);
  if (i >= (gint) sh->tasks->len)
    return NULL;
  g_mutex_lock (&sh->lock);
  gboolean failed = sh->error != NULL;
  g_mutex_unlock (&sh->lock);
  /* past the deadline, the queries not started are left (n_left) */
  if (failed || (sh->o->deadline != 0 && now >= sh->o->deadline))
    return NULL;
  return g_ptr_array_index (sh->tasks, i);
}

static gpointer
worker (gpointer data)
{
  Worker *w = data;
  Shared *sh = w->sh;
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
      worker_done (w);
      return NULL;
    }
  g_mutex_lock (&sh->lock);
  w->enc = enc;
  g_mutex_unlock (&sh->lock);
  Task *t;
  gint64 start;
  while ((t = next_task (sh, start = g_get_monotonic_time ())) != NULL)
    {
      t->answer = AUGUR_ENC_UNSAT;
      t->left = FALSE;
      gint64 deadline = start + (gint64) sh->o->timeout_ms * 1000;
      if (sh->o->deadline != 0)
        deadline = MIN (deadline, sh->o->deadline);
      g_mutex_lock (&sh->lock);
      w->task = t;
      g_mutex_unlock (&sh->lock);
      Run run = { .enc = enc, .sh = sh, .w = w, .task = t, .deadline = deadline };
      run_task (&run);
      if (run.abandoned)
        break;
      t->ms = (g_get_monotonic_time () - start) / 1000.0;
    }
  worker_done (w);
  return NULL;
}

/* A new worker thread (under the lock). */
static void
start_worker (Shared *sh)
{
  Worker *w = g_new0 (Worker, 1);
  w->sh = sh;
  g_atomic_int_inc (&sh->refs);
  sh->n_running++;
  g_ptr_array_add (sh->workers, w);
  w->thread = g_thread_new ("augur-predict", worker, w);
}

/* Gives up worker @w, in a check Z3 did not stop (under the lock): its
 * query is left, it ends on its own, and another worker takes the
 * queries not started. */
static void
abandon (Shared *sh, Worker *w)
{
  w->abandoned = TRUE;
  augur_encoder_abandon (w->enc);
  w->task->left = TRUE;
  sh->n_running--;
  sh->n_abandoned++;
  g_atomic_int_inc (&abandoned_running);
  if (g_atomic_int_get (&sh->next) < (gint) sh->tasks->len && sh->error == NULL)
    start_worker (sh);
}

/* Waits for the workers.  A check past its deadline (the query's own or
 * the global one) is interrupted every 100 ms: a solver does not always
 * keep to its timeout (a check given 2 s ran 13 minutes).  One that still
 * runs GIVE_UP_US later is given up. */
static void
wait_for_workers (Shared *sh)
{
  g_mutex_lock (&sh->lock);
  while (sh->n_running > 0)
    {
      gint64 now = g_get_monotonic_time ();
      gint64 wake = sh->o->deadline != 0 ? MAX (sh->o->deadline, now + G_USEC_PER_SEC / 10)
                                         : G_MAXINT64;
      for (guint i = 0; i < sh->workers->len; i++)
        {
          Worker *w = g_ptr_array_index (sh->workers, i);
          if (w->abandoned || w->check_until == 0)
            continue;
          if (now >= w->check_until + GIVE_UP_US)
            abandon (sh, w);
          else if (now >= w->check_until)
            {
              augur_encoder_interrupt (w->enc);
              wake = MIN (wake, now + G_USEC_PER_SEC / 10);
            }
          else
            wake = MIN (wake, w->check_until);
        }
      if (sh->n_running == 0)
        break;
      if (wake == G_MAXINT64)
        g_cond_wait (&sh->done, &sh->lock);
      else
        g_cond_wait_until (&sh->done, &sh->lock, wake);
    }
  g_mutex_unlock (&sh->lock);
}

/* Runs the queries of `set` on worker threads; FALSE with Z3's error.
 * *n_abandoned: how many checks were given up (their queries left). */
static GPtrArray *
run_tasks (const AugurPredModel *m, const AugurPredictOptions *o, const AugurCandSet *set,
           guint *n_abandoned, GError **error)
{
  Shared *sh = g_new0 (Shared, 1);
  sh->m = m;
  sh->opts = *o;
  sh->o = &sh->opts;
  g_mutex_init (&sh->lock);
  g_cond_init (&sh->done);
  sh->tasks = g_ptr_array_new_with_free_func (task_free);
  for (guint i = 0; i < set->patterns->len; i++)
    {
      Task *t = g_new0 (Task, 1);
      t->cp = g_ptr_array_index (set->patterns, i);
      t->answer = AUGUR_ENC_UNSAT;
      t->left = TRUE;   /* until a worker takes it */
      g_ptr_array_add (sh->tasks, t);
    }
  guint n_workers = o->n_workers > 0 ? o->n_workers : g_get_num_processors ();
  n_workers = CLAMP (n_workers, 1u, 64u);
  n_workers = MAX (1u, MIN (n_workers, sh->tasks->len));
  sh->workers = g_ptr_array_new_with_free_func (g_free);
  sh->refs = 1;
  g_mutex_lock (&sh->lock);
  for (guint i = 0; i < n_workers; i++)
    start_worker (sh);
  g_mutex_unlock (&sh->lock);
  wait_for_workers (sh);
  /* no worker is started any more: the array is only read from here */
  for (guint i = 0; i < sh->workers->len; i++)
    {
      Worker *w = g_ptr_array_index (sh->workers, i);
      g_mutex_lock (&sh->lock);
      gboolean abandoned = w->abandoned;
      g_mutex_unlock (&sh->lock);
      if (abandoned)
        g_thread_unref (w->thread);   /* it ends on its own */
      else
        g_thread_join (w->thread);
    }
  *n_abandoned = sh->n_abandoned;
  GPtrArray *tasks = NULL;
  g_mutex_lock (&sh->lock);
  if (sh->error != NULL)
    g_propagate_error (error, g_steal_pointer (&sh->error));
  else
    tasks = g_ptr_array_ref (sh->tasks);
  g_mutex_unlock (&sh->lock);
  shared_unref (sh);
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
  augur_pred_model_source (c->m, c->sym, g, &src);
  return augur_finding_add_step (f, r->tid, c->m->tidx[g], op, augur_pred_model_object_name (c->m, g),
                                 peer_of (r), src.file, src.line, src.function);
}

static void
add_access (Ctx *c, AugurFinding *f, guint32 g, AugurOp op)
{
  const AugurRecord *r = augur_trace_event (c->m->trace, g);
  AugurSource src;
  augur_pred_model_source (c->m, c->sym, g, &src);
  g_auto (GStrv) locks = augur_pred_model_locks_held (c->m, g);
  augur_finding_add_access (f, r->tid, c->m->tidx[g], op, src.file, src.line, src.function,
                            (const char *const *) locks);
}

static char *
where (Ctx *c, guint32 g)
{
  AugurSource src;
  augur_pred_model_source (c->m, c->sym, g, &src);
  if (src.file == NULL)
    return g_strdup ("?");
  g_autofree char *base = augur_source_label (src.file);
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
  const AugurCandidate *cd = t->chosen;
  g_autoptr (AugurFinding) f = NULL;
  const char *answer = t->answer == AUGUR_ENC_SAT ? "sat" : "unknown";
  g_autofree char *note = t->answer == AUGUR_ENC_SAT
                            ? g_strdup ("Predicted, not confirmed")
                            : g_strdup ("Possible, not decided (the solver ran out of time)");
  const guint32 *b = cd->bug;
  if (cd->kind == AUGUR_CAND_ATOMICITY)
    {
      AugurPredVar *var = g_ptr_array_index (m->vars, cd->obj);
      g_autofree char *wa = where (c, b[0]), *wb = where (c, b[1]), *wc = where (c, b[2]);
      g_autofree char *text = g_strdup_printf (
        "%s: T%u's %s of %s (%s) can come between T%u's %s (%s) and %s (%s): %s (%s).", note,
        cd->t2, op_word (m, b[1]), var->name, wb, cd->t1, op_word (m, b[0]), wa, op_word (m, b[2]),
        wc, augur_pattern_description (cd->pattern), augur_pattern_name (cd->pattern));
      f = augur_finding_new (AUGUR_FINDING_ATOMICITY_VIOLATION, NULL, text);
      augur_finding_set_object (f, var->name, "variable");
      augur_finding_set_prediction (f, augur_pattern_name (cd->pattern), answer);
      for (guint i = 0; i < 3; i++)
        add_access (c, f, b[i], op_of (augur_trace_event (m->trace, b[i])));
    }
  else if (cd->kind == AUGUR_CAND_RACE)
    {
      AugurPredVar *var = g_ptr_array_index (m->vars, cd->obj);
      g_autofree char *wa = where (c, b[0]), *wb = where (c, b[1]);
      g_autofree char *text = g_strdup_printf (
        "%s: T%u's %s of %s (%s) and T%u's %s (%s) can run back to back, unordered.", note,
        cd->t1, op_word (m, b[0]), var->name, wa, cd->t2, op_word (m, b[1]), wb);
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
        note, cd->t1, l1, w0, l2, w1, cd->t2, l2, w2, l1, w3);
      f = augur_finding_new (AUGUR_FINDING_DEADLOCK, NULL, text);
      augur_finding_set_object (f, l1, "mutex");
      augur_finding_set_prediction (f, "lock-order", answer);
      add_access (c, f, b[0], AUGUR_OP_LOCK);
      add_access (c, f, b[1], AUGUR_OP_LOCK_REQUEST);
      add_access (c, f, b[2], AUGUR_OP_LOCK);
      add_access (c, f, b[3], AUGUR_OP_LOCK_REQUEST);
    }
  augur_finding_add_thread (f, cd->t1);
  augur_finding_add_thread (f, cd->t2);

  if (t->answer == AUGUR_ENC_SAT)
    {
      guint64 total = (guint64) cd->q.lo + t->schedule->len;
      guint32 from = 0;
      if (total > o->max_schedule_steps)
        {
          *cut = TRUE;
          from = cd->q.lo;   /* the recorded prefix is left out: see doc/predictor.md */
        }
      for (guint32 g = from; g < cd->q.lo; g++)
        if (augur_trace_event (m->trace, g)->tid < m->n_threads)
          add_step (c, f, g, op_of (augur_trace_event (m->trace, g)));
      for (guint i = 0; i < t->schedule->len; i++)
        {
          guint32 g = g_array_index (t->schedule, guint32, i);
          guint step = add_step (c, f, g, op_of (augur_trace_event (m->trace, g)));
          for (guint k = 0; k < cd->n_bug; k++)
            if (b[k] == g)
              augur_finding_mark_bug_step (f, step);
        }
      if (cd->kind == AUGUR_CAND_DEADLOCK)
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

/* The answered queries as findings (their prediction key once), and the
 * counts of `st`. */
static void
add_findings (Ctx *c, GPtrArray *tasks, const AugurPredictOptions *o, AugurResults *out,
              AugurPredictStats *st)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean cut = FALSE, bound = FALSE;
  for (guint i = 0; i < tasks->len; i++)
    {
      Task *t = g_ptr_array_index (tasks, i);
      guint64 unasked = t->cp->n_instances - t->n_checks;
      if (t->left)
        {
          st->n_left++;
          st->n_unasked_left += unasked;
          continue;
        }
      bound |= t->bound_hit;
      if (t->bound_hit)
        st->n_bounded += unasked;
      else
        st->n_deduplicated += unasked;
      if (t->n_checks > 0)
        {
          st->n_queries++;
          st->n_checks += t->n_checks;
          st->n_orders_only += t->n_orders_only;
          st->n_delayed += t->n_delayed;
          st->n_too_large += t->n_too_large;
          g_array_append_val (times, t->ms);
        }
      if (t->answer != AUGUR_ENC_SAT && t->answer != AUGUR_ENC_UNKNOWN)
        continue;
      if (t->answer == AUGUR_ENC_SAT)
        st->n_sat++;
      else
        st->n_unknown++;
      /* deadlock patterns are per pair of locks: one prediction for
       * their lines (the first in query order, so the output is stable) */
      if (!g_hash_table_add (seen, t->cp->report_key))
        continue;
      g_autoptr (AugurFinding) f = task_finding (c, t, o, &cut);
      if (augur_static_filter_ruled_out (o->facts, f))
        st->n_ruled_out++;
      else
        augur_results_add_finding (out, f);
    }
  if (cut)
    augur_results_add_bound_hit (out, "schedule-steps");
  if (bound)
    augur_results_add_bound_hit (out, "checks-per-query");
  if (times->len > 0)
    {
      g_array_sort (times, double_cmp);
      guint n = times->len;
      st->median_query_ms = n % 2 ? g_array_index (times, double, n / 2)
                                  : (g_array_index (times, double, n / 2 - 1)
                                     + g_array_index (times, double, n / 2)) / 2;
    }
}

/* Every lock-order inversion of the run, with what Z3 said of its two locks. */
static void
add_lock_order (const AugurPredModel *m, AugurSymbolizer *symbolizer, GPtrArray *tasks,
                AugurResults *out)
{
  g_autoptr (GHashTable) feasible = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < tasks->len; i++)
    {
      Task *t = g_ptr_array_index (tasks, i);
      if (t->chosen != NULL && t->chosen->kind == AUGUR_CAND_DEADLOCK
          && (t->answer == AUGUR_ENC_SAT || t->answer == AUGUR_ENC_UNKNOWN))
        g_hash_table_add (feasible, augur_pred_lock_order_pair_key (
                                      g_ptr_array_index (m->sync_names, t->chosen->obj),
                                      g_ptr_array_index (m->sync_names, t->chosen->obj2)));
    }
  augur_pred_lock_order (m, symbolizer, feasible, out);
}

/* The model, in its share of the time left when there is a deadline: past
 * it, the model of the run's prefix read by then. */
static AugurPredModel *
build_model (const AugurTrace *trace, AugurSymbolizer *symbolizer, const AugurPredictOptions *o,
             GError **error)
{
  gint64 until = 0;
  if (o->deadline != 0)
    {
      gint64 now = g_get_monotonic_time ();
      until = now + (gint64) (MAX (o->deadline - now, 0) * MODEL_SHARE);
    }
  AugurPredModel *m = augur_pred_model_new_until (trace, symbolizer, until);
  if (m->too_large)
    {
      g_set_error (error, AUGUR_PREDICT_ERROR, AUGUR_PREDICT_ERROR_TOO_LARGE,
                   "the trace is too large to predict from: its %u threads and %zu events "
                   "need more than %" G_GUINT64_FORMAT " vector-clock entries (a program "
                   "that creates thousands of threads); record a shorter run, or explore "
                   "the program", augur_trace_n_threads (trace), augur_trace_n_events (trace),
                   m->max_vc);
      augur_pred_model_free (m);
      return NULL;
    }
  return m;
}

/* When finding the candidates must stop: its share of the time left. */
static gint64
candidates_deadline (const AugurPredictOptions *o)
{
  if (o->deadline == 0)
    return 0;
  gint64 now = g_get_monotonic_time ();
  return now + (gint64) (MAX (o->deadline - now, 0) * CANDIDATES_SHARE);
}

/* The candidates of every query (the static facts' and the locksets'
 * prunings counted in `st`). */
static AugurCandSet *
find_candidates (const AugurPredModel *m, AugurSymbolizer *symbolizer,
                 const AugurPredictOptions *o, AugurPredictStats *st, GError **error)
{
  g_autoptr (AugurStaticFilter) filter = augur_static_filter_new (o->facts, m, symbolizer);
  AugurCandSet *set = augur_cand_set_new (m, symbolizer, o, filter, candidates_deadline (o),
                                          error);
  if (set == NULL)
    return NULL;
  st->n_skipped = set->n_skipped;
  st->n_lockset = set->n_lockset;
  st->n_candidates = set->n_candidates;
  st->n_patterns = set->patterns->len;
  st->n_unlisted = set->n_left;
  return set;
}

/* The locks the model's threads acquire and the condition variables they
 * wait on or signal (the trace's shape, for --stats). */
static void
count_sync_objects (const AugurPredModel *m, AugurPredictStats *st)
{
  g_autofree guint8 *seen = g_new0 (guint8, m->sync_names->len + 1);
  for (guint t = 0; t < m->n_threads; t++)
    for (guint i = 0; i < m->threads[t].cs->len; i++)
      seen[g_array_index (m->threads[t].cs, AugurPredCS, i).lock] |= 1;
  for (guint32 g = 0; g < m->n_events; g++)
    if (m->sync[g] && m->obj[g] != AUGUR_PRED_NONE)
      switch (augur_ops_event (augur_trace_event (m->trace, g)->kind)->op)
        {
        case AUGUR_OP_WAIT: case AUGUR_OP_WAKE: case AUGUR_OP_SIGNAL: case AUGUR_OP_BROADCAST:
          seen[m->obj[g]] |= 2;
          break;
        default:
          break;
        }
  for (guint i = 0; i < m->sync_names->len; i++)
    {
      st->n_locks += seen[i] & 1;
      st->n_conds += (seen[i] >> 1) & 1;
    }
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

  AugurPredictStats st = { 0 };
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (AugurPredModel) m = build_model (trace, symbolizer, options, error);
  if (m == NULL)
    return FALSE;
  gint64 t1 = g_get_monotonic_time ();
  g_autoptr (AugurCandSet) set = find_candidates (m, symbolizer, options, &st, error);
  if (set == NULL)
    return FALSE;
  gint64 t2 = g_get_monotonic_time ();
  g_autoptr (GPtrArray) tasks = run_tasks (m, options, set, &st.n_abandoned, error);
  if (tasks == NULL)
    return FALSE;
  gint64 t3 = g_get_monotonic_time ();

  Ctx c = { .m = m, .sym = symbolizer };
  add_findings (&c, tasks, options, out, &st);
  if (options->deadlocks)
    add_lock_order (m, symbolizer, tasks, out);
  st.model_cut = m->cut;
  if (st.n_left > 0 || st.n_unlisted > 0 || m->cut)
    augur_results_add_bound_hit (out, "predictor-time");
  st.model_s = (t1 - t0) / 1e6;
  st.candidates_s = (t2 - t1) / 1e6;
  st.solve_s = (t3 - t2) / 1e6;
  st.findings_s = (g_get_monotonic_time () - t3) / 1e6;
  st.n_events = m->n_events;
  st.n_threads = m->n_threads;
  for (guint v = 0; v < m->vars->len; v++)
    st.n_shared += ((AugurPredVar *) g_ptr_array_index (m->vars, v))->shared;
  if (stats != NULL)
    {
      count_sync_objects (m, &st);
      *stats = st;
    }
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
      g_autofree char *base = a->file ? augur_source_label (a->file) : g_strdup ("?");
      g_string_append_printf (s, "%s T%u %s %s:%u", i ? "," : "", a->thread,
                              augur_op_to_string (a->op), base, a->line);
    }
  const char *answer = augur_finding_get_prediction_answer (f);
  if (answer != NULL && strcmp (answer, "sat") != 0)
    g_string_append_printf (s, " (%s)", answer);
  return g_string_free (s, FALSE);
}
