/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-error.h — the error domain of static/: a facts file that cannot be
 * read, bad input to the analysis, or Frama-C that is missing, failed or
 * ran out of time.
 */
#ifndef AUGUR_STATIC_ERROR_H
#define AUGUR_STATIC_ERROR_H

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_STATIC_ERROR (augur_static_error_quark ())
GQuark augur_static_error_quark (void);

typedef enum {
  AUGUR_STATIC_ERROR_IO,              /* a file could not be read or written */
  AUGUR_STATIC_ERROR_PARSE,           /* a facts file that is not JSON */
  AUGUR_STATIC_ERROR_FORMAT,          /* not a facts file, or another version */
  AUGUR_STATIC_ERROR_INVALID,         /* a member is missing or mistyped */
  AUGUR_STATIC_ERROR_INPUT,           /* missing source, unparsable compile_commands.json */
  AUGUR_STATIC_ERROR_FRAMA_C_MISSING, /* no frama-c, or augur's plug-in/harness missing */
  AUGUR_STATIC_ERROR_FRAMA_C_FAILED,  /* frama-c ran and failed */
  AUGUR_STATIC_ERROR_TIMEOUT,         /* frama-c ran out of time */
  AUGUR_STATIC_ERROR_UNSUPPORTED,     /* a program Eva cannot analyse soundly */
} AugurStaticError;

G_END_DECLS

#endif /* AUGUR_STATIC_ERROR_H */
