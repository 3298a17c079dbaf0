/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cherokee_092_ok — the fix of cherokee_092: the time string is refreshed
 * under a write lock and copied under a read lock, so a logger sees either
 * the old or the new date, never an empty one.
 */
#include <assert.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

typedef struct {
  char buf[32];
  int len;
} Buffer;

static Buffer now_string = { "Mon, 01 Dec 2008 10:00:00 GMT", 29 };
static pthread_rwlock_t now_lock = PTHREAD_RWLOCK_INITIALIZER;
static char log_line[64];

static void *
bogotime_update (void *unused)
{
  pthread_rwlock_wrlock (&now_lock);
  now_string.len = 0;
  time_t t = 1228125601;       /* fixed, to stay deterministic */
  struct tm tm;
  gmtime_r (&t, &tm);
  int n = strftime (now_string.buf, sizeof now_string.buf,
                    "%a, %d %b %Y %H:%M:%S GMT", &tm);
  now_string.len = n;
  pthread_rwlock_unlock (&now_lock);
  return NULL;
}

static void *
logger_write (void *unused)
{
  pthread_rwlock_rdlock (&now_lock);
  int len = now_string.len;
  memcpy (log_line, now_string.buf, len);
  pthread_rwlock_unlock (&now_lock);
  log_line[len] = '\0';
  assert (strlen (log_line) == 29);
  return NULL;
}

int
main (void)
{
  pthread_t t, w;
  pthread_create (&w, NULL, logger_write, NULL);
  pthread_create (&t, NULL, bogotime_update, NULL);
  pthread_join (w, NULL);
  pthread_join (t, NULL);
  return 0;
}
