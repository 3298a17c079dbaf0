/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-recorded-flags.h — the compile commands augur-cc recorded in a
 * program or shared library.
 *
 * When augur-cc compiles a C source it adds to the object a non-allocated
 * ELF section, .augur.cflags, holding one record: NUL-terminated strings
 * "augur-cc-flags-1", the directory the compiler ran in, the source as it
 * was named, the compiler, then the compile's arguments (without the
 * sources, -c and -o FILE).  The linker concatenates the sections of the
 * objects it links, so a program (or library) carries one record per C
 * object it was linked from, and `augur check` runs the static analysis
 * with the project's own flags without being told them.
 */
#ifndef AUGUR_STATIC_RECORDED_FLAGS_H
#define AUGUR_STATIC_RECORDED_FLAGS_H

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_STATIC_RECORDED_SECTION ".augur.cflags"
#define AUGUR_STATIC_RECORDED_MAGIC "augur-cc-flags-1"

/* The records of an ELF file as AugurStaticCompileUnit (static-compile-db.h),
 * in link order, each source once; sources that no longer exist are left
 * out.  An ELF file without records gives an empty array.  Errors
 * (AUGUR_STATIC_ERROR_INPUT): the file cannot be opened or is not ELF. */
GPtrArray *augur_static_recorded_units (const char *elf_path, GError **error);

/* The same, from the contents of a .augur.cflags section. */
GPtrArray *augur_static_recorded_units_parse (const char *data, gsize length);

G_END_DECLS

#endif /* AUGUR_STATIC_RECORDED_FLAGS_H */
