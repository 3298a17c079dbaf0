/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock_order_gate — two threads take `a` and `b` in opposite orders, but
 * always under one gate lock `g` (a "big lock" taken around a subsystem's
 * entry points, which the nested locks were meant to replace one day).
 * The gate lets one thread into the nested sections at a time: no
 * schedule deadlocks, and the program is correct.
 *
 * TSan and Helgrind warn about the inversion all the same.  augur reports
 * it as a note: the order is inconsistent, worth knowing before the gate
 * is removed, but nothing the program does is wrong; a note is not a
 * false alarm on a clean program (tests/programs/README.md), and
 * --fail-on=note turns it into a failure for those who want that.
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t g = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static int x, y;   /* x under a, y under b */

static void *
move_xy (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&g);
  pthread_mutex_lock (&a);                      /* [lock-order-inversion] */
  pthread_mutex_lock (&b);                      /* [lock-order-inversion] */
  x--;
  y++;
  pthread_mutex_unlock (&b);
  pthread_mutex_unlock (&a);
  pthread_mutex_unlock (&g);
  return NULL;
}

static void *
move_yx (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&g);
  pthread_mutex_lock (&b);                      /* [lock-order-inversion] */
  pthread_mutex_lock (&a);                      /* [lock-order-inversion] */
  y--;
  x++;
  pthread_mutex_unlock (&a);
  pthread_mutex_unlock (&b);
  pthread_mutex_unlock (&g);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, move_xy, NULL);
  pthread_create (&t2, NULL, move_yx, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  printf ("x+y = %d\n", x + y);
  return x + y != 0;
}
