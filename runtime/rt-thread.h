/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-thread.h — thread creation shared by the pthread and C11 intercepts
 * (rt-thread.c, rt-c11.c).
 *
 * rt_thread_prepare fills the THREAD_CREATE event and the child's RtStart
 * block; the intercept then starts the real thread on a trampoline that
 * calls rt_thread_run with the block, which the child frees.
 *
 * The child's id is taken in rt_sync_before: when recording, under one
 * lock with the writing of the CREATE record (rt_thread_number_emit), so
 * that the numbers follow the records' order; under the explorer's
 * scheduler at the CREATE step itself (rt_sched_sync_before), so that
 * they follow the order of the creation steps, which the explorer
 * controls, and a recorded schedule replays with the same numbers: two
 * creations by different threads are dependent steps (they both write
 * the next thread number, augur_sched_dependent), and a number taken at
 * the call's entry would depend on when the threads reached the call,
 * which no step records.  rt_thread_numbered copies the id into the block
 * after rt_sync_before.
 */
#ifndef AUGUR_RT_THREAD_H
#define AUGUR_RT_THREAD_H

#include "runtime/rt-internal.h"

#include <pthread.h>

typedef struct {
  void *(*fn) (void *);      /* pthread routine, or NULL */
  int (*c11_fn) (void *);    /* C11 routine, or NULL */
  void *arg;
  uint32_t tid;              /* the child's id, taken by the parent */
  uint32_t parent;
  uint8_t flags;             /* AUGUR_FLAG_C11 for thrd_create */
  uint8_t probe;             /* rt_thread_measure_depth's: measure, run nothing */
  uint64_t stack_top;        /* under the scheduler: the top of a stack the program
                              * gave (pthread_attr_setstack), else 0 */
  uint8_t live;              /* counted in the trace header's live threads by its creator */
} RtStart;

/* NULL when the call is not recorded; then call the real function as is.
 * The block is allocated with __libc_malloc (owned by the child once the
 * real create succeeded, else free it with __libc_free); on fibers it is
 * @local, in the caller's frame, which rt_thread_fiber_create moves into
 * the fiber once the child has its id. */
RtStart *rt_thread_prepare (RtSync *op, RtStart *local, const void *routine, uint8_t flags,
                            uintptr_t ra);
/* A start block for a real thread, from the runtime's own memory (never
 * the malloc family, which the program may replace); NULL if none. */
RtStart *rt_thread_start_alloc (void);
void rt_thread_start_free (RtStart *start);
/* rt_sync_before's writing of a CREATE record not yet numbered: takes
 * the number and writes the record under one lock; returns its slot. */
uint64_t rt_thread_number_emit (RtSync *op);
/* After rt_sync_before: the child's id (taken at the CREATE step under
 * the scheduler) into the block; returns it. */
uint32_t rt_thread_numbered (const RtSync *op, RtStart *start);
/* The child's side: runs the routine between THREAD_START and THREAD_EXIT. */
void *rt_thread_run (RtStart *start);
/* The top of the calling thread's stack as pthread_getattr_np reports it
 * (0 if unknown): where its stack slots are counted from. */
uint64_t rt_thread_stack_top (void);

/* Fibers (rt_fibers): create (the CREATE event's before and after
 * included; *handle is the new pthread_t), and the end of the calling
 * fiber's thread with its result. */
int rt_thread_fiber_create (RtSync *op, RtStart *start, const pthread_attr_t *attr,
                            unsigned long *handle);
/* A new fiber @child starts with the name of its creator @parent, as a
 * Linux thread does (rt-thread-name.c). */
void rt_thread_name_inherit (uint32_t parent, uint32_t child);
void rt_thread_fiber_exit (void *ret, uint64_t by_exit_call, uint8_t flags, uintptr_t ra)
  __attribute__ ((noreturn));
/* Fibers name stack slots as real threads do (by their distance from the
 * top of the stack): a fiber reports as its top its rt_thread_run frame
 * plus the distance a real thread has between the two, measured once by
 * starting one real thread. */
uint64_t rt_thread_measure_depth (void);
/* After rt_thread_measure_depth: a real thread's stack top minus its
 * thread pointer (0 if unknown). */
uint64_t rt_thread_measured_top_from_tp (void);
void rt_thread_set_depth (uint64_t depth);
uint64_t rt_thread_fiber_top (uint64_t frame);
/* A thread-specific data key and its destructor (pthread_key_create,
 * tss_create), for the fibers' exits. */
void rt_thread_key_created (unsigned key, void (*dtor) (void *));
/* The calling thread's thread-specific data destructors, before its exit. */
void rt_thread_run_tsd_dtors (void);

#endif /* AUGUR_RT_THREAD_H */
