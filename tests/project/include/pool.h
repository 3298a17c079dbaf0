/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pool.h — a fixed pool of POOL_WORKERS threads that take numbered jobs
 * and add up their checksums.  The build must say how many workers
 * (-DPOOL_WORKERS=N) and where this header is (-Iinclude): without the
 * project's flags the sources cannot even be preprocessed.
 */
#ifndef POOL_H
#define POOL_H

#include <pthread.h>

#ifndef POOL_WORKERS
#error "POOL_WORKERS is not defined: build with -DPOOL_WORKERS=N"
#endif

struct pool {
  pthread_mutex_t lock;
  pthread_t workers[POOL_WORKERS];
  unsigned jobs;             /* jobs not taken yet, under lock */
  unsigned long done;        /* jobs finished, under lock */
  unsigned long checksum;    /* the sum of the jobs' checksums: see pool.c */
};

/* Runs jobs 1..jobs on the pool's workers and returns when all are done. */
void pool_run (struct pool *p, unsigned jobs);

/* The checksum of one job (checksum.c, with zlib). */
unsigned long job_checksum (unsigned job);

#endif
