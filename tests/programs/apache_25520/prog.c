/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * apache_25520 — modelled on Apache bug 25520 (mod_log_config's buffered log
 * writer), the atomicity violation McPatom shows in its Figure 8: the writer
 * checks that the new entry fits (len + outcnt <= LOG_BUFSIZE, flushing
 * otherwise), then copies the entry at outbuf[outcnt], then adds len to
 * outcnt — three accesses to outcnt that must be atomic but are not locked.
 * If another writer appends between the check and the copy, the copy runs
 * past the end of the buffer.  The guard bytes after the buffer catch it.
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

static void
flush_log (BufferedLog *buf)
{
  flushes++;
  buf->outcnt = 0;                              /* [data-race] */
}

static void
buffered_log_writer (BufferedLog *buf, const char *str, int len)
{
  if (len + buf->outcnt > LOG_BUFSIZE)          /* [atomicity-violation] [data-race] */
    flush_log (buf);
  char *s = &buf->outbuf[buf->outcnt];          /* [atomicity-violation] [data-race] */
  memcpy (s, str, len);                         /* [data-race] */
  buf->outcnt += len;                           /* [atomicity-violation] [data-race] */
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
    assert (log_buf.guard[i] == 0);             /* [assertion] */
  return 0;
}
