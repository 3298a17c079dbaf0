/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-driver.h — run Frama-C on a program's sources and get its facts.
 *
 * frama-c analyses the sources together with augur's analysis-only pthread
 * harness (static/harness/augur-pthread-harness.c) under Eva, then augur's
 * plug-in (static/plugin/augur_static.ml, loaded with -load-module) writes
 * the facts.  Where things are found, each overridable by the environment:
 *   frama-c      $AUGUR_FRAMA_C, else the one configure found
 *   the plug-in  $AUGUR_STATIC_PLUGIN, else $(pkglibdir)/augur_static.cmxs
 *   the harness  $AUGUR_STATIC_HARNESS, else $(pkgdatadir)/augur-pthread-harness.c
 * frama-c runs in the current directory, so source paths in the facts are
 * spelled relative to it when they are below it; each file is preprocessed
 * in its own compile directory (a compile_commands.json augur writes for
 * frama-c's -json-compilation-database).
 */
#ifndef AUGUR_STATIC_DRIVER_H
#define AUGUR_STATIC_DRIVER_H

#include <glib.h>

#include "static/static-compile-db.h"
#include "static/static-facts.h"

G_BEGIN_DECLS

#define AUGUR_STATIC_DEFAULT_TIMEOUT 120  /* seconds */

typedef struct {
  const char *const *sources;   /* C files; may be empty when compile_db or units is set */
  const char        *cflags;    /* preprocessor flags for every file ("-I inc -DX"), or NULL */
  const char        *compile_db;/* compile_commands.json, or NULL: the flags of the files it
                                 * lists, and without sources nor units, the files */
  GPtrArray         *units;     /* AugurStaticCompileUnit (static-compile-db.h): sources with
                                 * the flags they were compiled with (augur-cc's records,
                                 * static-recorded-flags.h), or NULL; compile_db's entry
                                 * for a file wins over its unit's flags */
  guint              timeout;   /* seconds for all attempts; 0 = AUGUR_STATIC_DEFAULT_TIMEOUT */
  const char        *log_path;  /* where to write frama-c's log (every attempt's), or NULL:
                                 * when frama-c fails, it is then kept in a temporary
                                 * directory; the error names it either way */
  gboolean           complete_only; /* fail as soon as a file has to be left out (facts
                                 * without it prune nothing), instead of analysing the
                                 * rest: for callers that only prune */
} AugurStaticRunOptions;

/* Runs the analysis.  Headers: each file is preprocessed with its own
 * flags in its own directory, against Frama-C's libc (whose ACSL contracts
 * Eva uses), the headers that libc lacks (zlib.h, sys/prctl.h ...) coming
 * from the system's include path; when Frama-C stops on a file, the
 * analysis is tried again with the system's headers alone
 * (-no-frama-c-stdlib); when the file fails there too, it is left out and
 * the others are analysed: the facts then name it (warning "not-analysed",
 * augur_static_facts_dup_unanalysed) and are incomplete, so they rule
 * nothing out.  Errors (AUGUR_STATIC_ERROR): INPUT (a source is missing,
 * the database is bad, no sources at all), FRAMA_C_MISSING, FRAMA_C_FAILED
 * (with frama-c's first error line), TIMEOUT; the message says what to
 * do. */
AugurStaticFacts *augur_static_run (const AugurStaticRunOptions *options, GError **error);

/* As augur_static_run, but when Frama-C is missing, fails or times out,
 * returns sound fallback facts whose first warning says why.  Fails only
 * on bad input. */
AugurStaticFacts *augur_static_run_or_fallback (const AugurStaticRunOptions *options,
                                                GError                     **error);

G_END_DECLS

#endif /* AUGUR_STATIC_DRIVER_H */
