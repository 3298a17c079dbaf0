/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every execution starts from the same state, also when the explorer runs
 * them one after the other in one process (runtime/rt-snapshot.c): main
 * asserts what a fresh process would see (globals, the heap, a signal
 * disposition, free descriptors, argv as getopt found it) and then
 * changes all of it.  Its threads check what each must have of its own:
 * pthread_self, thread-specific data and its destructor.  The one bug is
 * the unsynchronised `racy`, which also makes the executions many.
 * Run as: server_state -x
 */
#include <assert.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

static int counter;
static int *lazy;
static volatile int racy;
static int destructed;
static pthread_key_t key;
static pthread_t selves[2];

static void
on_usr1 (int sig)
{
  (void) sig;
}

static void
destructor (void *value)
{
  (void) value;
  __atomic_fetch_add (&destructed, 1, __ATOMIC_RELAXED);
}

static void *
worker (void *arg)
{
  int id = *(int *) arg;
  pthread_setspecific (key, arg);
  selves[id] = pthread_self ();
  for (int k = 0; k < 3; k++)
    racy++;
  assert (pthread_getspecific (key) == arg);
  assert (pthread_equal (selves[id], pthread_self ()));
  return arg;
}

int
main (int argc, char **argv)
{
  int opt, seen = 0;
  while ((opt = getopt (argc, argv, "x")) != -1)
    if (opt == 'x')
      seen = 1;
  assert (seen);
  assert (counter == 0);
  counter++;
  assert (lazy == NULL);
  lazy = malloc (sizeof *lazy);
  *lazy = 1;
  struct sigaction old;
  sigaction (SIGUSR1, NULL, &old);
  assert (old.sa_handler == SIG_DFL);
  signal (SIGUSR1, on_usr1);
  int fd = open ("/dev/null", O_RDONLY);
  assert (fd >= 0 && fd < 32);
  pthread_key_create (&key, destructor);

  pthread_t t[2];
  int ids[2] = { 0, 1 };
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, &ids[k]);
  for (int k = 0; k < 2; k++)
    {
      void *ret;
      pthread_join (t[k], &ret);
      assert (ret == &ids[k]);
      assert (pthread_equal (t[k], selves[k]));
    }
  assert (!pthread_equal (t[0], t[1]));
  assert (destructed == 2);
  assert (pthread_getspecific (key) == NULL);
  return 0;
}
