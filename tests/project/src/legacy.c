/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * legacy.c — old code written with a GCC nested function, which gcc
 * compiles and Frama-C cannot parse: the static analysis leaves this file
 * out and analyses the others.
 */
#include "pool.h"

unsigned
legacy_scale (unsigned x)
{
  unsigned twice (unsigned y) { return 2 * y; }
  return twice (x);
}
