/* SPDX-License-Identifier: GPL-3.0-or-later
 * selfkill.c — ends by SIGKILL, which the runtime cannot see: augur
 * record must add the ending from the wait status and keep the events. */
#include <signal.h>
#include <unistd.h>

int before;

int
main (void)
{
  before = 1;
  kill (getpid (), SIGKILL);
  return 0;
}
