/* Four writers copy-and-increment along a chain (c[j] = c[j-1] + 1: an
 * atomic load, then an atomic store) and a scanner loads the chain's end.
 * The interleaving where every writer loads before its predecessor
 * stores, and the scanner loads after the last store, fails the
 * assertion; it is reachable whatever order main creates the threads in.
 * Created in the order scanner, w1, w4, w2, w3, optimal DPOR skipped the
 * reversals that lead there, because the sleeping scanner commutes with
 * each of them (a weak initial), and said "complete" after 15 of the 16
 * executions, no failure. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define N 4

static atomic_int c[N + 1];
static int who[N + 1], seen[N + 1];
static int top;

static void *
writer (void *arg)
{
  int j = *(int *) arg;
  int v = atomic_load (&c[j - 1]);
  seen[j] = v;
  atomic_store (&c[j], v + 1);
  return NULL;
}

static void *
scanner (void *arg)
{
  (void) arg;
  top = atomic_load (&c[N]);
  return NULL;
}

int
main (void)
{
  static const int order[N + 1] = { 0, 1, 4, 2, 3 };
  pthread_t t[N + 1];
  for (int k = 0; k <= N; k++)
    {
      int i = order[k];
      who[i] = i;
      pthread_create (&t[i], NULL, i == 0 ? scanner : writer, &who[i]);
    }
  for (int i = 0; i <= N; i++)
    pthread_join (t[i], NULL);
  int loaded = 0;
  for (int j = 2; j <= N; j++)
    loaded += seen[j] != 0;
  assert (!(loaded == 0 && top != 0));   /* [assertion] */
  return 0;
}
