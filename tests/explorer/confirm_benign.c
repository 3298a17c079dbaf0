/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * confirm_benign — a racy statistics counter whose lost updates do not
 * matter: the program only needs to know that some request was served.
 * The lost update is predicted (R-W-W on hits) and happens when replayed,
 * but nothing fails: augur confirm must class it benign.
 */
#include <assert.h>
#include <pthread.h>

static int hits;

static void *
serve (void *unused)
{
  hits++;
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, serve, NULL);
  pthread_create (&t2, NULL, serve, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  assert (hits >= 1);
  return 0;
}
