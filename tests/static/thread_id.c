/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file Frama-C's own libc cannot type (its pthread_t is a struct, glibc's
 * an integer, which this file casts), analysed from a working directory
 * whose name is a string prefix of the file's directory: frama-c then
 * names the file by cutting that prefix off, and augur must still know
 * which file it stopped on (test-static.sh).
 */
#include <pthread.h>

unsigned long
thread_number (void)
{
  return (unsigned long) pthread_self ();
}
