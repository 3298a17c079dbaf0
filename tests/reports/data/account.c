/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * account.c — test data for the reports: withdraw() reads and writes the
 * balance in two critical sections; deposit() can run in between. */
#include <pthread.h>

static int balance = 100;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *withdraw (void *arg)
{
  pthread_mutex_lock (&m);
  int b = balance;
  pthread_mutex_unlock (&m);
  pthread_mutex_lock (&m);
  balance = b - 10;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *deposit (void *arg)
{
  pthread_mutex_lock (&m);
  balance += 50;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, withdraw, NULL);
  pthread_create (&b, NULL, deposit, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
