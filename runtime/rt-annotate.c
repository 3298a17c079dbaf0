/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-annotate.c — ThreadSanitizer's annotation interfaces, so that code
 * written for it links and runs under augur-cc (which defines
 * __SANITIZE_THREAD__, as -fsanitize=thread does): the dynamic annotations
 * (AnnotateHappensBefore, AnnotateIgnoreReadsBegin, AnnotateBenignRace ...,
 * which google/nsync, abseil and others call under __SANITIZE_THREAD__) and
 * the sanitizer interface's hand-written synchronisation (__tsan_acquire,
 * __tsan_mutex_pre_lock ...).
 *
 * What they mean for augur:
 *   - Ignore reads / writes: the plain accesses in between are not recorded
 *     (reads and writes alike: one counter, as __tsan_ignore_thread_begin).
 *   - Synchronisation annotations (happens-before, custom mutexes, condition
 *     variables, queues, barriers): nothing.  They describe to
 *     ThreadSanitizer synchronisation it cannot see; augur sees what such
 *     code is made of (atomics, futexes, pthread calls) and orders by that.
 *   - Benign and expected races: nothing.  A race annotated benign is still
 *     a data race, undefined behaviour in C11, and still reported.
 *   - RunningOnValgrind: 0.
 * The fiber interface (__tsan_create_fiber, __tsan_switch_to_fiber) is not
 * here: a program that switches stacks itself cannot be explored, and a
 * link error says so sooner than a wrong run.
 */
#include "config.h"

#include "runtime/rt-internal.h"

#include <stddef.h>

/* ---- ignores: ThreadSanitizer's own (rt-tsan.c) ---- */

void __tsan_ignore_thread_begin (void);
void __tsan_ignore_thread_end (void);

RT_EXPORT void AnnotateIgnoreReadsBegin (const char *file, int line) { __tsan_ignore_thread_begin (); }
RT_EXPORT void AnnotateIgnoreReadsEnd (const char *file, int line) { __tsan_ignore_thread_end (); }
RT_EXPORT void AnnotateIgnoreWritesBegin (const char *file, int line) { __tsan_ignore_thread_begin (); }
RT_EXPORT void AnnotateIgnoreWritesEnd (const char *file, int line) { __tsan_ignore_thread_end (); }

/* ---- what augur sees for itself: no-ops ---- */

#define RT_ANNOTATE_OBJ(name) \
  RT_EXPORT void name (const char *file, int line, const volatile void *obj) {}
#define RT_ANNOTATE_RANGE(name) \
  RT_EXPORT void name (const char *file, int line, const volatile void *mem, size_t size) {}
#define RT_ANNOTATE_FILE_LINE(name) \
  RT_EXPORT void name (const char *file, int line) {}

RT_ANNOTATE_OBJ (AnnotateHappensBefore)
RT_ANNOTATE_OBJ (AnnotateHappensAfter)
RT_ANNOTATE_OBJ (WTFAnnotateHappensBefore)
RT_ANNOTATE_OBJ (WTFAnnotateHappensAfter)
RT_ANNOTATE_OBJ (AnnotateRWLockCreate)
RT_ANNOTATE_OBJ (AnnotateRWLockCreateStatic)
RT_ANNOTATE_OBJ (AnnotateRWLockDestroy)
RT_ANNOTATE_OBJ (AnnotateCondVarSignal)
RT_ANNOTATE_OBJ (AnnotateCondVarSignalAll)
RT_ANNOTATE_OBJ (AnnotatePCQCreate)
RT_ANNOTATE_OBJ (AnnotatePCQDestroy)
RT_ANNOTATE_OBJ (AnnotatePCQPut)
RT_ANNOTATE_OBJ (AnnotatePCQGet)
RT_ANNOTATE_OBJ (AnnotateBarrierWaitBefore)
RT_ANNOTATE_OBJ (AnnotateBarrierWaitAfter)
RT_ANNOTATE_OBJ (AnnotateBarrierDestroy)
RT_ANNOTATE_OBJ (AnnotateMutexIsUsedAsCondVar)
RT_ANNOTATE_OBJ (AnnotateMutexIsNotPHB)
RT_ANNOTATE_OBJ (AnnotateTraceMemory)
RT_ANNOTATE_OBJ (AnnotateNoOp)
RT_ANNOTATE_RANGE (AnnotateNewMemory)
RT_ANNOTATE_RANGE (AnnotatePublishMemoryRange)
RT_ANNOTATE_RANGE (AnnotateUnpublishMemoryRange)
RT_ANNOTATE_RANGE (AnnotateMemoryIsInitialized)
RT_ANNOTATE_RANGE (AnnotateMemoryIsUninitialized)
RT_ANNOTATE_FILE_LINE (AnnotateIgnoreSyncBegin)
RT_ANNOTATE_FILE_LINE (AnnotateIgnoreSyncEnd)
RT_ANNOTATE_FILE_LINE (AnnotateFlushExpectedRaces)
RT_ANNOTATE_FILE_LINE (AnnotateFlushState)

RT_EXPORT void
AnnotateRWLockAcquired (const char *file, int line, const volatile void *lock, long is_w)
{
}

RT_EXPORT void
AnnotateRWLockReleased (const char *file, int line, const volatile void *lock, long is_w)
{
}

RT_EXPORT void
AnnotateCondVarWait (const char *file, int line, const volatile void *cv, const volatile void *lock)
{
}

RT_EXPORT void
AnnotateBarrierInit (const char *file, int line, const volatile void *barrier, long count,
                     long reinitialization_allowed)
{
}

RT_EXPORT void
AnnotateExpectRace (const char *file, int line, const volatile void *mem, const char *description)
{
}

RT_EXPORT void
AnnotateBenignRace (const char *file, int line, const volatile void *mem, const char *description)
{
}

RT_EXPORT void
AnnotateBenignRaceSized (const char *file, int line, const volatile void *mem, size_t size,
                         const char *description)
{
}

RT_EXPORT void
WTFAnnotateBenignRaceSized (const char *file, int line, const volatile void *mem, size_t size,
                            const char *description)
{
}

RT_EXPORT void
AnnotateThreadName (const char *file, int line, const char *name)
{
}

RT_EXPORT void
AnnotateEnableRaceDetection (const char *file, int line, int enable)
{
}

RT_EXPORT int
RunningOnValgrind (void)
{
  return 0;
}

RT_EXPORT double
ValgrindSlowdown (void)
{
  return 1.0;
}

RT_EXPORT const char *
ThreadSanitizerQuery (const char *query)
{
  return "0";
}

/* ---- the sanitizer interface's hand-written synchronisation ---- */

RT_EXPORT void __tsan_acquire (void *addr) {}
RT_EXPORT void __tsan_release (void *addr) {}
RT_EXPORT void __tsan_mutex_create (void *addr, unsigned flags) {}
RT_EXPORT void __tsan_mutex_destroy (void *addr, unsigned flags) {}
RT_EXPORT void __tsan_mutex_pre_lock (void *addr, unsigned flags) {}
RT_EXPORT void __tsan_mutex_post_lock (void *addr, unsigned flags, int recursion) {}
RT_EXPORT int __tsan_mutex_pre_unlock (void *addr, unsigned flags) { return 0; }
RT_EXPORT void __tsan_mutex_post_unlock (void *addr, unsigned flags) {}
RT_EXPORT void __tsan_mutex_pre_signal (void *addr, unsigned flags) {}
RT_EXPORT void __tsan_mutex_post_signal (void *addr, unsigned flags) {}
RT_EXPORT void __tsan_mutex_pre_divert (void *addr, unsigned flags) {}
RT_EXPORT void __tsan_mutex_post_divert (void *addr, unsigned flags) {}
