/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sigrecord.c — a signal handler that records while the thread it
 * interrupts is recording: main does 400,000 shared accesses while a
 * 50-microsecond interval timer's handler increments `ticks`.  Some
 * signals land in the middle of an emit; the handler's records must then
 * go elsewhere than the slot main is filling.  Prints how many times the
 * handler ran; test-record-cli.sh checks that the trace holds exactly that
 * many writes of `ticks`, and that it opens (no record clobbered, no seq
 * twice).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

static volatile long ticks;
static volatile long table[64];

static void
on_tick (int sig)
{
  (void) sig;
  ticks = ticks + 1;
}

int
main (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_tick;
  sa.sa_flags = SA_RESTART;
  sigaction (SIGALRM, &sa, NULL);
  struct itimerval every = { { 0, 50 }, { 0, 50 } };
  setitimer (ITIMER_REAL, &every, NULL);
  for (long i = 0; i < 200000; i++)
    table[i % 64] = table[(i * 7) % 64] + 1;
  struct itimerval off = { { 0, 0 }, { 0, 0 } };
  setitimer (ITIMER_REAL, &off, NULL);
  signal (SIGALRM, SIG_IGN);
  printf ("%ld\n", ticks);
  return 0;
}
