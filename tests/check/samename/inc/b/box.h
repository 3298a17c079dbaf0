/* SPDX-License-Identifier: GPL-3.0-or-later
 * box.h (b): the other header of this name, compiled in, never run
 * (test-same-name.sh). */
static inline int
box_get (const int *p)
{
  return *p;
}
