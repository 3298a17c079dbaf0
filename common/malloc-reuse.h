/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * malloc-reuse.h — whether the programs augur runs get their freed blocks
 * back from malloc at once (--malloc-reuse).
 *
 * By default the execution server's malloc leaves a freed block where it
 * is, so any later use of it is seen as a use of freed memory.  glibc
 * hands a freed block back at the next malloc of its size, and an ABA
 * through the allocator (a compare-and-swap on a pointer to a block
 * freed and allocated again) needs that.  The setting travels in the
 * environment (AUGUR_MALLOC_REUSE, read by runtime/rt-malloc.c), so every
 * execution server augur starts, on this machine or on an MPI rank,
 * behaves the same; the results file records it so that a replay of a
 * finding runs as the exploration did.
 */
#ifndef AUGUR_MALLOC_REUSE_H
#define AUGUR_MALLOC_REUSE_H

#include <glib.h>

#include "common/augur-sched-format.h"

/* Is it on for the programs started from now on (the environment)? */
static inline gboolean
augur_malloc_reuse_get (void)
{
  const char *v = g_getenv (AUGUR_ENV_MALLOC_REUSE);
  return v != NULL && v[0] != '\0' && g_strcmp0 (v, "0") != 0;
}

/* Turns it on or off for the programs started from now on. */
static inline void
augur_malloc_reuse_set (gboolean on)
{
  if (on)
    g_setenv (AUGUR_ENV_MALLOC_REUSE, "1", TRUE);
  else
    g_unsetenv (AUGUR_ENV_MALLOC_REUSE);
}

#endif /* AUGUR_MALLOC_REUSE_H */
