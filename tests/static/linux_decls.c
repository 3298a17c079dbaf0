/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * glibc's Linux declarations that Frama-C's libc lacks or declares
 * otherwise (libuv: core.c, fs.c, udp.c and linux.c could not be parsed
 * with Frama-C's libc): struct rusage's ru_maxrss, <sys/statfs.h> (whose
 * struct statfs Frama-C's <sys/stat.h> defines too), struct stat's
 * st_atim, struct mmsghdr, syscall called with different numbers of
 * arguments, MAP_POPULATE, pthread_sigmask, accept4, dup3, EOWNERDEAD;
 * <sys/prctl.h>, which Frama-C lacks, includes glibc's <bits/types.h>
 * (its __fsid_t).  The file must parse with Frama-C's libc (no
 * system-headers warning); the counter is a candidate.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

static long counter;

static void *
worker (void *arg)
{
  struct rusage ru;
  struct statfs fs;
  struct stat st;
  struct mmsghdr msgs[2];
  long n = 0;
  (void) arg;
  if (getrusage (RUSAGE_SELF, &ru) == 0)
    n += ru.ru_maxrss;
  if (statfs ("/", &fs) == 0 && fstatfs (0, &fs) == 0)
    n += (long) fs.f_bsize;
  if (fstat (0, &st) == 0)
    n += st.st_mtim.tv_sec + st.st_atim.tv_nsec + st.st_ctime;
  msgs[0].msg_len = 0;
  msgs[0].msg_hdr.msg_flags = 0;
  n += syscall (SYS_getpid) + syscall (SYS_gettid, 1, 2) + msgs[0].msg_len + MAP_POPULATE;
  if (pthread_sigmask (SIG_BLOCK, NULL, NULL) == EOWNERDEAD)
    n += accept4 (-1, NULL, NULL, SOCK_CLOEXEC) + dup3 (0, 1, 0);
  counter += n;
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return counter != 0;
}
