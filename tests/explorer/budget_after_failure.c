/* Six threads each add to counter once, unprotected: a lost update breaks
 * main's assertion early in the search, which is far too big to finish
 * (each thread also writes its neighbours' slots).  Once a failure is
 * seen, a quarter of --timeout is kept for its diagnosis; what the
 * diagnosis leaves of it must go back to the search (it was left unused).
 */
#include <assert.h>
#include <pthread.h>
static int counter, other[8];
static void *
worker (void *arg)
{
  long k = (long) arg;
  for (int i = 0; i < 4; i++)
    other[k] += i;
  counter++;
  for (int i = 0; i < 4; i++)
    other[(k + 1) % 6] += i;
  return arg;
}
int
main (void)
{
  pthread_t t[6];
  for (long k = 0; k < 6; k++)
    pthread_create (&t[k], NULL, worker, (void *) k);
  for (int k = 0; k < 6; k++)
    pthread_join (t[k], NULL);
  assert (counter == 6);
  return 0;
}
