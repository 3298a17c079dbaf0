/* One post, two waiters that never give it back: whichever does not get
 * it waits for ever.  When the worker takes the post, main hangs.  The
 * first execution gives the post to main and ends with the worker still
 * blocked; its pending wait must race with main's, though the process
 * ended normally. */
#include <pthread.h>
#include <semaphore.h>

static sem_t s;

static void *
taker (void *arg)
{
  sem_wait (&s);
  return arg;
}

static void *
poster (void *arg)
{
  sem_post (&s);
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  sem_init (&s, 0, 0);
  pthread_create (&a, NULL, taker, NULL);
  pthread_create (&b, NULL, poster, NULL);
  sem_wait (&s);   /* [deadlock] when the taker got the post */
  return 0;
}
