/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-fdio.c — reads, writes and waits (poll, select, epoll) on the pipes,
 * socket pairs and eventfds the program made itself (pipe, pipe2,
 * socketpair, eventfd): threads that hand work or a wake-up to one
 * another through them (a worker pool's notification pipe, an event
 * loop's self-pipe or eventfd).
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
 * So each channel has a word of the runtime's (`augur_channels`; both
 * ends of a pipe or of a socket pair share one, and so do all eventfds,
 * whose inode is one), and every read, write and close of one of its
 * ends is a sequentially consistent fetch-and-add of that word by the
 * program at the call, made before the kernel's call under the
 * scheduler: the explorer orders the calls on one channel like any
 * atomics on one location, and the add's read-from edges are the
 * happens-before the data's transfer makes.  A call that would block
 * (poll says the end is not ready) is instead an atomic load of the word,
 * which waits (rt-sched-await.c, Await) until another thread adds to the
 * word, as for a futex (rt-futex.c), without a loop to recognise first
 * (rt_sched_await_loads); once the end is ready the call adds and goes to
 * the kernel, which no longer blocks (and if, by its add's turn, another
 * thread took what made it ready, it loads instead and waits again: an
 * add would say it moved something).  A call on a non-blocking end
 * (O_NONBLOCK, MSG_DONTWAIT) that is not ready loads once and lets the
 * kernel fail with EAGAIN: a loop that polls so waits too (Await).
 *
 * poll, ppoll and select on such channels only are one load of their
 * words (a step that reads from the lowest to the highest of them, so
 * that the explorer orders it with an add to any: what the call returns
 * depends on all of them, and a wait ordered only with the first one's
 * adds left its schedule when a replay moved another one's add after it,
 * libuv's epoll set of a signal pipe and an eventfd): without a timeout,
 * one that finds nothing ready awaits an add to any of their words; with
 * a timeout, the call returns what is ready then, or 0 (timed out): the
 * explorer orders the load before and after the other threads' adds, so
 * both endings are explored.  A call that timed out moves the virtual
 * clock on by its timeout (rt_sched_timed_out, a step of its own):
 * an event loop that polls until its next timer is due sees it due.
 * epoll_wait, epoll_pwait and epoll_pwait2 the same, on the channels among the
 * descriptors epoll_ctl added.  A set that also watches other
 * descriptors (libuv's epoll set holds an io_uring ring) is checked for
 * them at each of its steps, but only the channels' adds wake it: the
 * scheduler's page says so (shm->world_wait, the guarantee's "with the
 * descriptors augur does not model never ready"), and a hang there is a
 * warning.  A set with no channel of the program's is the kernel's; a
 * run the watchdog kills in it, or in a read of such a descriptor, is a
 * hang that may be the world's (shm->kernel_wait), a warning too.
 *
 * Recording, the calls are the kernel's, and the add is made before a
 * write or close and after a read that returned data or the end of file,
 * so that the trace holds the write's add before the read's; its record
 * says how many bytes the write put or the read took (AUGUR_CHANNEL_PUT,
 * TAKE), from which the predictor orders a pipe's reads after the writes
 * whose bytes they took (predictor/model.c).
 *
 * Not modelled: pipes the program did not make (its standard input from a
 * shell, a FIFO opened by name), which are the kernel's as before (a
 * thread that waits for one for another thread's write still blocks the
 * execution: the watchdog cuts it); the world making a descriptor of a
 * mixed set ready while the program's threads still run (only their adds
 * wake the wait); an epoll instance shared through dup or fork; reads through stdio
 * (fread on fdopen's FILE goes to the kernel inside libc).
 */
#include "config.h"

#include "common/augur-sched-format.h"
#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"
#include "runtime/rt-sys.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>

#define RT_CHANNELS 256u
#define RT_POLL_WORDS 16u   /* channels a poll may wait on: rt_sched_await_loads takes as many */

/* The ends the program made: an inode (both ends of a pipe have the same
 * one; a socket pair's ends one each) and the index of its word. */
typedef struct {
  uint64_t dev, ino;
  uint32_t word;
  int eventfd;      /* an eventfd: its inode is the one every anonymous-inode
                     * descriptor shares (timerfd, signalfd, epoll) */
} Channel;

/* Recording, threads make channels at once: ends_lock orders the
 * additions, and n_ends is published after the row it counts. */
static Channel ends[RT_CHANNELS];
static uint32_t n_ends, n_words;
static int ends_lock;
static volatile uint32_t augur_channels[RT_CHANNELS];

RT_DEFINE_REAL (read, NULL)
RT_DEFINE_REAL (readv, NULL)
RT_DEFINE_REAL (recv, NULL)
RT_DEFINE_REAL (recvfrom, NULL)
RT_DEFINE_REAL (recvmsg, NULL)
RT_DEFINE_REAL (send, NULL)
RT_DEFINE_REAL (sendto, NULL)
RT_DEFINE_REAL (sendmsg, NULL)
RT_DEFINE_REAL (write, NULL)
RT_DEFINE_REAL (pipe, NULL)
RT_DEFINE_REAL (pipe2, NULL)
RT_DEFINE_REAL (socketpair, NULL)
RT_DEFINE_REAL (eventfd, NULL)
RT_DEFINE_REAL (poll, NULL)   /* the intercept is rt-time.c's */
RT_DEFINE_REAL (ppoll, NULL)
RT_DEFINE_REAL (select, NULL)   /* the intercept is rt-time.c's */
RT_DEFINE_REAL (epoll_ctl, NULL)
RT_DEFINE_REAL (epoll_pwait, NULL)
RT_DEFINE_REAL (epoll_pwait2, NULL)

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

/* Is @fd an eventfd?  (Only asked of a descriptor with an eventfd's
 * inode.) */
static int
is_eventfd (int fd)
{
  char path[40], link[32];
  int n = 0;
  const char *pre = "/proc/self/fd/";
  while (pre[n] != '\0')
    {
      path[n] = pre[n];
      n++;
    }
  char digits[12];
  int d = 0;
  for (unsigned v = (unsigned) fd; d == 0 || v > 0; v /= 10)
    digits[d++] = (char) ('0' + v % 10);
  while (d > 0)
    path[n++] = digits[--d];
  path[n] = '\0';
  ssize_t r = rt_sys_readlink (path, link, sizeof link - 1);
  if (r <= 0)
    return 0;
  link[r] = '\0';
  const char *want = "anon_inode:[eventfd]";
  for (int k = 0; ; k++)
    if (link[k] != want[k])
      return 0;
    else if (want[k] == '\0')
      return 1;
}

/* The row of @fd's inode, or NULL. */
static const Channel *
find_end (int fd)
{
  uint64_t dev, ino;
  uint32_t n = __atomic_load_n (&n_ends, __ATOMIC_ACQUIRE);
  if (n == 0 || !inode_of (fd, &dev, &ino))
    return NULL;
  for (uint32_t k = 0; k < n; k++)
    if (ends[k].dev == dev && ends[k].ino == ino)
      return ends[k].eventfd && !is_eventfd (fd) ? NULL : &ends[k];
  return NULL;
}

/* A new channel's word is named (AUGUR_EV_CHANNEL) for the reports. */
static void
name_word (uint32_t word, uint64_t kind, uintptr_t ra)
{
  uint64_t addr = (uint64_t) (uintptr_t) &augur_channels[word];
  if (rt_sched_is_on ())
    rt_sched_object (AUGUR_EV_CHANNEL, rt_tid (), word + 1, addr, kind);
  else if (rt_is_active ())
    rt_event (AUGUR_EV_CHANNEL, 0, ra, word + 1, addr, kind);
}

/* Notes the end @fd as one of channel @word's (a new word if -1, named
 * as of @kind, made at @ra); the word, or -1 when the table is full (the
 * end is then the kernel's). */
static int
add_end (int fd, int word, int eventfd, uint64_t kind, uintptr_t ra)
{
  uint64_t dev, ino;
  if (!inode_of (fd, &dev, &ino))
    return -1;
  int fresh = 0;
  rt_spin_take (&ends_lock);
  for (uint32_t k = 0; k < n_ends; k++)
    if (ends[k].dev == dev && ends[k].ino == ino)
      {
        word = (int) ends[k].word;
        goto out;
      }
  if (n_ends == RT_CHANNELS || (word < 0 && n_words == RT_CHANNELS))
    {
      word = -1;
      goto out;
    }
  if (word < 0)
    {
      word = (int) n_words++;
      fresh = 1;
    }
  ends[n_ends] = (Channel) { dev, ino, (uint32_t) word, eventfd };
  __atomic_store_n (&n_ends, n_ends + 1, __ATOMIC_RELEASE);
out:
  rt_spin_give (&ends_lock);
  if (fresh)
    name_word ((uint32_t) word, kind, ra);
  return word;
}

/* The word of the channel @fd is an end of, or NULL. */
static volatile uint32_t *
word_of (int fd)
{
  const Channel *c = find_end (fd);
  return c != NULL ? &augur_channels[c->word] : NULL;
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

/* A load of @w that waits until another thread adds to it. */
static void
await_add (volatile uint32_t *w, uintptr_t ra)
{
  uintptr_t a = (uintptr_t) w;
  rt_sched_await_loads (&a, 1);
  rt_atomic_load32_at (w, __ATOMIC_SEQ_CST, ra);
}

typedef struct {
  int fd;
  short events;
} Want;

static int
want_ready (const void *arg)
{
  const Want *q = arg;
  return ready (q->fd, q->events);
}

/* Under the scheduler: the steps before the kernel's call (see above).  A
 * blocking call that found its end ready, and no longer finds it so when
 * its add's turn comes (another reader took the bytes meanwhile), makes
 * no add (a load: rt_atomic_add32_if_at): it changed nothing, and an add
 * would wake every thread waiting on the word, each to a step that
 * finds nothing either, and order it with every other add. */
static void
take_turn (int fd, volatile uint32_t *w, short events, int dontwait, uintptr_t ra)
{
  int nonblock = dontwait || (rt_sys_fcntl (fd, F_GETFL, 0) & O_NONBLOCK) != 0;
  Want q = { fd, events };
  for (;;)
    {
      if (ready (fd, events))
        {
          if (nonblock)
            {
              rt_atomic_add32_at (w, 1, __ATOMIC_SEQ_CST, ra);
              return;
            }
          if (rt_atomic_add32_if_at (w, 1, __ATOMIC_SEQ_CST, want_ready, &q, ra))
            return;
        }
      else if (!nonblock)
        await_add (w, ra);   /* a blocking call waits for another thread's add at once */
      else
        {
          rt_atomic_load32_at (w, __ATOMIC_SEQ_CST, ra);
          if (!ready (fd, events))
            return;
        }
    }
}

/* What a recorded call moved, for its add's record (AUGUR_CHANNEL_PUT or
 * TAKE, common/augur-trace-format.h). */
static uint32_t
moved (uint32_t how, size_t n)
{
  size_t b = n < AUGUR_CHANNEL_BYTES_MAX ? n : AUGUR_CHANNEL_BYTES_MAX;
  return how | (uint32_t) b << AUGUR_CHANNEL_BYTES_SHIFT;
}

/* A recorded write of @n bytes (0: a close): a blocking one writes them
 * all; a non-blocking one may write fewer, which is said as the most. */
static uint32_t
put_note (int fd, int dontwait, size_t n)
{
  if (n == 0)
    return 0;
  if (dontwait || (rt_sys_fcntl (fd, F_GETFL, 0) & O_NONBLOCK) != 0)
    n = AUGUR_CHANNEL_BYTES_MAX;
  return moved (AUGUR_CHANNEL_PUT, n);
}

/* Before the kernel's call on @fd for @events (0: a close, which never
 * waits): the channel's word (NULL when @fd is none of the program's
 * channels or nothing is recorded), after the steps under the scheduler,
 * or the add of a call recorded @first (a write of @n bytes, or a close). */
static volatile uint32_t *
before (int fd, short events, int dontwait, int first, size_t n, uintptr_t ra)
{
  if (!rt_is_active () || rt_self.off_access != 0)
    return NULL;
  int saved_errno = errno;
  volatile uint32_t *w = word_of (fd);
  if (w != NULL && rt_sched_is_on () && events != 0)
    take_turn (fd, w, events, dontwait, ra);
  else if (w != NULL && (first || rt_sched_is_on ()))
    rt_atomic_add32_note_at (w, 1, __ATOMIC_SEQ_CST,
                             rt_sched_is_on () ? 0 : put_note (fd, dontwait, n), ra);
  errno = saved_errno;
  return w;
}

/* After a read recorded: its add, when it returned data (so many bytes
 * taken) or the end. */
static void
after_read (volatile uint32_t *w, ssize_t r, uintptr_t ra)
{
  if (w == NULL || r < 0 || rt_sched_is_on ())
    return;
  int saved_errno = errno;
  uint32_t note = r > 0 ? moved (AUGUR_CHANNEL_TAKE, (size_t) r) : 0;
  rt_atomic_add32_note_at (w, 1, __ATOMIC_SEQ_CST, note, ra);
  errno = saved_errno;
}

/* A read of a descriptor that is none of the program's channels may wait
 * for the world (a pipe from another process, a socket): said while it is
 * in the kernel (rt_sched_kernel_wait). */
#define READ_STEPS(fd, dontwait, call)                                     \
  uintptr_t ra = RT_RA ();                                                 \
  volatile uint32_t *w = before ((fd), POLLIN, (dontwait), 0, 0, ra);      \
  if (w == NULL)                                                           \
    rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_READ, ra);                     \
  ssize_t r = (call);                                                      \
  if (w == NULL)                                                           \
    rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_NONE, ra);                     \
  after_read (w, r, ra);
#define READ_BODY(fd, dontwait, call)                                      \
  READ_STEPS (fd, dontwait, call)                                          \
  return r;


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

/* glibc's eventfd_read makes the kernel's read inside libc, where the
 * intercept of read never sees it (libevent drains its loop's eventfd so):
 * the same steps as a read of the counter's 8 bytes. */
RT_EXPORT int
eventfd_read (int fd, eventfd_t *value)
{
  READ_STEPS (fd, 0, get_real_read () (fd, value, sizeof *value))
  return r == (ssize_t) sizeof *value ? 0 : -1;
}

/* ---- writes ---- */

/* A blocking write to a channel under the scheduler must not block in the
 * kernel: the reader that would make room cannot run meanwhile, and a
 * correct program that writes more than the pipe holds would hang.  So
 * the call is made without waiting (O_NONBLOCK set around it, or
 * MSG_DONTWAIT), and what did not fit is written in parts as room comes:
 * each part after a step of the channel's word that, while the end is
 * full, awaits another thread's add (a read or a close).  The program
 * sees one call that wrote everything (or, after an error part-way, what
 * it wrote), as the kernel's blocking call would; a pipe's write of at
 * most PIPE_BUF bytes stays whole, since a non-blocking one is written
 * whole or not at all. */
typedef struct {
  const struct iovec *iov;
  int cnt;
  int send_flags;            /* -1: a write or writev; else the send's flags */
  RtFdioFirst *first;        /* the caller's call */
  const void *args;
} WriteReq;

/* Runs the caller's call, or writes @p, without waiting. */
static ssize_t
call_nowait (int fd, const WriteReq *q, const void *p, size_t n)
{
  if (q->send_flags >= 0)
    return p != NULL ? get_real_send () (fd, p, n, q->send_flags | MSG_DONTWAIT)
                     : q->first (fd, q->args, q->send_flags | MSG_DONTWAIT);
  /* under the scheduler no other thread runs to see the flag */
  long fl = rt_sys_fcntl (fd, F_GETFL, 0);
  rt_sys_fcntl (fd, F_SETFL, fl | O_NONBLOCK);
  ssize_t r = p != NULL ? get_real_write () (fd, p, n) : q->first (fd, q->args, 0);
  int saved_errno = errno;
  rt_sys_fcntl (fd, F_SETFL, fl);
  errno = saved_errno;
  return r;
}

/* The end was full: await another thread's add, then take the next turn. */
static void
await_room (int fd, volatile uint32_t *w, uintptr_t ra)
{
  await_add (w, ra);
  take_turn (fd, w, POLLOUT, 0, ra);
}

static ssize_t
write_in_parts (int fd, volatile uint32_t *w, const WriteReq *q, uintptr_t ra)
{
  ssize_t r;
  while ((r = call_nowait (fd, q, NULL, 0)) < 0 && errno == EAGAIN)
    await_room (fd, w, ra);
  if (r < 0)
    return r;
  size_t done = (size_t) r, at = 0;
  for (int k = 0; k < q->cnt; k++)
    {
      size_t len = q->iov[k].iov_len;
      while (done < at + len)
        {
          const char *p = (const char *) q->iov[k].iov_base + (done - at);
          take_turn (fd, w, POLLOUT, 0, ra);
          ssize_t part = call_nowait (fd, q, p, at + len - done);
          if (part < 0 && errno == EAGAIN)
            await_room (fd, w, ra);
          else if (part < 0)
            return (ssize_t) done;
          else
            done += (size_t) part;
        }
      at += len;
    }
  return (ssize_t) done;
}

/* The steps before a write's kernel call; 1 and the call's result in *@r
 * when it made the call itself (write_in_parts). */
static int
write_steps (int fd, int dontwait, const WriteReq *q, uintptr_t ra, ssize_t *r)
{
  size_t n = 0;
  for (int k = 0; k < q->cnt; k++)
    n += q->iov[k].iov_len;
  volatile uint32_t *w = before (fd, POLLOUT, dontwait, 1, n, ra);
  if (w == NULL || !rt_sched_is_on () || dontwait
      || (rt_sys_fcntl (fd, F_GETFL, 0) & O_NONBLOCK) != 0)
    return 0;
  *r = write_in_parts (fd, w, q, ra);
  return 1;
}

/* write and writev are rt-filemap.c's, which calls this first */
int
rt_fdio_write (int fd, const struct iovec *iov, int cnt, RtFdioFirst *first, const void *args,
               uintptr_t ra, ssize_t *r)
{
  size_t n = 0;
  for (int k = 0; k < cnt; k++)
    n += iov[k].iov_len;
  WriteReq q = { iov, cnt, -1, first, args };
  return write_steps (fd, n == 0, &q, ra, r);
}

typedef struct {
  const void *buf;
  size_t n;
  const struct sockaddr *to;
  socklen_t len;
  const struct msghdr *msg;
} SendArgs;

static ssize_t
send_first (int fd, const void *args, int flags)
{
  const SendArgs *a = args;
  if (a->msg != NULL)
    return get_real_sendmsg () (fd, a->msg, flags);
  if (a->to != NULL)
    return get_real_sendto () (fd, a->buf, a->n, flags, a->to, a->len);
  return get_real_send () (fd, a->buf, a->n, flags);
}

static ssize_t
send_any (int fd, const SendArgs *a, const struct iovec *iov, int cnt, int flags)
{
  WriteReq q = { iov, cnt, flags, send_first, a };
  ssize_t r;
  if (write_steps (fd, (flags & MSG_DONTWAIT) != 0, &q, RT_RA (), &r))
    return r;
  return send_first (fd, a, flags);
}

RT_EXPORT ssize_t
send (int fd, const void *buf, size_t n, int flags)
{
  SendArgs a = { buf, n, NULL, 0, NULL };
  struct iovec iov = { (void *) buf, n };
  return send_any (fd, &a, &iov, 1, flags);
}

RT_EXPORT ssize_t
sendto (int fd, const void *buf, size_t n, int flags, const struct sockaddr *to, socklen_t len)
{
  SendArgs a = { buf, n, to, len, NULL };
  struct iovec iov = { (void *) buf, n };
  return send_any (fd, &a, &iov, 1, flags);
}

/* glibc's eventfd_write, like its eventfd_read, calls the kernel inside
 * libc (libevent wakes its loop from another thread so): the same steps
 * as a write of the 8 bytes, which wake a reader or poll awaiting them. */
static ssize_t
eventfd_write_first (int fd, const void *args, int flags)
{
  (void) flags;
  return get_real_write () (fd, args, sizeof (eventfd_t));
}

RT_EXPORT int
eventfd_write (int fd, eventfd_t value)
{
  struct iovec iov = { &value, sizeof value };
  ssize_t r;
  if (!rt_fdio_write (fd, &iov, 1, eventfd_write_first, &value, RT_RA (), &r))
    r = get_real_write () (fd, &value, sizeof value);
  return r == (ssize_t) sizeof value ? 0 : -1;
}

RT_EXPORT ssize_t
sendmsg (int fd, const struct msghdr *msg, int flags)
{
  if (msg == NULL)
    return get_real_sendmsg () (fd, msg, flags);   /* EFAULT, the kernel's */
  SendArgs a = { NULL, 0, NULL, 0, msg };
  return send_any (fd, &a, msg->msg_iov, (int) msg->msg_iovlen, flags);
}

/* A close (rt-signal.c's, which calls this first) is a write for the
 * other end's readers: they see the end of file once every write end is
 * closed. */
static void epoll_forget (int fd);

void
rt_fdio_before_close (int fd, uintptr_t ra)
{
  before (fd, 0, 0, 1, 0, ra);
  epoll_forget (fd);
}

/* The program made a channel (call result @r): its end @fd, and for a
 * socket pair (@other >= 0) its other end, which has an inode of its own
 * (both ends of a pipe share one); @r as it was, errno too. */
static int
made (int r, int fd, int other, uint64_t kind, uintptr_t ra)
{
  if (r < 0)
    return r;
  int saved_errno = errno;
  int w = add_end (fd, -1, kind == AUGUR_CHANNEL_EVENTFD, kind, ra);
  if (w >= 0 && other >= 0)
    add_end (other, w, 0, kind, ra);
  errno = saved_errno;
  return r;
}

RT_EXPORT int
pipe (int fds[2])
{
  rt_fdtable_step (RT_RA ());
  int r = get_real_pipe () (fds);
  return made (r, r == 0 ? fds[0] : -1, -1, AUGUR_CHANNEL_PIPE, RT_RA ());
}

RT_EXPORT int
pipe2 (int fds[2], int flags)
{
  rt_fdtable_step (RT_RA ());
  int r = get_real_pipe2 () (fds, flags);
  return made (r, r == 0 ? fds[0] : -1, -1, AUGUR_CHANNEL_PIPE, RT_RA ());
}

RT_EXPORT int
socketpair (int domain, int type, int protocol, int fds[2])
{
  rt_fdtable_step (RT_RA ());
  int r = get_real_socketpair () (domain, type, protocol, fds);
  return made (r, r == 0 ? fds[0] : -1, r == 0 ? fds[1] : -1, AUGUR_CHANNEL_SOCKETPAIR,
               RT_RA ());
}

RT_EXPORT int
eventfd (unsigned int value, int flags)
{
  rt_fdtable_step (RT_RA ());
  int fd = get_real_eventfd () (value, flags);
  return made (fd, fd, -1, AUGUR_CHANNEL_EVENTFD, RT_RA ());
}

/* ---- poll and select ---- */

/* A wait with a timeout timed out, on channels (wait_any) or in the
 * kernel (for descriptors that are none of the program's channels): the
 * clock moves on by the timeout, errno as it was. */
static void
timed_out (int64_t ns, uintptr_t ra)
{
  int saved_errno = errno;
  rt_sched_timed_out ((uint64_t) ns, ra);
  errno = saved_errno;
}

/* A timeout in nanoseconds, negative for none: of poll's and epoll_wait's
 * milliseconds, ppoll's timespec, select's timeval. */
static int64_t
ms_ns (int ms)
{
  return ms < 0 ? -1 : (int64_t) ms * 1000000;
}

static int64_t
ts_ns (const struct timespec *ts)
{
  return ts->tv_sec < 0 ? 0 : (int64_t) ts->tv_sec * 1000000000 + ts->tv_nsec;
}

static int64_t
tv_ns (const struct timeval *tv)
{
  return tv->tv_sec < 0 ? 0 : (int64_t) tv->tv_sec * 1000000000 + (int64_t) tv->tv_usec * 1000;
}

/* What a poll, select or epoll_wait watches: the distinct words of the
 * program's channels among its descriptors (negative ones skipped), and
 * whether it also watches others. */
typedef struct {
  uintptr_t words[RT_POLL_WORDS];
  unsigned n;
  int other;      /* a descriptor that is none of the program's channels */
  int full;       /* more channels than RT_POLL_WORDS: the kernel waits, as before */
} WaitSet;

static void
wait_add (WaitSet *s, int fd)
{
  volatile uint32_t *w = word_of (fd);
  if (w == NULL)
    {
      s->other = 1;
      return;
    }
  for (unsigned j = 0; j < s->n; j++)
    if (s->words[j] == (uintptr_t) w)
      return;
  if (s->n == RT_POLL_WORDS)
    s->full = 1;
  else
    s->words[s->n++] = (uintptr_t) w;
}

/* Does the call wait here (some channel, not too many), not in the kernel? */
static int
waits_here (const WaitSet *s)
{
  return s->n > 0 && !s->full;
}

static int
on_scheduler (void)
{
  return rt_is_active () && rt_self.off_access == 0 && rt_sched_is_on () && n_ends > 0;
}

/* Under the scheduler, a poll, select or epoll_wait (@call) that watches
 * channels, with a timeout of @timeout_ns (negative: none): @check makes
 * the call without waiting (its result; 0: nothing ready).  Its load of
 * the words is the step (what was written
 * before the adds it comes after happens before the caller's next steps);
 * then, with a timeout, the call returns what is ready, 0 if nothing
 * (timed out: the clock moves on by the timeout; the explorer also runs
 * the load after another thread's add, and the call sees it ready);
 * without one, a call that finds nothing
 * ready awaits an add to any of the words and checks again.  A set that
 * also watches other descriptors is checked for them at each of its
 * steps, but only the channels' adds wake it: the page says so while it
 * waits (AUGUR_KERNEL_WAIT_ALSO), for a hang the world might have ended. */
static int
wait_any (const WaitSet *s, int64_t timeout_ns, int (*check) (void *), void *arg, int call,
          uintptr_t ra)
{
  int forever = timeout_ns < 0;
  if (forever && s->other)
    rt_sched_kernel_wait (call | AUGUR_KERNEL_WAIT_ALSO, ra);
  /* the words, the lowest first: the load's address, which the
   * scheduler takes for the announced wait's (rt_sched_await_loads) */
  uintptr_t words[RT_POLL_WORDS];
  uintptr_t hi = s->words[0];
  for (unsigned j = 0; j < s->n; j++)
    {
      words[j] = s->words[j];
      if (words[j] < words[0])
        {
          words[j] = words[0];
          words[0] = s->words[j];
        }
      hi = s->words[j] > hi ? s->words[j] : hi;
    }
  uint32_t n_read = (uint32_t) ((hi - words[0]) / sizeof (uint32_t)) + 1;
  for (;;)
    {
      int saved_errno = errno;
      /* without a timeout, a check that found something is the call's
       * result: an edge-triggered epoll's event is the kernel's to give
       * once, and a second check would not see it again (libevent's
       * eventfd wake-up was lost so: a false hang) */
      int r = forever ? check (arg) : 0;
      if (r == 0 && forever)
        rt_sched_await_loads (words, s->n);
      rt_atomic_load32_span_at ((volatile uint32_t *) words[0], n_read, __ATOMIC_SEQ_CST, ra);
      errno = saved_errno;
      if (r == 0)
        r = check (arg);
      if (r == 0 && !forever)
        timed_out (timeout_ns, ra);
      if (r != 0 || !forever)
        {
          if (forever && s->other)
            rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_NONE, ra);
          return r;
        }
    }
}

typedef struct {
  struct pollfd *fds;
  nfds_t n;
  const sigset_t *mask;
} PollCall;

static int
poll_now (void *arg)
{
  PollCall *c = arg;
  struct timespec zero = { 0, 0 };
  return c->mask != NULL ? get_real_ppoll () (c->fds, c->n, &zero, c->mask)
                         : get_real_poll () (c->fds, c->n, 0);
}

static WaitSet
poll_set (const struct pollfd *fds, nfds_t n)
{
  WaitSet s = { .n = 0 };
  for (nfds_t k = 0; k < n; k++)
    if (fds[k].fd >= 0)
      wait_add (&s, fds[k].fd);
  return s;
}

/* poll is rt-time.c's (with nothing to wait for, a sleep), which asks
 * this first: 1 and the call's result in *result when it waited here. */
int
rt_fdio_poll (struct pollfd *fds, nfds_t n, int timeout, uintptr_t ra, int *result)
{
  if (!on_scheduler () || timeout == 0)
    return 0;
  WaitSet s = poll_set (fds, n);
  if (!waits_here (&s))
    return 0;
  PollCall c = { fds, n, NULL };
  *result = wait_any (&s, ms_ns (timeout), poll_now, &c, AUGUR_KERNEL_WAIT_POLL, ra);
  return 1;
}

RT_EXPORT int
ppoll (struct pollfd *fds, nfds_t n, const struct timespec *timeout, const sigset_t *mask)
{
  int now = timeout != NULL && timeout->tv_sec == 0 && timeout->tv_nsec == 0;
  WaitSet s = { .n = 0 };
  if (on_scheduler () && !now)
    s = poll_set (fds, n);
  if (!waits_here (&s))
    {
      if (!now)
        rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_POLL, RT_RA ());
      int r = get_real_ppoll () (fds, n, timeout, mask);
      if (!now)
        rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_NONE, RT_RA ());
      if (r == 0 && timeout != NULL && !now)
        timed_out (ts_ns (timeout), RT_RA ());
      return r;
    }
  sigset_t none;
  sigemptyset (&none);
  PollCall c = { fds, n, mask != NULL ? mask : &none };
  return wait_any (&s, timeout == NULL ? -1 : ts_ns (timeout), poll_now, &c,
                   AUGUR_KERNEL_WAIT_POLL, RT_RA ());
}

typedef struct {
  int nfds;
  fd_set *sets[3];
  fd_set asked[3];
} SelectCall;

static int
select_now (void *arg)
{
  SelectCall *c = arg;
  for (int k = 0; k < 3; k++)
    if (c->sets[k] != NULL)
      *c->sets[k] = c->asked[k];
  struct timeval zero = { 0, 0 };
  return get_real_select () (c->nfds, c->sets[0], c->sets[1], c->sets[2], &zero);
}

/* select, the same (rt-time.c's) */
int
rt_fdio_select (int nfds, fd_set *r, fd_set *w, fd_set *e, const struct timeval *timeout,
                uintptr_t ra, int *result)
{
  int now = timeout != NULL && timeout->tv_sec == 0 && timeout->tv_usec == 0;
  if (!on_scheduler () || now || nfds <= 0 || nfds > FD_SETSIZE)
    return 0;
  SelectCall c = { nfds, { r, w, e } };
  WaitSet s = { .n = 0 };
  for (int fd = 0; fd < nfds; fd++)
    {
      int asked = 0;
      for (int k = 0; k < 3; k++)
        asked |= c.sets[k] != NULL && FD_ISSET (fd, c.sets[k]);
      if (asked)
        wait_add (&s, fd);
    }
  if (!waits_here (&s))
    return 0;
  for (int k = 0; k < 3; k++)
    if (c.sets[k] != NULL)
      c.asked[k] = *c.sets[k];
  *result = wait_any (&s, timeout == NULL ? -1 : tv_ns (timeout), select_now, &c,
                      AUGUR_KERNEL_WAIT_SELECT, ra);
  return 1;
}

/* ---- epoll ---- */

/* The descriptors each epoll instance watches (epoll_ctl), to tell
 * whether all are the program's channels: by the epoll descriptor's
 * number. */
#define RT_EPOLLS 16u
typedef struct {
  int epfd;              /* -1: a free row */
  int n;                 /* fds[0..n): the channels it watches */
  int other;             /* it also watches a descriptor that is no channel */
  int full;              /* more channels than fds holds: the kernel waits, as before */
  int fds[RT_POLL_WORDS];
} Epoll;
static Epoll epolls[RT_EPOLLS];
static uint32_t n_epolls;

static Epoll *
epoll_row (int epfd, int make)
{
  for (uint32_t k = 0; k < n_epolls; k++)
    if (epolls[k].epfd == epfd)
      return &epolls[k];
  if (!make)
    return NULL;
  for (uint32_t k = 0; k < n_epolls; k++)
    if (epolls[k].epfd == -1)
      {
        epolls[k] = (Epoll) { .epfd = epfd };
        return &epolls[k];
      }
  if (n_epolls == RT_EPOLLS)
    return NULL;
  epolls[n_epolls] = (Epoll) { .epfd = epfd };
  return &epolls[n_epolls++];
}

/* An epoll descriptor closed: its row is free (called by close). */
static void
epoll_forget (int fd)
{
  Epoll *e = epoll_row (fd, 0);
  if (e != NULL)
    e->epfd = -1;
}

RT_EXPORT int
epoll_ctl (int epfd, int op, int fd, struct epoll_event *ev)
{
  int r = get_real_epoll_ctl () (epfd, op, fd, ev);
  if (r != 0)
    return r;
  int saved_errno = errno;
  Epoll *e = epoll_row (epfd, op == EPOLL_CTL_ADD);
  if (e != NULL && op == EPOLL_CTL_ADD)
    {
      if (word_of (fd) == NULL)
        e->other = 1;
      else if (e->n == (int) RT_POLL_WORDS)
        e->full = 1;
      else
        e->fds[e->n++] = fd;
    }
  else if (e != NULL && op == EPOLL_CTL_DEL)
    for (int k = 0; k < e->n; k++)
      if (e->fds[k] == fd)
        e->fds[k--] = e->fds[--e->n];
  errno = saved_errno;
  return r;
}

typedef struct {
  int epfd;
  struct epoll_event *events;
  int max;
  const sigset_t *mask;
} EpollCall;

static int
epoll_now (void *arg)
{
  EpollCall *c = arg;
  return get_real_epoll_pwait () (c->epfd, c->events, c->max, 0, c->mask);
}

/* epoll_wait, epoll_pwait and epoll_pwait2 on an instance that watches
 * channels, with a timeout of @timeout_ns (negative: none) */
static int
epoll_call (int epfd, struct epoll_event *events, int max, int64_t timeout_ns,
            const sigset_t *mask, uintptr_t ra, int *result)
{
  if (!on_scheduler () || timeout_ns == 0)
    return 0;
  Epoll *e = epoll_row (epfd, 0);
  if (e == NULL || e->full)
    return 0;
  WaitSet s = { .other = e->other };
  for (int k = 0; k < e->n; k++)
    wait_add (&s, e->fds[k]);
  if (!waits_here (&s))
    return 0;
  EpollCall c = { epfd, events, max, mask };
  *result = wait_any (&s, timeout_ns, epoll_now, &c, AUGUR_KERNEL_WAIT_EPOLL, ra);
  return 1;
}

/* the kernel's epoll_pwait (its timeout @timeout milliseconds) or, when
 * @two, epoll_pwait2 (its timeout @ts, NULL: none), said to wait for the
 * world when it may */
static int
epoll_kernel (int epfd, struct epoll_event *events, int max, int timeout, int two,
              const struct timespec *ts, const sigset_t *mask, uintptr_t ra)
{
  int64_t ns = !two ? ms_ns (timeout) : ts == NULL ? -1 : ts_ns (ts);
  if (ns != 0)
    rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_EPOLL, ra);
  int r = two ? get_real_epoll_pwait2 () (epfd, events, max, ts, mask)
              : get_real_epoll_pwait () (epfd, events, max, timeout, mask);
  if (ns != 0)
    rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_NONE, ra);
  if (r == 0 && ns > 0)
    timed_out (ns, ra);
  return r;
}

RT_EXPORT int
epoll_wait (int epfd, struct epoll_event *events, int max, int timeout)
{
  int r;
  if (epoll_call (epfd, events, max, ms_ns (timeout), NULL, RT_RA (), &r))
    return r;
  return epoll_kernel (epfd, events, max, timeout, 0, NULL, NULL, RT_RA ());
}

RT_EXPORT int
epoll_pwait (int epfd, struct epoll_event *events, int max, int timeout, const sigset_t *mask)
{
  int r;
  if (epoll_call (epfd, events, max, ms_ns (timeout), mask, RT_RA (), &r))
    return r;
  return epoll_kernel (epfd, events, max, timeout, 0, NULL, mask, RT_RA ());
}

/* epoll_pwait2 (glibc 2.35; libevent's where there is one): its timeout a
 * timespec */
RT_EXPORT int
epoll_pwait2 (int epfd, struct epoll_event *events, int max, const struct timespec *timeout,
              const sigset_t *mask)
{
  int r;
  if (epoll_call (epfd, events, max, timeout == NULL ? -1 : ts_ns (timeout), mask, RT_RA (), &r))
    return r;
  return epoll_kernel (epfd, events, max, 0, 1, timeout, mask, RT_RA ());
}
