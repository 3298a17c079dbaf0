/* SPDX-License-Identifier: GPL-3.0-or-later
 * abort.c — abort() (no argument) or a failed assert ("assert"): END is
 * AUGUR_END_ABORT and the exit status is SIGABRT's. */
#include "record-util.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>

int state;

int
main (int argc, char **argv)
{
  state = argc;
  if (argc > 1 && strcmp (argv[1], "assert") == 0)
    assert (state == 0);
  abort ();
}
