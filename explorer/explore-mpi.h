/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-mpi.h — `mpirun -np K augur explore --mpi -- PROGRAM ARGS`:
 * execution servers on MPI ranks (doc/design.md, "The MPI back end").
 *
 * Rank 0 runs the search, exactly as `--jobs` does (explore-pool.h): its
 * own execution server is server [0], and ranks 1..K-1 are remote
 * servers of its pool.  Each of them starts an execution server of its
 * own on its node (executor.h) and serves jobs: it receives an input
 * (the prefix and the sleep set of an execution, with the watchdog's
 * time), runs it and sends back the page the execution wrote, in short
 * (a few KiB), or that its server failed.  The pool knows every job in
 * flight (one per remote rank at a time); when the search ends, rank 0
 * stops every rank, which answers with its server's counts.  Every rank
 * must find the program, its inputs and the static facts at the same
 * paths, and lay the program out at the same addresses (the same build
 * and libraries): the steps of one rank's executions are compared with
 * another's.
 *
 * Built only when configure found MPI (HAVE_MPI); this file is the whole
 * of augur's use of it.
 */
#ifndef AUGUR_EXPLORE_MPI_H
#define AUGUR_EXPLORE_MPI_H

#include <glib.h>

#include "explorer/explore.h"

G_BEGIN_DECLS

typedef struct _AugurExploreMpi AugurExploreMpi;

/* MPI_Init (MPI_THREAD_SERIALIZED: the pool's threads take turns). */
AugurExploreMpi *augur_explore_mpi_new (GError **error);
/* This process's rank, and the number of ranks. */
guint augur_explore_mpi_rank (AugurExploreMpi *mpi);
guint augur_explore_mpi_size (AugurExploreMpi *mpi);

/* Ranks > 0: an execution server of @argv (under @o's bounds and static
 * facts) serving rank 0's jobs until rank 0 says stop.  A server that
 * cannot start answers every job with its error, so that rank 0 reports
 * it.  FALSE with @error if it could not start (after the stop). */
gboolean augur_explore_mpi_serve (AugurExploreMpi *mpi, const char *const *argv,
                                  const AugurExploreOptions *o, GError **error);

/* Rank 0: the other ranks as @o's remote servers (o->remote_run ...). */
void augur_explore_mpi_attach (AugurExploreMpi *mpi, AugurExploreOptions *o);
/* Rank 0: tells every other rank to stop, once the search is over (no
 * job in flight), and adds their servers' counts to @st. */
void augur_explore_mpi_stop (AugurExploreMpi *mpi, AugurExploreStats *st);

/* MPI_Finalize (rank 0 stops the others first if it has not). */
void augur_explore_mpi_free (AugurExploreMpi *mpi);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurExploreMpi, augur_explore_mpi_free)

G_END_DECLS

#endif /* AUGUR_EXPLORE_MPI_H */
