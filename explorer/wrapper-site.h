/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * wrapper-site.h — where a synchronisation call was made, named outside
 * the thin wrappers it went through.
 *
 * Libraries wrap their pthread calls (libuv's uv_mutex_lock(m) is
 * "if (pthread_mutex_lock (m)) abort ();"), so every lock of the program
 * is at the wrapper's one line, and only its caller says which lock it
 * was.  A function is a thin wrapper here when, in the execution, every
 * synchronisation call made in it or through it (its steps, and the
 * calls threads were left blocked in) went through one line of it (one
 * pthread call, or one call of another thin wrapper), and those calls
 * came to it along two call chains or more: its line alone does not say
 * which call it was.  A function with two such lines (a lock and an
 * unlock, a wait and a post) is the one a reader wants named, and is
 * kept; so is one called along one chain only.  Frees are told apart
 * the same way, among frees only (zstd's ZSTD_customFree; a destroy
 * wrapper that frees the mutex it destroys is a thin wrapper of both).
 * The scheduler keeps the callers of every synchronisation step and free
 * (AugurSchedCallers); a wrapper inlined into its caller (-O2) is a frame
 * too, at the call it was inlined at.  The site is then the first call
 * site outside the thin wrappers:
 *
 *     "threadpool.c:328 (through uv_mutex_lock at thread.c:365)"
 *     "pool.c:188 (through ZSTD_customFree at allocations.h:51)"
 *
 * A call made directly in a thread's function (no caller in the
 * program's code) is named where it is.
 */
#ifndef AUGUR_WRAPPER_SITE_H
#define AUGUR_WRAPPER_SITE_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "common/results.h"
#include "common/symbolizer.h"

G_BEGIN_DECLS

/* An execution's steps[0..n) and their callers[0..n) (the scheduler's:
 * entries of steps that keep none are ignored), and the calls its
 * threads[0..n_threads) were blocked in at its end. */
typedef struct {
  AugurSymbolizer *sym;
  const AugurSchedStep *steps;
  const AugurSchedCallers *callers;   /* NULL: none known */
  guint n;
  const AugurSchedThread *threads;    /* NULL: none */
  guint n_threads;
} AugurWrapperExec;

/* The call at (@module, @pc), called from @callers (a step's or a pending
 * call's; NULL: none), outside the thin wrappers of @x: the call site's
 * "file:line" into @outer and, when it went through thin wrappers,
 * "through uv_mutex_lock at thread.c:365" into @through (else NULL).  A
 * site of no known file is "pcM:ADDR".  Newly allocated. */
void augur_wrapper_site (const AugurWrapperExec *x, guint module, guint32 pc,
                         const AugurSchedCallers *callers, char **outer, char **through);

/* "threadpool.c:328 (through uv_mutex_lock at thread.c:365)", or the
 * site alone ("f.c:12") when it is in no thin wrapper.  Newly allocated. */
char *augur_wrapper_site_text (const AugurWrapperExec *x, guint module, guint32 pc,
                               const AugurSchedCallers *callers);

/* Adds to @f the access of the call at (@module, @pc), called from
 * @callers (NULL: none), where augur_wrapper_site names it: at its first
 * call site outside the thin wrappers, with that site's callers (a
 * finding's headline and de-duplication name it there: "a.c:40", not the
 * wrapper's line every call shares).  The call site's file must be known. */
void augur_wrapper_add_access (const AugurWrapperExec *x, AugurFinding *f, guint thread,
                               guint64 event, AugurOp op, guint module, guint32 pc,
                               const AugurSchedCallers *callers, const char *const *held);

/* The frames that called the call at (@module, @pc) with @callers (a
 * step's or a pending call's), innermost first, into @frames (at most
 * AUGUR_WRAPPER_MAX_CALLERS; borrowed strings): the call site of the
 * function inlined there, if it is inlined code, then the runtime's
 * callers.  How many. */
#define AUGUR_WRAPPER_MAX_CALLERS (1 + AUGUR_SCHED_MAX_CALLERS)
guint augur_wrapper_callers (AugurSymbolizer *sym, guint module, guint32 pc,
                             const AugurSchedCallers *callers, AugurFrame *frames);

/* steps[k]'s callers in @x, NULL if it keeps none. */
const AugurSchedCallers *augur_wrapper_step_callers (const AugurWrapperExec *x, guint k);

G_END_DECLS

#endif
