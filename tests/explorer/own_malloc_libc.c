/* The program's allocator also defines glibc's internal names
 * (__libc_malloc, __libc_free), as rpmalloc, mimalloc and jemalloc do.
 * The runtime's own blocks (a thread's start block) must not come from
 * it: its free ran in the new thread before the thread had its number,
 * and the recording showed two threads that do not exist. */
#include <pthread.h>
#include <stddef.h>
#include <string.h>

static char heap[1 << 20];
static size_t heap_top;
static _Thread_local char *cache_cur, *cache_end;
static _Thread_local void *free_list;

void *
malloc (size_t n)
{
  n = (n + 31) & ~(size_t) 15;
  if (n <= 32 && free_list != NULL)
    {
      void *p = free_list;
      free_list = *(void **) p;
      return p;
    }
  if (cache_cur == NULL || cache_cur + n > cache_end)
    {
      size_t at = __atomic_fetch_add (&heap_top, 4096, __ATOMIC_RELAXED);
      cache_cur = heap + at;
      cache_end = cache_cur + 4096;
    }
  void *p = cache_cur;
  cache_cur += n;
  return p;
}

void
free (void *p)
{
  if (p == NULL)
    return;
  *(void **) p = free_list;
  free_list = p;
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
  free (p);
  return q;
}

void *__libc_malloc (size_t n) __attribute__ ((alias ("malloc"), copy (malloc)));
void __libc_free (void *p) __attribute__ ((alias ("free"), copy (free)));
void *__libc_calloc (size_t a, size_t b) __attribute__ ((alias ("calloc"), copy (calloc)));
void *__libc_realloc (void *p, size_t n) __attribute__ ((alias ("realloc"), copy (realloc)));

static int *counter;

static void *
worker (void *arg)
{
  (void) arg;
  (*counter)++;                           /* [data-race] */
  return NULL;
}

int
main (void)
{
  counter = calloc (1, sizeof (int));
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return 0;
}
