/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-snapshot.h — the execution server's memory: taken once when the
 * server starts (the state a forked child would start from), put back
 * after every execution (rt-snapshot.c).
 */
#ifndef AUGUR_RT_SNAPSHOT_H
#define AUGUR_RT_SNAPSHOT_H

#include "runtime/rt-internal.h"

/* Records every private writable mapping except the stack we run on and
 * the `n` ranges given (which live on across executions), the program
 * break, the signal dispositions, the open descriptors and argv.  False if
 * the process's layout cannot be read. */
bool rt_snapshot_take (const void *const *keep_lo, const size_t *keep_size, unsigned n,
                       int argc, char **argv);
/* Puts all of it back.  Returns the number of pages that had changed. */
size_t rt_snapshot_restore (void);
/* A signal disposition changed in this execution (sigaction, signal). */
void rt_snapshot_signals_dirty (void);
/* A descriptor open at the snapshot was closed or replaced, or the working
 * directory or the umask changed, in this execution (rt-signal.c). */
void rt_snapshot_process_dirty (void);
/* The execution server's own pipes to augur, before rt_snapshot_take. */
void rt_snapshot_server_fds (int cmd, int status);
/* Is @fd the server's own: one of the numbers it keeps its copies at (of
 * the inherited descriptors and the working directory), its pipes, or
 * what tracks written pages?  The program never opened it: natively it
 * would not be open. */
int rt_snapshot_fd_kept (int fd);

/* What the server did, over all its executions (kept outside the
 * snapshot).  The times are taken only when AUGUR_SERVER_STATS names a
 * file: then the server appends one line of these figures to it when it
 * ends (make bench-explore).  CPU times, not wall times: the explorer
 * runs at the same time on a machine that may be busy. */
typedef struct {
  uint64_t executions;
  uint64_t ns_run;          /* CPU time from command to answer: the program, the scheduler */
  uint64_t ns_restore;      /* CPU time of the restores */
  uint64_t ns_ipc;          /* CPU time of the pipe: reading the command, writing the answer */
  uint64_t pages_written;   /* pages the restores looked at */
  uint64_t pages_changed;   /* ... and put back */
  uint64_t retracked;       /* regions found untracked and compared whole */
  uint64_t bytes;           /* the snapshot's size */
  uint32_t regions, tracked;
  const char *path;         /* AUGUR_SERVER_STATS, or NULL */
} RtSnapshotStats;

RtSnapshotStats *rt_snapshot_stats (void);
/* CPU time of the server so far, in nanoseconds (a system call: only
 * when timed). */
uint64_t rt_snapshot_cpu_ns (void);
/* Appends the figures to stats->path. */
void rt_snapshot_stats_write (void);

#endif /* AUGUR_RT_SNAPSHOT_H */
