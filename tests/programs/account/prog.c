/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * account — modelled on the "account" program of ConcBugAssist's evaluation
 * (an order violation): a deposit and a withdrawal each update the balance
 * under the account lock, but record what they did in the `deposited` and
 * `withdrawn` totals only after releasing it.  An auditor that checks the
 * books under the lock can run in between and see a balance that does not
 * match the totals.
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
  pthread_mutex_unlock (&m);
  deposited += 5;                                       /* [data-race] */
  return NULL;
}

static void *
withdraw (void *unused)
{
  pthread_mutex_lock (&m);
  balance -= 3;
  pthread_mutex_unlock (&m);
  withdrawn += 3;                                       /* [data-race] */
  return NULL;
}

static void *
audit (void *unused)
{
  pthread_mutex_lock (&m);
  assert (balance == 10 + deposited - withdrawn);       /* [assertion] [data-race] */
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
