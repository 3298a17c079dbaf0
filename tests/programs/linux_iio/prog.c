/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * linux_iio — after the linux-iio program of ConcBugAssist's evaluation (its
 * Table 1: a real bug of the Linux industrial I/O subsystem, taken from
 * Bloem et al., 3 threads, an atomicity violation; our sources give no
 * further detail).  Our scenario, of that kind: the trigger handler checks
 * that the device's buffer is enabled and then pushes a sample into it,
 * while disabling the buffer clears the enabled flag and tears the buffer
 * down.  The check and the push are not atomic with respect to the disable,
 * so a sample can be pushed into a buffer that is already torn down; the
 * buffer's own check catches it.
 */
#include <assert.h>
#include <pthread.h>

typedef struct {
  int enabled;
  int live;                    /* 1 while the buffer's memory is valid */
  int count;
  int samples[8];
} IioBuffer;

static IioBuffer buf = { 1, 1, 0, { 0 } };
static pthread_mutex_t buf_lock = PTHREAD_MUTEX_INITIALIZER;

static void
push (IioBuffer *b, int v)
{
  pthread_mutex_lock (&buf_lock);
  assert (b->live);                             /* [assertion] */
  b->samples[b->count++ % 8] = v;
  pthread_mutex_unlock (&buf_lock);
}

static void *
trigger_handler (void *unused)
{
  for (int i = 0; i < 2; i++)
    if (buf.enabled)                            /* [atomicity-violation] [data-race] */
      push (&buf, i);
  return NULL;
}

static void *
buffer_disable (void *unused)
{
  buf.enabled = 0;                              /* [atomicity-violation] [data-race] */
  pthread_mutex_lock (&buf_lock);
  buf.live = 0;
  pthread_mutex_unlock (&buf_lock);
  return NULL;
}

int
main (void)
{
  pthread_t t, d;
  pthread_create (&t, NULL, trigger_handler, NULL);
  pthread_create (&d, NULL, buffer_disable, NULL);
  pthread_join (t, NULL);
  pthread_join (d, NULL);
  return 0;
}
