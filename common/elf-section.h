/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * elf-section.h — the contents of a named section of an ELF file (libelf),
 * as augur-cc's non-allocated sections are read back: .augur.cflags
 * (static/static-recorded-flags.h) and .augur.asm
 * (explorer/unseen-atomics.h).
 */
#ifndef AUGUR_ELF_SECTION_H
#define AUGUR_ELF_SECTION_H

#include <glib.h>

G_BEGIN_DECLS

/* Every section named @name of the ELF file @path, in file order, each
 * followed by a NUL: a linker concatenates the sections of the objects it
 * links into one, ld -r may keep several.  A file without one gives an
 * empty array.  NULL with @error (G_FILE_ERROR) if @path cannot be opened
 * ("cannot open PATH: why") or is not ELF ("PATH is not an ELF file",
 * G_FILE_ERROR_INVAL). */
GByteArray *augur_elf_section_read (const char *path, const char *name, GError **error);

G_END_DECLS

#endif /* AUGUR_ELF_SECTION_H */
