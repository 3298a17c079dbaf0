/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * reorder — modelled on the reorder program of the SV-COMP pthread set used
 * in ConcBugAssist's evaluation: a setter thread writes a = 1 then b = -1, and
 * a checker thread asserts that it sees either both writes or neither.
 * Reading between the two writes breaks the assertion (an order violation the
 * setter's author did not expect).
 */
#include <assert.h>
#include <pthread.h>

static int a, b;

static void *
setter (void *unused)
{
  a = 1;                                        /* [data-race] */
  b = -1;                                       /* [data-race] */
  return NULL;
}

static void *
checker (void *unused)
{
  int va = a;                                   /* [data-race] */
  int vb = b;                                   /* [data-race] */
  assert ((va == 0 && vb == 0) || (va == 1 && vb == -1));   /* [assertion] */
  return NULL;
}

int
main (void)
{
  pthread_t s, c;
  pthread_create (&c, NULL, checker, NULL);
  pthread_create (&s, NULL, setter, NULL);
  pthread_join (s, NULL);
  pthread_join (c, NULL);
  return 0;
}
