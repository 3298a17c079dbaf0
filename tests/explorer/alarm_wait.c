/* The self-pipe trick with the process's real-time timer: a SIGALRM
 * handler writes a pipe that a thread reads.  Natively the read returns
 * when the timer fires; augur fires it when every thread waits, moving
 * the virtual clock on to its deadline, so each way is complete with no
 * finding (a pause ends too).  The calls answer as the kernel's: alarm says the seconds
 * left, setitimer and getitimer the value and the interval.  With
 * "cancel", alarm (0) disarms the timer before the read: nothing can end
 * it, a hang. */
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static int fds[2];
static volatile sig_atomic_t fired;

static void
on_alarm (int sig)
{
  (void) sig;
  char c = 1;
  fired++;
  if (write (fds[1], &c, 1) != 1)
    _exit (3);
}

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static void *
reader (void *arg)
{
  char c;
  return read (fds[0], &c, 1) == 1 ? arg : NULL;
}

int
main (int argc, char **argv)
{
  const char *how = argc > 1 ? argv[1] : "pipe";
  char c;
  if (pipe (fds) != 0)
    return 2;
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sa.sa_flags = SA_RESTART;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGALRM, &sa, NULL);
  double t0 = now ();
  if (strcmp (how, "itimer") == 0)
    {
      struct itimerval it = { { 0, 200000 }, { 0, 300000 } }, old, cur;
      if (setitimer (ITIMER_REAL, &it, &old) != 0 || old.it_value.tv_sec != 0
          || old.it_value.tv_usec != 0)
        return 4;
      if (getitimer (ITIMER_REAL, &cur) != 0 || cur.it_interval.tv_usec != 200000
          || cur.it_value.tv_sec != 0 || cur.it_value.tv_usec > 300000 || cur.it_value.tv_usec == 0)
        return 5;
      for (int k = 0; k < 3; k++)
        if (read (fds[0], &c, 1) != 1)
          return 1;
      /* 0.3 s, then twice 0.2 s */
      return fired == 3 && now () - t0 >= 0.69 ? 0 : 6;
    }
  if (alarm (5) != 0 || alarm (1) != 5)
    return 4;
  if (strcmp (how, "cancel") == 0)
    {
      if (alarm (0) != 1)
        return 4;
      return read (fds[0], &c, 1) == 1 ? 0 : 1;
    }
  if (strcmp (how, "thread") == 0)
    {
      pthread_t t;
      void *r;
      pthread_create (&t, NULL, reader, &fds);
      pthread_join (t, &r);
      return r == &fds && fired == 1 ? 0 : 1;
    }
  if (strcmp (how, "pause") == 0)
    {
      /* pause ends when the handler has run */
      while (!fired)
        pause ();
      return 0;
    }
  if (read (fds[0], &c, 1) != 1)
    return 1;
  /* the clock moved on to the deadline, and the timer is spent */
  return fired == 1 && now () - t0 >= 0.99 && alarm (0) == 0 ? 0 : 6;
}
