/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-gen.h — the differential tester's programs on the harness side:
 * random generation from a seed, printing in the syntax of dt-program.h,
 * and the small edits the shrinker tries.
 *
 * The generator draws 1-3 workers (2-4 threads), 1-3 variables, 0-2
 * mutexes and 0-2 condition variables, then builds each thread from
 * blocks that keep it well-formed: accesses (atomic adds too), critical
 * sections (nested ones, in either lock order), trylocks, rwlock
 * sections, wait blocks (`while` mostly, `if` and timed `if` sometimes)
 * each paired with a signal or broadcast in another thread, semaphore
 * waits paired with a post in another thread, assertions over variables
 * and registers, a rare crash and a rare exit.
 * Main creates most workers (a worker sometimes creates a later one),
 * joins most of them, and sometimes returns without joining (profile
 * full; in profile joined, nothing can end the process early, so that
 * the disagreements that early ends cause do not hide the others).  The
 * estimated number of steps is kept small, so that the naive explorer's
 * tree stays small.  Same seed, same program (GRand is a Mersenne
 * twister: the sequence does not depend on the platform).
 */
#ifndef DT_GEN_H
#define DT_GEN_H

#include <glib.h>

#include "tests/difftest/dt-program.h"

G_BEGIN_DECLS

typedef enum {
  DT_PROFILE_FULL,     /* everything, early ends too (exit, returns without joining,
                        * failing assertions and crashes while threads run) */
  DT_PROFILE_JOINED,   /* every worker joined; no exit, no crash; assertions only
                        * in main after its joins: nothing ends the process while
                        * another thread still runs */
} DtProfile;

/* The profile of a seed when none is asked for: odd seeds full, even ones joined. */
DtProfile   dt_gen_profile_of_seed (guint32 seed);
const char *dt_gen_profile_name (DtProfile profile);
void        dt_gen_program (guint32 seed, DtProfile profile, DtProgram *p);
/* Whether @p keeps the rules of @profile (shrinking must not leave it). */
gboolean    dt_gen_fits_profile (const DtProgram *p, DtProfile profile);
char *dt_program_to_string (const DtProgram *p);
/* Parses and checks @text; FALSE with a message in @error. */
gboolean dt_program_from_string (const char *text, DtProgram *p, GError **error);

/* 0 if @a and @b are the same program (memcmp-like otherwise). */
int dt_program_compare (const DtProgram *a, const DtProgram *b);

/* Shrinking edits; each returns FALSE (and leaves @out undefined) when
 * it does not apply or the result is not well-formed. */
/* Removes worker @w (1..), if it creates no other worker: its create and
 * join go, the later workers are renumbered. */
gboolean dt_program_drop_thread (const DtProgram *p, guint w, DtProgram *out);
/* Removes operation @k of thread @t; a lock goes with its unlock. */
gboolean dt_program_drop_op (const DtProgram *p, guint t, guint k, DtProgram *out);
/* Replaces the constant of operation @k of thread @t by a smaller one
 * (@to), or an `o` wait by an `i` wait, an `i` wait by a `w` wait, a
 * wrlock by a rdlock (@to ignored). */
gboolean dt_program_simplify_op (const DtProgram *p, guint t, guint k, guint to, DtProgram *out);

G_END_DECLS

#endif /* DT_GEN_H */
