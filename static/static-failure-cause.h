/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-failure-cause.h — what made frama-c fail, where it can be told
 * from its message, for the hint augur gives: missing headers or macros
 * are one cause, for which --cflags helps; Frama-C's own model of C11's
 * atomics (its <stdatomic.h>, which Frama-C 25 parses without _Atomic
 * and with untyped stubs) is another, for which it does not.
 */
#ifndef AUGUR_STATIC_FAILURE_CAUSE_H
#define AUGUR_STATIC_FAILURE_CAUSE_H

#include <glib.h>

G_BEGIN_DECLS

/* What a failure the atomics model caused is called in augur's messages. */
#define AUGUR_STATIC_ATOMICS_MODEL "Frama-C's C11 atomics model (its <stdatomic.h>)"

/* TRUE when frama-c's error @message comes from its C11 atomics model:
 * it names one of the model's stubs (__fc_atomic_...), one of its atomic
 * types as a type that does not link, or its <stdatomic.h>; or, when
 * @source is not NULL, the error is at @line of @source (a syntax error
 * is "between lines @line and @line+1", so that one counts too) and that
 * line uses _Atomic or calls one of C11's atomic functions. */
gboolean augur_static_atomics_rejected (const char *message, const char *source, guint line);

/* The source line frama-c's error @message is at ("[kernel] FILE:LINE: "),
 * when FILE is @source as frama-c names it (relative to the working
 * directory, or cut at a string prefix of it); 0 otherwise. */
guint augur_static_error_line_in (const char *message, const char *source);

/* frama-c's error @message in one short line, for augur's message: its
 * tags ("[kernel] ") and "User Error:" (or gcc's "fatal error:") left
 * out, the file at its base name ("threadpool.c:269: "), a declaration that does not link said at
 * the later one, and at most about 200 characters; frama-c's log has the
 * rest. */
char *augur_static_short_reason (const char *message);

G_END_DECLS

#endif /* AUGUR_STATIC_FAILURE_CAUSE_H */
