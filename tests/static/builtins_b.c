/* builtins: see builtins_a.c. */
#include <pthread.h>

int flag;
long total;
int plain;
static unsigned __int128 wide;
static unsigned char window[32];
/* a pointer moved by an atomic add (ck's ck_pr_add_ptr): GCC adds bytes */
static void *cursor;

void add (long v);
int get (void);
void set_total (long v);
void move (void *d, const void *s, unsigned long n);

static void *
worker (void *arg)
{
  add (1);
  plain = 1;
  __atomic_store_n (&flag, 1, __ATOMIC_RELEASE);
  wide++;
  __sync_fetch_and_add (&cursor, (void *) 8);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  while (!get ())
    ;
  set_total (2);
  pthread_join (t, NULL);
  __builtin_memmove (window + 8, window, 16);
  move (window + 16, window, 8);
  return (int) wide;
}
