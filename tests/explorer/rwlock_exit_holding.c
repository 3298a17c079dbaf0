/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rwlock_exit_holding — zlog's put_mdc without its unlock: every caller
 * read-locks the environment's rwlock and returns holding it; main, which
 * holds it for reading too, then asks for it for writing and waits for
 * ever.  The deadlock must name the lock, that main asks to write, and
 * every reader since where, the ones that exited saying so
 * (test-lock-misuse.sh).
 */
#include <pthread.h>

static pthread_rwlock_t env_lock = PTHREAD_RWLOCK_INITIALIZER;
static int debug_flag;

static void
put (void)
{
  pthread_rwlock_rdlock (&env_lock);   /* the unlock forgotten */
}

static void *
worker (void *arg)
{
  put ();
  return arg;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  put ();
  if (debug_flag)
    return 1;
  pthread_rwlock_wrlock (&env_lock);   /* [deadlock] */
  pthread_rwlock_unlock (&env_lock);
  return 0;
}
