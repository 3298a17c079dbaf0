/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * linux_iio_ok — the fix of linux_iio: the trigger handler checks that the
 * buffer is enabled under the same lock as the push, and disabling clears
 * the flag under that lock, so no sample reaches a torn-down buffer.
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

static void *
trigger_handler (void *unused)
{
  for (int i = 0; i < 2; i++)
    {
      pthread_mutex_lock (&buf_lock);
      if (buf.enabled)
        {
          assert (buf.live);
          buf.samples[buf.count++ % 8] = i;
        }
      pthread_mutex_unlock (&buf_lock);
    }
  return NULL;
}

static void *
buffer_disable (void *unused)
{
  pthread_mutex_lock (&buf_lock);
  buf.enabled = 0;
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
