/* Globals named like words of augur's prose: `A`, whose first member is
 * datum, and `a`, an array.  A rename of a global's own name to its first
 * member or element (A to A.datum, a to a[0]) was applied to the words
 * too: "A.datum thread locks a[0] normal mutex it already holds". */
#include <pthread.h>

struct s
{
  int datum;
  pthread_mutex_t mutex;
} A = { 0, PTHREAD_MUTEX_INITIALIZER };
int a[4];

static void *
worker (void *arg)
{
  a[0]++;
  pthread_mutex_lock (&A.mutex);
  A.datum = 1;
  pthread_mutex_lock (&A.mutex);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  a[0]++;
  pthread_join (t, NULL);
  return 0;
}
