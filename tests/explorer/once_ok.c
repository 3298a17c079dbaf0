/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * once_ok — two threads initialise a table through pthread_once, whose
 * routine does visible operations (a lock, plain writes): a thread that
 * calls pthread_once while the other runs the routine must wait for it.
 * Explored, no execution may hang (blocked in glibc while holding augur's
 * scheduling token), and none fails: the program is correct.
 */
#include <assert.h>
#include <pthread.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int table[4];
static int inits;

static void
init_table (void)
{
  pthread_mutex_lock (&m);
  inits++;
  pthread_mutex_unlock (&m);
  for (int i = 0; i < 4; i++)
    table[i] = i + 1;
}

static void *
user (void *unused)
{
  (void) unused;
  pthread_once (&once, init_table);
  assert (table[3] == 4);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, user, NULL);
  pthread_create (&b, NULL, user, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (inits == 1);
  return 0;
}
