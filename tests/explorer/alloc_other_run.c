/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * alloc_other_run — which thread allocates the shared category depends
 * on the interleaving, so a thread's n-th block is another block in
 * another run (zlog's categories).  The race on the category's name exists
 * only where thread 2 creates it; then T2.alloc1 is the category (`cat`),
 * while in a run where thread 1 creates it (a free run, thread 2 sleeping
 * first) T2.alloc1 is thread 2's own `td`.  The race must be named from
 * its own execution: cat->name, never td->...
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct category { char name[32]; int len; };
struct thread_data { int init_version; int pad; char buf[32]; };

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static struct category *cat;
static char src[] = "my_cat";

static void *
worker (void *arg)
{
  long me = (long) arg;
  int created = 0;
  if (me == 1)
    usleep (20000);   /* a free run: thread 1 creates the category */
  pthread_mutex_lock (&m);
  if (!cat)
    {
      cat = calloc (1, sizeof *cat);
      created = 1;
    }
  if (created && me == 0)
    strcpy (cat->name, src);   /* under the lock */
  struct category *c = cat;
  pthread_mutex_unlock (&m);
  if (created && me == 1)
    strcpy (c->name, src);     /* after the unlock: races */
  struct thread_data *td = calloc (1, sizeof *td);
  td->init_version = 1;
  memcpy (td->buf, c->name, sizeof c->name);   /* unlocked read */
  free (td);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%s\n", cat->name);
  return 0;
}
