/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-thread-name.c — thread names (pthread_setname_np, pthread_getname_np,
 * prctl's PR_SET_NAME and PR_GET_NAME) for the explorer's fibers.
 *
 * With real threads (recording, forked executions) the kernel keeps each
 * thread's name and the calls go through.  A fiber is no kernel thread:
 * glibc would look its name up under /proc/self/task/<tid> with the tid
 * of a fiber's handle, which is none (ENOENT), and prctl would name the
 * server's one thread for every fiber at once.  So in the server each
 * fiber's name is kept here, as Linux keeps a task's: at most 15 bytes, a
 * new thread starting with its creator's name (clone copies it), main
 * with the process's.  The table is in the runtime's data, put back after
 * every execution with the rest of it (rt-snapshot.c).
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-thread.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <string.h>
#include <sys/prctl.h>

#define NAME_LEN 16u   /* TASK_COMM_LEN, the NUL included */

/* a fiber's name, and whether it has one (else it goes by the process's) */
static char names[RT_FIBER_MAX][NAME_LEN];
static uint8_t named[RT_FIBER_MAX];

RT_DEFINE_REAL (pthread_setname_np, NULL)
RT_DEFINE_REAL (pthread_getname_np, NULL)
RT_DEFINE_REAL (prctl, NULL)

/* The fiber that @thread is, or RT_TID_NONE (not in the server, or a
 * thread of the server's own) */
static uint32_t
fiber_of (pthread_t thread)
{
  return rt_fibers ? rt_fiber_of_handle ((unsigned long) thread) : RT_TID_NONE;
}

/* What the kernel says the server's thread is called: the program's name
 * unless a fiber renamed it before names were kept here. */
static void
process_name (char out[NAME_LEN])
{
  memset (out, 0, NAME_LEN);
  if (get_real_prctl () (PR_GET_NAME, (unsigned long) out, 0UL, 0UL, 0UL) != 0)
    out[0] = '\0';
}

static void
name_of (uint32_t tid, char out[NAME_LEN])
{
  if (named[tid])
    memcpy (out, names[tid], NAME_LEN);
  else
    process_name (out);
}

void
rt_thread_name_inherit (uint32_t parent, uint32_t child)
{
  if (parent < RT_FIBER_MAX && child < RT_FIBER_MAX)
    {
      memcpy (names[child], names[parent], NAME_LEN);
      named[child] = named[parent];
    }
}

static int
set_name (uint32_t tid, const char *name)
{
  size_t n = strlen (name);
  if (n >= NAME_LEN)
    return ERANGE;
  memset (names[tid], 0, NAME_LEN);
  memcpy (names[tid], name, n);
  named[tid] = 1;
  return 0;
}

RT_EXPORT int
pthread_setname_np (pthread_t thread, const char *name)
{
  uint32_t tid = fiber_of (thread);
  if (tid == RT_TID_NONE)
    return get_real_pthread_setname_np () (thread, name);
  return set_name (tid, name);
}

RT_EXPORT int
pthread_getname_np (pthread_t thread, char *buf, size_t len)
{
  uint32_t tid = fiber_of (thread);
  if (tid == RT_TID_NONE)
    return get_real_pthread_getname_np () (thread, buf, len);
  if (len < NAME_LEN)   /* as glibc: room for any name or none */
    return ERANGE;
  char name[NAME_LEN];
  name_of (tid, name);
  memcpy (buf, name, NAME_LEN);
  return 0;
}

/* prctl(2) takes up to four more arguments, each an unsigned long. */
RT_EXPORT int
prctl (int option, ...)
{
  va_list ap;
  va_start (ap, option);
  unsigned long a[4];
  for (int i = 0; i < 4; i++)
    a[i] = va_arg (ap, unsigned long);
  va_end (ap);
  uint32_t tid = rt_fibers ? rt_self.tid : RT_TID_NONE;
  if (tid < RT_FIBER_MAX && (option == PR_SET_NAME || option == PR_GET_NAME))
    {
      if (option == PR_GET_NAME)
        {
          name_of (tid, (char *) a[0]);
          return 0;
        }
      /* the kernel cuts a longer name at 15 bytes */
      char name[NAME_LEN] = { 0 };
      strncpy (name, (const char *) a[0], NAME_LEN - 1);
      set_name (tid, name);
      return 0;
    }
  return get_real_prctl () (option, a[0], a[1], a[2], a[3]);
}
