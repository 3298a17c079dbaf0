/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz.h — what every fuzz target of tests/fuzz/ shares.
 *
 * A target is one function, LLVMFuzzerTestOneInput, that feeds one input
 * to one of augur's readers and to what the augur command does next with
 * what it read.  It is built twice: by `make fuzz`, with clang and
 * -fsanitize=fuzzer,address,undefined, to search for inputs that crash;
 * and by `make check`, with the project's compiler and fuzz-main.c, to
 * replay the seed corpus and every crash found so far through the normal
 * build.  A GLib critical or warning (a g_return_if_fail that input could
 * reach) counts as a crash in both.
 */
#ifndef AUGUR_FUZZ_H
#define AUGUR_FUZZ_H

#include <glib.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A fatal GLib message (g_error, and here criticals and warnings) ends
 * in SIGTRAP, which libFuzzer does not catch: no crash file would be
 * written.  Turned into abort(), which it does. */
static void
augur_fuzz_on_trap (int sig)
{
  (void) sig;
  abort ();
}

/* criticals and warnings abort: they are bugs input must not reach */
static inline void
augur_fuzz_init (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  g_log_set_fatal_mask ("augur-common", G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  signal (SIGTRAP, augur_fuzz_on_trap);
}

#endif /* AUGUR_FUZZ_H */
