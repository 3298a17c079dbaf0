/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur-frama-c-libc.h — forced into each of the program's files (never
 * the harness's) when augur static runs Frama-C with Frama-C's libc, after
 * augur-frama-c.h: what glibc gives a Linux program and Frama-C 25's libc
 * lacks.  With the system's headers (-no-frama-c-stdlib) it is not used.
 *
 *   - glibc's <sys/cdefs.h> macros that its headers use and Frama-C's
 *     <features.h> does not define: the headers Frama-C's libc lacks come
 *     from the system's include path and stopped on them
 *     (<sys/epoll.h>:124, "before or at token: __attr_access").  Each is
 *     what GCC makes of it less the attribute, which does not change what
 *     is accessed.
 *   - pthread_atfork, which Frama-C declares in <unistd.h> only: a call
 *     from a file that includes <pthread.h> alone (libuv's threadpool.c)
 *     declared it implicitly, from its arguments, and that did not link
 *     with <unistd.h>'s ("Incompatible declaration for pthread_atfork").
 *   - Linux's CPU sets, RTLD_DEFAULT, struct linger, MSG_ERRQUEUE,
 *     SOCK_NONBLOCK, SOCK_CLOEXEC, __sigset_t, TIOCGPTN and the _IO* ioctl
 *     numbers; and glibc's definitions of struct timespec and __sigset_t
 *     kept out, as Frama-C's libc defines them (libuv: thread.c, core.c,
 *     process.c, tcp.c, udp.c, tty.c, fs.c each stopped on one).  The
 *     functions have no ACSL contract: Eva assumes they read and write
 *     what their pointer arguments reach.
 *   - glibc's struct rusage, struct stat and struct statfs, whose fields
 *     Frama-C's lack or whose header it lacks; struct mmsghdr; syscall;
 *     MAP_POPULATE; pthread_sigmask, accept4, dup3, EOWNERDEAD, Linux's
 *     clocks (libuv: core.c, fs.c, linux.c and process.c stopped on
 *     them).
 */
#ifndef AUGUR_FRAMA_C_LIBC_H
#define AUGUR_FRAMA_C_LIBC_H

/* glibc's <sys/cdefs.h> */
#define __attr_access(x)
#define __attr_access_none(argno)
#define __fortified_attr_access(a, o, s)
#define __attr_dealloc(dealloc, argno)
#define __attr_dealloc_free
#define __attribute_alloc_size__(params)
#define __attribute_alloc_align__(param)
#define __attribute_nonnull__(params)
#define __returns_nonnull
#define __attribute_maybe_unused__
#define __attribute_noinline__
#define __attribute_used__
#define __attribute_nonstring__
#define __attribute_copy__(arg)
#define __attribute_deprecated_msg__(msg)
#define __attribute_format_strfmon__(a, b)
#define __attribute_returns_twice__
#define __glibc_likely(cond) (cond)
#define __glibc_unlikely(cond) (cond)
#define __glibc_has_attribute(attr) 0
#define __glibc_has_builtin(name) 0
#define __glibc_has_extension(ext) 0
#define __glibc_macro_warning(msg)
#define __REDIRECT(name, proto, alias) name proto
#define __REDIRECT_NTH(name, proto, alias) name proto
#define __REDIRECT_NTHNL(name, proto, alias) name proto
#define __NTHNL(fct) fct
#define __always_inline __inline
#define __extern_inline extern __inline
#define __extern_always_inline extern __inline
#define __flexarr []
#define __restrict_arr __restrict
#define __CONCAT(x, y) x ## y
#define __STRING(x) #x

/* POSIX puts it in <pthread.h> too */
int pthread_atfork (void (*prepare) (void), void (*parent) (void), void (*child) (void));

/* <sched.h>, _GNU_SOURCE: CPU sets */
#define CPU_SETSIZE 1024
typedef struct { unsigned long __bits[CPU_SETSIZE / (8 * sizeof (unsigned long))]; } cpu_set_t;
#define AUGUR_CPU_WORD_(cpu, set) ((set)->__bits[(cpu) / (8 * sizeof (unsigned long))])
#define AUGUR_CPU_BIT_(cpu) (1UL << ((cpu) % (8 * sizeof (unsigned long))))
#define CPU_ZERO(set)                                                        \
  do {                                                                       \
    for (unsigned augur_i_ = 0; augur_i_ < CPU_SETSIZE / (8 * sizeof (unsigned long)); \
         augur_i_++)                                                         \
      (set)->__bits[augur_i_] = 0;                                           \
  } while (0)
#define CPU_SET(cpu, set) ((void) (AUGUR_CPU_WORD_ (cpu, set) |= AUGUR_CPU_BIT_ (cpu)))
#define CPU_CLR(cpu, set) ((void) (AUGUR_CPU_WORD_ (cpu, set) &= ~AUGUR_CPU_BIT_ (cpu)))
#define CPU_ISSET(cpu, set) ((AUGUR_CPU_WORD_ (cpu, set) & AUGUR_CPU_BIT_ (cpu)) != 0)
int __sched_cpucount (__SIZE_TYPE__ setsize, const cpu_set_t *set);
#define CPU_COUNT(set) __sched_cpucount (sizeof (cpu_set_t), (set))
int sched_getaffinity (int pid, __SIZE_TYPE__ size, cpu_set_t *set);
int sched_setaffinity (int pid, __SIZE_TYPE__ size, const cpu_set_t *set);
int sched_getcpu (void);

/* <dlfcn.h>, _GNU_SOURCE */
#define RTLD_DEFAULT ((void *) 0)
#define RTLD_NEXT ((void *) -1l)

/* <sys/socket.h> */
struct linger { int l_onoff; int l_linger; };
#define MSG_ERRQUEUE 0x2000
#define SOCK_NONBLOCK 04000
#define SOCK_CLOEXEC 02000000

/* <signal.h>: glibc's name, which its <sys/epoll.h> uses */
#include <__fc_define_sigset_t.h>
typedef sigset_t __sigset_t;
#define ____sigset_t_defined 1

/* Frama-C's struct timespec, and glibc's own kept out: its <sys/epoll.h>
 * includes <bits/types/struct_timespec.h> ("redefinition of 'timespec'") */
#include <__fc_define_timespec.h>
#define _STRUCT_TIMESPEC 1

/* <sys/ioctl.h> */
#define TIOCGPTN 0x80045430
#define _IOC(dir, type, nr, size) \
  ((unsigned int) (((dir) << 30) | ((size) << 16) | ((type) << 8) | (nr)))
#define _IO(type, nr) _IOC (0U, (type), (nr), 0U)
#define _IOW(type, nr, t) _IOC (1U, (type), (nr), sizeof (t))
#define _IOR(type, nr, t) _IOC (2U, (type), (nr), sizeof (t))
#define _IOWR(type, nr, t) _IOC (3U, (type), (nr), sizeof (t))

/* <sys/resource.h>: glibc's struct rusage, whose fields beyond the two
 * times Frama-C's lacks (libuv's uv_getrusage reads ru_maxrss); Frama-C's
 * kept under another name.  The contracts here say what the functions
 * write, so that the objects passed do not escape. */
#define rusage __fc_rusage
#define getrusage __fc_getrusage
#include <sys/resource.h>
#undef rusage
#undef getrusage
struct rusage {
  struct timeval ru_utime;
  struct timeval ru_stime;
  long ru_maxrss, ru_ixrss, ru_idrss, ru_isrss, ru_minflt, ru_majflt, ru_nswap;
  long ru_inblock, ru_oublock, ru_msgsnd, ru_msgrcv, ru_nsignals, ru_nvcsw, ru_nivcsw;
};
/*@ assigns \result, *usage \from who; */
int getrusage (int who, struct rusage *usage);

/* <sys/stat.h> and <sys/statfs.h>: glibc's struct stat, with the
 * struct timespec times (st_atim ...) Frama-C's lacks, and its struct
 * statfs, which Frama-C's <sys/stat.h> defines and glibc's <sys/statfs.h>
 * (that Frama-C lacks) defined again ("redefinition of 'statfs'"): both
 * here, Frama-C's definitions and glibc's header kept out.  stat's
 * contracts assign *buf as a whole. */
#include <__fc_define_ino_t.h>
#include <__fc_define_uid_and_gid.h>
#include <__fc_define_time_t.h>
#include <__fc_define_blkcnt_t.h>
#include <__fc_define_blksize_t.h>
#include <__fc_define_dev_t.h>
#include <__fc_define_mode_t.h>
#include <__fc_define_nlink_t.h>
#include <__fc_define_off_t.h>
#define __FC_DEFINE_STAT_H
struct stat {
  dev_t st_dev;
  ino_t st_ino;
  nlink_t st_nlink;
  mode_t st_mode;
  uid_t st_uid;
  gid_t st_gid;
  dev_t st_rdev;
  off_t st_size;
  blksize_t st_blksize;
  blkcnt_t st_blocks;
  struct timespec st_atim;
  struct timespec st_mtim;
  struct timespec st_ctim;
};
#define st_atime st_atim.tv_sec
#define st_mtime st_mtim.tv_sec
#define st_ctime st_ctim.tv_sec
/* f_fsid's type is glibc's __fsid_t, not named here: glibc's
 * <bits/types.h>, which a header Frama-C lacks may include, defines it */
struct statfs {
  long f_type, f_bsize;
  unsigned long f_blocks, f_bfree, f_bavail, f_files, f_ffree;
  struct { int __val[2]; } f_fsid;
  long f_namelen, f_frsize, f_flags, f_spare[4];
};
#define _SYS_STATFS_H 1
/*@ assigns \result, *buf \from indirect:file[0 ..]; */
int statfs (const char *file, struct statfs *buf);
/*@ assigns \result, *buf \from fd; */
int fstatfs (int fd, struct statfs *buf);

/* <sys/socket.h>, _GNU_SOURCE: several messages at once (libuv's udp.c) */
#include <sys/socket.h>
struct mmsghdr { struct msghdr msg_hdr; unsigned int msg_len; };
int sendmmsg (int fd, struct mmsghdr *vmessages, unsigned int vlen, int flags);
int recvmmsg (int fd, struct mmsghdr *vmessages, unsigned int vlen, int flags,
              struct timespec *tmo);

/* <unistd.h>, _GNU_SOURCE: Frama-C's lacks it, and its first call
 * declared it implicitly with that call's arguments: the next call with
 * fewer did not parse ("Too few arguments in call to syscall"; libuv) */
long syscall (long number, ...);

/* <signal.h>: POSIX's, which Frama-C's libc lacks: each file's first
 * call declared it from its arguments, and two files' did not link
 * ("Incompatible declaration for pthread_sigmask"; libuv) */
int pthread_sigmask (int how, const sigset_t *set, sigset_t *oldset);

/* <sys/socket.h> and <unistd.h>, _GNU_SOURCE */
int accept4 (int fd, struct sockaddr *addr, socklen_t *addr_len, int flags);
int dup3 (int fd, int fd2, int flags);

/* <errno.h>, Linux: robust mutexes (libuv's linux.c) */
#ifndef EOWNERDEAD
#define EOWNERDEAD 130
#endif
#ifndef ENOTRECOVERABLE
#define ENOTRECOVERABLE 131
#endif

/* <time.h>, Linux's clocks (libuv's linux.c) */
#ifndef CLOCK_REALTIME_COARSE
#define CLOCK_REALTIME_COARSE 5
#endif
#ifndef CLOCK_MONOTONIC_COARSE
#define CLOCK_MONOTONIC_COARSE 6
#endif
#ifndef CLOCK_BOOTTIME
#define CLOCK_BOOTTIME 7
#endif

/* <sys/mman.h>, Linux */
#define MAP_POPULATE 0x08000
#define MAP_NORESERVE 0x04000

#endif /* AUGUR_FRAMA_C_LIBC_H */
