/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lazy_init — zc_profile's lazy initialisation of function-static
 * variables, raced by two threads: `init_flag` and `debug_log` as the
 * source names them, not gcc's symbols "init_flag.1", "debug_log.0".
 */
#include <pthread.h>
#include <stdlib.h>

static int
profile (void)
{
  static char *debug_log = NULL;
  static size_t init_flag = 0;
  if (!init_flag)
    {
      init_flag = 1;
      debug_log = getenv ("X_DEBUG");
    }
  return debug_log != NULL;
}

static void *
worker (void *arg)
{
  (void) arg;
  return (void *) (long) profile ();
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return 0;
}
