/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-pagemap-scan.h — the kernel interfaces of write tracking that older
 * headers lack: linux/fs.h's pm_scan_arg and page_region (PAGEMAP_SCAN,
 * Linux 6.7) and userfaultfd's asynchronous write protection.  Shared by
 * the runtime's snapshot (rt-snapshot.c) and its floor bench
 * (bench/dirty-floor.c).  Plain C, no library.
 */
#ifndef AUGUR_RT_PAGEMAP_SCAN_H
#define AUGUR_RT_PAGEMAP_SCAN_H

#include <stdint.h>
#include <sys/ioctl.h>

#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY 1
#endif
/* UFFD_FEATURE_WP_UNPOPULATED | UFFD_FEATURE_WP_ASYNC */
#define TRACK_FEATURES ((1ull << 13) | (1ull << 15))

typedef struct {
  uint64_t start, end, categories;
} ScanRange;

typedef struct {
  uint64_t size, flags, start, end, walk_end, vec, vec_len, max_pages;
  uint64_t category_inverted, category_mask, category_anyof_mask, return_mask;
} ScanArg;

#define SCAN_IOCTL _IOWR ('f', 16, ScanArg)   /* PAGEMAP_SCAN */
#define SCAN_PAGE_WRITTEN (1u << 1)           /* PAGE_IS_WRITTEN */
#define SCAN_CHECK_WPASYNC (1u << 1)          /* PM_SCAN_CHECK_WPASYNC */

#endif
