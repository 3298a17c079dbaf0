/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-pool.h — execution servers that run executions ahead of the
 * search, for `augur explore --jobs N` (doc/design.md, "Parallel
 * exploration").
 *
 * The search (explore.c, the DPOR core) stays one: it asks for its
 * executions in the serial order and takes their results in that order,
 * so its counts and findings are the serial run's.  What is parallel is
 * the running: of N execution servers (executor.h), the first is the
 * search's own, and the others, one thread each, run the executions the
 * search is going to ask for (augur_dpor_ahead: the branches already in
 * its tree, deepest first) while the search analyses the ones before.  An
 * execution is known by its input, the prefix and the sleep set: when the
 * search asks for one another server started, it waits for it or takes
 * its stored result; otherwise it runs it on its own server.  A guess
 * that never comes is dropped (wasted work, counted), never used.
 *
 * The servers must lay the program out at the same addresses, steps of
 * one server's executions being compared with another's (sleep sets,
 * wakeup trees): executor.c starts them without address randomisation
 * (augur_executor_same_layout).
 *
 * A server may also be remote (`augur explore --mpi`, explore-mpi.h): a
 * thread of the pool sends it the input of an execution (the prefix and
 * the sleep set, as bytes: augur_explore_pool_input_split) and gets back
 * the page it wrote in short (augur_explore_pool_page_save); the pool
 * knows every job in flight, as for its own servers.
 */
#ifndef AUGUR_EXPLORE_POOL_H
#define AUGUR_EXPLORE_POOL_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "explorer/executor.h"

G_BEGIN_DECLS

typedef struct _AugurExplorePool AugurExplorePool;

/* Writes the input of an execution into a server's page (called in the
 * server's thread: it must only read what it is given and @data). */
typedef void (*AugurExplorePoolPrepare) (AugurSchedShm *shm, const AugurSchedStep *prefix,
                                         guint n_prefix, const AugurSchedStep *sleep,
                                         guint n_sleep, gpointer data);

/* What happened to the execution taken (augur_explore_pool_take). */
typedef struct {
  gboolean killed;        /* the watchdog killed it (run again first if it was the first time) */
  gboolean out_of_time;   /* killed at the deadline (augur_explore_pool_set_deadline): not a result */
  guint reruns;           /* runs killed once by the watchdog and run again */
  gboolean ahead;         /* it had been run (or started) before it was asked for */
} AugurExplorePoolRun;

/* A remote server's run of one execution: @input (the prefix and the
 * sleep set, augur_explore_pool_input_split), at most @timeout seconds
 * (then *killed); *@hurry (read with g_atomic_int_get) is set once the
 * search waits for the result, which is then worth a processor spent
 * waiting for it rather than sleeps; on success *page is the page it wrote in short
 * (g_free).  FALSE with @error if the server failed or is gone.  Called
 * from the pool's thread for that server only. */
typedef gboolean (*AugurExplorePoolRemoteRun) (gpointer remote, const guint8 *input, gsize input_len,
                                               double timeout, const gint *hurry,
                                               gboolean *killed, guint8 **page,
                                               gsize *page_len, GError **error);

/* @executors[0..n): the servers (borrowed, outlive the pool): [0] the
 * search's own, run from augur_explore_pool_take; the others each by a
 * thread of the pool, for guesses.  @exec_timeout: the watchdog of each
 * run (s). */
AugurExplorePool *augur_explore_pool_new (AugurExecutor *const *executors, guint n,
                                          AugurExplorePoolPrepare prepare, gpointer data,
                                          double exec_timeout);
/* The same, with @n_remotes more servers, @remotes[k] run by @remote_run
 * (each by a thread of the pool, for guesses, after the local ones). */
AugurExplorePool *augur_explore_pool_new_full (AugurExecutor *const *executors, guint n,
                                               AugurExplorePoolRemoteRun remote_run,
                                               gpointer const *remotes, guint n_remotes,
                                               AugurExplorePoolPrepare prepare, gpointer data,
                                               double exec_timeout);
/* Stops the threads (after the executions running end) and frees. */
void augur_explore_pool_free (AugurExplorePool *pool);

/* No run goes on past @deadline (g_get_monotonic_time; 0: none). */
void augur_explore_pool_set_deadline (AugurExplorePool *pool, gint64 deadline);

typedef enum {
  AUGUR_EXPLORE_POOL_ADDED,   /* queued */
  AUGUR_EXPLORE_POOL_KNOWN,   /* queued, running or run already */
  AUGUR_EXPLORE_POOL_FULL,    /* no room left for guesses this deep */
} AugurExplorePoolAhead;

/* The search will ask for this execution (@depth: of its branch's node;
 * the deepest guesses run first). */
AugurExplorePoolAhead augur_explore_pool_ahead (AugurExplorePool *pool, guint depth,
                                                const GArray *prefix, const GArray *sleep);

/* The execution of @prefix and @sleep: waits for it if another server
 * has started it, else runs it on the search's own server (the first), and
 * copies the page it wrote into @into (the parts the explorer reads:
 * status, steps, threads, failures, objects ...).  FALSE with @error if
 * its server is gone. */
gboolean augur_explore_pool_take (AugurExplorePool *pool, const GArray *prefix, const GArray *sleep,
                                  AugurSchedShm *into, AugurExplorePoolRun *run, GError **error);

/* Servers running an execution now. */
guint augur_explore_pool_busy (AugurExplorePool *pool);
/* Executions run ahead and later taken (@used), run and never taken (@wasted, so far). */
void augur_explore_pool_counts (AugurExplorePool *pool, guint64 *used, guint64 *wasted);

/* A remote server's side: the prefix and sleep set of an @input (borrowed
 * from it); FALSE if it is malformed. */
gboolean augur_explore_pool_input_split (const guint8 *input, gsize len, const AugurSchedStep **prefix,
                                         guint *n_prefix, const AugurSchedStep **sleep, guint *n_sleep);
/* The parts of a page an execution wrote that the explorer reads, in a
 * few KiB (g_free); and back into a page. */
guint8 *augur_explore_pool_page_save (const AugurSchedShm *shm, gsize *len);
gboolean augur_explore_pool_page_restore (AugurSchedShm *shm, const guint8 *page, gsize len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurExplorePool, augur_explore_pool_free)

G_END_DECLS

#endif /* AUGUR_EXPLORE_POOL_H */
