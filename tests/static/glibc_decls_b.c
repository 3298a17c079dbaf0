/* <sys/epoll.h>, which Frama-C's libc lacks: glibc's, whose declarations
 * carry __attr_access, a macro of glibc's <sys/cdefs.h> that Frama-C's
 * <features.h> does not define (syntax error "before or at token:
 * __attr_access", libuv's linux.c); and a CPU set, which Frama-C's
 * <sched.h> lacks (libuv's thread.c). */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/epoll.h>
#include <unistd.h>

int
wait_events (void)
{
  struct epoll_event ev[4];
  cpu_set_t set;
  CPU_ZERO (&set);
  CPU_SET (0, &set);
  int fd = epoll_create1 (EPOLL_CLOEXEC);
  if (fd < 0)
    return CPU_ISSET (0, &set) ? -1 : -2;
  int n = epoll_wait (fd, ev, 4, 0);
  close (fd);
  return n;
}
