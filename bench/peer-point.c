/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * peer-point.c — one benchmark point of `make bench-peers` for the peer
 * model checkers (GenMC, Nidhugg): the corpus program itself
 * (tests/programs/NAME/prog.c, the very source augur explores), with its
 * size fixed at compile time, because the peers run main without
 * arguments.  Compile with -DBENCH_PROG='"path/to/prog.c"' -DBENCH_N=15:
 * the program's `atoi (argv[1])` becomes BENCH_N, and its main is called
 * with argc 2; nothing else of it changes.  No libc call is added: both
 * peers run the program in their own interpreter, which knows only part
 * of libc.
 */
#include <stdlib.h>

#ifndef BENCH_PROG
#error "compile with -DBENCH_PROG='\"path/to/prog.c\"' -DBENCH_N=N"
#endif

#define atoi(s) (BENCH_N)
#define main bench_program_main
#include BENCH_PROG
#undef main
#undef atoi

int
main (void)
{
  static char name[] = "prog";
  static char *args[] = { name, name, NULL };
  return bench_program_main (2, args);
}
