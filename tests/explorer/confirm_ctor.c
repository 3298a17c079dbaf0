/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * confirm_ctor — confirm_exit's lost update in a program whose
 * constructor writes globals first (a CPU-dispatch table, as compression
 * libraries set up): the recorded trace holds main's thread's writes from
 * before main, which no execution under the scheduler runs as steps.  The
 * lost update must still be confirmed harmful, not "not realisable".
 */
#include <pthread.h>
#include <stdio.h>

static long (*add_impl) (long, long);
static unsigned table[4];

static long
add_plain (long a, long b)
{
  return a + b;
}

__attribute__ ((constructor)) static void
pick_add (void)
{
  for (unsigned i = 0; i < 4; i++)
    table[i] = i * 0x9e37u;
  add_impl = add_plain;
}

static long total;

static void *
deposit (void *arg)
{
  long cur = total;
  total = add_impl (cur, (long) arg);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, deposit, (void *) 40L);
  pthread_create (&t2, NULL, deposit, (void *) 2L);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  if (total != 42 || table[3] != 3 * 0x9e37u)
    {
      fprintf (stderr, "wrong total %ld\n", total);
      return 1;
    }
  return 0;
}
