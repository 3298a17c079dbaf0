/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-sources.h — the C sources a program was built from, read from its
 * debug info (each compilation unit's name and directory), so that
 * `augur check` can run the static analysis without being told them.
 */
#ifndef AUGUR_CHECK_SOURCES_H
#define AUGUR_CHECK_SOURCES_H

#include <glib.h>

G_BEGIN_DECLS

/* Absolute paths of the program's .c files that exist on this machine,
 * sorted, without system files (under /usr); NULL with @error if the
 * program cannot be read; an empty vector when it has no debug info. */
GStrv augur_check_program_sources (const char *program, GError **error);

G_END_DECLS

#endif /* AUGUR_CHECK_SOURCES_H */
