/* Asking the kernel about a thread: its scheduling, CPU affinity and
 * attributes, by another thread and by itself.  A fiber is no kernel
 * task, so the executions run forked with real threads
 * (runtime/rt-thread-kernel.c), and they answer as natively: no finding. */
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>

static pthread_barrier_t b;

static void *
worker (void *arg)
{
  (void) arg;
  int policy;
  struct sched_param p;
  assert (pthread_getschedparam (pthread_self (), &policy, &p) == 0);
  pthread_barrier_wait (&b);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  int policy;
  struct sched_param p;
  cpu_set_t set;
  pthread_attr_t a;
  clockid_t c;
  pthread_barrier_init (&b, NULL, 2);
  pthread_create (&t, NULL, worker, NULL);
  assert (pthread_getschedparam (t, &policy, &p) == 0);
  assert (p.sched_priority >= sched_get_priority_min (policy));
  assert (pthread_getaffinity_np (t, sizeof set, &set) == 0 && CPU_COUNT (&set) > 0);
  assert (pthread_getattr_np (t, &a) == 0);
  pthread_attr_destroy (&a);
  assert (pthread_getcpuclockid (t, &c) == 0);
  pthread_barrier_wait (&b);
  pthread_join (t, NULL);
  pthread_barrier_destroy (&b);
  return 0;
}
