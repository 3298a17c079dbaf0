/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * apache_25520_ok — the fix of apache_25520: the buffered log writer holds
 * the log's mutex across the check, the copy and the update of outcnt.
 */
#include <assert.h>
#include <pthread.h>
#include <string.h>

#define LOG_BUFSIZE 16

typedef struct {
  int outcnt;
  char outbuf[LOG_BUFSIZE];
  char guard[LOG_BUFSIZE];
} BufferedLog;

static BufferedLog log_buf;
static int flushes;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void
flush_log (BufferedLog *buf)
{
  flushes++;
  buf->outcnt = 0;
}

static void
buffered_log_writer (BufferedLog *buf, const char *str, int len)
{
  pthread_mutex_lock (&log_lock);
  if (len + buf->outcnt > LOG_BUFSIZE)
    flush_log (buf);
  char *s = &buf->outbuf[buf->outcnt];
  memcpy (s, str, len);
  buf->outcnt += len;
  pthread_mutex_unlock (&log_lock);
}

static void *
request (void *arg)
{
  buffered_log_writer (&log_buf, arg, 6);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  buffered_log_writer (&log_buf, "GET / ", 6);
  pthread_create (&t1, NULL, request, "GET /a");
  pthread_create (&t2, NULL, request, "GET /b");
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  for (int i = 0; i < LOG_BUFSIZE; i++)
    assert (log_buf.guard[i] == 0);
  return 0;
}
