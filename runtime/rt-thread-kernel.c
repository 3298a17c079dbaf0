/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-thread-kernel.c — the calls that ask the kernel about one thread (its
 * scheduling policy and priority, its CPU affinity, its attributes, its
 * CPU-time clock, a queued signal), made on one of the explorer's fibers.
 *
 * A fiber is no kernel task: glibc would answer these from the thread
 * descriptor behind a fiber's handle, which is empty (ESRCH, or a wrong
 * answer), and what the kernel keeps for the server's one real thread is
 * shared by every fiber and outlives the execution.  Such an execution
 * and the later ones run again as forked processes with real threads
 * (rt_sched_need_threads), where the kernel answers each thread, as
 * natively.  A call about a thread of the server's own goes through.
 * Names are the exception, kept per fiber (rt-thread-name.c): programs
 * name their threads far more often than they pin or prioritise them.
 */
#include "config.h"

#include "common/augur-sched-format.h"
#include "runtime/rt-internal.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-sched.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <time.h>

RT_DEFINE_REAL (pthread_getschedparam, NULL)
RT_DEFINE_REAL (pthread_setschedparam, NULL)
RT_DEFINE_REAL (pthread_setschedprio, NULL)
RT_DEFINE_REAL (pthread_getaffinity_np, NULL)
RT_DEFINE_REAL (pthread_setaffinity_np, NULL)
RT_DEFINE_REAL (pthread_getattr_np, NULL)
RT_DEFINE_REAL (pthread_getcpuclockid, NULL)
RT_DEFINE_REAL (pthread_sigqueue, NULL)

/* A call about @thread needs a kernel thread when @thread is a fiber. */
static void
need_kernel_thread (pthread_t thread)
{
  if (rt_fibers && rt_fiber_of_handle ((unsigned long) thread) != RT_TID_NONE)
    rt_sched_need_threads (AUGUR_FORKED_THREAD_KERNEL);
}

RT_EXPORT int
pthread_getschedparam (pthread_t thread, int *policy, struct sched_param *param)
{
  need_kernel_thread (thread);
  return get_real_pthread_getschedparam () (thread, policy, param);
}

RT_EXPORT int
pthread_setschedparam (pthread_t thread, int policy, const struct sched_param *param)
{
  need_kernel_thread (thread);
  return get_real_pthread_setschedparam () (thread, policy, param);
}

RT_EXPORT int
pthread_setschedprio (pthread_t thread, int prio)
{
  need_kernel_thread (thread);
  return get_real_pthread_setschedprio () (thread, prio);
}

RT_EXPORT int
pthread_getaffinity_np (pthread_t thread, size_t size, cpu_set_t *set)
{
  need_kernel_thread (thread);
  return get_real_pthread_getaffinity_np () (thread, size, set);
}

RT_EXPORT int
pthread_setaffinity_np (pthread_t thread, size_t size, const cpu_set_t *set)
{
  need_kernel_thread (thread);
  return get_real_pthread_setaffinity_np () (thread, size, set);
}

RT_EXPORT int
pthread_getattr_np (pthread_t thread, pthread_attr_t *attr)
{
  need_kernel_thread (thread);
  return get_real_pthread_getattr_np () (thread, attr);
}

RT_EXPORT int
pthread_getcpuclockid (pthread_t thread, clockid_t *clock)
{
  need_kernel_thread (thread);
  return get_real_pthread_getcpuclockid () (thread, clock);
}

RT_EXPORT int
pthread_sigqueue (pthread_t thread, int sig, const union sigval value)
{
  need_kernel_thread (thread);
  return get_real_pthread_sigqueue () (thread, sig, value);
}
