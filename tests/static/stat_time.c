/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file Frama-C's own libc cannot type (its struct stat has no st_atim,
 * glibc's has), analysed from a working directory whose name is a string
 * prefix of the file's directory: frama-c then names the file by cutting
 * that prefix off, and augur must still know which file it stopped on
 * (test-static.sh).
 */
#include <sys/stat.h>

long
last_access (const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0)
    return -1;
  return (long) st.st_atim.tv_sec;
}
