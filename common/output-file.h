/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * output-file.h — writing a file whole or not at all.
 *
 * A results file is rewritten many times during a run (after each stage,
 * after each prediction confirmed) and read by the next command, perhaps
 * while augur is being stopped.  So it is written to a temporary file
 * next to it, flushed to disk and renamed over the old one: a reader sees
 * the old file or the new one, never half of one.  The temporary file is
 * registered with common/interrupt.h, so that an augur stopped in the
 * middle removes it.  What exists and is not a regular file (/dev/null, a
 * pipe) is written in place.
 */
#ifndef AUGUR_OUTPUT_FILE_H
#define AUGUR_OUTPUT_FILE_H

#include <glib.h>

G_BEGIN_DECLS

/* Errors are in the G_FILE_ERROR domain and name the file. */
gboolean augur_output_file_write (const char *path, const char *data, gsize length,
                                  GError **error);

G_END_DECLS

#endif /* AUGUR_OUTPUT_FILE_H */
