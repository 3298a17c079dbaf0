/* An event loop with a timer, the shape of libuv's: main waits for its
 * eventfd with a timeout (poll, epoll_wait or select, by the argument p,
 * e or s) until a deadline it reads from the monotonic clock, while two
 * workers block on a condition variable.  Each round the loop looks at
 * all its timers (more locations than a waiting loop's re-reads augur
 * watches, as libuv's loop reads its handles), so the round is no loop
 * that only repeats itself.  When the deadline has passed the timer
 * fires: it wakes the workers, each adds to the eventfd, and main waits
 * without timeout until both did.  Under augur's scheduler a wait whose
 * timeout passed must move the virtual clock on to its deadline: with
 * the clock standing still, the loop ran until the step bound cut every
 * execution.  With l (a poll, as p) the timer publishes `late` only after
 * it woke the workers, which assert they see it: a bug that only a run
 * past the timeout reaches.  With c (a poll too) a third thread, which main
 * waits for before its loop, reads the clock once after it let main go on,
 * and asserts the timer is not due yet: it fails when its read comes
 * after main's wait timed out, an order the explorer must try (its first
 * run reads before).  With k the timed waits are polls of a timerfd never
 * armed, a descriptor augur does not model: the kernel's wait times out.
 * With u the loop sleeps (usleep) until the timer is due instead: a
 * sleep moves the clock on by its length too. */
#include <assert.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/select.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define N_TIMERS 24

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int go;
static int efd, tfd = -1;
static uint64_t timers[N_TIMERS];   /* deadlines in ms; 0: none */
static char how;
static int late;
static uint64_t start;
static sem_t started;

static uint64_t
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000 + (uint64_t) ts.tv_nsec / 1000000;
}

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&lock);
  while (!go)
    pthread_cond_wait (&cond, &lock);
  pthread_mutex_unlock (&lock);
  if (how == 'l')
    assert (late == 1);
  uint64_t one = 1;
  if (write (efd, &one, sizeof one) != sizeof one)
    return NULL;
  return NULL;
}

static void *
watch (void *arg)
{
  (void) arg;
  sem_post (&started);
  assert (now_ms () < start + 10);
  return NULL;
}

/* Waits up to @ms (-1: for ever) for the eventfd: 1 if it is ready. */
static int
wait_ready (int ep, int ms)
{
  if (how == 'u' && ms >= 0)
    {
      usleep ((useconds_t) ms * 1000);
      return 0;
    }
  if (how == 'e')
    {
      struct epoll_event ev;
      return epoll_wait (ep, &ev, 1, ms) == 1;
    }
  if (how == 's')
    {
      fd_set in;
      FD_ZERO (&in);
      FD_SET (efd, &in);
      struct timeval tv = { ms / 1000, ms % 1000 * 1000 };
      return select (efd + 1, &in, NULL, NULL, ms < 0 ? NULL : &tv) == 1;
    }
  struct pollfd p = { .fd = how == 'k' && ms >= 0 ? tfd : efd, .events = POLLIN };
  return poll (&p, 1, ms) == 1;
}

/* The earliest timer's deadline, 0 if none: a look at every timer. */
static uint64_t
next_timer (void)
{
  uint64_t best = 0;
  for (int k = 0; k < N_TIMERS; k++)
    if (timers[k] != 0 && (best == 0 || timers[k] < best))
      best = timers[k];
  return best;
}

int
main (int argc, char **argv)
{
  how = argc > 1 ? argv[1][0] : 'p';
  if (how == 'k' && (tfd = timerfd_create (CLOCK_MONOTONIC, 0)) < 0)
    return 2;
  efd = eventfd (0, 0);
  int ep = epoll_create1 (0);
  struct epoll_event ev = { .events = EPOLLIN };
  if (efd < 0 || ep < 0 || epoll_ctl (ep, EPOLL_CTL_ADD, efd, &ev) != 0)
    return 2;
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  start = now_ms ();
  pthread_t w;
  sem_init (&started, 0, 0);
  if (how == 'c')
    {
      pthread_create (&w, NULL, watch, NULL);
      sem_wait (&started);
    }
  timers[N_TIMERS / 2] = start + 10;
  for (;;)
    {
      uint64_t due = next_timer (), now = now_ms ();
      if (due == 0)
        break;
      if (now >= due)
        {
          timers[N_TIMERS / 2] = 0;   /* the timer fires */
          pthread_mutex_lock (&lock);
          go = 1;
          pthread_cond_broadcast (&cond);
          pthread_mutex_unlock (&lock);
          late = 1;
          continue;
        }
      wait_ready (ep, (int) (due - now));
    }
  uint64_t n = 0, got;
  while (n < 2 && wait_ready (ep, -1) && read (efd, &got, sizeof got) == sizeof got)
    n += got;
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  if (how == 'c')
    pthread_join (w, NULL);
  close (ep);
  close (efd);
  return n == 2 ? 0 : 1;
}
