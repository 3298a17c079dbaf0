/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-sources.h — the C sources a program was built from, and how each
 * was compiled, so that `augur check` runs the static analysis without
 * being told them: the compile commands augur-cc recorded in the program
 * and in the augur-cc-built libraries the recorded run loaded
 * (static/static-recorded-flags.h), and for objects without a record,
 * the compilation units of the debug info (name and directory, no flags).
 */
#ifndef AUGUR_CHECK_SOURCES_H
#define AUGUR_CHECK_SOURCES_H

#include <glib.h>

#include "common/trace.h"
#include "static/static-compile-db.h"

G_BEGIN_DECLS

/* AugurStaticCompileUnit (static/static-compile-db.h) of the program's .c
 * files that exist on this machine, without system files (under /usr),
 * each once: first the program's, then those of each library of the
 * trace's modules (trace may be NULL) that carries augur-cc's records.
 * *n_recorded: how many have the flags augur-cc recorded.  NULL with
 * @error if the program cannot be read; an empty array when it has no
 * records and no debug info. */
GPtrArray *augur_check_program_units (const char       *program,
                                      const AugurTrace *trace,
                                      guint            *n_recorded,
                                      GError          **error);

/* The flags of @u's recorded compile that matter to rebuilding its source
 * elsewhere (-D, -I, -iquote, -isystem, -std, -pthread, -l), include
 * directories made absolute: "-DN=2 -I/src/inc", or NULL if none. */
char *augur_check_rebuild_flags (const AugurStaticCompileUnit *u);

G_END_DECLS

#endif /* AUGUR_CHECK_SOURCES_H */
