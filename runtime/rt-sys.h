/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sys.h — how the runtime calls the system for its own work.
 *
 * The runtime lives inside the program under test, and a program may
 * define functions with libc's names: its own `write`, `read`, `open`,
 * `fork`, `getenv`.  The dynamic linker binds every call to such a name
 * to the executable's definition, the runtime's calls included: a server
 * that answers the explorer with `write` would then write through the
 * program's function and never answer.  So the runtime never calls an
 * interposable name for its own work: system calls are made directly
 * (rt_sys_*, inline on x86-64), and the few libc functions it needs that
 * are not system calls are looked up past the program and the runtime
 * (rt_libc_*, dlsym(RTLD_NEXT) from the runtime: libc's own).
 *
 * rt_sys_* return -1 and set errno on failure, as libc's functions do.
 */
#ifndef AUGUR_RT_SYS_H
#define AUGUR_RT_SYS_H

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#if defined(__x86_64__)
static inline long
rt_sys_raw (long n, long a, long b, long c, long d, long e, long f)
{
  long r;
  register long r10 __asm__ ("r10") = d;
  register long r8 __asm__ ("r8") = e;
  register long r9 __asm__ ("r9") = f;
  __asm__ volatile ("syscall"
                    : "=a" (r)
                    : "0" (n), "D" (a), "S" (b), "d" (c), "r" (r10), "r" (r8), "r" (r9)
                    : "rcx", "r11", "memory");
  return r;
}
#else
static inline long
rt_sys_raw (long n, long a, long b, long c, long d, long e, long f)
{
  long r = syscall (n, a, b, c, d, e, f);
  return r == -1 ? -errno : r;
}
#endif

static inline long
rt_sys_ret (long r)
{
  if (r < 0 && r > -4096)
    {
      errno = (int) -r;
      return -1;
    }
  return r;
}

#define RT_SYS(n, a, b, c, d, e, f) \
  rt_sys_ret (rt_sys_raw ((n), (long) (a), (long) (b), (long) (c), (long) (d), (long) (e), (long) (f)))

static inline ssize_t
rt_sys_read (int fd, void *buf, size_t n)
{
  return RT_SYS (SYS_read, fd, buf, n, 0, 0, 0);
}

static inline ssize_t
rt_sys_write (int fd, const void *buf, size_t n)
{
  return RT_SYS (SYS_write, fd, buf, n, 0, 0, 0);
}

static inline ssize_t
rt_sys_pread (int fd, void *buf, size_t n, off_t off)
{
  return RT_SYS (SYS_pread64, fd, buf, n, off, 0, 0);
}

static inline ssize_t
rt_sys_pwrite (int fd, const void *buf, size_t n, off_t off)
{
  return RT_SYS (SYS_pwrite64, fd, buf, n, off, 0, 0);
}

static inline int
rt_sys_open (const char *path, int flags, int mode)
{
  return (int) RT_SYS (SYS_openat, -100 /* AT_FDCWD */, path, flags, mode, 0, 0);
}

static inline int
rt_sys_close (int fd)
{
  return (int) RT_SYS (SYS_close, fd, 0, 0, 0, 0, 0);
}

static inline int
rt_sys_ftruncate (int fd, off_t len)
{
  return (int) RT_SYS (SYS_ftruncate, fd, len, 0, 0, 0, 0);
}

static inline int
rt_sys_unlink (const char *path)
{
  return (int) RT_SYS (SYS_unlinkat, -100, path, 0, 0, 0, 0);
}

static inline ssize_t
rt_sys_readlink (const char *path, char *buf, size_t n)
{
  return RT_SYS (SYS_readlinkat, -100, path, buf, n, 0, 0);
}

static inline int
rt_sys_fcntl (int fd, int cmd, long arg)
{
  return (int) RT_SYS (SYS_fcntl, fd, cmd, arg, 0, 0, 0);
}

static inline pid_t
rt_sys_getpid (void)
{
  return (pid_t) RT_SYS (SYS_getpid, 0, 0, 0, 0, 0, 0);
}

static inline pid_t
rt_sys_gettid (void)
{
  return (pid_t) RT_SYS (SYS_gettid, 0, 0, 0, 0, 0, 0);
}

static inline pid_t
rt_sys_waitpid (pid_t pid, int *status, int options)
{
  return (pid_t) RT_SYS (SYS_wait4, pid, status, options, 0, 0, 0);
}

/* raise() of a signal to the calling thread */
static inline int
rt_sys_raise (int sig)
{
  return (int) RT_SYS (SYS_tgkill, rt_sys_getpid (), rt_sys_gettid (), sig, 0, 0, 0);
}

/* Lets @sig through the calling thread's real signal mask. */
static inline int
rt_sys_sig_unblock (int sig)
{
  uint64_t set = 1ull << (sig - 1);
  return (int) RT_SYS (SYS_rt_sigprocmask, SIG_UNBLOCK, &set, 0, sizeof set, 0, 0);
}

static inline int
rt_sys_sched_yield (void)
{
  return (int) RT_SYS (SYS_sched_yield, 0, 0, 0, 0, 0, 0);
}

static inline long
rt_sys_futex (int *addr, int op, int val)
{
  return RT_SYS (SYS_futex, addr, op, val, 0, 0, 0);
}

static inline void __attribute__ ((noreturn))
rt_sys_exit_group (int status)
{
  for (;;)
    rt_sys_raw (SYS_exit_group, status, 0, 0, 0, 0, 0);
}

static inline void *
rt_sys_mmap (void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
  long r = rt_sys_raw (SYS_mmap, (long) addr, (long) len, prot, flags, fd, (long) off);
  if (r < 0 && r > -4096)
    {
      errno = (int) -r;
      return (void *) -1;
    }
  return (void *) r;
}

static inline int
rt_sys_munmap (void *addr, size_t len)
{
  return (int) RT_SYS (SYS_munmap, addr, len, 0, 0, 0, 0);
}

static inline int
rt_sys_mprotect (void *addr, size_t len, int prot)
{
  return (int) RT_SYS (SYS_mprotect, addr, len, prot, 0, 0, 0);
}

static inline int
rt_sys_sched_setaffinity (pid_t pid, size_t size, const void *set)
{
  return (int) RT_SYS (SYS_sched_setaffinity, pid, size, set, 0, 0, 0);
}

static inline int
rt_sys_getcpu (void)
{
  unsigned cpu = 0;
  if (RT_SYS (SYS_getcpu, &cpu, 0, 0, 0, 0, 0) < 0)
    return -1;
  return (int) cpu;
}

/* libc functions that are not system calls, looked up past the program
 * (rt-sys.c). */
pid_t rt_libc_fork (void);
int rt_libc_fflush_all (void);
char *rt_libc_getenv (const char *name);
int rt_libc_unsetenv (const char *name);
void *rt_libc_sbrk (intptr_t delta);
long rt_libc_strtol (const char *s, char **end, int base);
unsigned long rt_libc_strtoul (const char *s, char **end, int base);
struct sigaction;
int rt_libc_sigaction (int sig, const struct sigaction *sa, struct sigaction *old);
int rt_libc_sigaltstack (const void *ss, void *old);

#endif /* AUGUR_RT_SYS_H */
