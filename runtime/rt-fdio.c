/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-fdio.c — reads and writes of the pipes and socket pairs the program
 * made itself (pipe, pipe2, socketpair): threads that hand work or a
 * wake-up to one another through a pipe (a worker pool's notification
 * pipe, an event loop's self-pipe).
 *
 * Such a channel is shared state that lives in the kernel, where the
 * explorer cannot see it, and a read of an empty one blocks.  Under the
 * controlled scheduler a blocking read would block the whole execution
 * (the program's threads are fibers of one OS thread, or real threads of
 * which only the token holder runs): no writer could ever run, and a
 * correct program would be reported as a hang.  And without an order
 * between the write and the read, what the writer stored before writing
 * and the reader loads after reading would look like a data race.
 *
 * So each channel has a word of the runtime's (`channels`, both ends of a
 * pipe or of a socket pair share one), and every read, write and close of
 * one of its ends is a sequentially consistent fetch-and-add of that word
 * by the program at the call, made before the kernel's call under the
 * scheduler: the explorer orders the calls on one channel like any
 * atomics on one location, and the add's read-from edges are the
 * happens-before the data's transfer makes.  A call that would block
 * (poll says the end is not ready) is instead an atomic load of the word,
 * which waits (rt-sched-await.c, Await) until another thread
 * adds to the word, as for a futex (rt-futex.c); once the end is ready the
 * call adds and goes to the kernel, which no longer blocks.  A blocking
 * call that finds its end not ready does not wait for the loop to be
 * recognised (three loads): its load awaits the add at once
 * (rt_sched_await_load).  A call on a
 * non-blocking end (O_NONBLOCK, MSG_DONTWAIT) that is not ready loads once
 * and lets the kernel fail with EAGAIN: a loop that polls so waits too.
 *
 * Recording, the calls are the kernel's, and the add is made before a
 * write or close and after a read that returned data or the end of file,
 * so that the trace holds the write's add before the read's.
 *
 * Not modelled: pipes the program did not make (its standard input from a
 * shell, a FIFO opened by name), which are the kernel's as before; poll,
 * select and epoll (a thread that waits in them for another thread's
 * write still blocks the execution: a hang); reads through stdio
 * (fread on fdopen's FILE goes to the kernel inside libc); a blocking
 * write larger than the pipe's free space, which the kernel may block
 * part-way.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"
#include "runtime/rt-sys.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>

#define RT_CHANNELS 256u

/* The ends the program made: an inode (both ends of a pipe have the same
 * one; a socket pair's ends one each) and the index of its word. */
typedef struct {
  uint64_t dev, ino;
  uint32_t word;
} Channel;

static Channel ends[RT_CHANNELS];
static uint32_t n_ends, n_words;
static volatile uint32_t augur_channels[RT_CHANNELS];

RT_DEFINE_REAL (read, NULL)
RT_DEFINE_REAL (readv, NULL)
RT_DEFINE_REAL (recv, NULL)
RT_DEFINE_REAL (recvfrom, NULL)
RT_DEFINE_REAL (recvmsg, NULL)
RT_DEFINE_REAL (send, NULL)
RT_DEFINE_REAL (sendto, NULL)
RT_DEFINE_REAL (sendmsg, NULL)
RT_DEFINE_REAL (pipe, NULL)
RT_DEFINE_REAL (pipe2, NULL)
RT_DEFINE_REAL (socketpair, NULL)

typedef ssize_t ReadChk (int, void *, size_t, size_t);
static ReadChk *real_read_chk;

static int
inode_of (int fd, uint64_t *dev, uint64_t *ino)
{
  struct stat st;
  if (RT_SYS (SYS_fstat, fd, &st, 0, 0, 0, 0) != 0)
    return 0;
  *dev = (uint64_t) st.st_dev;
  *ino = (uint64_t) st.st_ino;
  return 1;
}

/* Notes the end @fd as one of channel @word's (a new word if -1); the
 * word, or -1 when the table is full (the end is then the kernel's). */
static int
add_end (int fd, int word)
{
  uint64_t dev, ino;
  if (!inode_of (fd, &dev, &ino))
    return -1;
  for (uint32_t k = 0; k < n_ends; k++)
    if (ends[k].dev == dev && ends[k].ino == ino)
      return (int) ends[k].word;
  if (n_ends == RT_CHANNELS || (word < 0 && n_words == RT_CHANNELS))
    return -1;
  if (word < 0)
    word = (int) n_words++;
  ends[n_ends++] = (Channel) { dev, ino, (uint32_t) word };
  return word;
}

/* The word of the channel @fd is an end of, or NULL. */
static volatile uint32_t *
word_of (int fd)
{
  uint64_t dev, ino;
  if (n_ends == 0 || !inode_of (fd, &dev, &ino))
    return NULL;
  for (uint32_t k = 0; k < n_ends; k++)
    if (ends[k].dev == dev && ends[k].ino == ino)
      return &augur_channels[ends[k].word];
  return NULL;
}

/* Would a call for @events on @fd return at once? (An end closed at the
 * other side is ready: the call returns 0 or fails.) */
static int
ready (int fd, short events)
{
  struct pollfd p = { .fd = fd, .events = events };
  struct timespec zero = { 0, 0 };
  return RT_SYS (SYS_ppoll, &p, 1, &zero, 0, 0, 0) > 0;
}

/* Under the scheduler: the steps before the kernel's call (see above). */
static void
take_turn (int fd, volatile uint32_t *w, short events, int dontwait, uintptr_t ra)
{
  int nonblock = dontwait || (rt_sys_fcntl (fd, F_GETFL, 0) & O_NONBLOCK) != 0;
  for (;;)
    {
      if (ready (fd, events))
        {
          rt_atomic_add32_at (w, 1, __ATOMIC_SEQ_CST, ra);
          if (nonblock || ready (fd, events))
            return;
        }
      else
        {
          /* a blocking call waits for another thread's add at once */
          if (!nonblock)
            rt_sched_await_load (w);
          rt_atomic_load32_at (w, __ATOMIC_SEQ_CST, ra);
          if (nonblock && !ready (fd, events))
            return;
        }
    }
}

/* Before the kernel's call on @fd for @events (0: a close, which never
 * waits): the channel's word (NULL when @fd is none of the program's
 * channels or nothing is recorded), after the steps under the scheduler,
 * or the add of a call recorded @first. */
static volatile uint32_t *
before (int fd, short events, int dontwait, int first, uintptr_t ra)
{
  if (!rt_is_active () || rt_self.off_access != 0)
    return NULL;
  int saved_errno = errno;
  volatile uint32_t *w = word_of (fd);
  if (w != NULL && rt_sched_is_on () && events != 0)
    take_turn (fd, w, events, dontwait, ra);
  else if (w != NULL && (first || rt_sched_is_on ()))
    rt_atomic_add32_at (w, 1, __ATOMIC_SEQ_CST, ra);
  errno = saved_errno;
  return w;
}

/* After a read recorded: its add, when it returned data or the end. */
static void
after_read (volatile uint32_t *w, ssize_t r, uintptr_t ra)
{
  if (w == NULL || r < 0 || rt_sched_is_on ())
    return;
  int saved_errno = errno;
  rt_atomic_add32_at (w, 1, __ATOMIC_SEQ_CST, ra);
  errno = saved_errno;
}

#define READ_BODY(fd, dontwait, call)                                      \
  uintptr_t ra = RT_RA ();                                                 \
  volatile uint32_t *w = before ((fd), POLLIN, (dontwait), 0, ra);         \
  ssize_t r = (call);                                                      \
  after_read (w, r, ra);                                                   \
  return r;

#define WRITE_BODY(fd, dontwait, call)                                     \
  before ((fd), POLLOUT, (dontwait), 1, RT_RA ());                         \
  return (call);

RT_EXPORT ssize_t
read (int fd, void *buf, size_t n)
{
  READ_BODY (fd, n == 0, get_real_read () (fd, buf, n))
}

/* what _FORTIFY_SOURCE makes of read */
RT_EXPORT ssize_t
__read_chk (int fd, void *buf, size_t n, size_t buflen)
{
  READ_BODY (fd, n == 0, RT_REAL (real_read_chk, "__read_chk", NULL) (fd, buf, n, buflen))
}

RT_EXPORT ssize_t
readv (int fd, const struct iovec *iov, int n)
{
  READ_BODY (fd, 0, get_real_readv () (fd, iov, n))
}

RT_EXPORT ssize_t
recv (int fd, void *buf, size_t n, int flags)
{
  READ_BODY (fd, (flags & MSG_DONTWAIT) != 0, get_real_recv () (fd, buf, n, flags))
}

RT_EXPORT ssize_t
recvfrom (int fd, void *buf, size_t n, int flags, struct sockaddr *from, socklen_t *len)
{
  READ_BODY (fd, (flags & MSG_DONTWAIT) != 0,
             get_real_recvfrom () (fd, buf, n, flags, from, len))
}

RT_EXPORT ssize_t
recvmsg (int fd, struct msghdr *msg, int flags)
{
  READ_BODY (fd, (flags & MSG_DONTWAIT) != 0, get_real_recvmsg () (fd, msg, flags))
}

/* write and writev are rt-filemap.c's, which calls this first */
void
rt_fdio_before_write (int fd, int dontwait, uintptr_t ra)
{
  before (fd, POLLOUT, dontwait, 1, ra);
}

RT_EXPORT ssize_t
send (int fd, const void *buf, size_t n, int flags)
{
  WRITE_BODY (fd, (flags & MSG_DONTWAIT) != 0, get_real_send () (fd, buf, n, flags))
}

RT_EXPORT ssize_t
sendto (int fd, const void *buf, size_t n, int flags, const struct sockaddr *to, socklen_t len)
{
  WRITE_BODY (fd, (flags & MSG_DONTWAIT) != 0, get_real_sendto () (fd, buf, n, flags, to, len))
}

RT_EXPORT ssize_t
sendmsg (int fd, const struct msghdr *msg, int flags)
{
  WRITE_BODY (fd, (flags & MSG_DONTWAIT) != 0, get_real_sendmsg () (fd, msg, flags))
}

/* A close (rt-signal.c's, which calls this first) is a write for the
 * other end's readers: they see the end of file once every write end is
 * closed. */
void
rt_fdio_before_close (int fd, uintptr_t ra)
{
  before (fd, 0, 0, 1, ra);
}

RT_EXPORT int
pipe (int fds[2])
{
  int r = get_real_pipe () (fds);
  if (r == 0)
    {
      int saved_errno = errno;
      add_end (fds[0], -1);
      errno = saved_errno;
    }
  return r;
}

RT_EXPORT int
pipe2 (int fds[2], int flags)
{
  int r = get_real_pipe2 () (fds, flags);
  if (r == 0)
    {
      int saved_errno = errno;
      add_end (fds[0], -1);
      errno = saved_errno;
    }
  return r;
}

RT_EXPORT int
socketpair (int domain, int type, int protocol, int fds[2])
{
  int r = get_real_socketpair () (domain, type, protocol, fds);
  if (r == 0)
    {
      int saved_errno = errno;
      int w = add_end (fds[0], -1);
      if (w >= 0)
        add_end (fds[1], w);
      errno = saved_errno;
    }
  return r;
}
