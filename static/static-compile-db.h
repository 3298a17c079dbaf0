/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-compile-db.h — the source files named by a compile_commands.json
 * (the JSON compilation database of CMake, Bear, meson ...).  Frama-C
 * reads each file's flags from the database itself
 * (-json-compilation-database); augur only needs the list of sources, and
 * to reject a database it cannot parse before Frama-C runs.
 */
#ifndef AUGUR_STATIC_COMPILE_DB_H
#define AUGUR_STATIC_COMPILE_DB_H

#include <glib.h>

G_BEGIN_DECLS

/* The C sources of the database (".c" files, absolute, each once, in the
 * database's order).  Errors: AUGUR_STATIC_ERROR_INPUT for a missing or
 * unparsable database. */
char **augur_static_compile_db_sources (const char *path, GError **error);

G_END_DECLS

#endif /* AUGUR_STATIC_COMPILE_DB_H */
