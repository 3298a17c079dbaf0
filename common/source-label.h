/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * source-label.h — how a source file is named in a message: its base name,
 * or as many trailing directories as tell it from the program's other
 * source files of that name.
 *
 * A program may have two util.c (app/util.c and lib/util.c); "util.c:9"
 * then names two lines.  The symbolizer registers every source file of
 * the program's debug info when it opens the executable, and a results
 * file read back registers the files of its findings; a label is the
 * shortest tail of the path's components that no other registered file
 * of the same base name ends with.  Labels depend only on what was
 * registered, so output stays deterministic.  Thread-safe.
 */
#ifndef AUGUR_SOURCE_LABEL_H
#define AUGUR_SOURCE_LABEL_H

#include <glib.h>

G_BEGIN_DECLS

/* Registers a source file of the program (NULL is ignored). */
void augur_source_label_register (const char *path);
/* The label of @path (newly allocated; "?" for NULL). */
char *augur_source_label (const char *path);
/* Whether @name, a relative name the compiler was given ("./lib/util.c",
 * an assert()'s __FILE__), can name @path: @path ends with its
 * components. */
gboolean augur_source_path_ends_with (const char *path, const char *name);
/* Forgets every registered file (tests). */
void augur_source_label_reset (void);

G_END_DECLS

#endif /* AUGUR_SOURCE_LABEL_H */
