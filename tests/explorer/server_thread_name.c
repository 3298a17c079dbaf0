/* Thread names: a thread starts with its creator's name, sets its own,
 * and others read and change it; names longer than 15 bytes and buffers
 * shorter than 16 are refused (ERANGE), as by glibc on Linux.  Fibers
 * keep names as real threads do (runtime/rt-thread-name.c): no finding. */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/prctl.h>

static pthread_barrier_t b;

static void *
worker (void *arg)
{
  (void) arg;
  char n[16];
  assert (pthread_getname_np (pthread_self (), n, sizeof n) == 0);
  assert (strcmp (n, "boss") == 0);
  assert (pthread_setname_np (pthread_self (), "worker-1") == 0);
  assert (prctl (PR_GET_NAME, n, 0, 0, 0) == 0 && strcmp (n, "worker-1") == 0);
  pthread_barrier_wait (&b);   /* main reads the name and changes it */
  pthread_barrier_wait (&b);
  assert (pthread_getname_np (pthread_self (), n, sizeof n) == 0);
  assert (strcmp (n, "renamed") == 0);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  char n[16], small[8];
  pthread_barrier_init (&b, NULL, 2);
  assert (prctl (PR_SET_NAME, "boss", 0, 0, 0) == 0);
  pthread_create (&t, NULL, worker, NULL);
  pthread_barrier_wait (&b);
  assert (pthread_getname_np (t, n, sizeof n) == 0 && strcmp (n, "worker-1") == 0);
  assert (pthread_setname_np (t, "sixteen-bytes-xx") == ERANGE);
  assert (pthread_getname_np (t, small, sizeof small) == ERANGE);
  assert (pthread_setname_np (t, "renamed") == 0);
  pthread_barrier_wait (&b);
  pthread_join (t, NULL);
  assert (pthread_getname_np (pthread_self (), n, sizeof n) == 0 && strcmp (n, "boss") == 0);
  pthread_barrier_destroy (&b);
  return 0;
}
