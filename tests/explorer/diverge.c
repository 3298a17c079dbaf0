/* A program that behaves differently from one run to the next: it counts
 * its runs in the file named by argv[1], and in every run after the first
 * main takes a lock the first did not before it starts its worker.  The explorer replays a schedule that
 * no longer happens (a diverged run) and cannot explore what lies below
 * it: the results, the report and the SARIF log must say the exploration
 * was cut short (only the summary line did). */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, extra = PTHREAD_MUTEX_INITIALIZER;
static int x, runs;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  x++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    return 2;
  FILE *f = fopen (argv[1], "r");
  if (f != NULL)
    {
      if (fscanf (f, "%d", &runs) != 1)
        runs = 0;
      fclose (f);
    }
  f = fopen (argv[1], "w");
  if (f == NULL)
    return 2;
  fprintf (f, "%d\n", runs + 1);
  fclose (f);
  if (runs > 0)
    {
      pthread_mutex_lock (&extra);
      pthread_mutex_unlock (&extra);
    }
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  x++;
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
