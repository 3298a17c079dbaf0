/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * linux_tg3_ok — the fix of linux_tg3: the statistics reader takes the
 * device lock and reads the hardware statistics only if the block is still
 * there, as the driver's fix does.
 */
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  unsigned long rx_packets, tx_packets;
} HwStats;

typedef struct {
  pthread_mutex_t lock;
  HwStats *hw_stats;
  unsigned long rx, tx;
} Tg3;

static Tg3 tp = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0 };

static void *
get_stats (void *unused)
{
  pthread_mutex_lock (&tp.lock);
  HwStats *hw = tp.hw_stats;
  if (hw)
    {
      tp.rx = hw->rx_packets;
      tp.tx = hw->tx_packets;
    }
  pthread_mutex_unlock (&tp.lock);
  return NULL;
}

static void *
close_device (void *unused)
{
  pthread_mutex_lock (&tp.lock);
  HwStats *hw = tp.hw_stats;
  tp.hw_stats = NULL;
  pthread_mutex_unlock (&tp.lock);
  free (hw);
  return NULL;
}

int
main (void)
{
  pthread_t s, c;
  tp.hw_stats = calloc (1, sizeof *tp.hw_stats);
  tp.hw_stats->rx_packets = 7;
  pthread_create (&s, NULL, get_stats, NULL);
  pthread_create (&c, NULL, close_device, NULL);
  pthread_join (s, NULL);
  pthread_join (c, NULL);
  return 0;
}
