/* SPDX-License-Identifier: GPL-3.0-or-later
 * lib/util.c: a counter two threads bump without a lock. */
int hits;

void
lib_bump (void)
{
  int x = hits;
  hits = x + 1;
}
