/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sys.c — the libc functions the runtime needs that are not system
 * calls, looked up past the program (see rt-sys.h for why).
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sys.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

RT_DEFINE_REAL (fork, NULL)
RT_DEFINE_REAL (fflush, NULL)
RT_DEFINE_REAL (getenv, NULL)
RT_DEFINE_REAL (unsetenv, NULL)
RT_DEFINE_REAL (sbrk, NULL)
RT_DEFINE_REAL (strtol, NULL)
RT_DEFINE_REAL (strtoul, NULL)
RT_DEFINE_REAL (sigaction, NULL)
RT_DEFINE_REAL (sigaltstack, NULL)

pid_t
rt_libc_fork (void)
{
  return get_real_fork () ();
}

int
rt_libc_fflush_all (void)
{
  return get_real_fflush () (NULL);
}

char *
rt_libc_getenv (const char *name)
{
  return get_real_getenv () (name);
}

int
rt_libc_unsetenv (const char *name)
{
  return get_real_unsetenv () (name);
}

void *
rt_libc_sbrk (intptr_t delta)
{
  return get_real_sbrk () (delta);
}

long
rt_libc_strtol (const char *s, char **end, int base)
{
  return get_real_strtol () (s, end, base);
}

unsigned long
rt_libc_strtoul (const char *s, char **end, int base)
{
  return get_real_strtoul () (s, end, base);
}

int
rt_libc_sigaction (int sig, const struct sigaction *sa, struct sigaction *old)
{
  return get_real_sigaction () (sig, sa, old);
}

int
rt_libc_sigaltstack (const void *ss, void *old)
{
  return get_real_sigaltstack () ((const stack_t *) ss, (stack_t *) old);
}
