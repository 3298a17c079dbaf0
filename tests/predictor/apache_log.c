/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * apache_log — McPatom's Figure 8 (Apache 25520, mod_log_config's buffered
 * log writer): the check that an entry fits (line 31), the copy at the
 * position read from outcnt (line 32) and the update (line 34) must be
 * atomic and are not.  The flush has no branch (an entry that does not
 * fit starts the buffer again at 0), so a run that flushes and one that
 * does not have the same events.  In the recorded run the second writer
 * flushes; the predictor must see that the first writer's update can land
 * between the second's check and its copy (R-W-R on log_buf's outcnt):
 * the check passes on a stale count and the copy runs past the buffer
 * into the guard bytes, which main checks (line 53).
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
  int fits = len + buf->outcnt <= LOG_BUFSIZE;
  int pos = buf->outcnt * fits;                /* a flush starts again at 0 */
  memcpy (&buf->outbuf[pos], str, len);
  buf->outcnt = pos + len;
}

static void *
request (void *arg)
{
  buffered_log_writer (&log_buf, arg, 10);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, request, "GET /a.htm");
  pthread_create (&t2, NULL, request, "GET /b.htm");
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  for (int i = 0; i < 8; i++)
    assert (log_buf.guard[i] == 0);
  return 0;
}
