/* The program replaces malloc with a per-thread cache that a thread's first
 * malloc fills from a shared bump pointer.  The runtime must never call the
 * program's allocator itself: it used to, through pthread_getattr_np in
 * the first execution only, and the later executions left their
 * schedules (nothing explored, the race missed).  The two workers race on
 * *counter when the second takes the lock first. */
#include <pthread.h>
#include <stddef.h>
#include <string.h>

static char heap[1 << 22];
static size_t heap_top;
static _Thread_local char *cache_cur, *cache_end;

void *
malloc (size_t n)
{
  n = (n + 15) & ~(size_t) 15;
  if (cache_cur == NULL || cache_cur + n > cache_end)
    {
      size_t at = __atomic_fetch_add (&heap_top, 65536, __ATOMIC_RELAXED);
      cache_cur = heap + at;
      cache_end = cache_cur + 65536;
    }
  void *p = cache_cur;
  cache_cur += n;
  return p;
}

void
free (void *p)
{
  (void) p;
}

void *
calloc (size_t a, size_t b)
{
  void *p = malloc (a * b);
  if (p != NULL)
    memset (p, 0, a * b);
  return p;
}

void *
realloc (void *p, size_t n)
{
  void *q = malloc (n);
  if (p != NULL && q != NULL)
    memcpy (q, p, n);
  return q;
}

static int *counter;
static int *slot[2];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  long i = (long) arg;
  slot[i] = malloc (sizeof (int));
  if (i == 0)
    {
      (*counter)++;                       /* [data-race] */
      pthread_mutex_lock (&m);
      pthread_mutex_unlock (&m);
    }
  else
    {
      pthread_mutex_lock (&m);
      pthread_mutex_unlock (&m);
      (*counter)++;                       /* [data-race] */
    }
  return NULL;
}

int
main (void)
{
  counter = calloc (1, sizeof (int));
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return slot[0] == slot[1];
}
