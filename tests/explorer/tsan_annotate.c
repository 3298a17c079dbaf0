/* Code written for ThreadSanitizer: under __SANITIZE_THREAD__ (which
 * augur-cc defines, as -fsanitize=thread does) it calls TSan's dynamic
 * annotations.  It must link, and mean what it means to TSan: a read
 * between AnnotateIgnoreReadsBegin and End is not recorded, so its race
 * is not reported; the race on `y', not annotated, still is; a
 * happens-before annotation adds nothing (augur sees the real
 * synchronisation). */
#include <pthread.h>
#include <stddef.h>

#ifndef __SANITIZE_THREAD__
#error "augur-cc defines __SANITIZE_THREAD__"
#endif
void AnnotateIgnoreReadsBegin (const char *file, int line);
void AnnotateIgnoreReadsEnd (const char *file, int line);
void AnnotateHappensBefore (const char *file, int line, const volatile void *obj);
void AnnotateBenignRaceSized (const char *file, int line, const volatile void *mem, size_t size,
                              const char *description);
int RunningOnValgrind (void);

static int x, y;

static void *
worker (void *arg)
{
  (void) arg;
  x = 1;
  y = 1;
  AnnotateHappensBefore (__FILE__, __LINE__, &x);
  return NULL;
}

int
main (void)
{
  AnnotateBenignRaceSized (__FILE__, __LINE__, &y, sizeof y, "not really");
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  AnnotateIgnoreReadsBegin (__FILE__, __LINE__);
  int seen = x;
  AnnotateIgnoreReadsEnd (__FILE__, __LINE__);
  int other = y;   /* [data-race] */
  pthread_join (t, NULL);
  return seen + other + RunningOnValgrind () > 2;
}
