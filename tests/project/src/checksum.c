/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * checksum.c — a job's checksum: the CRC-32 of its number, from zlib
 * (zlib.h is a system header, outside Frama-C's libc).
 */
#include <zlib.h>

#include "pool.h"

unsigned long
job_checksum (unsigned job)
{
  unsigned char bytes[4] = { job & 0xff, (job >> 8) & 0xff, (job >> 16) & 0xff, job >> 24 };
  return crc32 (0L, bytes, sizeof bytes);
}
