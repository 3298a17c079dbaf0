/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * linux_tg3 — after the linux-tg3 program of ConcBugAssist's evaluation (its
 * Table 1: a real bug of the Linux Broadcom Tigon3 Ethernet driver, taken
 * from Bloem et al., 3 threads, an order violation; our sources give no
 * further detail).  Our scenario is a race of that kind in such a driver:
 * the statistics reader dereferences the device's hardware statistics block
 * without the device lock, while closing the device frees the block (under
 * the lock) and clears the pointer.  Statistics read after the close has
 * started use freed or NULL memory.
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
  HwStats *hw = tp.hw_stats;                    /* [data-race] */
  tp.rx = hw->rx_packets;                       /* [crash] */
  tp.tx = hw->tx_packets;
  return NULL;
}

static void *
close_device (void *unused)
{
  pthread_mutex_lock (&tp.lock);
  HwStats *hw = tp.hw_stats;
  tp.hw_stats = NULL;                           /* [data-race] */
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
