/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gcc_25330_ok — the fix of gcc_25330: the classic locale is built under
 * pthread_once, so exactly one thread builds it and every thread sees it
 * built.
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
static pthread_once_t classic_once = PTHREAD_ONCE_INIT;

static void
build_classic (void)
{
  Locale *l = malloc (sizeof *l);
  l->refcount = 1;
  l->name = "C";
  initialisations++;
  classic = l;
}

static Locale *
locale_classic (void)
{
  pthread_once (&classic_once, build_classic);
  return classic;
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
  assert (initialisations == 1);
  return 0;
}
