/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * input-file.h — opening the files augur reads (traces, results, static
 * facts, the sources a report quotes) as untrusted input.
 *
 * A path given on the command line or named inside another file may be a
 * FIFO (an open() that blocks for ever), /dev/zero or another device (a
 * read that never ends), or a directory.  Every reader goes through here:
 * the file is opened without blocking (O_NONBLOCK), checked with fstat,
 * and refused unless it is a regular file no larger than the reader's
 * limit, with a message that names the file and what it is instead.
 * Errors are in the G_FILE_ERROR domain (G_FILE_ERROR_INVAL for "not a
 * regular file" and "too large").
 */
#ifndef AUGUR_INPUT_FILE_H
#define AUGUR_INPUT_FILE_H

#include <glib.h>

G_BEGIN_DECLS

/* JSON inputs (results, predictions, static facts) are at most this large. */
#define AUGUR_INPUT_JSON_MAX_BYTES ((gsize) 1 << 30)

/* Opens PATH read-only (O_CLOEXEC, back in blocking mode) if it is a
 * regular file of at most max_bytes; *size gets its size.  -1 otherwise. */
int augur_input_file_open (const char *path, gsize max_bytes, gsize *size, GError **error);

/* The whole contents of a regular file of at most max_bytes, NUL-terminated
 * (the NUL is not counted in *length). */
gboolean augur_input_file_read (const char *path, gsize max_bytes, char **contents,
                                gsize *length, GError **error);

G_END_DECLS

#endif /* AUGUR_INPUT_FILE_H */
