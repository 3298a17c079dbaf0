/* Two workers wait on one condition for a queue (the shape of libuv's
 * threadpool with its insert moved out of the lock, survey 30's S1): main
 * waits until both wait, posts a job, then a stop message that each
 * worker leaves in the queue and passes on with a signal of its own.
 * One signal per post is right; but the insert runs outside the mutex,
 * so a worker taking the job can lose the stop message, and both workers
 * then wait for ever.  The deadlock's explanation must not blame one
 * pthread_cond_signal for two waiters (the woken worker waits at the same
 * place again: a broadcast would not help) and must name the race. */
#include <pthread.h>
#include <stddef.h>

struct job
{
  struct job *next;
};

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static pthread_cond_t started = PTHREAD_COND_INITIALIZER;
static int ready;
static struct job *head, *tail;
static struct job job, stop;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&mutex);
  ready++;
  pthread_cond_signal (&started);
  for (;;)
    {
      while (head == NULL)
        pthread_cond_wait (&cond, &mutex);   /* [deadlock] */
      struct job *j = head;
      if (j == &stop)
        {
          pthread_cond_signal (&cond);       /* pass the stop on */
          break;
        }
      head = j->next;
      if (head == NULL)
        tail = NULL;
    }
  pthread_mutex_unlock (&mutex);
  return NULL;
}

static void
post (struct job *j)
{
  j->next = NULL;
  if (tail != NULL)                          /* [race] outside the mutex */
    tail->next = j;
  else
    head = j;
  tail = j;
  pthread_mutex_lock (&mutex);
  pthread_cond_signal (&cond);
  pthread_mutex_unlock (&mutex);
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  pthread_mutex_lock (&mutex);
  while (ready < 2)
    pthread_cond_wait (&started, &mutex);
  pthread_mutex_unlock (&mutex);
  post (&job);
  post (&stop);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return 0;
}
