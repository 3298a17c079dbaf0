/* The program replaces malloc and free, and its free refuses a block it
 * did not hand out.  glibc's strdup allocates with the program's malloc,
 * so free (strdup (s)) is fine; the runtime's strdup must do the same (it
 * allocated from glibc's heap, and the program aborted). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char heap[1 << 20];
static size_t top;
static pthread_mutex_t heap_lock = PTHREAD_MUTEX_INITIALIZER;

void *
malloc (size_t n)
{
  pthread_mutex_lock (&heap_lock);
  void *p = heap + top;
  top += (n + 15) & ~(size_t) 15;
  pthread_mutex_unlock (&heap_lock);
  return p;
}

void
free (void *p)
{
  if (p != NULL && ((char *) p < heap || (char *) p >= heap + sizeof heap))
    {
      fprintf (stderr, "free: %p is not a block of this allocator\n", p);
      abort ();
    }
}

void *
calloc (size_t a, size_t b)
{
  void *p = malloc (a * b);
  memset (p, 0, a * b);
  return p;
}

void *
realloc (void *p, size_t n)
{
  void *q = malloc (n);
  if (p != NULL)
    memcpy (q, p, n);
  return q;
}

int
main (void)
{
  char *s = strdup ("hello");
  char *t = strndup ("hello, world", 5);
  printf ("%s %s\n", s, t);
  free (s);
  free (t);
  return 0;
}
