/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * misuse-finding.h — the finding of a misuse of the threads API that the
 * runtime reported in one controlled execution (AugurSchedMisuse).
 *
 * A misuse is two operations: the one that misuses (the second unlock,
 * the destroy, the wait, main's return) and the earlier one that makes it
 * a misuse (the first unlock, the holder's lock, the other wait's mutex,
 * the creation of a thread still running, the init of a mutex never
 * destroyed).  The finding names both with their thread, operation, object
 * and step, lists both as its accesses and marks both as the bug's steps,
 * so that the diagram draws them: "thread 2 unlocks `T0.alloc1+40` at
 * pool.c:88 (step 61) while nobody holds it: thread 1 unlocked it at
 * pool.c:88 (step 57) and nobody locked it since."  Misuses with no earlier
 * operation (a mutex used uninitialised, a second join whose thread the
 * runtime no longer knows) name the one that misuses.
 */
#ifndef AUGUR_MISUSE_FINDING_H
#define AUGUR_MISUSE_FINDING_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "common/results.h"
#include "common/symbolizer.h"
#include "explorer/exec-names.h"
#include "explorer/wrapper-site.h"

G_BEGIN_DECLS

/* "double-unlock", "not-destroyed" ...: the finding's misuse sub-kind. */
const char *augur_misuse_subkind (guint32 kind);

/* Where misuse @m of the execution @x is, as its finding's headline
 * names it and as findings are told apart: "a.c:40", the misusing call
 * outside the thin wrappers it went through (a wrapper's line is every
 * call's: two callers that misuse are two findings, as two calls of
 * pthread_mutex_lock of their own would be); "pcM:ADDR" if unknown.
 * Newly allocated. */
char *augur_misuse_site_key (const AugurWrapperExec *x, const AugurSchedMisuse *m);

/* The finding of misuse @m of the execution @x (its steps, their callers,
 * and @x->sym: the program at the execution's load bias; @ev: the steps'
 * event indices, augur_steps_event_indices; @names: the execution's object
 * names, may be NULL).  A step's place is named outside the thin wrappers
 * it went through (wrapper-site.h). */
AugurFinding *augur_misuse_finding_new (const AugurWrapperExec *x, AugurExecNames *names,
                                        const guint64 *ev, const AugurSchedMisuse *m);

G_END_DECLS

#endif /* AUGUR_MISUSE_FINDING_H */
