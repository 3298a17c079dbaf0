/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tid.c — casts a pthread_t to an integer, as glibc allows and Frama-C's
 * own libc (where pthread_t is a struct) does not: the static analysis
 * falls back to the system's headers.
 */
#include "pool.h"

unsigned long
worker_tag (void)
{
  return (unsigned long) pthread_self ();
}
