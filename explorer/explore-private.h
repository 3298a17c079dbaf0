/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-private.h — the exploration's state, shared by its three files:
 *
 *   explore.c           the loop: the next schedule, one execution, the
 *                       bookkeeping, the guarantee; augur replay;
 *   explore-findings.c  the findings of one execution: data races, and
 *                       how it ended (misuse, use after free, deadlock or
 *                       hang, assertion or crash, watchdog);
 *   explore-diagnose.c  the failure diagnosis: failing executions re-run
 *                       with candidate interleavings serialised.
 *
 * Not installed, not used outside explorer/explore*.c.
 */
#ifndef AUGUR_EXPLORE_PRIVATE_H
#define AUGUR_EXPLORE_PRIVATE_H

#include "explorer/explore.h"

#include "common/deadline.h"
#include "common/symbolizer.h"
#include "explorer/after-destroy.h"
#include "explorer/dpor.h"
#include "explorer/exec-names.h"
#include "explorer/wrapper-site.h"


typedef struct {
  AugurResults *results;          /* owned */
  AugurSymbolizer *sym;           /* owned: module 0 = the program */
  char *exe;                      /* owned */
  GHashTable *seen;               /* dedup keys */
  GHashTable *race_pcs;           /* guint64[2] -> addresses: instruction pairs whose race was
                                   * looked at, and at how many addresses */
  GHashTable *race_addrs;         /* guint64[3]: those pairs with the racing access's address */
  GHashTable *conflict_pcs;       /* guint64[2]: instruction pairs that met (opts->observed) */
  const AugurExploreOptions *opts;
  AugurSchedShm *shm;
  guint64 exe_bias;               /* the program's, as given to sym */
  AugurExecNames *names;          /* owned, lazily: the current execution's objects */
  guint n_new;                    /* findings added */
  GPtrArray *failures;            /* Failure: failing executions to diagnose */
  guint failures_diagnosed;       /* the first ones of them, diagnosed already */
  GHashTable *failed_at;          /* failure location -> guint *: its failing executions seen */
  const char *const *argv;        /* borrowed */
  guint failing_runs;             /* executions that failed (assertion, crash) */
  AugurDeadline *deadline;        /* borrowed: --timeout and the reserve after it */
  const GArray *fences;           /* full fences augur cannot see (unseen-atomics.h), NULL */
  const char *unseen_atomic;      /* the first atomic instruction augur cannot see
                                   * (explorer/unseen-atomics.h), NULL if none */
  gint first_exit;                /* exit status of the first execution that ended
                                   * normally, -1 before it; -2 in a replay, whose one
                                   * run is a finding's schedule; with
                                   * opts->known_exit_set, that run's status */
  gboolean first_exit_known;      /* first_exit is opts->known_exit */
  gint other_exit;                /* the first status of a normal end that is not
                                   * first_exit's, -1 if none yet: exit statuses vary
                                   * with the interleaving (explore-findings.c) */
  gint64 save_due;                /* monotonic us: no save before (explore_findings_save) */
  double save_seconds;            /* the longest save so far */
  gboolean names_cut;             /* a finding got no allocation sites: past the deadline */
  gboolean save_pending;          /* a finding not saved yet */
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

#define DIAGNOSE_MAX_TRIPLES 32u   /* per failing execution */
#define DIAGNOSE_MAX_FAILURES 16u
#define DIAGNOSE_MAX_PER_FAILURE 4u  /* failing executions diagnosed per failure location */
#define DIAGNOSE_MAX_RUNS 500u       /* continuations explored per serialisation */
#define DIAGNOSE_MAX_SECONDS 5.0     /* and seconds */

/* explore_findings_on_race's data: the event indices of the steps, made
 * when first needed (owned by the caller), and the execution's object log
 * (its allocations); its destroyed mutexes (after-destroy.h), made when
 * first needed (freed by explore_findings_race_data_clear). */
typedef struct {
  Ctx *c;
  guint64 *ev;
  const AugurSchedObjectEvent *objects;
  guint n_objects;   /* G_MAXUINT: the log overflowed */
  const AugurSchedShm *shm;   /* the execution's page: its misuses */
  AugurAfterDestroy *after_destroy;
  gboolean after_destroy_made;
} RaceData;

/* ---- explore.c ---- */
/* The page of the next execution: its prefix and sleep set (the last
 * prefix step new), the options' bounds and flags, the mode's flags. */
void explore_prepare_shm (AugurSchedShm *shm, const AugurExploreOptions *o,
                          const AugurSchedStep *prefix, guint n_prefix,
                          const AugurSchedStep *sleep, guint n_sleep);
/* As the pool prepares a server's page (explore-pool.h; @data: the
 * AugurExploreOptions): explore_prepare_shm, no random seed. */
void explore_pool_prepare (AugurSchedShm *shm, const AugurSchedStep *prefix, guint n_prefix,
                           const AugurSchedStep *sleep, guint n_sleep, gpointer data);
/* One more execution server of the program (@exe: its path), its
 * scheduling points pruned by o->facts as the search's own server's are:
 * every server of one search must run the same steps. */
AugurExecutor *explore_server_new (const char *const *argv, const char *exe,
                                   const AugurExploreOptions *o, GError **error);
/* The DPOR core is told the operations the threads of the execution in
 * @shm were left waiting to do, before that execution is added. */
void explore_set_pending (AugurDpor *dpor, const AugurSchedShm *shm);

/* ---- explore-findings.c ---- */
/* The current execution's object names, made when first needed. */
AugurExecNames *explore_findings_names_of (Ctx *c);
/* The stable name of the object of steps[k] (see exec-names.h), or NULL. */
char *explore_findings_object_of (Ctx *c, const AugurSchedStep *steps, guint k);
/* Dedup: kind + sorted locations (locs is sorted); TRUE if new. */
gboolean explore_findings_first_time (Ctx *c, const char *kind, GPtrArray *locs);
/* "file:line" of an instruction (basename), or "pc<module>:<pc>". */
char *explore_findings_loc_key (Ctx *c, guint module, guint32 pc);
/* steps[0..n) (the current execution's, shm->steps) with their callers
 * and the calls its threads were left blocked in, to name a
 * synchronisation call outside its thin wrappers (wrapper-site.h). */
AugurWrapperExec explore_findings_wrapper_exec (Ctx *c, const AugurSchedStep *steps, guint n);
/* What an execution's steps (and @shm) tell the search's guarantee: the
 * shape of store buffering (st->weak_shape), a dead frame used
 * (st->dead_frame), a wait that also watched descriptors augur does not
 * model (st->world_wait). */
void explore_findings_note_execution (Ctx *c, AugurExploreStats *st, const AugurSchedShm *shm,
                                      const AugurSchedStep *steps, guint n);
/* The execution in c->shm left its schedule: where, into st->diverged_where. */
void explore_findings_note_divergence (Ctx *c, AugurExploreStats *st);
/* The execution (@steps[0..n)) was cut by the step bound: where its
 * busiest thread spent its last steps, into st->cut_where (the first). */
void explore_findings_note_cut (Ctx *c, AugurExploreStats *st, const AugurSchedStep *steps,
                                guint n);
void explore_findings_add_schedule (Ctx *c, AugurFinding *f, const AugurSchedStep *steps,
                                    guint n, const guint64 *ev);
/* Adds steps[k] as an access of @f, with the locks its thread holds then. */
void explore_findings_add_access (Ctx *c, AugurFinding *f, const AugurSchedStep *steps, guint k,
                                  const guint64 *ev);
/* Writes the results to opts->results_path, if any. */
void explore_findings_save (Ctx *c);
/* Exit statuses (explore-exit.c): does @status depend on the
 * interleaving; the words after "ends the program with exit status S"
 * when it does not, and (newly allocated) when it does; a normal end with
 * @status, which may turn the warnings kept so far into errors. */
gboolean explore_exit_varies (Ctx *c, gint status);
const char *explore_exit_same_tail (Ctx *c);
char *explore_exit_tail (Ctx *c, gint status);
void explore_exit_seen (Ctx *c, gint status);
/* explore-timeout.c: @text, and a sentence for each of the last timed
 * waits that timed out in steps[0..upto) (steps[0..n): the whole
 * execution, where what came too late is looked for).  Newly allocated. */
char *explore_timeout_note (Ctx *c, const char *text, const AugurSchedStep *steps, guint upto,
                            guint n);
void explore_findings_save_now (Ctx *c);
void explore_findings_save_pending (Ctx *c);
/* A save of the results that began at @started (g_get_monotonic_time)
 * has ended: it times the passes over the findings (explore.c). */
void explore_note_save (Ctx *c, gint64 started);
/* Adds the finding to the results (and saves them). */
void explore_findings_keep (Ctx *c, AugurFinding *f);
/* How many of the page's object events RaceData may read (G_MAXUINT: the
 * log overflowed, what was allocated when cannot be told). */
guint explore_findings_race_objects (const AugurSchedShm *shm);
/* Frees what explore_findings_on_race made for one execution (not rd). */
void explore_findings_race_data_clear (RaceData *rd);
/* AugurDporRaceFunc: a data race (data: RaceData). */
void explore_findings_on_race (const AugurSchedStep *steps, guint n, guint i, guint j,
                               gpointer data);
/* The findings of how the execution ended (not races); *evp: the event
 * indices of the steps, made if NULL. */
void explore_findings_ending (Ctx *c, const AugurSchedStep *steps, guint n, gboolean killed,
                              guint64 **evp);

/* ---- explore-uaf.c ---- */
/* The uses of freed memory the execution steps[0..n) (event indices @ev)
 * shows: of heap blocks, of exited threads' stacks, of returned frames. */
void explore_uaf_findings (Ctx *c, const AugurSchedStep *steps, guint n, const guint64 *ev);

/* ---- explore-deadlock-text.c ---- */
/* What stuck thread @t waits for, appended to @e ("thread 1 waits for
 * `m` at f.c:12, held by thread 2;"); a condition wait's signal that woke
 * another waiter or came too early goes into @signals (guint steps). */
void explore_deadlock_stuck_text (Ctx *c, const AugurSchedStep *steps, guint n, guint t,
                                  GString *e, GArray *signals);
/* Appends " This execution also races on `x` at f.c:9 and f.c:20 before
 * the @what: the lost wake-up may be its consequence." to @e when a stuck
 * thread waits on a condition and the execution has a race augur reports:
 * the wait may only be the race's consequence. */
void explore_deadlock_race_text (Ctx *c, const AugurSchedStep *steps, guint n, const char *what,
                                 GString *e);
/* "Main locks `m` at x.c:11, a normal mutex it already holds (...), and
 * blocks for ever: ..." (owned). */
char *explore_deadlock_self_lock_text (Ctx *c, const AugurSchedStep *steps, guint n, guint t);
/* Every thread of the execution @shm ended in waits, and the program
 * handles a signal that may come from outside it (shm->outside_sig), which
 * augur does not send: if a handler could end one of the waits (on a
 * channel, in a loop, on a semaphore, for a signal: what a handler may
 * do; not a lock, a condition, a barrier or a join), the first such thread
 * in *@tid and "SIGALRM, whose handler is at x.c:10" (owned); else NULL. */
char *explore_deadlock_outside (Ctx *c, const AugurSchedShm *shm, guint *tid);

/* ---- explore-diagnose.c ---- */
void explore_diagnose_failure_free (gpointer p);
/* Keeps the failing execution steps[0..n) (whose failure @failure reports)
 * for diagnosis, with one prepared atomicity-violation finding per
 * candidate triple. */
void explore_diagnose_keep_failure (Ctx *c, const AugurSchedStep *steps, guint n,
                                    const guint64 *ev, AugurFinding *failure,
                                    const AugurSchedFailure *how);
/* Diagnoses the failing executions kept, within @seconds. */
void explore_diagnose_failures (Ctx *c, AugurExecutor *ex, const AugurExploreOptions *o,
                                AugurExploreStats *st, double seconds);
/* With static pruning: the failures found again without it, and that
 * exploration's diagnoses kept, within @seconds. */
void explore_diagnose_unpruned (Ctx *c, AugurExecutor *ex, const AugurExploreOptions *o,
                                AugurExploreStats *st, double seconds);

#endif /* AUGUR_EXPLORE_PRIVATE_H */
