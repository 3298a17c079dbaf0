/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-run.h — one program through every explorer, and the verdict.
 *
 * A program is checked in one or two passes: first with spurious
 * wake-ups of condition waits turned off (AUGUR_SCHED_F2_NO_SPURIOUS for
 * the naive walk, no_spurious for augur_explore, the same rule in the
 * model), then, if it has an untimed condition wait (the only thing the
 * switch changes), with them on, as augur explores by default.  In each
 * pass the program's schedules are first enumerated by the model
 * (dt-model.h, no execution at all); a program with more than
 * max_schedules of them in the first pass is skipped (in the second, only
 * that pass is).  Then the program (vm + its description) is served by one
 * executor that the naive walk (dt-naive.h) and augur_explore in modes
 * optimal, dpor and preempt (bound G_MAXUINT: unbounded) all use in turn.
 * The checks, each a disagreement class when it fails (the classes of the
 * second pass end in "/spurious"):
 *   outcomes:model:KIND  the naive walk (the runtime) misses an outcome of
 *                  the model (+KIND: shows one the model does not have),
 *                  whole outcomes (dt-outcome.h), main-returns included;
 *   count:model    the model and the naive walk count different schedules
 *                  (the runtime makes a scheduling point the program does
 *                  not have, or lacks one, or enables a step the program
 *                  cannot take);
 *   outcomes:MODE:KIND  MODE misses an outcome (without main-returns,
 *                  dt-outcome.h) of the naive walk whose first word is KIND
 *                  (exit, assert, deadlock, crash ...), or reports one no
 *                  schedule has (KIND written +KIND);
 *   misuse:MODE:main-returns  some schedule shows misuse:main-returns and
 *                  no execution of MODE did (+main-returns: MODE showed it
 *                  and no schedule has it);
 *   traces:MODE    (optimal, dpor) the set of traces MODE completed differs
 *                  from the naive walk's;
 *   count:MODE     optimal and dpor complete each trace once (executions =
 *                  traces); preempt with no bound runs every schedule once
 *                  (executions = naive schedules), explorer/preempt.h;
 *   incomplete:MODE  MODE did not say it explored everything (or preempt
 *                  said its bound left schedules out);
 *   dependence     two schedules of one trace (same normal form) ended
 *                  differently: the dependence relation misses an order;
 *   diverged:WHO   an execution did not follow its prefix (the program is
 *                  deterministic, so the runtime or the prefix is wrong);
 *   error:WHO      the explorer failed.
 */
#ifndef DT_RUN_H
#define DT_RUN_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char *vm;               /* the interpreter, built with augur-cc */
  guint64 max_schedules;        /* naive walk: skip past this */
  guint max_steps;
  double exec_timeout;
} DtRunOptions;

typedef enum {
  DT_VERDICT_AGREE,
  DT_VERDICT_DISAGREE,
  DT_VERDICT_SKIPPED,
} DtVerdictKind;

#define DT_PASSES 2              /* spurious wake-ups off, on */

/* What one pass saw. */
typedef struct {
  gboolean ran;                 /* FALSE: not needed, or over max_schedules */
  gboolean over_limit;          /* skipped: over max_schedules */
  guint64 schedules;            /* naive */
  guint64 model_schedules;      /* dt-model.h */
  guint64 traces;               /* naive: distinct normal forms */
  guint64 infeasible;           /* naive */
  guint64 executions[3];        /* optimal, dpor, preempt */
  guint64 blocked[3];
  GString *outcomes;            /* the naive walk's whole outcomes, sorted, one a line */
} DtPass;

typedef struct {
  DtVerdictKind kind;
  GPtrArray *classes;           /* sorted, unique class names (owned) */
  GString *details;             /* lines saying what differs */
  DtPass pass[DT_PASSES];
  guint64 runs;                 /* executions of the program, all explorers, all passes */
  guint in_pass;                /* the pass whose classes are being filed (dt-run.c) */
} DtVerdict;

extern const char *const dt_pass_names[DT_PASSES];   /* "no spurious wake-ups", ... */

void dt_verdict_init (DtVerdict *v);
void dt_verdict_clear (DtVerdict *v);
gboolean dt_verdict_has (const DtVerdict *v, const char *klass);
/* The classes joined with spaces (newly allocated). */
char *dt_verdict_classes (const DtVerdict *v);

/* Runs @program (its text).  FALSE with @error only if the program could
 * not be run at all. */
gboolean dt_run_program (const char *program, const DtRunOptions *opts, DtVerdict *v,
                         GError **error);

G_END_DECLS

#endif /* DT_RUN_H */
