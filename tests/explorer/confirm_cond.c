/* Two producers push into a one-slot buffer that main drains, through a
 * mutex and two condition variables, and count their pushes outside the
 * lock (a lost update, as in examples/libqueue).  A prediction on
 * `pushed` reorders the two producers around a condition wait that main
 * signals while it still holds the mutex: the schedule must let main
 * leave its critical section before the woken producer re-acquires the
 * mutex, or the prediction is wrongly "not realisable". */
#include <assert.h>
#include <pthread.h>

#define PER_PRODUCER 3

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static int full;
static int pushed;

static void
push (void)
{
  pthread_mutex_lock (&m);
  while (full)
    pthread_cond_wait (&not_full, &m);
  full = 1;
  pthread_cond_signal (&not_empty);
  pthread_mutex_unlock (&m);
  pushed++;                     /* outside the lock */
}

static void
pop (void)
{
  pthread_mutex_lock (&m);
  while (!full)
    pthread_cond_wait (&not_empty, &m);
  full = 0;
  pthread_cond_signal (&not_full);
  pthread_mutex_unlock (&m);
}

static void *
producer (void *unused)
{
  for (int i = 0; i < PER_PRODUCER; i++)
    push ();
  return unused;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, producer, NULL);
  pthread_create (&b, NULL, producer, NULL);
  for (int i = 0; i < 2 * PER_PRODUCER; i++)
    pop ();
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (pushed == 2 * PER_PRODUCER);
  return 0;
}
