/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cherokee_092 — after the cherokee-0.9.2 program of ConcBugAssist's
 * evaluation (its Table 1: a bug of the Cherokee web server 0.9.2, 3 threads,
 * an atomicity violation; our sources give no further detail).  Our
 * scenario, of that kind: a timer thread refreshes the server's shared
 * "current time" string by clearing the buffer and then writing the new
 * text, while a worker thread's logger copies the string into a log line.
 * The clear and the write are meant to be atomic; a copy taken in between
 * puts an empty date into the access log.
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
static char log_line[64];

static void *
bogotime_update (void *unused)
{
  now_string.len = 0;                           /* [atomicity-violation] [data-race] */
  time_t t = 1228125601;       /* fixed, to stay deterministic */
  struct tm tm;
  gmtime_r (&t, &tm);
  int n = strftime (now_string.buf, sizeof now_string.buf,
                    "%a, %d %b %Y %H:%M:%S GMT", &tm);
  now_string.len = n;                           /* [atomicity-violation] */
  return NULL;
}

static void *
logger_write (void *unused)
{
  int len = now_string.len;                     /* [atomicity-violation] [data-race] */
  memcpy (log_line, now_string.buf, len);
  log_line[len] = '\0';
  assert (strlen (log_line) == 29);             /* [assertion] */
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
