/* poll_repost_ok.c counting one worker more than it starts: the count
 * never reaches 0, and main re-posts for ever.  Under --sync-only the
 * loop is parked as in poll_repost_ok and, once the workers have left,
 * nothing can change the count: a hang. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t posted = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static int v;
static volatile int alive = 3;   /* one worker too many: never 0 */

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  while (v != 1)
    pthread_cond_wait (&posted, &m);
  v = 0;                                  /* takes the post */
  pthread_mutex_unlock (&m);
  pthread_mutex_lock (&count_lock);
  alive--;
  pthread_mutex_unlock (&count_lock);
  return arg;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  while (alive > 0)
    {
      pthread_mutex_lock (&m);
      v = 1;
      pthread_cond_broadcast (&posted);
      pthread_mutex_unlock (&m);
    }
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return 0;
}
