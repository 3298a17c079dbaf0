/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * apache_log — McPatom's Figure 8 (Apache 25520, mod_log_config's buffered
 * log writer): the check that an entry fits (line 28), the copy at
 * outbuf[outcnt] (line 30) and the update of outcnt (line 32) must be
 * atomic and are not.  Here every entry fits, so the recorded run never
 * flushes and never overflows; the predictor must still see that another
 * writer's update can land between the check and the copy (R-W-R on
 * log_buf's outcnt), after which the copy can run past the buffer.
 */
#include <assert.h>
#include <pthread.h>
#include <string.h>

#define LOG_BUFSIZE 18

typedef struct {
  int outcnt;
  char outbuf[LOG_BUFSIZE];
  char guard[8];
} BufferedLog;

static BufferedLog log_buf;

static void
buffered_log_writer (BufferedLog *buf, const char *str, int len)
{
  if (len + buf->outcnt > LOG_BUFSIZE)
    buf->outcnt = 0;                           /* flush */
  char *s = &buf->outbuf[buf->outcnt];
  memcpy (s, str, len);
  buf->outcnt += len;
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
  for (int i = 0; i < 8; i++)
    assert (log_buf.guard[i] == 0);
  return 0;
}
