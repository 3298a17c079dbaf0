/* A library's start-up looks for an optional symbol that is not there
 * (NSPR's pr_FindSymbolInProg), then closes the handle: glibc keeps the
 * failed dlsym's message and frees it in the next dl* call.  A free made
 * there looked a libc function up with dlsym, which freed that message
 * again: glibc aborted ("double free"), reported as a failure of main,
 * in every forked execution (test-explore.sh runs it forked too, with
 * AUGUR_FIBERS=0: the atexit handler no longer makes it so). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

static int found;

static void
bye (void)
{
}

static void *
lookup (void *arg)
{
  void *h = dlopen (NULL, RTLD_LAZY);
  if (h != NULL)
    {
      found = dlsym (h, "augur_no_such_symbol") != NULL;
      dlclose (h);
    }
  return arg;
}

int
main (void)
{
  pthread_t t;
  atexit (bye);
  lookup (NULL);
  pthread_create (&t, NULL, lookup, NULL);
  pthread_join (t, NULL);
  return found;
}
