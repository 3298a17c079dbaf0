/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * bank.c — a bundled example: two tellers deposit into one account.  The
 * balance update reads, computes and writes without holding the lock for the
 * whole update (the lock only protects the audit log), so an interleaving of
 * the two read-modify-write sequences loses a deposit.  Plain runs almost
 * always print the right total; augur's job is to show the bad ordering.
 */
#include <pthread.h>
#include <stdio.h>

static long balance = 100;
static long audit_log[8];
static int audit_len;
static pthread_mutex_t audit_lock = PTHREAD_MUTEX_INITIALIZER;

static void
deposit (long amount)
{
  long b = balance;          /* read */
  b += amount;
  balance = b;               /* write: may overwrite the other teller's update */
  pthread_mutex_lock (&audit_lock);
  audit_log[audit_len++] = amount;
  pthread_mutex_unlock (&audit_lock);
}

static void *
teller (void *arg)
{
  deposit ((long) arg);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, teller, (void *) 10L);
  pthread_create (&b, NULL, teller, (void *) 20L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  printf ("balance %ld (expected 130), %d deposits logged\n", balance, audit_len);
  return balance == 130 ? 0 : 1;
}
