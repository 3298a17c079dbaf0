/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * source-access.h — which source files a report may quote, and reading
 * them.
 *
 * A results file names source files (each access's file:line) and the
 * HTML report quotes the lines around each.  The results file may come
 * from anyone (a CI artefact, an attachment): "file": "/etc/passwd" must
 * not put the password file into a page one then publishes, and
 * "file": "/dev/zero" or a FIFO must not hang the report.  So a file is
 * read only if
 *   - the program the results name is there, is an ELF file with debug
 *     info, and that debug info names the file (its line tables list every
 *     source and header the program was built from): a results file can
 *     only make augur quote the program's own sources; or
 *   - the program or its debug info is not there (a report made on another
 *     machine): the name is relative and, resolved against the source
 *     directory the caller gives (with symbolic links followed), stays
 *     inside that directory.  Callers give a directory the user chose,
 *     never one read from the results file (see src/cmd-report.c);
 * and it is a regular file (common/input-file.h) of at most
 * AUGUR_SOURCE_MAX_BYTES.
 */
#ifndef AUGUR_SOURCE_ACCESS_H
#define AUGUR_SOURCE_ACCESS_H

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_SOURCE_MAX_BYTES ((gsize) 16 << 20)

/* The text of `file` (as a results file names it; relative names are
 * resolved against source_dir, NULL: the current directory), or NULL with
 * *why set to a sentence for the report.  `program` is the results'
 * program; its debug info is read once per program and kept. */
char *augur_source_read (const char *program, const char *source_dir, const char *file,
                         char **why);

/* TRUE when the program is there with debug info that names its sources
 * (so the first rule above decides). */
gboolean augur_source_program_has_debug_info (const char *program);

G_END_DECLS

#endif /* AUGUR_SOURCE_ACCESS_H */
