/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * results.h — the results file: what one run of explore / predict / check
 * found, read by `augur report`.
 *
 * The model:
 *   - AugurResults is the run: the program and its argv, the command and mode,
 *     when it started and how long it took, how many executions were explored,
 *     which bounds were hit, the predictions made counted per (kind, class),
 *     the static-only candidate pairs (flagged by static analysis, never seen
 *     in an execution: a coverage hint), and the findings.
 *   - AugurFinding is one bug.  It names its kind (and a sub-kind for
 *     misuse), its severity (error, warning, note: how sure and how bad, see
 *     AugurSeverity), explains itself in one sentence, names the threads and
 *     the shared variable or lock, lists the involved accesses (each with the
 *     locks its thread held), and carries the schedule that reproduces it:
 *     the exact sequence of steps, each a (thread, event index in that thread,
 *     operation, object, file:line).  Some steps are marked as the bug's own
 *     events; an access is tied to its step by (thread, event).
 *   - One bug is one finding: the race and the atomicity violation that
 *     make an assertion fail are the *parts* of the assertion's finding,
 *     whose explanation is then the cause chain ("assertion `…` at
 *     drive-queue.c:37 fails because of a lost update of `q->pushed` at
 *     queue.c:55").  Parts are findings themselves (with their own
 *     schedules), one level deep (check/check-merge.h builds them).
 *   - Objects are named by their stable names (common/objects.h: the same
 *     in every run) until debug info gives a source-level name
 *     (common/dwarf-names.h: `q->pushed`); the stable name is then kept as
 *     object_id.
 *   - Threads are the stable ids of the trace format (creation order, main
 *     is 0).  Event indices count a thread's events from 0 in program order.
 *
 * On disk the results are JSON, schema "augur-results/1" (AUGUR_RESULTS_SCHEMA).
 * A reader accepts exactly that schema; unknown members are ignored so that
 * writers can add informative fields without a version bump, but a missing
 * or mistyped required member is an error.  Members ("?" = optional):
 *
 *   schema "augur-results/1", program, argv [str], command, mode?, source_dir?,
 *   started? (ISO 8601 with zone), duration_ms, executions, bounds_hit? [str],
 *   predictions? [{kind, class, count}],
 *   static_candidates? [{object?, file_a, line_a, file_b, line_b}],
 *   findings [{kind, subkind?, severity?, explanation, object?, object_id?, object_kind?,
 *              threads [int],
 *              accesses [{thread, event, op, file?, line?, function?, locks_held? [str],
 *                        callers? [{file?, line?, function?}]}],
 *              schedule [{thread, event, op, object?, peer?, file?, line?, function?}]
 *                | schedule_packed {steps, encoding, data},
 *              bug_steps [index into schedule], replay?,
 *              prediction? {pattern, answer, class?},
 *              parts? [finding without parts]}]
 *
 * A schedule of more than AUGUR_SCHEDULE_PACK_MIN_STEPS steps is written
 * as schedule_packed instead of schedule: the same steps, packed
 * (common/schedule-pack.h); a reader accepts either, not both.
 *
 * severity is "error", "warning" or "note"; a reader that finds none uses
 * the kind's default (augur_severity_default).
 *
 * A finding with a `prediction` member is a prediction of `augur predict`,
 * not a confirmed bug: pattern is how it breaks ("R-W-R", "race",
 * "lock-order"), answer is the solver's: "sat" (the schedule reaches it)
 * or "unknown" (Z3 gave no answer in time; the schedule may be empty).
 * Its schedule's events are trace events (see doc/predictor.md).  Once the
 * explorer has confirmed it (`augur confirm`), `class` is "harmful": the
 * finding is then a bug, its schedule the explorer execution that showed
 * the harm (events are indices among a thread's explorer steps), its
 * accesses the violation's plus the harm: the failed assertion, the fault
 * or the end; for a deadlock or a hang, each stuck thread's blocked
 * operation (explorer/confirm.c).
 *
 * kind, class and op are spelled as augur_finding_kind_to_string,
 * augur_prediction_class_to_string and augur_op_to_string print them.
 * The .json files of tests/reports/golden/ are complete examples.
 *
 * Findings are kept in a deterministic order (see augur_finding_compare) so
 * that two runs finding the same bugs write the same file, whatever order the
 * engine discovered them in.
 *
 * Writers build the model with the _new/_set/_add functions; the objects are
 * refcounted and not thread-safe.  Readers get borrowed views.
 */
#ifndef AUGUR_RESULTS_H
#define AUGUR_RESULTS_H

#include <glib.h>

#include "common/augur-ops.h"

G_BEGIN_DECLS

#define AUGUR_RESULTS_SCHEMA "augur-results/1"

#define AUGUR_RESULTS_ERROR (augur_results_error_quark ())
GQuark augur_results_error_quark (void);

typedef enum {
  AUGUR_RESULTS_ERROR_IO,       /* the file could not be read or written */
  AUGUR_RESULTS_ERROR_PARSE,    /* not JSON */
  AUGUR_RESULTS_ERROR_SCHEMA,   /* JSON, but not an augur-results/1 file */
  AUGUR_RESULTS_ERROR_INVALID,  /* a member is missing, mistyped or out of range */
} AugurResultsError;

/* Kinds of finding.  The order is the sort order of findings of one severity. */
typedef enum {
  AUGUR_FINDING_DEADLOCK,
  AUGUR_FINDING_LOCK_ORDER,      /* locks taken in opposite orders: a deadlock may follow */
  AUGUR_FINDING_DATA_RACE,
  AUGUR_FINDING_ATOMICITY_VIOLATION,
  AUGUR_FINDING_ORDER_VIOLATION,
  AUGUR_FINDING_ASSERTION,
  AUGUR_FINDING_ABORT,           /* the program calls abort() itself, not through assert() */
  AUGUR_FINDING_CRASH,
  AUGUR_FINDING_HANG,
  AUGUR_FINDING_MISUSE,
  AUGUR_FINDING_N_KINDS
} AugurFindingKind;

const char *augur_finding_kind_to_string (AugurFindingKind kind);
gboolean    augur_finding_kind_from_string (const char *s, AugurFindingKind *kind);
/* A short human title: "Data race", "Deadlock" ... */
const char *augur_finding_kind_title (AugurFindingKind kind);
/* One sentence on what the kind means, for reports and SARIF rules. */
const char *augur_finding_kind_description (AugurFindingKind kind);

/* How sure and how bad a finding is.  The order is the sort order of
 * findings (errors first) and of --fail-on thresholds.
 *   error    a bug that happened under a replayable schedule, or undefined
 *            behaviour the program certainly has: assertion, abort, crash,
 *            deadlock, hang, data race, harmful atomicity violation, misuse
 *            of the threads API that is undefined (double unlock ...);
 *   warning  a hazard that did not go wrong here: a lock-order inversion
 *            that was not realised, a race classified benign (still
 *            undefined behaviour in C11), main returning while threads run;
 *   note     worth knowing, not a defect of this run: a mutex never
 *            destroyed, a lock-order inversion every thread takes under
 *            one gate lock, a coverage hint. */
typedef enum {
  AUGUR_SEVERITY_ERROR,
  AUGUR_SEVERITY_WARNING,
  AUGUR_SEVERITY_NOTE,
  AUGUR_SEVERITY_N
} AugurSeverity;

/* "error", "warning", "note" (also SARIF's result levels). */
const char *augur_severity_to_string (AugurSeverity severity);
gboolean    augur_severity_from_string (const char *s, AugurSeverity *severity);
/* The severity of a finding of this kind and misuse sub-kind (may be NULL)
 * unless something more is known (a benign race, a gate lock). */
AugurSeverity augur_severity_default (AugurFindingKind kind, const char *subkind);

/* Classes of a prediction once re-executed. */
typedef enum {
  AUGUR_PREDICTION_HARMFUL,
  AUGUR_PREDICTION_BENIGN,
  AUGUR_PREDICTION_NOT_REALISABLE,
  AUGUR_PREDICTION_NOT_TRIED,     /* could not be re-executed (no verdict): its reason is printed */
  AUGUR_PREDICTION_N_CLASSES
} AugurPredictionClass;

const char *augur_prediction_class_to_string (AugurPredictionClass cls);
gboolean    augur_prediction_class_from_string (const char *s, AugurPredictionClass *cls);

/* What a step or an access does: AugurOp, with what each op means, is in
 * common/augur-ops.h.  Names (augur_op_to_string) are the JSON spelling. */

const char *augur_op_to_string (AugurOp op);
gboolean    augur_op_from_string (const char *s, AugurOp *op);
gboolean    augur_op_is_memory_access (AugurOp op);  /* read, write, atomics */
gboolean    augur_op_is_write (AugurOp op);          /* write, atomic store/rmw */
gboolean    augur_op_is_acquire (AugurOp op);        /* lock, rdlock, trylock, wake */
gboolean    augur_op_is_release (AugurOp op);        /* unlock, wait */
gboolean    augur_op_is_failure (AugurOp op);        /* assert-fail, abort: a failing program */

/* A call site in a function that called the one an access is in. */
typedef struct {
  char    *file;         /* NULL if unknown */
  guint    line;         /* 0 if unknown */
  char    *function;     /* NULL if unknown */
} AugurFrame;

/* A copy of the n frames (NULL when n is 0), freed by augur_frames_free. */
AugurFrame *augur_frames_dup (const AugurFrame *frames, guint n);
void        augur_frames_free (AugurFrame *frames, guint n);

/* One involved access.  Owned by its finding; readers get const pointers. */
typedef struct {
  guint    thread;
  guint64  event;        /* index of the event in its thread */
  AugurOp  op;
  char    *file;         /* as the debug info names it; NULL if unknown */
  guint    line;         /* 0 if unknown */
  char    *function;     /* NULL if unknown */
  char   **locks_held;   /* NULL-terminated, sorted; never NULL (may be empty) */
  AugurFrame *callers;   /* the call stack above the access's function, innermost first
                          * (lock acquisitions); n_callers entries, NULL if none */
  guint    n_callers;
} AugurAccess;

/* Where a heap block that a finding names was allocated in the execution
 * its schedule is ("T2.alloc1", 40 bytes, at prog.c:18 in worker): the
 * evidence for the block's source-level name (common/dwarf-names.h), since
 * another execution's block of the same number may be another one.  A
 * block may have two, tried in order: an inlined allocation wrapper's
 * site, then its caller's.  Kept in memory only (names are given before
 * the results are saved).  Owned by its finding. */
typedef struct {
  char    *object;       /* the block's stable name, "T2.alloc1" */
  guint64  size;         /* 0 if unknown */
  char    *file;         /* NULL if unknown (the size alone is evidence too) */
  guint    line;
  char    *function;     /* NULL if unknown */
} AugurBlockSite;

/* One step of the schedule.  Owned by its finding. */
typedef struct {
  guint    thread;
  guint64  event;        /* index of the event in its thread */
  AugurOp  op;
  char    *object;       /* variable, lock, condition ...; NULL if none */
  gint     peer;         /* the other thread of create/start/join/detach, else -1 */
  char    *file;         /* NULL if unknown */
  guint    line;         /* 0 if unknown */
  char    *function;     /* NULL if unknown */
} AugurStep;

typedef struct _AugurFinding AugurFinding;
typedef struct _AugurResults AugurResults;

/* ---- findings ---- */

/* subkind: for misuse ("uninitialised-cond", "unlock-not-owner" ...); NULL otherwise.
 * explanation: one sentence a person reads first.  The severity is the
 * kind's default (augur_severity_default) until set. */
AugurFinding *augur_finding_new (AugurFindingKind kind,
                                 const char      *subkind,
                                 const char      *explanation);
AugurFinding *augur_finding_ref (AugurFinding *finding);
void          augur_finding_unref (AugurFinding *finding);

/* The shared variable or lock the finding is about; object_kind is
 * "variable", "mutex", "rwlock", "condition", "semaphore", "barrier",
 * "thread", "memory" ... */
void augur_finding_set_object (AugurFinding *finding,
                               const char   *object,
                               const char   *object_kind);
void augur_finding_add_thread (AugurFinding *finding, guint thread);
/* locks_held: NULL-terminated (NULL means none); copied and sorted. */
void augur_finding_add_access (AugurFinding      *finding,
                               guint              thread,
                               guint64            event,
                               AugurOp            op,
                               const char        *file,
                               guint              line,
                               const char        *function,
                               const char *const *locks_held);
/* Sets the callers of access @i (copied; innermost first): the call
 * sites that led to the function it is in. */
void augur_finding_set_access_callers (AugurFinding     *finding,
                                       guint             i,
                                       const AugurFrame *callers,
                                       guint             n_callers);
/* Appends a step to the schedule and returns its index. */
guint augur_finding_add_step (AugurFinding *finding,
                              guint         thread,
                              guint64       event,
                              AugurOp       op,
                              const char   *object,
                              gint          peer,
                              const char   *file,
                              guint         line,
                              const char   *function);
/* Marks schedule step @step (an index returned by add_step) as one of the bug's events. */
void augur_finding_mark_bug_step (AugurFinding *finding, guint step);
void augur_finding_set_replay (AugurFinding *finding, const char *command);
void augur_finding_set_severity (AugurFinding *finding, AugurSeverity severity);
void augur_finding_set_explanation (AugurFinding *finding, const char *explanation);
/* The stable name of the object once `object` is a source-level name. */
void augur_finding_set_object_id (AugurFinding *finding, const char *object_id);
/* Adds @part (a reference is taken; it must have no parts itself) to the
 * bug's parts, in the order of the cause chain. */
void augur_finding_add_part (AugurFinding *finding, AugurFinding *part);
/* The finding's heap blocks are its own execution's (an explorer
 * execution's): named only from the sites added here and its own
 * accesses, never from another run's blocks of the same numbers.  A
 * finding never marked so (a prediction: its schedule is the recorded
 * run) may be named from the recorded run. */
void augur_finding_mark_own_blocks (AugurFinding *finding);
/* Marks it so and adds one site (see AugurBlockSite). */
void augur_finding_add_block_site (AugurFinding *finding, const char *object, guint64 size,
                                   const char *file, guint line, const char *function);
/* Marks the finding as an unconfirmed prediction (see the schema above). */
void augur_finding_set_prediction (AugurFinding *finding, const char *pattern, const char *answer);

AugurFindingKind   augur_finding_get_kind (AugurFinding *finding);
const char        *augur_finding_get_subkind (AugurFinding *finding);      /* may be NULL */
const char        *augur_finding_get_explanation (AugurFinding *finding);
/* The words an explanation has when its schedule needed a spurious
 * wake-up (explorer/steps.h, augur_steps_spurious_note). */
#define AUGUR_SPURIOUS_MARK "without a signal (a spurious wake-up, which POSIX allows)"
/* Does its explanation say its schedule needed a spurious wake-up? */
gboolean           augur_finding_needs_spurious (AugurFinding *finding);
const char        *augur_finding_get_object (AugurFinding *finding);       /* may be NULL */
const char        *augur_finding_get_object_kind (AugurFinding *finding);  /* may be NULL */
/* The stable name of the object (common/objects.h): object_id if set, else object. */
const char        *augur_finding_get_object_id (AugurFinding *finding);    /* may be NULL */
AugurSeverity      augur_finding_get_severity (AugurFinding *finding);
guint              augur_finding_get_n_parts (AugurFinding *finding);
AugurFinding      *augur_finding_get_part (AugurFinding *finding, guint i);
/* Sorted, without duplicates. */
const guint       *augur_finding_get_threads (AugurFinding *finding, guint *n_threads);
guint              augur_finding_get_n_accesses (AugurFinding *finding);
const AugurAccess *augur_finding_get_access (AugurFinding *finding, guint i);
guint              augur_finding_get_n_steps (AugurFinding *finding);
const AugurStep   *augur_finding_get_step (AugurFinding *finding, guint i);
/* Sorted step indices, without duplicates. */
const guint       *augur_finding_get_bug_steps (AugurFinding *finding, guint *n_bug_steps);
gboolean           augur_finding_is_bug_step (AugurFinding *finding, guint step);
const char        *augur_finding_get_replay (AugurFinding *finding);       /* may be NULL */
/* Whether its blocks are its own execution's (augur_finding_mark_own_blocks). */
gboolean           augur_finding_has_own_blocks (AugurFinding *finding);
guint              augur_finding_get_n_block_sites (AugurFinding *finding);
const AugurBlockSite *augur_finding_get_block_site (AugurFinding *finding, guint i);
/* A prediction confirmed by the explorer (only `harmful` ones are kept as
 * findings by augur confirm).  The finding must be a prediction. */
void               augur_finding_set_prediction_class (AugurFinding *finding, AugurPredictionClass cls);
/* FALSE unless the finding is a prediction with a class. */
gboolean           augur_finding_get_prediction_class (AugurFinding *finding, AugurPredictionClass *cls);
/* NULL unless the finding is a prediction. */
const char        *augur_finding_get_prediction_pattern (AugurFinding *finding);
const char        *augur_finding_get_prediction_answer (AugurFinding *finding);
/* "data-race" or "misuse:uninitialised-cond". */
char              *augur_finding_dup_full_kind (AugurFinding *finding);
/* Its object with its kind: "variable counter", "mutex q->lock"; the
 * object alone when it names its kind already ("thread 1", "main");
 * NULL when it has no object. */
char              *augur_finding_dup_object_phrase (AugurFinding *finding);
/* The step of an access (same thread and event), or -1 if the schedule lacks it. */
gint               augur_finding_find_step (AugurFinding *finding, guint thread, guint64 event);

/* Renames objects for people: @map gives the new name of a stable name
 * (newly allocated) or NULL to keep it.  Applies to the finding's object
 * (each of a list "a, b"; the stable name is kept as object_id), its
 * schedule's objects and the locks held at its accesses; not to its
 * parts, each of which has a schedule of its own whose heap blocks may be
 * other ones (the caller renames each).  Explanations are left to the
 * caller (augur_finding_set_explanation). */
void augur_finding_rename (AugurFinding *finding, char *(*map) (const char *name, gpointer data),
                           gpointer data);
/* The same for the objects of its schedule's steps of @op only. */
void augur_finding_rename_steps (AugurFinding *finding, AugurOp op,
                                 char *(*map) (const char *name, gpointer data), gpointer data);

/* One sentence on what this finding's kind means, fitted to the case: a
 * deadlock of locks is a cycle of locks, a stall on a condition variable
 * is not; a double free is a misuse of memory, not of the threads API. */
const char *augur_finding_describe (AugurFinding *finding);
/* Its kind's title, fitted the same way ("Misuse of memory" for a double
 * free). */
const char *augur_finding_title (AugurFinding *finding);
/* "thread 2", or "main" for thread 0 (prose names the main thread so). */
char *augur_thread_name (guint thread);

/* Total order: severity, kind, then sub-kind, then the sorted access
 * locations (file, line), then object, explanation, threads. */
int   augur_finding_compare (AugurFinding *a, AugurFinding *b);
char *augur_finding_to_string (AugurFinding *finding);

/* ---- results ---- */

typedef struct {
  AugurFindingKind     kind;
  AugurPredictionClass cls;
  guint64              count;
} AugurPredictionCount;

typedef struct {
  char  *object;          /* may be NULL */
  char  *file_a;
  guint  line_a;
  char  *file_b;
  guint  line_b;
} AugurStaticCandidate;

/* One exploration strategy of augur check and how far it got. */
typedef struct {
  char    *name;        /* "optimal", "dpor", "preempt 2" (bound 2), "pct" */
  char    *guarantee;   /* what it guarantees (augur_explore_guarantee) */
  guint64  executions;
} AugurStrategy;

/* program: the path of the program analysed; command: "explore", "predict", "check". */
AugurResults *augur_results_new (const char *program, const char *command);
AugurResults *augur_results_ref (AugurResults *results);
void          augur_results_unref (AugurResults *results);

void augur_results_set_argv (AugurResults *results, const char *const *argv);
void augur_results_set_mode (AugurResults *results, const char *mode);
/* The executions ran with malloc handing freed blocks back at once
 * (augur explore --malloc-reuse): a replay must run so too. */
void     augur_results_set_malloc_reuse (AugurResults *results, gboolean reuse);
gboolean augur_results_get_malloc_reuse (AugurResults *results);
/* Where relative source file names are resolved (the build directory). */
void augur_results_set_source_dir (AugurResults *results, const char *dir);
void augur_results_set_started (AugurResults *results, GDateTime *started);
void augur_results_set_duration (AugurResults *results, double seconds);
void augur_results_set_executions (AugurResults *results, guint64 executions);
void augur_results_add_bound_hit (AugurResults *results, const char *bound);
/* Adds @count to the (kind, cls) counter. */
void augur_results_add_predictions (AugurResults        *results,
                                    AugurFindingKind     kind,
                                    AugurPredictionClass cls,
                                    guint64              count);
void augur_results_add_static_candidate (AugurResults *results,
                                         const char   *object,
                                         const char   *file_a,
                                         guint         line_a,
                                         const char   *file_b,
                                         guint         line_b);
/* Takes a reference. */
void augur_results_add_finding (AugurResults *results, AugurFinding *finding);
/* Puts @finding (a reference taken) in the place of @old, one of its
 * findings. */
void augur_results_replace_finding (AugurResults *results, AugurFinding *old, AugurFinding *finding);
/* How far the analysis got (augur check): @complete only when the chosen
 * search ended; @summary says what holds ("complete: every interleaving up
 * to equivalence", "incomplete: time budget spent, 3 runs cut by the step
 * bound; ...").  Results that never had it set (augur explore, older
 * files) do not say. */
void augur_results_set_completeness (AugurResults *results, gboolean complete,
                                     const char *summary);
/* The strategies that ran, in order. */
void augur_results_add_strategy (AugurResults *results, const char *name,
                                 const char *guarantee, guint64 executions);

const char         *augur_results_get_program (AugurResults *results);
const char         *augur_results_get_command (AugurResults *results);
const char *const  *augur_results_get_argv (AugurResults *results);      /* never NULL */
/* argv as a shell command line, words quoted only where the shell needs it. */
char               *augur_results_dup_command_line (AugurResults *results);
const char         *augur_results_get_mode (AugurResults *results);      /* may be NULL */
const char         *augur_results_get_source_dir (AugurResults *results);/* may be NULL */
GDateTime          *augur_results_get_started (AugurResults *results);   /* may be NULL */
double              augur_results_get_duration (AugurResults *results);
guint64             augur_results_get_executions (AugurResults *results);
const char *const  *augur_results_get_bounds_hit (AugurResults *results);/* sorted, never NULL */
/* FALSE when the results do not say (then *complete and *summary are left). */
gboolean            augur_results_get_completeness (AugurResults *results, gboolean *complete,
                                                    const char **summary);
guint               augur_results_get_n_strategies (AugurResults *results);
const AugurStrategy *augur_results_get_strategy (AugurResults *results, guint i);
guint64             augur_results_get_n_predictions (AugurResults *results,
                                                     AugurPredictionClass cls);
/* Sorted by (kind, class), zero counts left out. */
GArray             *augur_results_dup_prediction_counts (AugurResults *results);
guint               augur_results_get_n_static_candidates (AugurResults *results);
const AugurStaticCandidate *augur_results_get_static_candidate (AugurResults *results, guint i);
/* Findings in their deterministic order; finding i is "finding i+1" to a person. */
guint               augur_results_get_n_findings (AugurResults *results);
AugurFinding       *augur_results_get_finding (AugurResults *results, guint i);
/* Findings (top level: a part is counted with its bug) of this severity. */
guint               augur_results_count_severity (AugurResults *results, AugurSeverity severity);
/* Removes every finding from @results and returns them (owned refs, in
 * their order), for a writer that regroups them and adds them back. */
GPtrArray          *augur_results_steal_findings (AugurResults *results);
/* Findings at least as severe as @threshold (error < warning < note), and
 * the static candidates (coverage hints, notes) when @threshold is note:
 * what makes `--fail-on=THRESHOLD` exit with 1. */
guint               augur_results_count_failing (AugurResults *results, AugurSeverity threshold);
/* Steps of the findings' schedules, parts included: how much a pass over
 * the findings has to go through (the deadline's work, common/deadline.h). */
guint64             augur_results_count_steps (AugurResults *results);
/* "1 error, 2 warnings, 1 note" (zeroes left out; "no finding" when all are);
 * coverage hints are counted as notes. */
char               *augur_results_dup_severity_summary (AugurResults *results);
/* Sets every replayable finding's replay command to
 * "augur replay PATH#N" (N its number, PATH quoted for the shell where
 * needed), where PATH is where the results are saved; unconfirmed
 * predictions and lock-order inversions (no event happened) are not
 * replayable. */
void                augur_results_set_replay_commands (AugurResults *results, const char *path);

/* Private data a writer attaches to the results it builds, as
 * g_object_set_data does (the explorer's lock-order graph across its
 * executions): kept until replaced or the results are freed; never saved. */
void     augur_results_set_data (AugurResults *results, const char *key, gpointer data,
                                 GDestroyNotify destroy);
gpointer augur_results_get_data (AugurResults *results, const char *key);

/* ---- I/O ---- */

AugurResults *augur_results_load (const char *path, GError **error);
AugurResults *augur_results_load_from_data (const char *data, gssize length, GError **error);
/* Pretty-printed JSON, deterministic, newline-terminated. */
char         *augur_results_to_data (AugurResults *results, gsize *length);
gboolean      augur_results_save (AugurResults *results, const char *path, GError **error);

char *augur_results_to_string (AugurResults *results);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurFinding, augur_finding_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurResults, augur_results_unref)

G_END_DECLS

#endif /* AUGUR_RESULTS_H */
