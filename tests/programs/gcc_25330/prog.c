/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gcc_25330 — after the gcc-25330 program of ConcBugAssist's evaluation (its
 * Table 1, 3 threads, an atomicity violation; the paper's reference is GCC
 * bug 25530).  We do not know the report's details; our scenario is an
 * atomicity violation of that kind in GCC's runtime library: the lazily
 * built "classic" locale of libstdc++, created on first use by whichever
 * thread asks first.  The test for "not built yet" and the store of the
 * new locale are separate, unsynchronised steps, so two threads asking at
 * once both build it; one of them goes on with a locale that is then
 * replaced (and leaked), and the one-time initialisation runs twice.  main
 * checks that it ran once.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  int refcount;
  const char *name;
} Locale;

static Locale *classic;
static int initialisations;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

static Locale *
locale_classic (void)
{
  if (classic == NULL)                          /* [atomicity-violation] [data-race] */
    {
      Locale *l = malloc (sizeof *l);
      l->refcount = 1;
      l->name = "C";
      pthread_mutex_lock (&count_lock);
      initialisations++;
      pthread_mutex_unlock (&count_lock);
      classic = l;                              /* [atomicity-violation] [data-race] */
    }
  return classic;                               /* [data-race] */
}

static void *
use_locale (void *unused)
{
  Locale *l = locale_classic ();
  (void) l->name;
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, use_locale, NULL);
  pthread_create (&b, NULL, use_locale, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (initialisations == 1);                /* [assertion] */
  return 0;
}
