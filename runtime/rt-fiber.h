/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-fiber.h — the program's threads as fibers of one OS thread, for the
 * explorer's execution server (rt-sched.c).
 *
 * Under the explorer only one thread runs at a time and the scheduler
 * decides every hand-over, so the threads need not be the kernel's: each
 * one is a stack and a saved stack pointer, and a hand-over is a switch of
 * a few registers instead of a futex round trip between two OS threads.
 * With no OS thread to create and nothing in the kernel to clean up, one
 * process can run execution after execution (rt-snapshot.c puts its memory
 * back in between), instead of paying a fork for each.
 *
 * What a fiber does not share with the others: its stack, the runtime's
 * thread-local block (rt_tls), errno, pthread_self() and its thread-specific
 * data (pthread_getspecific).  Everything else of the OS thread is shared,
 * which is why a program with __thread variables of its own is run with
 * real threads (rt_fiber_possible).
 *
 * x86-64 only; elsewhere rt_fiber_possible() says no.
 */
#ifndef AUGUR_RT_FIBER_H
#define AUGUR_RT_FIBER_H

#include "runtime/rt-internal.h"
#include "common/augur-sched-format.h"

#include <pthread.h>

#define RT_FIBER_MAX AUGUR_SCHED_MAX_THREADS
#define RT_FIBER_SERVER RT_FIBER_MAX   /* the server's own context */
#define RT_FIBER_KEYS 1024u     /* PTHREAD_KEYS_MAX */

/* Nonzero while an execution runs on fibers. */
extern int rt_fibers;
/* The static TLS every fiber shares when it is only libc's and the
 * runtime's: rt_tls_private (rt-internal.h). */

/* Can this process run its threads as fibers?  0 if so, else why not
 * (AUGUR_FORKED_*: AUGUR_FIBERS=0, destructors, exit handlers, an
 * architecture without the switch). */
int rt_fiber_why_not (void);
/* Once, in the execution server, before the snapshot: the fiber table.
 * Its address range is what the snapshot must leave alone.  0, or why it
 * cannot be (AUGUR_FORKED_*: the above, a library other than libc and the
 * runtime with thread-local variables, no memory). */
int rt_fiber_setup (void **lo, size_t *size);

/* Runs fn(arg) as fiber 0 (the program's main thread) and returns when an
 * execution ends (rt_fiber_to_server). */
void rt_fiber_run_main (void (*fn) (void *), void *arg);
/* Ends the execution: back to the server, from any fiber. */
void rt_fiber_to_server (void) __attribute__ ((noreturn));

/* A new fiber `tid` that runs fn(arg) when first switched to, on the
 * program's stack [stack, stack + size) if given, else on one of ours of
 * at least `size` bytes (0: the default). */
bool rt_fiber_create (uint32_t tid, void (*fn) (void *), void *arg, void *stack, size_t size);
/* Suspends `from` and resumes `to`. */
void rt_fiber_switch (uint32_t from, uint32_t to);
/* `from` has ended: resumes `to` and never comes back. */
void rt_fiber_finish (uint32_t from, uint32_t to) __attribute__ ((noreturn));

uint64_t rt_fiber_stack_top (uint32_t tid);
/* @addr on the stack of another fiber than @me, its owner: the stack
 * pointer of the owner's program function that made the call into the
 * runtime whose return address ra_of (owner) gives (0: none known), found
 * from its innermost instrumented frame's entry downwards (rt-fiber.c):
 * below it, a frame that has returned.  0 where it cannot tell, or @addr
 * is on no other fiber's stack. */
uint64_t rt_fiber_program_sp (uint32_t me, uint64_t addr, uintptr_t ra_of (uint32_t owner));
/* Thread @tid (not main) runs on a stack the runtime mapped for it (not
 * one the program gave with pthread_attr_setstack): its range. */
bool rt_fiber_own_stack (uint32_t tid, uint64_t *lo, uint64_t *size);
/* Room for the start block of fiber tid (at most 128 bytes), or NULL. */
void *rt_fiber_start_block (uint32_t tid, size_t size);
/* pthread_self() of fiber tid: distinct per tid, the same in every
 * execution; for main the real one. */
unsigned long rt_fiber_handle (uint32_t tid);
/* The fiber whose handle this is, or RT_TID_NONE. */
uint32_t rt_fiber_of_handle (unsigned long handle);
void rt_fiber_set_result (uint32_t tid, void *ret);
void *rt_fiber_result (uint32_t tid);

/* Thread-specific data of the running fiber. */
void *rt_fiber_getspecific (unsigned key);
/* `value` is stored, never read through (as glibc's access attribute on
 * pthread_setspecific says; without it gcc warns at the call there). */
int rt_fiber_setspecific (unsigned key, const void *value) __attribute__ ((access (none, 2)));
/* Runs the running fiber's TSD destructors (as glibc does at thread exit). */
void rt_fiber_run_destructors (void (*const *dtors) (void *));

/* The program's exit handlers (rt-atexit.c).  Nonzero if one was handed
 * to libc before the server started (then the executions run forked). */
int rt_exit_handlers_before_server (void);
/* The execution registered handlers that have not run. */
bool rt_exit_handlers_pending (void);
/* On fibers, at exit() or main's return: runs the execution's handlers,
 * last registered first, as steps of the calling thread. */
void rt_exit_handlers_run (int status);
/* At exit() or main's return, after the exit handlers: the destructors
 * of the modules built with augur-cc, as steps of the calling thread,
 * once (rt-fini.c). */
void rt_fini_run (void);
/* A module built with augur-cc has destructor functions of its own. */
bool rt_fini_present (void);

/* The execution server's heap (rt-malloc.c): reserved once, before the
 * snapshot, and left out of it. */
bool rt_arena_setup (void **lo, size_t *size);
bool rt_arena_contains (const void *p);

#endif /* AUGUR_RT_FIBER_H */
