/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * main.c — the test driver: `drive [JOBS]` runs JOBS jobs (default 2) on
 * the pool and checks that all were done.
 */
#include <stdio.h>
#include <stdlib.h>

#include "pool.h"

static struct pool pool;

int
main (int argc, char **argv)
{
  unsigned jobs = argc > 1 ? (unsigned) atoi (argv[1]) : 2;
  pool_run (&pool, jobs);
  printf ("drive: %u jobs, %lu done\n", jobs, pool.done);
  return pool.done == jobs ? 0 : 1;
}
