/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * program-check.h — is this file a program augur can run?
 *
 * A program under test must be an ELF executable built with augur-cc,
 * i.e. linked against libaugur-rt.so (augur-cc refuses -static).  This
 * is checked before running it, so that the user gets "rebuild with
 * augur-cc" rather than an empty trace.
 */
#ifndef AUGUR_PROGRAM_CHECK_H
#define AUGUR_PROGRAM_CHECK_H

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_PROGRAM_ERROR (augur_program_error_quark ())
GQuark augur_program_error_quark (void);

typedef enum {
  AUGUR_PROGRAM_ERROR_NOT_FOUND,      /* no such file, or not executable */
  AUGUR_PROGRAM_ERROR_NOT_ELF,        /* a script or some other file */
  AUGUR_PROGRAM_ERROR_NOT_AUGUR,      /* not linked with libaugur-rt */
} AugurProgramError;

/* Resolves `program` like execvp does (PATH when it has no slash) and
 * checks it; returns the absolute path, or NULL with an error that says
 * what to do. */
char *augur_program_check (const char *program, GError **error);

/* A copy of @argv whose program, when a path relative to the current
 * directory ("tests/x/prog", "./prog"), is made absolute: a command stored
 * to be run again from anywhere (augur replay). */
char **augur_program_argv_absolute (const char *const *argv);

G_END_DECLS

#endif /* AUGUR_PROGRAM_CHECK_H */
