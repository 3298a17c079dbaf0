/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-preprocess.h — what Frama-C would parse, as a digest: for the
 * cache of static results (static-cache.h).
 *
 * frama-c -print-cpp-commands prints the preprocessing command of each
 * file (the harness's and the program's, with each file's directory,
 * flags and forced headers) and exits; each command is then run as
 * frama-c runs it (through the shell, `cd DIR && gcc -E ...`) and its
 * output is added to the digest: the text Frama-C would parse, every
 * header's part in it included.  Nothing a source includes can change
 * without changing the digest.
 */
#ifndef AUGUR_STATIC_PREPROCESS_H
#define AUGUR_STATIC_PREPROCESS_H

#include <gio/gio.h>
#include <glib.h>

G_BEGIN_DECLS

/* A launcher for frama-c and the commands it prints: standard input
 * inherited, standard output and error into @log, removed first (GLib
 * opens it without O_TRUNC: a shorter output would keep the end of the
 * last one's), and TMPDIR @tmp, so that the temporary files of a run
 * killed at its deadline (Frama-C's preprocessed sources) go with @tmp. */
GSubprocessLauncher *augur_static_frama_c_launcher (const char *log, const char *tmp);

/* Runs @argv (frama-c's, ending in its files, with -print-cpp-commands),
 * in TMPDIR @tmp, then every command it prints; adds to @sum each
 * command (less its output file's name, which frama-c makes up), its exit
 * status and its output.  Gives up at @deadline (g_get_monotonic_time).
 * FALSE with an error when a command cannot be known or run: then the
 * sources have no digest. */
gboolean augur_static_preprocess_digest (const char *const *argv, const char *tmp,
                                         gint64 deadline, GChecksum *sum, GError **error);

G_END_DECLS

#endif /* AUGUR_STATIC_PREPROCESS_H */
