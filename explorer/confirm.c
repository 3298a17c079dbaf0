/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * confirm.c — replay a prediction's violating interleaving, explore around
 * it, and class the prediction by what followed; see confirm.h.
 *
 * The explorer (explore.h) does the running: the prediction's schedule,
 * mapped to explorer steps (event-map.h), is its fixed prefix, DPOR varies
 * what follows, and a per-execution callback here checks the first
 * execution against the prediction and watches every execution for harm.
 */
#include "config.h"

#include "explorer/confirm.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "explorer/event-map.h"
#include "explorer/explore.h"
#include "explorer/steps.h"
#include "explorer/wrapper-site.h"
#include "common/symbolizer.h"
#include "common/source-label.h"

void
augur_confirm_options_init (AugurConfirmOptions *o)
{
  memset (o, 0, sizeof *o);
}

char *
augur_confirm_claim (AugurFinding *prediction)
{
  const char *pe = augur_finding_get_explanation (prediction);
  const char *colon = strstr (pe, ": ");
  return g_strdup (g_str_has_prefix (pe, "Predicted") && colon != NULL ? colon + 2 : pe);
}

void
augur_confirm_outcome_clear (AugurConfirmOutcome *out)
{
  if (out->finding != NULL)
    augur_finding_unref (out->finding);
  if (out->witness != NULL)
    augur_finding_unref (out->witness);
  g_free (out->explanation);
  memset (out, 0, sizeof *out);
}

/* ------------------------------------------------------------------ */
/* One execution, as far as harm is concerned */

typedef enum { HARM_NONE, HARM_ASSERT, HARM_CRASH, HARM_DEADLOCK, HARM_EXIT } Harm;

typedef struct {
  Harm harm;
  GArray *steps;          /* AugurSchedStep, owned */
  AugurSchedCallers *callers;  /* owned, of each step (augur_ops_sched_keeps_callers) */
  guint32 status;         /* AugurSchedStatus */
  int wait_status;
  guint fail_tid, fail_line, fail_pc, fail_module, fail_signal;
  char *fail_file, *fail_function, *fail_expr;  /* owned, "" if unknown */
  AugurSchedThread *threads;   /* owned, n_threads of them */
  guint n_threads;
  guint64 exe_bias;
  GArray *objects;        /* AugurSchedObjectEvent, owned: what names the objects */
  guint32 objects_lost_at;
} Run;

static void
run_free (Run *r)
{
  if (r == NULL)
    return;
  g_array_unref (r->steps);
  g_free (r->callers);
  g_array_unref (r->objects);
  g_free (r->fail_file);
  g_free (r->fail_function);
  g_free (r->fail_expr);
  g_free (r->threads);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

static Harm
harm_of (const AugurSchedShm *shm, gboolean killed)
{
  int ws = shm->wait_status;
  if (shm->n_failures > 0)
    return shm->failures[0].status == AUGUR_SST_CRASH ? HARM_CRASH : HARM_ASSERT;
  if (shm->status == AUGUR_SST_ASSERT)
    return HARM_ASSERT;
  if (shm->status == AUGUR_SST_CRASH)
    return HARM_CRASH;
  if (shm->status == AUGUR_SST_DEADLOCK)
    return HARM_DEADLOCK;
  if (WIFSIGNALED (ws) && !killed)
    return WTERMSIG (ws) == SIGABRT ? HARM_ASSERT : HARM_CRASH;
  if (shm->status == AUGUR_SST_DONE && WIFEXITED (ws) && WEXITSTATUS (ws) != 0)
    return HARM_EXIT;
  return HARM_NONE;
}

static Run *
run_capture (const AugurSchedShm *shm, gboolean killed)
{
  Run *r = g_new0 (Run, 1);
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  r->harm = harm_of (shm, killed);
  r->steps = g_array_sized_new (FALSE, FALSE, sizeof (AugurSchedStep), n);
  g_array_append_vals (r->steps, shm->steps, n);
  r->callers = g_memdup2 (shm->callers, n * sizeof *r->callers);
  r->status = shm->status;
  r->wait_status = shm->wait_status;
  if (shm->n_failures > 0)
    {
      const AugurSchedFailure *f = &shm->failures[0];
      r->fail_tid = f->tid;
      r->fail_line = f->line;
      r->fail_pc = f->pc;
      r->fail_module = f->module;
      r->fail_signal = f->signal;
      r->fail_file = g_strndup (f->file, sizeof f->file);
      r->fail_function = g_strndup (f->function, sizeof f->function);
      r->fail_expr = g_strndup (f->expr, sizeof f->expr);
    }
  else
    {
      r->fail_file = g_strdup ("");
      r->fail_function = g_strdup ("");
      r->fail_expr = g_strdup ("");
    }
  r->n_threads = MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  r->threads = g_memdup2 (shm->threads, r->n_threads * sizeof *r->threads);
  r->exe_bias = shm->exe_bias;
  guint no = MIN (shm->n_objects, AUGUR_SCHED_MAX_OBJECTS);
  r->objects = g_array_sized_new (FALSE, FALSE, sizeof (AugurSchedObjectEvent), no);
  g_array_append_vals (r->objects, shm->objects, no);
  r->objects_lost_at = shm->objects_lost_at;
  return r;
}

/* Steps of thread t in the run: the event index of its next operation. */
static guint64
run_count (const Run *r, guint t)
{
  guint64 c = 0;
  for (guint k = 0; k < r->steps->len; k++)
    c += g_array_index (r->steps, AugurSchedStep, k).tid == t;
  return c;
}

/* Where the assertion or crash happened. */
static void
run_fail_loc (const Run *r, AugurSymbolizer *sym, const char **file, guint *line, const char **function)
{
  if (r->harm == HARM_ASSERT && r->fail_file[0] != '\0')
    {
      *file = augur_symbolizer_given_file (sym, r->fail_module, r->fail_pc, r->fail_file);
      *line = r->fail_line;
      *function = r->fail_function[0] != '\0' ? r->fail_function : NULL;
      return;
    }
  const AugurSource *l = augur_symbolizer_lookup (sym, r->fail_module, r->fail_pc);
  for (guint k = r->steps->len; l->file == NULL && k-- > 0;)
    {
      /* in a library (strcpy of NULL): where the thread last was in the program */
      const AugurSchedStep *s = &g_array_index (r->steps, AugurSchedStep, k);
      if (s->op == AUGUR_SOP_END)
        continue;   /* the failing thread's request to end, at the failure */
      if (s->tid == r->fail_tid && s->pc != 0)
        l = augur_symbolizer_lookup (sym, s->module, s->pc);
      if (s->tid == r->fail_tid)
        break;
    }
  *file = l->file;
  *line = l->line;
  *function = l->function;
}

static char *
base_loc (const char *file, guint line)
{
  g_autofree char *base = file != NULL ? augur_source_label (file) : g_strdup ("?");
  return g_strdup_printf ("%s:%u", base, line);
}

/* "assertion `x == 1` failed at prog.c:30" ... */
static char *
run_harm_sentence (const Run *r, AugurSymbolizer *sym)
{
  const char *file = NULL, *function = NULL;
  guint line = 0;
  switch (r->harm)
    {
    case HARM_ASSERT:
      {
        run_fail_loc (r, sym, &file, &line, &function);
        g_autofree char *at = base_loc (file, line);
        if (r->fail_expr[0] != '\0')
          return g_strdup_printf ("assertion `%s` failed at %s", r->fail_expr, at);
        return g_strdup_printf ("thread %u aborted at %s", r->fail_tid, at);
      }
    case HARM_CRASH:
      {
        run_fail_loc (r, sym, &file, &line, &function);
        g_autofree char *at = base_loc (file, line);
        int sig = WIFSIGNALED (r->wait_status) ? WTERMSIG (r->wait_status) : (int) r->fail_signal;
        return g_strdup_printf ("thread %u crashed with %s at %s", r->fail_tid, g_strsignal (sig), at);
      }
    case HARM_DEADLOCK:
      {
        GString *s = g_string_new ("every live thread blocked (deadlock):");
        for (guint t = 0; t < r->n_threads; t++)
          if (augur_sched_thread_stuck (r->threads[t].state))
            {
              const AugurSchedStep *p = &r->threads[t].pending;
              const AugurSource *l = augur_symbolizer_lookup (sym, p->module, p->pc);
              g_autofree char *at = base_loc (l->file, l->line);
              g_string_append_printf (s, " T%u waits at %s,", t, at);
            }
        g_string_truncate (s, s->len - 1);
        return g_string_free (s, FALSE);
      }
    case HARM_EXIT:
      return g_strdup_printf ("the program exited with status %d", WEXITSTATUS (r->wait_status));
    default:
      return g_strdup ("nothing went wrong");
    }
}

/* What replay compares: the kind of harm and, for a failure, its line. */
static gint
cmp_u32 (gconstpointer a, gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;
  return x < y ? -1 : x > y;
}

/* @where: a deadlock's key says where its threads wait (the control run:
 * another deadlock is not this one); else only "deadlock", as a confirmed
 * finding's key (finding_harm_key) is. */
static char *
run_harm_key (const Run *r, AugurSymbolizer *sym, gboolean where)
{
  const char *file = NULL, *function = NULL;
  guint line = 0;
  switch (r->harm)
    {
    case HARM_ASSERT:
    case HARM_CRASH:
      {
        run_fail_loc (r, sym, &file, &line, &function);
        g_autofree char *at = base_loc (file, line);
        return g_strdup_printf ("%s %s", r->harm == HARM_ASSERT ? "assertion" : "crash", at);
      }
    case HARM_DEADLOCK:
      {
        /* which deadlock: where its threads wait (another deadlock of
         * the default schedule is not this one) */
        g_autoptr (GArray) pcs = g_array_new (FALSE, FALSE, sizeof (guint32));
        for (guint t = 0; where && t < r->n_threads; t++)
          if (augur_sched_thread_stuck (r->threads[t].state))
            g_array_append_val (pcs, r->threads[t].pending.pc);
        g_array_sort (pcs, cmp_u32);
        GString *k = g_string_new ("deadlock");
        for (guint i = 0; where && i < pcs->len; i++)
          g_string_append_printf (k, " %x", g_array_index (pcs, guint32, i));
        return g_string_free (k, FALSE);
      }
    case HARM_EXIT: return g_strdup ("exit");
    default: return g_strdup ("none");
    }
}

/* The same key from a confirmed finding's accesses (see confirm.h). */
static char *
finding_harm_key (AugurFinding *f)
{
  for (guint k = 0; k < augur_finding_get_n_accesses (f); k++)
    {
      const AugurAccess *a = augur_finding_get_access (f, k);
      g_autofree char *at = base_loc (a->file, a->line);
      if (augur_op_is_failure (a->op))
        return g_strdup_printf ("assertion %s", at);
      if (a->op == AUGUR_OP_FAULT)
        return g_strdup_printf ("crash %s", at);
      if (a->op == AUGUR_OP_END)
        return g_strdup ("exit");
    }
  /* a benign one's execution had no harm (confirmed_finding) */
  AugurPredictionClass cls;
  if (augur_finding_get_prediction_class (f, &cls) && cls == AUGUR_PREDICTION_BENIGN)
    return g_strdup ("none");
  return g_strdup ("deadlock");
}

/* ------------------------------------------------------------------ */
/* Watching the executions */

typedef struct {
  const AugurEventMap *map;   /* NULL when replaying a confirmed finding */
  AugurFinding *prediction;   /* borrowed */
  AugurSymbolizer *sym;       /* borrowed: module 0 = the program */
  const char *exe;            /* the program's path */
  guint needed;               /* steps that make the violation happen (see violation_steps) */
  gboolean probe;             /* the probe: one execution of the prefix alone */
  gboolean reversed;          /* a race's other order: not the prediction's schedule */
  guint64 limit;              /* executions explored at most */
  guint64 runs;               /* all executions (probe included) */
  guint64 explored;           /* executions of the exploration */
  guint64 killed;             /* ... of them the watchdog killed (hung) */
  gboolean diverged;
  guint diverged_step;        /* explorer step */
  char *why;                  /* owned */
  Run *first;                 /* replay: the one execution (owned) */
  Run *harm;                  /* the first harmful execution (owned), or the first with no
                               * spurious wake-up after one with */
  Run *witness;               /* the first execution that followed the whole prefix (owned):
                               * the violation happened in it */
  guint64 harm_at;            /* its number among runs */
} Watch;

/* Does @r have a spurious wake-up? */
static gboolean
run_spurious (const Run *r)
{
  return augur_steps_last_spurious ((const AugurSchedStep *) r->steps->data, r->steps->len) >= 0;
}

static const AugurStep *
event_of_step (const Watch *w, guint j)
{
  guint k = j < w->map->origin->len ? g_array_index (w->map->origin, guint, j)
                                     : w->map->n_schedule - 1;
  return augur_finding_get_step (w->prediction, k);
}

/* The first execution: did it follow the prediction's schedule? */
static void
check_first (Watch *w, const AugurSchedShm *shm, gboolean killed)
{
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  guint len = w->map->threads->len;
  char *why = NULL;
  gint j = augur_event_map_check (w->map, w->prediction, shm->steps, n, w->sym, &why);
  if (j >= 0)
    {
      w->diverged = TRUE;
      w->diverged_step = (guint) j;
      w->why = why;
      return;
    }
  if (shm->status == AUGUR_SST_DIVERGED || shm->status == AUGUR_SST_INFEASIBLE)
    {
      guint d = shm->diverged_at;
      const AugurStep *e = event_of_step (w, d);
      guint t = d < len ? g_array_index (w->map->threads, guint, d) : e->thread;
      const char *state = t < shm->n_threads && augur_sched_thread_stuck (shm->threads[t].state)
                            ? "it was blocked"
                            : t < shm->n_threads && shm->threads[t].state == AUGUR_STH_EXITED
                                ? "it had ended" : "it did not exist";
      g_autofree char *at = base_loc (e->file, e->line);
      w->diverged = TRUE;
      w->diverged_step = d;
      w->why = g_strdup_printf ("T%u could not run its event %" G_GUINT64_FORMAT " (%s at %s): %s",
                                t, e->event, augur_op_to_string (e->op), at, state);
      return;
    }
  if (n < len && n >= w->needed && harm_of (shm, killed) != HARM_NONE)
    return;   /* harm right after the violation, before the schedule's end */
  if (n < len)
    {
      const AugurStep *e = event_of_step (w, n);
      g_autofree char *at = base_loc (e->file, e->line);
      w->diverged = TRUE;
      w->diverged_step = n;
      w->why = g_strdup_printf ("the execution ended (%s) before T%u's event %" G_GUINT64_FORMAT
                                " (%s at %s)",
                                killed ? "watchdog" : harm_of (shm, killed) != HARM_NONE ? "failure"
                                                                                        : "exit",
                                e->thread, e->event, augur_op_to_string (e->op), at);
    }
}

static gboolean
on_execution (const AugurSchedShm *shm, gboolean killed, gpointer data)
{
  Watch *w = data;
  w->runs++;
  augur_symbolizer_add_sched_modules (w->sym, shm->modules, shm->n_modules);
  if (w->map == NULL)
    {
      w->first = run_capture (shm, killed);
      return FALSE;
    }
  if (w->probe)
    {
      check_first (w, shm, killed);
      if (!w->diverged && harm_of (shm, killed) != HARM_NONE)
        w->harm = run_capture (shm, killed);
      return FALSE;
    }
  w->explored++;
  if (killed)
    w->killed++;
  if (w->explored == 1 && !w->reversed)
    {
      /* the same prefix again: a program that does not follow it twice
       * is nondeterministic, and says so here */
      check_first (w, shm, killed);
      if (w->diverged)
        return FALSE;
      if (w->witness == NULL && shm->status != AUGUR_SST_DIVERGED
          && shm->status != AUGUR_SST_INFEASIBLE)
        w->witness = run_capture (shm, killed);
    }
  if (shm->status == AUGUR_SST_DIVERGED || shm->status == AUGUR_SST_INFEASIBLE)
    return w->explored < w->limit;
  if (harm_of (shm, killed) != HARM_NONE)
    {
      /* a witness that needs a spurious wake-up is kept until one that
       * needs none turns up among the executions explored */
      gboolean spurious = augur_steps_last_spurious (shm->steps, MIN (shm->n_steps,
                                                                      AUGUR_SCHED_MAX_STEPS)) >= 0;
      if (w->harm == NULL || (!spurious && run_spurious (w->harm)))
        {
          run_free (w->harm);
          w->harm = run_capture (shm, killed);
          w->harm_at = w->runs;
        }
      return spurious && w->explored < w->limit;
    }
  return w->explored < w->limit;
}

/* The control: one execution with no prefix (the default schedule).  Does
 * it fail as the harmful execution did? */
typedef struct {
  AugurSymbolizer *sym;
  char *want;                 /* harm key to look for (borrowed) */
  guint64 limit;              /* executions to try at most */
  const Run *path;            /* NULL, or the run whose threads' paths the first must take */
  guint64 runs;
  gboolean same;
  gboolean left_path;         /* the first execution's threads went elsewhere than path's */
} Control;

/* Does some thread's sequence of operations in @a differ from its
 * sequence in @b, where both have one?  (A thread that read another
 * value took another branch; a schedule of thread numbers alone is
 * still followed when its threads do other things.) */
static gboolean
paths_differ (const Run *a, const Run *b)
{
  g_autoptr (GHashTable) next = g_hash_table_new (g_direct_hash, g_direct_equal);  /* tid -> index in b */
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);  /* tid -> steps in a */
  for (guint k = 0; k < a->steps->len; k++)
    {
      const AugurSchedStep *x = &g_array_index (a->steps, AugurSchedStep, k);
      guint nth = GPOINTER_TO_UINT (g_hash_table_lookup (seen, GUINT_TO_POINTER (x->tid)));
      g_hash_table_insert (seen, GUINT_TO_POINTER (x->tid), GUINT_TO_POINTER (nth + 1));
      /* the nth step of x's thread in b */
      guint from = GPOINTER_TO_UINT (g_hash_table_lookup (next, GUINT_TO_POINTER (x->tid)));
      guint m = from;
      while (m < b->steps->len && g_array_index (b->steps, AugurSchedStep, m).tid != x->tid)
        m++;
      if (m == b->steps->len)
        continue;   /* b's thread ended its steps before: no more to compare */
      g_hash_table_insert (next, GUINT_TO_POINTER (x->tid), GUINT_TO_POINTER (m + 1));
      const AugurSchedStep *y = &g_array_index (b->steps, AugurSchedStep, m);
      if (x->op == AUGUR_SOP_END || y->op == AUGUR_SOP_END)
        continue;   /* how the process ended: the outcome, not a path (abort's pc) */
      if (augur_steps_op (x) != augur_steps_op (y) || x->pc != y->pc || x->module != y->module)
        {
          g_debug ("flipped run: thread %u's step %u is %s at %u:%#x, not %s at %u:%#x", x->tid, nth,
                   augur_op_to_string (augur_steps_op (x)), x->module, x->pc,
                   augur_op_to_string (augur_steps_op (y)), y->module, y->pc);
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
on_control (const AugurSchedShm *shm, gboolean killed, gpointer data)
{
  Control *c = data;
  c->runs++;
  augur_symbolizer_add_sched_modules (c->sym, shm->modules, shm->n_modules);
  if (shm->status == AUGUR_SST_DIVERGED || shm->status == AUGUR_SST_INFEASIBLE)
    return c->runs < c->limit;
  Run *r = run_capture (shm, killed);
  if (c->runs == 1 && c->path != NULL && paths_differ (r, c->path))
    {
      c->left_path = TRUE;
      run_free (r);
      return FALSE;
    }
  g_autofree char *key = run_harm_key (r, c->sym, TRUE);
  c->same = r->harm != HARM_NONE && g_strcmp0 (key, c->want) == 0;
  run_free (r);
  return !c->same && c->runs < c->limit;
}

static void
watch_clear (Watch *w)
{
  g_free (w->why);
  run_free (w->first);
  run_free (w->harm);
  run_free (w->witness);
}

/* ------------------------------------------------------------------ */
/* The confirmed bug */

static gint
step_of_event (const AugurEventMap *map, gint k)
{
  if (k < 0)
    return -1;
  for (guint j = 0; j < map->origin->len; j++)
    if (g_array_index (map->origin, guint, j) == (guint) k)
      return (gint) j;
  return -1;
}

static gboolean
has_access (AugurFinding *f, guint thread, AugurOp op, guint line)
{
  for (guint k = 0; k < augur_finding_get_n_accesses (f); k++)
    {
      const AugurAccess *a = augur_finding_get_access (f, k);
      if (a->thread == thread && a->op == op && a->line == line)
        return TRUE;
    }
  return FALSE;
}

/* A deadlock's blocked operations, as accesses (those not there yet),
 * named at their calls outside the thin wrappers, as the explorer's
 * deadlocks (augur_wrapper_add_access): the same deadlock found by both is
 * then one; joins of blocked threads are consequences, unless nothing else
 * blocks. */
static void
add_blocked (const Watch *w, const Run *r, AugurFinding *f)
{
  AugurWrapperExec x = { w->sym, (const AugurSchedStep *) r->steps->data, r->callers,
                         r->steps->len, r->threads, r->n_threads };
  gboolean only_joins = TRUE;
  for (guint t = 0; t < r->n_threads; t++)
    if (augur_sched_thread_stuck (r->threads[t].state) && r->threads[t].pending.op != AUGUR_SOP_JOIN)
      only_joins = FALSE;
  for (guint t = 0; t < r->n_threads; t++)
    {
      const AugurSchedStep *ps = &r->threads[t].pending;
      if (!augur_sched_thread_stuck (r->threads[t].state) || (!only_joins && ps->op == AUGUR_SOP_JOIN))
        continue;
      const AugurSource *l = augur_symbolizer_lookup (w->sym, ps->module, ps->pc);
      gboolean request = ps->op == AUGUR_SOP_LOCK || ps->op == AUGUR_SOP_RDLOCK
                         || ps->op == AUGUR_SOP_WRLOCK;
      AugurOp op = request ? AUGUR_OP_LOCK_REQUEST : augur_steps_op (ps);
      if (has_access (f, t, op, l->line))
        continue;
      augur_finding_add_thread (f, t);
      if (l->file != NULL)
        augur_wrapper_add_access (&x, f, t, run_count (r, t), op, ps->module, ps->pc,
                                  r->threads[t].state == AUGUR_STH_BLOCKED ? &r->threads[t].callers
                                                                           : NULL, NULL);
      else
        augur_finding_add_access (f, t, run_count (r, t), op, l->file, l->line, l->function, NULL);
    }
}

/* Is step @j of @f the step @k of the prediction @p: the same thread,
 * operation and source line? */
static gboolean
same_step (AugurFinding *p, guint k, AugurFinding *f, guint j)
{
  const AugurStep *a = augur_finding_get_step (p, k), *b = augur_finding_get_step (f, j);
  return a->thread == b->thread && a->line == b->line && a->op == b->op;
}

/* Marks in @f (the run's @n steps) the prediction @p's bug steps.  A step
 * of the run is the prediction's step at the same place in the forced
 * prefix only while the run follows it; a bug step the run took elsewhere
 * (it diverged, or reversed the pair) is the run's last step of that
 * thread doing that operation at that line.  TRUE if any was marked. */
static gboolean
mark_bug_steps (const Watch *w, AugurFinding *p, AugurFinding *f, guint n)
{
  guint nb;
  const guint *bug = augur_finding_get_bug_steps (p, &nb);
  gboolean marked = FALSE;
  for (guint i = 0; i < nb; i++)
    {
      guint k = bug[i];
      if (k >= augur_finding_get_n_steps (p))
        continue;
      gint at = -1;
      for (guint j = 0; j < w->map->origin->len && j < n && at < 0; j++)
        if (g_array_index (w->map->origin, guint, j) == k && same_step (p, k, f, j))
          at = (gint) j;
      for (guint j = n; j > 0 && at < 0; j--)
        if (same_step (p, k, f, j - 1))
          at = (gint) j - 1;
      if (at >= 0)
        {
          augur_finding_mark_bug_step (f, (guint) at);
          marked = TRUE;
        }
    }
  return marked;
}


/* The prediction as the execution @r showed it, with @r's schedule
 * (explorer steps: augur replay re-runs it) and class @cls: HARMFUL with
 * the harm @r had, BENIGN (@r had none) where the violation happened and
 * nothing failed. */
static AugurFinding *
confirmed_finding (const Watch *w, const Run *r, AugurPredictionClass cls)
{
  AugurFinding *p = w->prediction;
  const AugurSchedStep *steps = (const AugurSchedStep *) r->steps->data;
  guint n = r->steps->len;
  g_autofree guint64 *ev = augur_steps_event_indices (steps, n);
  g_autofree char *harm = run_harm_sentence (r, w->sym);

  /* "Predicted, not confirmed: X." -> "Confirmed: X; then <harm>." */
  g_autofree char *what = augur_confirm_claim (p);
  gsize len = strlen (what);
  if (len > 0 && what[len - 1] == '.')
    what[len - 1] = '\0';
  g_autofree char *claim = cls == AUGUR_PREDICTION_BENIGN && r->harm == HARM_NONE
                             ? g_strdup_printf ("Re-executed: %s; nothing failed after it.", what)
                             : g_strdup_printf ("Confirmed: %s; then %s.", what, harm);
  gint spur = augur_steps_last_spurious (steps, n);
  g_autofree char *where = NULL;
  if (spur >= 0)
    {
      const AugurSource *l = augur_symbolizer_lookup (w->sym, steps[spur].module, steps[spur].pc);
      where = base_loc (l->file, l->line);
    }
  g_autofree char *expl = augur_steps_spurious_note (claim, steps, n, where, "failure");

  AugurFinding *f = augur_finding_new (augur_finding_get_kind (p), augur_finding_get_subkind (p), expl);
  if (augur_finding_get_object (p) != NULL)
    augur_finding_set_object (f, augur_finding_get_object (p), augur_finding_get_object_kind (p));
  if (augur_finding_get_object_id (p) != NULL)
    augur_finding_set_object_id (f, augur_finding_get_object_id (p));
  guint nt;
  const guint *threads = augur_finding_get_threads (p, &nt);
  for (guint k = 0; k < nt; k++)
    augur_finding_add_thread (f, threads[k]);

  /* the violation's accesses, renumbered as the execution's steps; one
   * that is not a step (a lock request) is its thread's pending operation,
   * which a deadlock names as the explorer does (add_blocked) */
  for (guint k = 0; k < augur_finding_get_n_accesses (p); k++)
    {
      const AugurAccess *a = augur_finding_get_access (p, k);
      if (r->harm == HARM_DEADLOCK && a->op == AUGUR_OP_LOCK_REQUEST)
        continue;
      gint j = step_of_event (w->map, augur_finding_find_step (p, a->thread, a->event));
      guint64 e = j >= 0 && (guint) j < n ? ev[j] : run_count (r, a->thread);
      augur_finding_add_access (f, a->thread, e, a->op, a->file, a->line, a->function,
                                (const char *const *) a->locks_held);
    }

  /* the harm */
  const char *file = NULL, *function = NULL;
  guint line = 0;
  switch (r->harm)
    {
    case HARM_ASSERT:
    case HARM_CRASH:
      run_fail_loc (r, w->sym, &file, &line, &function);
      augur_finding_add_thread (f, r->fail_tid);
      augur_finding_add_access (f, r->fail_tid, run_count (r, r->fail_tid),
                                r->harm == HARM_ASSERT ? AUGUR_OP_ASSERT_FAIL : AUGUR_OP_FAULT,
                                file, line, function, NULL);
      break;
    case HARM_DEADLOCK:
      add_blocked (w, r, f);
      break;
    case HARM_EXIT:
      augur_finding_add_access (f, 0, run_count (r, 0), AUGUR_OP_END, NULL, 0, NULL, NULL);
      break;
    default:
      break;
    }

  /* names of the failing run's objects, globals at its load bias */
  augur_symbolizer_add_module (w->sym, 0, w->exe, r->exe_bias);
  g_autoptr (AugurExecNames) names = augur_steps_names (w->sym, (const AugurSchedObjectEvent *) r->objects->data,
                                                        r->objects->len, r->objects_lost_at);
  augur_steps_add_schedule (w->sym, names, f, steps, n, ev);
  gboolean marked = mark_bug_steps (w, p, f, n);
  if (!marked && n > 0)
    augur_finding_mark_bug_step (f, n - 1);
  augur_finding_set_prediction (f, augur_finding_get_prediction_pattern (p),
                                augur_finding_get_prediction_answer (p));
  augur_finding_set_prediction_class (f, cls);
  return f;
}

/* How many steps of the prefix make the violation happen: up to the
 * remote access of an atomicity violation (the local thread's last access
 * may never come: a remote read of an intermediate state can fail at
 * once), up to both accesses of a race, the acquisitions of a deadlock. */
static guint
violation_steps (const AugurEventMap *map, AugurFinding *p)
{
  guint n_acc = augur_finding_get_n_accesses (p);
  if (augur_finding_get_kind (p) == AUGUR_FINDING_ATOMICITY_VIOLATION && n_acc == 3)
    n_acc = 2;
  guint needed = 0;
  for (guint k = 0; k < n_acc; k++)
    {
      const AugurAccess *a = augur_finding_get_access (p, k);
      gint j = step_of_event (map, augur_finding_find_step (p, a->thread, a->event));
      if (j >= 0)
        needed = MAX (needed, (guint) j + 1);
    }
  return needed > 0 ? needed : map->threads->len;
}

/* ------------------------------------------------------------------ */

static char *
exe_of (const char *const *argv)
{
  char *exe = g_find_program_in_path (argv[0]);
  return exe != NULL ? exe : g_strdup (argv[0]);
}

static AugurSymbolizer *
symbols_for (const char *exe)
{
  AugurSymbolizer *sym = augur_symbolizer_new ();
  augur_symbolizer_add_module (sym, 0, exe, 0);
  return sym;
}

/* Where the prediction's access @a is in the prefix, or -1. */
static gint
access_step (const AugurEventMap *map, AugurFinding *p, guint a)
{
  const AugurAccess *x = augur_finding_get_access (p, a);
  return step_of_event (map, augur_finding_find_step (p, x->thread, x->event));
}

/* The positions j1 < j2 in the prefix of a race prediction's two
 * accesses; FALSE if it is no race or they are not in the prefix. */
static gboolean
race_positions (const AugurEventMap *map, AugurFinding *p, guint *j1, guint *j2)
{
  if (augur_finding_get_kind (p) != AUGUR_FINDING_DATA_RACE || augur_finding_get_n_accesses (p) != 2)
    return FALSE;
  gint ja = access_step (map, p, 0), jb = access_step (map, p, 1);
  if (ja < 0 || jb < 0 || ja == jb)
    return FALSE;
  *j1 = (guint) MIN (ja, jb);
  *j2 = (guint) MAX (ja, jb);
  return TRUE;
}

/* The threads t[0..n) (n > j2) with steps j1 and j2 in the other order:
 * the second moved before the first, or, if its thread has steps between
 * them, the first moved after the second; the steps after j2 stay.  NULL
 * if both threads have steps between them (no move keeps both threads'
 * orders). */
static GArray *
reversed_at (const guint *t, guint n, guint j1, guint j2)
{
  gboolean second_free = TRUE, first_free = TRUE;
  for (guint k = j1 + 1; k < j2; k++)
    {
      second_free = second_free && t[k] != t[j2];
      first_free = first_free && t[k] != t[j1];
    }
  if (!second_free && !first_free)
    return NULL;
  GArray *r = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
  g_array_append_vals (r, t, j1);
  if (second_free)
    {
      g_array_append_val (r, t[j2]);
      g_array_append_vals (r, t + j1, j2 - j1);
    }
  else
    {
      g_array_append_vals (r, t + j1 + 1, j2 - j1);
      g_array_append_val (r, t[j1]);
    }
  g_array_append_vals (r, t + j2 + 1, n - j2 - 1);
  return r;
}

/* A race's prefix with its two accesses in the other order, up to the
 * later of them (reversed_at); NULL if there is none. */
static GArray *
race_reversed (const AugurEventMap *map, AugurFinding *p)
{
  guint j1, j2;
  if (!race_positions (map, p, &j1, &j2))
    return NULL;
  return reversed_at ((const guint *) map->threads->data, j2 + 1, j1, j2);
}

/* Seconds left before @end (monotonic µs); 0 when none. */
static double
left_until (gint64 end)
{
  gint64 us = end - g_get_monotonic_time ();
  return us > 10000 ? (double) us / G_USEC_PER_SEC : 0.0;
}

/* The probe, the prefix alone, stopped at its end, so that a program that
 * leaves it (say, to spin on a flag nobody sets) is not run on to its step
 * bound before the divergence is seen; then the prefix and what follows
 * it, explored. */
static gboolean
explore_prefix (const char *const *argv, Watch *w, AugurExploreOptions *eo, AugurExploreStats *st,
                guint max_steps, gint64 end, GError **error)
{
  w->probe = TRUE;
  eo->max_steps = MAX (w->map->threads->len, 1u);
  g_autoptr (AugurResults) probed = augur_explore (argv, eo, st, error);
  if (probed == NULL)
    return FALSE;
  w->probe = FALSE;
  eo->max_steps = max_steps;
  if (w->diverged || st->prefix_diverged || w->harm != NULL)
    return TRUE;
  /* the probe's time counts: the whole confirmation has one budget */
  eo->timeout = left_until (end);
  if (eo->timeout == 0.0)
    {
      st->timed_out = TRUE;
      return TRUE;
    }
  g_autoptr (AugurResults) explored = augur_explore (argv, eo, st, error);
  return explored != NULL;
}

/* A race that harmed nothing in the predicted order: the other order.
 * TRUE if it harmed, then w's harm is its. */
static gboolean
explore_reversed (const char *const *argv, Watch *w, const AugurExploreOptions *eo, gint64 end)
{
  g_autoptr (GArray) rev = race_reversed (w->map, w->prediction);
  if (rev == NULL || left_until (end) == 0.0)
    return FALSE;
  Watch rw = { .map = w->map, .prediction = w->prediction, .sym = w->sym, .exe = w->exe };
  rw.needed = rev->len;
  rw.limit = w->limit;
  rw.reversed = TRUE;
  AugurExploreOptions ro = *eo;
  ro.prefix = (const guint *) rev->data;
  ro.prefix_len = rev->len;
  ro.user_data = &rw;
  ro.timeout = left_until (end);
  AugurExploreStats rst;
  g_autoptr (GError) rerr = NULL;
  g_autoptr (AugurResults) rexp = augur_explore (argv, &ro, &rst, &rerr);
  w->runs += rw.runs;
  gboolean harmed = rexp != NULL && rw.harm != NULL && !rst.prefix_diverged;
  if (harmed)
    w->harm = g_steal_pointer (&rw.harm);
  watch_clear (&rw);
  return harmed;
}

/* Up to @limit executions that share @prefix (NULL: the default
 * schedule, then the default one): does one fail the way @harm did?
 * FALSE also if none can follow the prefix or there is no time left;
 * *@diverged (may be NULL) says whether the prefix could not be followed. */
static gboolean
fails_like (const char *const *argv, AugurExecutor *ex, AugurSymbolizer *sym, const Run *harm,
            const AugurConfirmOptions *o, gint64 end, const GArray *prefix, guint64 limit,
            gboolean *diverged, const Run *path)
{
  double left = left_until (end);
  if (diverged != NULL)
    *diverged = FALSE;
  if (left == 0.0)
    return FALSE;
  g_autofree char *key = run_harm_key (harm, sym, TRUE);
  Control c = { .sym = sym, .want = key, .limit = limit, .path = path };
  AugurExploreOptions co;
  augur_explore_options_init (&co);
  co.mode = AUGUR_EXPLORE_MODE_OPTIMAL;
  co.exec_timeout = o->exec_timeout;
  co.max_steps = o->max_steps;
  co.timeout = MIN (10.0, left);
  if (prefix != NULL)
    {
      co.prefix = (const guint *) prefix->data;
      co.prefix_len = prefix->len;
    }
  co.on_execution = on_control;
  co.user_data = &c;
  co.no_diagnose = TRUE;
  co.executor = ex;
  AugurExploreStats cst;
  g_autoptr (GError) cerr = NULL;
  g_autoptr (AugurResults) controlled = augur_explore (argv, &co, &cst, &cerr);
  if (diverged != NULL)
    *diverged = controlled != NULL && (cst.prefix_diverged || c.left_path);
  return controlled != NULL && !cst.prefix_diverged && !c.left_path && c.same;
}

/* Does the program fail the way @harm did without the violation too?  (a
 * deadlock: the same threads waiting at the same places; no time left to
 * tell: the harm stands) */
static gboolean
fails_anyway (const char *const *argv, AugurExecutor *ex, AugurSymbolizer *sym, const Run *harm,
              const AugurConfirmOptions *o, gint64 end)
{
  return fails_like (argv, ex, sym, harm, o, end, NULL, 1, NULL, NULL);
}

/* A race that harmed in the predicted order: does the harmful execution
 * fail the same way with the race's two accesses in the other order and
 * every other step as it was?  Then the pair's order did not make it fail
 * (a lost update elsewhere, next to a benign race on a flag both threads
 * set): the race is no cause of it.  Every other step is kept: a race
 * whose other order fails too, but only with another race reversed as
 * well (x and y written in opposite orders), is a cause.
 *
 * An execution that cannot follow the flipped schedule (a thread that
 * read the other value went elsewhere: it found a queue's request and
 * did not wait for it) has no "every other step as it was"; then the
 * executions that share the flipped prefix up to the later access are
 * searched (a few dozen) for the same failure.  Found: the failure does
 * not need this order (a lost wake-up on a second queue, after a race on
 * the first that goes either way), *@searched says so.  Not found: the
 * race stays a cause. */
static gboolean
fails_flipped (const char *const *argv, AugurExecutor *ex, const Watch *w, const AugurConfirmOptions *o,
               gint64 end, gboolean *searched)
{
  guint j1, j2;
  const Run *h = w->harm;
  *searched = FALSE;
  if (left_until (end) == 0.0 || !race_positions (w->map, w->prediction, &j1, &j2)
      || h->steps->len <= j2)
    return FALSE;
  g_autofree guint *t = g_new (guint, h->steps->len);
  for (guint k = 0; k < h->steps->len; k++)
    t[k] = g_array_index (h->steps, AugurSchedStep, k).tid;
  g_autoptr (GArray) flipped = reversed_at (t, h->steps->len, j1, j2);
  if (flipped == NULL)
    return FALSE;
  gboolean diverged;
  if (fails_like (argv, ex, w->sym, h, o, end, flipped, 1, &diverged, h))
    return TRUE;
  if (!diverged)
    return FALSE;
  g_array_set_size (flipped, j2 + 1);
  *searched = fails_like (argv, ex, w->sym, h, o, end, flipped, w->limit, NULL, NULL);
  return *searched;
}

/* The class of the prediction and its explanation, from what the runs
 * showed. */
static void
classify (AugurConfirmOutcome *out, Watch *w, const AugurExploreStats *st, gboolean own_path,
          gboolean reversed_harm, gboolean flipped_harm, gboolean flip_searched)
{
  const AugurEventMap *map = w->map;
  out->executions = w->runs;
  if (w->diverged || st->prefix_diverged)
    {
      guint j = w->diverged ? w->diverged_step : st->prefix_diverged_at;
      out->cls = AUGUR_PREDICTION_NOT_REALISABLE;
      out->diverged_at = j < map->origin->len ? g_array_index (map->origin, guint, j) : map->n_schedule - 1;
      out->explanation = g_strdup_printf ("Not realisable: the replay left the predicted schedule at "
                                          "its step %u: %s.", out->diverged_at,
                                          w->why != NULL ? w->why : "the program did not follow it");
    }
  else if (own_path || flipped_harm)
    {
      out->cls = AUGUR_PREDICTION_BENIGN;
      out->failed_anyway = TRUE;
      /* the violation happened in the predicted order: in its first
       * execution, or (the probe failed at once) in the failing one */
      const Run *seen = w->witness != NULL ? w->witness : w->harm;
      out->witness = confirmed_finding (w, seen, AUGUR_PREDICTION_BENIGN);
      g_autofree char *harm = run_harm_sentence (w->harm, w->sym);
      out->explanation = g_strdup_printf (
        own_path ? "Benign: after the violation %s, but the program fails that way without it too "
                   "(its default schedule does): the failure is not caused by this interleaving."
        : flip_searched ? "Benign: after the race %s, but with its two accesses in the other order "
                          "(a thread then went another way) an execution fails the same way too: "
                          "the failure is not caused by this race."
                        : "Benign: after the race %s, but the same execution with its two accesses "
                          "in the other order fails the same way: the failure is not caused by "
                          "this race.",
        harm);
    }
  else if (w->harm != NULL)
    {
      out->cls = AUGUR_PREDICTION_HARMFUL;
      out->finding = confirmed_finding (w, w->harm, AUGUR_PREDICTION_HARMFUL);
      g_autofree char *harm = run_harm_sentence (w->harm, w->sym);
      out->explanation = g_strdup_printf ("Harmful: after the violation%s, %s (execution %" G_GUINT64_FORMAT
                                          ").", reversed_harm ? " in the other order" : "", harm,
                                          w->harm_at != 0 ? w->harm_at : w->runs);
    }
  else
    {
      out->cls = AUGUR_PREDICTION_BENIGN;
      if (w->witness != NULL)
        out->witness = confirmed_finding (w, w->witness, AUGUR_PREDICTION_BENIGN);
      const char *how = st->complete ? "every execution that shares the violating prefix"
                        : st->timed_out ? "the executions explored before the time limit"
                                        : "the executions explored around the violation";
      out->hung = w->killed;
      if (w->killed > 0)
        out->explanation = g_strdup_printf (
          "Not shown harmful: the violation happened, and of %s (%" G_GUINT64_FORMAT ") %"
          G_GUINT64_FORMAT " hung (killed by the watchdog) and the others ended without failure.",
          how, w->explored, w->killed);
      else
        out->explanation = g_strdup_printf ("Benign: the violation happened, and %s (%" G_GUINT64_FORMAT
                                            ") ended without failure.", how, w->explored);
    }
}

gboolean
augur_confirm_prediction (const char *const *argv, AugurFinding *prediction,
                          const AugurConfirmOptions *o, AugurConfirmOutcome *out, GError **error)
{
  g_return_val_if_fail (argv != NULL && argv[0] != NULL && prediction != NULL && out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  AugurConfirmOptions defaults;
  if (o == NULL)
    {
      augur_confirm_options_init (&defaults);
      o = &defaults;
    }
  g_autoptr (AugurEventMap) map = augur_event_map_new (prediction, error);
  if (map == NULL)
    return FALSE;
  g_autofree char *exe = exe_of (argv);
  g_autoptr (AugurSymbolizer) sym = symbols_for (exe);

  Watch w = { .map = map, .prediction = prediction, .sym = sym, .exe = exe };
  w.needed = violation_steps (map, prediction);
  w.limit = 1 + (o->around ? o->around : 50);
  AugurExploreOptions eo;
  augur_explore_options_init (&eo);
  eo.mode = AUGUR_EXPLORE_MODE_OPTIMAL;
  eo.exec_timeout = o->exec_timeout;
  eo.max_steps = o->max_steps;
  eo.timeout = o->timeout > 0 ? o->timeout : 60.0;
  /* one budget for the probe, the exploration, the reversed order and
   * the control run together (a recorded spin of 157,733 events made
   * each take a whole budget of its own, and augur check had none left
   * to explore) */
  gint64 end = g_get_monotonic_time () + (gint64) (eo.timeout * G_USEC_PER_SEC);
  eo.prefix = (const guint *) map->threads->data;
  eo.prefix_len = map->threads->len;
  eo.on_execution = on_execution;
  eo.user_data = &w;
  eo.no_diagnose = TRUE;
  AugurExploreStats st;
  g_autoptr (AugurExecutor) ex = augur_executor_new (argv, FALSE, error);
  eo.executor = ex;   /* one fork server for the probe and the exploration */
  if (ex == NULL || !explore_prefix (argv, &w, &eo, &st, o->max_steps, end, error))
    {
      watch_clear (&w);
      return FALSE;
    }
  gboolean realised = !w.diverged && !st.prefix_diverged;
  gboolean reversed_harm = realised && w.harm == NULL && explore_reversed (argv, &w, &eo, end);
  gboolean own_path = realised && w.harm != NULL && fails_anyway (argv, ex, sym, w.harm, o, end);
  gboolean searched = FALSE;
  gboolean flipped_harm = realised && !own_path && !reversed_harm && w.harm != NULL
                          && fails_flipped (argv, ex, &w, o, end, &searched);
  classify (out, &w, &st, own_path, reversed_harm, flipped_harm, searched);
  watch_clear (&w);
  return TRUE;
}

gboolean
augur_confirm_replay (const char *const *argv, AugurFinding *f, gboolean show_output,
                      gboolean *reproduced, char **what, GError **error)
{
  g_return_val_if_fail (argv != NULL && argv[0] != NULL && f != NULL, FALSE);
  *reproduced = FALSE;
  guint n = augur_finding_get_n_steps (f);
  g_autofree guint *threads = g_new0 (guint, n + 1);
  for (guint k = 0; k < n; k++)
    threads[k] = augur_finding_get_step (f, k)->thread;
  g_autofree char *exe = exe_of (argv);
  g_autoptr (AugurSymbolizer) sym = symbols_for (exe);
  Watch w = { .sym = sym, .prediction = f, .exe = exe };
  AugurExploreOptions eo;
  augur_explore_options_init (&eo);
  eo.mode = AUGUR_EXPLORE_MODE_OPTIMAL;
  eo.show_output = show_output;
  eo.prefix = threads;
  eo.prefix_len = n;
  eo.on_execution = on_execution;
  eo.user_data = &w;
  eo.no_diagnose = TRUE;
  AugurExploreStats st;
  g_autoptr (AugurResults) ignored = augur_explore (argv, &eo, &st, error);
  if (ignored == NULL)
    {
      watch_clear (&w);
      return FALSE;
    }
  Run *r = w.first;
  g_return_val_if_fail (r != NULL, FALSE);
  /* the same steps: thread, op and line of each (a wake-up is the same
   * step whether a signal or nothing ended the wait: the schedule gives
   * the thread, not the signal) */
  guint m = MIN (n, r->steps->len);
  for (guint k = 0; k < m; k++)
    {
      const AugurSchedStep *got = &g_array_index (r->steps, AugurSchedStep, k);
      const AugurStep *want = augur_finding_get_step (f, k);
      const AugurSource *l = augur_symbolizer_lookup (sym, got->module, got->pc);
      AugurOp got_op = augur_steps_op (got), want_op = want->op;
      if (got_op == AUGUR_OP_SPURIOUS_WAKE)
        got_op = AUGUR_OP_WAKE;
      if (want_op == AUGUR_OP_SPURIOUS_WAKE)
        want_op = AUGUR_OP_WAKE;
      if (got->tid != want->thread || got_op != want_op
          || (want->line != 0 && l->line != 0 && want->line != l->line))
        {
          *what = g_strdup_printf ("the program did not follow the schedule at its step %u "
                                   "(T%u %s at line %u instead of T%u %s at line %u)", k, got->tid,
                                   augur_op_to_string (augur_steps_op (got)), l->line, want->thread,
                                   augur_op_to_string (want->op), want->line);
          watch_clear (&w);
          return TRUE;
        }
    }
  if (st.prefix_diverged || r->steps->len < n)
    {
      *what = g_strdup_printf ("the program did not follow the schedule (it stopped at step %u of %u)",
                               st.prefix_diverged ? st.prefix_diverged_at : r->steps->len, n);
      watch_clear (&w);
      return TRUE;
    }
  g_autofree char *want = finding_harm_key (f);
  g_autofree char *got = run_harm_key (r, sym, FALSE);
  g_autofree char *sentence = run_harm_sentence (r, sym);
  *reproduced = strcmp (want, got) == 0;
  /* a benign one: its violation is in the steps followed */
  guint nb = 0;
  const guint *bug = augur_finding_get_bug_steps (f, &nb);
  g_autoptr (GString) at = g_string_new (NULL);
  AugurPredictionClass cls;
  for (guint i = 0; i < nb && augur_finding_get_prediction_class (f, &cls)
                    && cls == AUGUR_PREDICTION_BENIGN; i++)
    g_string_append_printf (at, "%s%u", i == 0 ? " (the violation at steps " : " and ", bug[i]);
  if (at->len > 0)
    g_string_append_c (at, ')');
  *what = *reproduced ? g_strdup_printf ("after the same %u steps%s, %s", n, at->str, sentence)
                      : g_strdup_printf ("after the same %u steps, %s (expected: %s)", n, sentence, want);
  watch_clear (&w);
  return TRUE;
}
