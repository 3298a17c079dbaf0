/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-compile-db.h — how each source of a program was compiled: the
 * directory the compiler ran in, the source, and the compiler's arguments
 * (the -I/-D/-U/-include flags are what Frama-C's preprocessing needs).
 * Read from a compile_commands.json (the JSON compilation database of
 * CMake, Bear, meson ...) or from what augur-cc recorded in a program
 * (static-recorded-flags.h), and written back as a compile_commands.json
 * for Frama-C's -json-compilation-database.
 */
#ifndef AUGUR_STATIC_COMPILE_DB_H
#define AUGUR_STATIC_COMPILE_DB_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  char  *directory;   /* absolute: where the compiler ran */
  char  *file;        /* absolute, canonical path of the C source */
  char **arguments;   /* the compile's argv, compiler first; never NULL */
} AugurStaticCompileUnit;

/* file is resolved against directory; arguments may be NULL (none). */
AugurStaticCompileUnit *augur_static_compile_unit_new (const char        *directory,
                                                       const char        *file,
                                                       const char *const *arguments);
AugurStaticCompileUnit *augur_static_compile_unit_copy (const AugurStaticCompileUnit *unit);
void                    augur_static_compile_unit_free (AugurStaticCompileUnit *unit);

/* The C sources of the database (".c" files) as units, in the database's
 * order, each file once (its first entry).  "command" entries are split
 * as a shell would.  Errors: AUGUR_STATIC_ERROR_INPUT for a missing or
 * unparsable database. */
GPtrArray *augur_static_compile_db_load (const char *path, GError **error);

/* The sources only (absolute), as augur_static_compile_db_load lists them. */
char **augur_static_compile_db_sources (const char *path, GError **error);

/* The unit of file in units (path compared canonically), or NULL. */
const AugurStaticCompileUnit *augur_static_compile_db_find (GPtrArray  *units,
                                                            const char *file);

/* Writes units as a compile_commands.json ("arguments" entries, each
 * ending with "-c FILE").  Errors: AUGUR_STATIC_ERROR_IO. */
gboolean augur_static_compile_db_save (GPtrArray *units, const char *path, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurStaticCompileUnit, augur_static_compile_unit_free)

G_END_DECLS

#endif /* AUGUR_STATIC_COMPILE_DB_H */
