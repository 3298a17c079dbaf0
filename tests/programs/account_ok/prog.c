/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * account_ok — the fix of account: the totals are updated in the same
 * critical section as the balance, so the books always agree under the lock.
 */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int balance = 10, deposited, withdrawn;

static void *
deposit (void *unused)
{
  pthread_mutex_lock (&m);
  balance += 5;
  deposited += 5;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
withdraw (void *unused)
{
  pthread_mutex_lock (&m);
  balance -= 3;
  withdrawn += 3;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
audit (void *unused)
{
  pthread_mutex_lock (&m);
  assert (balance == 10 + deposited - withdrawn);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t[3];
  pthread_create (&t[0], NULL, deposit, NULL);
  pthread_create (&t[1], NULL, withdraw, NULL);
  pthread_create (&t[2], NULL, audit, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  return 0;
}
