/* SPDX-License-Identifier: GPL-3.0-or-later
 * fork.c — a forked child is not recorded (its allocation and write do not
 * appear), and programs run by this one do not inherit AUGUR_TRACE: the
 * shell started by system() exits 0 only if the variable is unset. */
#include "record-util.h"
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

char *volatile kept;
int value;

int
main (void)
{
  value = 1;
  pid_t child = fork ();
  if (child == 0)
    {
      kept = malloc (16);
      value = 2;
      _exit (value == 2 ? 0 : 1);
    }
  int status;
  if (waitpid (child, &status, 0) != child || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    return 10;
  if (system ("test -z \"$AUGUR_TRACE\"") != 0)
    return 11;
  return value == 1 ? 0 : 12;
}
