/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A correct C11 condition wait (cnd_wait in a while loop): glibc's
 * cnd_wait does not go through pthread_cond_wait's symbol, so it must be
 * emulated like it, or the execution server blocks in the kernel.
 */
#include <threads.h>

static mtx_t m;
static cnd_t c;
static int ready;

static int
worker (void *arg)
{
  (void) arg;
  mtx_lock (&m);
  ready = 1;
  cnd_signal (&c);
  mtx_unlock (&m);
  return 0;
}

int
main (void)
{
  thrd_t t;
  mtx_init (&m, mtx_plain);
  cnd_init (&c);
  thrd_create (&t, worker, NULL);
  mtx_lock (&m);
  while (!ready)
    cnd_wait (&c, &m);
  mtx_unlock (&m);
  thrd_join (t, NULL);
  mtx_destroy (&m);
  cnd_destroy (&c);
  return 0;
}
