/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * checked_then_reread — a limit checked under a lock, read again after it.
 *
 * A loader reserves room for a batch: under the pool's lock it checks that
 * the pool's capacity covers the batch and takes the room.  After the
 * unlock it reads the capacity again to report how much is left, and
 * trusts the two reads to agree.  A reconfiguration thread shrinks the
 * capacity with an atomic store, without the lock (it is an atomic: "no
 * lock needed").  When the store falls between the two reads, the loader
 * reports room it does not have: a negative remainder, which the
 * assertion catches.
 *
 * Every access to the capacity is atomic: there is no data race.  The bug
 * is the R-W-R atomicity violation across the unlock — the first read in
 * the critical section, the second after it — which the lock cannot
 * prevent, since the writer never takes it.  Runs usually finish the
 * loader first.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int capacity = 64;
static int reserved;

static void *
loader (void *arg)
{
  int batch = *(int *) arg;
  int granted = 0;
  pthread_mutex_lock (&pool_lock);
  if (atomic_load (&capacity) - reserved >= batch)   /* [atomicity-violation] */
    {
      reserved += batch;
      granted = 1;
    }
  int left_before = reserved;
  pthread_mutex_unlock (&pool_lock);
  if (granted)
    {
      int now = atomic_load (&capacity);   /* [atomicity-violation] */
      assert (now - left_before >= 0);     /* [assertion] */
      printf ("granted %d, %d left\n", batch, now - left_before);
    }
  return NULL;
}

static void *
reconfigure (void *arg)
{
  (void) arg;
  atomic_store (&capacity, 16);   /* [atomicity-violation] */
  return NULL;
}

int
main (void)
{
  int batch = 32;
  pthread_t a, b;
  pthread_create (&a, NULL, loader, &batch);
  pthread_create (&b, NULL, reconfigure, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  printf ("capacity %d, reserved %d\n", atomic_load (&capacity), reserved);
  return 0;
}
