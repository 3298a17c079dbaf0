/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * crash_libc — one thread clears a name another one passes to strlen: in
 * one interleaving the crash is inside libc.  The crash must say it was
 * outside the program's code and where the thread last was in it
 * (test-abort.sh).  (Atomics, so the only bug is the crash.)
 */
#include <pthread.h>
#include <stddef.h>
#include <string.h>

static char name[] = "zlog";
static char *ptr = name;
static size_t len;

static void *
clear (void *arg)
{
  (void) arg;
  __atomic_store_n (&ptr, NULL, __ATOMIC_SEQ_CST);
  return NULL;
}

static void *
measure (void *arg)
{
  (void) arg;
  char *p = __atomic_load_n (&ptr, __ATOMIC_SEQ_CST);
  __atomic_store_n (&len, strlen (p), __ATOMIC_SEQ_CST);   /* [crash] */
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, measure, NULL);
  pthread_create (&b, NULL, clear, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
