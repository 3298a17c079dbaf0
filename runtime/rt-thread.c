/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-thread.c — thread ids, the start-routine wrapper, and the pthread
 * thread intercepts (create, join, tryjoin, timedjoin, clockjoin, exit,
 * detach).
 *
 * Ids are small integers in creation order: main is 0, and a child's id is
 * taken in the *parent*, inside pthread_create, before the real call (as in
 * the inspect paper, section 4.1).  So the ids depend only on the order of
 * the create calls, never on which child the OS happens to start first, and
 * two runs that create threads in the same order name them the same way.
 *
 * A created thread runs rt_thread_run() first: it takes its id, sets up its
 * alternate signal stack and shadow call stack, records THREAD_START (after
 * the OS has started it: acquire-like), calls the user's routine, and
 * records THREAD_EXIT when the routine returns, calls pthread_exit, or is
 * cancelled.  Anything the thread does after THREAD_EXIT (TSD and TLS
 * destructors run by glibc after the routine) is not recorded, so the
 * joiner's JOIN is the next event about that thread; under the explorer's
 * scheduler the next step waits until that real exit is over (rt-sched.c,
 * wait_exited), so glibc's work in it (the arena handed on) is done at
 * the same point of every run.  A thread the runtime
 * did not create (a library's raw clone) is adopted at its first event.
 *
 * In the explorer's execution server (rt_fibers, rt-fiber.h) no OS thread
 * is made: create starts a fiber, join takes the fiber's result once the
 * scheduler has let the join through (the thread has exited), and
 * pthread_self, detach and the thread-specific data are the fiber's.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "runtime/rt-thread.h"
#include "runtime/rt-fiber.h"

__thread RtThreadTls rt_tls __attribute__ ((tls_model ("initial-exec"))) = {
  .self = { .tid = RT_TID_NONE },
};

static uint32_t next_tid = 1;  /* 0 is main */

uint32_t
rt_thread_new_tid (void)
{
  return __atomic_fetch_add (&next_tid, 1, __ATOMIC_RELAXED);
}

uint32_t
rt_thread_adopt (void)
{
  uint32_t tid = rt_thread_new_tid ();
  rt_self.tid = tid;
  int local;
  rt_thread_start_record (0, 0, RT_NO_PARENT, (uint64_t) (uintptr_t) &local, 0);
  return tid;
}

/* ------------------------------------------------------------------ */
/* pthread_t -> tid: open addressing under a spinlock; joins and detaches
 * are rare next to memory accesses. */

#define TABLE_SIZE 8192u
#define TOMBSTONE 1ul

typedef struct {
  unsigned long key;   /* pthread_t; 0 empty, TOMBSTONE deleted */
  uint32_t tid;
} TableEntry;

static TableEntry table[TABLE_SIZE];
static int table_lock;

/* The fibers' handles (rt_fiber_handle) are the pages of one range, which
 * the hash spreads over as many pages of the table as there are threads;
 * the execution server puts back each page an execution wrote
 * (rt-snapshot.c).  Their ids live here instead, side by side (tid + 1,
 * 0 for none), with no lock: fibers are threads of one OS thread. */
static uint32_t fiber_ids[RT_FIBER_MAX];

static void
table_take (void)
{
  rt_spin_take (&table_lock);
}

static void
table_give (void)
{
  rt_spin_give (&table_lock);
}

static unsigned
table_hash (unsigned long key)
{
  return (unsigned) ((key * 0x9e3779b97f4a7c15ul) >> 40) & (TABLE_SIZE - 1);
}

void
rt_thread_table_set (unsigned long key, uint32_t tid)
{
  uint32_t f = rt_fiber_of_handle (key);
  if (f != RT_TID_NONE)
    {
      fiber_ids[f] = tid + 1;
      return;
    }
  table_take ();
  unsigned h = table_hash (key);
  TableEntry *free_slot = NULL;
  for (unsigned k = 0; k < TABLE_SIZE; k++)
    {
      TableEntry *e = &table[(h + k) & (TABLE_SIZE - 1)];
      if (e->key == key)
        {
          e->tid = tid;
          table_give ();
          return;
        }
      if (e->key == TOMBSTONE && free_slot == NULL)
        free_slot = e;
      if (e->key == 0)
        {
          if (free_slot == NULL)
            free_slot = e;
          break;
        }
    }
  if (free_slot != NULL)
    {
      free_slot->key = key;
      free_slot->tid = tid;
    }
  table_give ();
}

static TableEntry *
table_find (unsigned long key)
{
  unsigned h = table_hash (key);
  for (unsigned k = 0; k < TABLE_SIZE; k++)
    {
      TableEntry *e = &table[(h + k) & (TABLE_SIZE - 1)];
      if (e->key == key)
        return e;
      if (e->key == 0)
        return NULL;
    }
  return NULL;
}

uint32_t
rt_thread_table_get (unsigned long key)
{
  uint32_t f = rt_fiber_of_handle (key);
  if (f != RT_TID_NONE)
    return fiber_ids[f] != 0 ? fiber_ids[f] - 1 : RT_TID_NONE;
  table_take ();
  TableEntry *e = table_find (key);
  uint32_t tid = e != NULL ? e->tid : RT_TID_NONE;
  table_give ();
  return tid;
}

void
rt_thread_table_del (unsigned long key)
{
  uint32_t f = rt_fiber_of_handle (key);
  if (f != RT_TID_NONE)
    {
      fiber_ids[f] = 0;
      return;
    }
  table_take ();
  TableEntry *e = table_find (key);
  if (e != NULL)
    e->key = TOMBSTONE;
  table_give ();
}

/* ------------------------------------------------------------------ */
/* Per-thread stacks */

#define ALTSTACK_SIZE ((size_t) 64 << 10)

void
rt_thread_setup_stacks (void)
{
  if (rt_self.altstack != NULL)
    return;
  _Static_assert (RT_SHADOW_SIZE * sizeof (uintptr_t) <= 4096, "shadow stack fits a page");
  size_t total = ALTSTACK_SIZE + 4096;
  void *p = rt_sys_mmap (NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return;
  /* [shadow stack page][alternate signal stack]: one mapping, no malloc;
   * the shadow page also keeps an overflowing signal frame off the
   * neighbouring mapping. */
  rt_self.shadow = p;
  stack_t ss = { .ss_sp = (char *) p + 4096, .ss_size = ALTSTACK_SIZE, .ss_flags = 0 };
  if (rt_libc_sigaltstack (&ss, NULL) == 0)
    {
      rt_self.altstack = p;
      rt_self.altstack_size = total;
    }
  else
    {
      rt_self.shadow = NULL;
      rt_sys_munmap (p, total);
    }
}

void
rt_thread_release_stacks (void)
{
  if (rt_self.altstack == NULL)
    return;
  stack_t ss = { .ss_flags = SS_DISABLE };
  rt_libc_sigaltstack (&ss, NULL);
  void *p = rt_self.altstack;
  size_t n = rt_self.altstack_size;
  rt_self.shadow = NULL;
  rt_self.altstack = NULL;
  rt_sys_munmap (p, n);
}

void
rt_thread_exit_record (uint64_t by_exit_call, uint8_t flags, uintptr_t ra)
{
  if (rt_self.exited)
    return;
  if (rt_sched_is_on () && rt_self.off_sync == 0)
    rt_sched_thread_exit (ra);
  if (rt_is_active () && rt_self.off_sync == 0)
    {
      if (!rt_sched_is_on ())
        rt_mutex_record_owner_died (flags, ra);
      rt_event (AUGUR_EV_THREAD_EXIT, flags, ra, 0, 0, by_exit_call);
    }
  rt_self.exited = 1;
  rt_sync_unblocked ();   /* cancelled in its wait */
  if (rt_self.live)
    {
      rt_self.live = 0;
      rt_trace_live (-1);
    }
  rt_trace_thread_done ();
  /* from now on nothing of this thread is recorded */
  rt_self.off_access += 0x10000;
  rt_self.off_sync += 0x10000;
}

/* ------------------------------------------------------------------ */
/* Creation */

/* The start blocks of real threads: never from the malloc family, which
 * the program may replace (rpmalloc, mimalloc and jemalloc also define
 * __libc_malloc and __libc_free): the replacement would run as the
 * parent's steps inside pthread_create, and its free in the child before
 * the child has its id (rt_tid would adopt it as a thread of its own).  A
 * static pool, then mmap when the pool is used up. */
#define START_POOL 256u
static RtStart start_pool[START_POOL];
static uint8_t start_used[START_POOL];

RtStart *
rt_thread_start_alloc (void)
{
  for (unsigned k = 0; k < START_POOL; k++)
    if (__atomic_load_n (&start_used[k], __ATOMIC_RELAXED) == 0
        && __atomic_exchange_n (&start_used[k], 1, __ATOMIC_ACQUIRE) == 0)
      return &start_pool[k];
  void *p = rt_sys_mmap (NULL, sizeof (RtStart), PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

void
rt_thread_start_free (RtStart *s)
{
  if (s >= start_pool && s < start_pool + START_POOL)
    __atomic_store_n (&start_used[s - start_pool], 0, __ATOMIC_RELEASE);
  else
    rt_sys_munmap (s, sizeof *s);
}

RtStart *
rt_thread_prepare (RtSync *op, RtStart *local, const void *routine, uint8_t flags, uintptr_t ra)
{
  if (!rt_sync_begin (op, AUGUR_EV_THREAD_CREATE, flags, NULL, ra))
    return NULL;
  /* a fiber's block goes with the fiber once it has its number: no heap
   * in the server */
  RtStart *s = rt_fibers ? local : rt_thread_start_alloc ();
  if (s == NULL)
    return NULL;
  memset (s, 0, sizeof *s);
  /* the number is taken with the CREATE record or at the CREATE step
   * (rt-thread.h, rt_thread_numbered) */
  s->tid = RT_TID_NONE;
  s->parent = op->rec.tid;
  s->flags = flags;
  AugurRecord where;
  rt_pc ((uintptr_t) routine + 1, &where);
  op->rec.addr = RT_TID_NONE;
  op->rec.arg = where.pc;
  return s;
}

/* At most this many frames are recorded per walk, and this many walks
 * per thread (a walk's records are 32 bytes a frame). */
#define RT_MAX_FRAMES 8u
#define RT_FRAME_WALKS 256u

void
rt_thread_emit_frames (uintptr_t fp)
{
  if (rt_sched_is_on () || !rt_is_active () || rt_self.off_sync != 0
      || rt_self.frame_walks >= RT_FRAME_WALKS)
    return;
  uint64_t top = rt_self.stack_top;
  uint32_t tid = rt_tid ();
  /* each frame holds the caller's frame pointer and the return address
   * into it; the walk stays inside this thread's stack, upwards, and ends
   * at the first frame outside the program's instrumented code (libc's
   * start, the runtime's thread wrapper) */
  uintptr_t fps[RT_MAX_FRAMES], ras[RT_MAX_FRAMES];
  uint32_t n = 0, key = 2166136261u;
  while (n < RT_MAX_FRAMES)
    {
      if (fp == 0 || (fp & 7u) != 0 || (uint64_t) fp + 16 > top)
        break;
      uintptr_t next = ((const uintptr_t *) fp)[0];
      uintptr_t ra = ((const uintptr_t *) fp)[1];
      if (next <= fp || (uint64_t) next + 16 > top || !rt_module_instrumented (ra))
        break;
      fps[n] = fp;
      ras[n++] = ra;
      key = (key ^ (uint32_t) (fp ^ (fp >> 32))) * 16777619u;
      key = (key ^ (uint32_t) (ra ^ (ra >> 32))) * 16777619u;
      fp = next;
    }
  if (n == 0)
    return;
  /* a lock taken in a loop walks the same frames every time: once is
   * enough (the names come from where frames are, not how often) */
  key |= 1u;
  uint32_t *k = &rt_self.frame_keys[key % RT_FRAME_KEYS];
  if (*k == key)
    return;
  *k = key;
  rt_self.frame_walks++;
  for (uint32_t depth = 0; depth < n; depth++)
    {
      AugurRecord f;
      rt_record_init (&f, AUGUR_EV_FRAME, 0, tid, ras[depth]);
      if (f.pc == 0)
        return;
      /* the caller's frame pointer, as the walk read it */
      uintptr_t next = depth + 1 < n ? fps[depth + 1] : fp;
      f.aux = depth;
      f.addr = (uint64_t) next + 16;
      f.arg = fps[depth];
      rt_emit (&f);
    }
}

static int number_lock;

uint64_t
rt_thread_number_emit (RtSync *op)
{
  rt_spin_take (&number_lock);
  op->rec.addr = rt_thread_new_tid ();
  uint64_t slot = rt_emit (&op->rec);
  rt_spin_give (&number_lock);
  return slot;
}

uint32_t
rt_thread_numbered (const RtSync *op, RtStart *start)
{
  start->tid = (uint32_t) op->rec.addr;
  start->live = op->live_added;
  return start->tid;
}

/* The outermost cleanup handler of every thread the runtime started: at
 * pthread_exit (and cancellation), after the program's own cleanup
 * handlers, which run as the thread's steps. */
static void
on_cancel (void *data)
{
  const RtStart *s = data;
  rt_self.unwinding = 0;
  rt_thread_run_tsd_dtors ();
  rt_thread_exit_record (1, s->flags, rt_self.exit_ra);
  rt_thread_release_stacks ();
}

void
rt_thread_start_record (uint8_t flags, uintptr_t ra, uint64_t parent, uint64_t stack_top,
                        uint64_t tls_reach)
{
  /* static TLS (errno and the program's __thread variables) lies just
   * below the thread pointer on x86-64 and just above it elsewhere */
  uint64_t tp = (uint64_t) (uintptr_t) __builtin_thread_pointer ();
  rt_self.stack_top = stack_top;
  if (rt_sched_is_on ())
    {
      /* no trace: the explorer names objects from these */
      rt_sched_object (AUGUR_EV_THREAD_START, rt_self.tid, 0, parent, stack_top);
      rt_sched_object (AUGUR_EV_THREAD_TLS, rt_self.tid, 0, tp, tls_reach);
      return;
    }
  rt_event (AUGUR_EV_THREAD_START, flags, ra, 0, parent, stack_top);
  rt_event (AUGUR_EV_THREAD_TLS, 0, 0, 0, tp, tls_reach);
}

uint64_t
rt_thread_stack_top (void)
{
  uint64_t top = 0;
  pthread_attr_t a;
  if (pthread_getattr_np (pthread_self (), &a) == 0)
    {
      void *addr;
      size_t size;
      if (pthread_attr_getstack (&a, &addr, &size) == 0)
        top = (uint64_t) (uintptr_t) addr + size;
      pthread_attr_destroy (&a);
    }
  return top;
}

/* ------------------------------------------------------------------ */
/* Fibers (the execution server) */

/* Destructors of thread-specific data keys (pthread_key_create,
 * tss_create), for the threads' exits. */
static void (*key_dtors[RT_FIBER_KEYS]) (void *);
static unsigned key_limit;   /* keys [0, key_limit) may have a destructor */

void
rt_thread_key_created (unsigned key, void (*dtor) (void *))
{
  if (key < RT_FIBER_KEYS)
    {
      key_dtors[key] = dtor;
      if (dtor != NULL && key + 1 > key_limit)
        key_limit = key + 1;
    }
}

static void *(*real_getspecific) (pthread_key_t);
static int (*real_setspecific) (pthread_key_t, const void *);

/* The calling thread's TSD destructors, run by the runtime before its
 * THREAD_EXIT (glibc would run them after it, where nothing is seen): the
 * accesses they make are the thread's last ones, recorded and, under the
 * explorer, steps like any other.  As glibc does, up to
 * PTHREAD_DESTRUCTOR_ITERATIONS rounds; a value set back to NULL here is
 * not seen again by glibc. */
void
rt_thread_run_tsd_dtors (void)
{
  if (key_limit == 0)
    return;
  if (rt_fibers)
    {
      rt_fiber_run_destructors (key_dtors);
      return;
    }
  if (real_getspecific == NULL)
    {
      real_getspecific = (void *(*) (pthread_key_t)) rt_real ("pthread_getspecific", NULL);
      real_setspecific = (int (*) (pthread_key_t, const void *)) rt_real ("pthread_setspecific", NULL);
    }
  for (int round = 0; round < 4; round++)
    {
      int any = 0;
      for (unsigned k = 0; k < key_limit; k++)
        {
          void (*d) (void *) = key_dtors[k];
          if (d == NULL)
            continue;
          void *v = real_getspecific (k);
          if (v == NULL)
            continue;
          real_setspecific (k, NULL);
          d (v);
          any = 1;
        }
      if (!any)
        break;
    }
}

/* The end of a fiber's thread: its result, its TSD destructors (steps of
 * the thread), THREAD_EXIT, and the scheduler hands the token on for
 * good. */
void
rt_thread_fiber_exit (void *ret, uint64_t by_exit_call, uint8_t flags, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  rt_fiber_set_result (me, ret);
  rt_thread_run_tsd_dtors ();
  rt_thread_exit_record (by_exit_call, flags, ra);
  /* the scheduler never returns to an exited fiber */
  __builtin_trap ();
}
#define fiber_exit rt_thread_fiber_exit

static void
fiber_start (void *data)
{
  rt_thread_run (data);
}

int
rt_thread_fiber_create (RtSync *op, RtStart *s, const pthread_attr_t *attr, unsigned long *out)
{
  void *addr = NULL;
  size_t size = 0;
  if (attr != NULL)
    {
      rt_guard_enter ();
      /* a stack of the program's own (pthread_attr_setstack), or only a
       * size: glibc then computes the stack's address as 0 - size */
      if (pthread_attr_getstack (attr, &addr, &size) != 0
          || (uintptr_t) addr + size == 0 || addr == NULL)
        {
          addr = NULL;
          if (pthread_attr_getstacksize (attr, &size) != 0)
            size = 0;
        }
      rt_guard_leave ();
    }
  if (addr != NULL)
    s->stack_top = (uint64_t) (uintptr_t) addr + size;
  rt_sync_before (op);
  uint32_t tid = rt_thread_numbered (op, s);
  /* the block moves into the fiber (the caller's copy is gone once the
   * create returns) */
  RtStart *b = rt_fiber_start_block (tid, sizeof *b);
  int r = EAGAIN;
  if (b != NULL)
    {
      *b = *s;
      r = rt_fiber_create (tid, fiber_start, b, addr, size) ? 0 : EAGAIN;
    }
  if (r == 0)
    {
      *out = rt_fiber_handle (tid);
      rt_thread_table_set (*out, tid);
      rt_thread_name_inherit (rt_self.tid, tid);
    }
  rt_sync_after (op, r);   /* the child runs to its first visible operation */
  return r;
}

/* The top of a real thread's stack minus its rt_thread_run frame, and
 * minus its thread pointer. */
static uint64_t thread_depth, thread_top_from_tp;

void *
rt_thread_run (RtStart *start)
{
  if (RT_UNLIKELY (start->probe))
    {
      uint64_t top = rt_thread_stack_top ();
      uint64_t frame = (uint64_t) (uintptr_t) __builtin_frame_address (0);
      uint64_t tp = (uint64_t) (uintptr_t) __builtin_thread_pointer ();
      thread_depth = top > frame ? top - frame : 0;
      thread_top_from_tp = top > tp ? top - tp : 0;
      return NULL;
    }
  RtStart s = *start;
  /* the id first: nothing of this thread may run without it */
  rt_self.tid = s.tid;
  rt_self.live = s.live;
  if (!rt_fibers)
    rt_thread_start_free (start);   /* a fiber's is its own (rt_thread_prepare) */
  rt_thread_table_set ((unsigned long) pthread_self (), s.tid);
  if (rt_sched_is_on ())
    rt_shadow_use_static (s.tid);

  /* under the explorer's scheduler nothing is recorded: no stacks to set up
   * (they cost an mmap and an arena per thread and execution), only the
   * stack top and thread pointer that name the thread's objects */
  if (rt_is_active ())
    {
      rt_guard_enter ();
      uint64_t top;
      if (rt_fibers)
        top = s.stack_top != 0 ? s.stack_top
                               : rt_thread_fiber_top ((uint64_t) (uintptr_t) __builtin_frame_address (0));
      else if (!rt_sched_is_on ())
        {
          rt_thread_setup_stacks ();
          top = rt_thread_stack_top ();
        }
      else
        top = s.stack_top != 0 ? s.stack_top : rt_sched_stack_top ();
      rt_guard_leave ();
      const void *routine = s.c11_fn != NULL ? (const void *) s.c11_fn : (const void *) s.fn;
      /* glibc puts a thread's static TLS right above its stack: what lies
       * above this frame is TLS (or glibc's), what the routine puts below
       * it is stack.  A fiber's stack is not next to any TLS. */
      uint64_t tp = (uint64_t) (uintptr_t) __builtin_thread_pointer ();
      uint64_t frame = (uint64_t) (uintptr_t) __builtin_frame_address (0);
      rt_thread_start_record (s.flags, (uintptr_t) routine + 1, s.parent, top,
                              frame < tp && !rt_fibers ? tp - frame : 0);
    }

  void *ret;
  if (rt_fibers)
    {
      if (s.c11_fn != NULL)
        ret = (void *) (intptr_t) s.c11_fn (s.arg);
      else
        ret = s.fn (s.arg);
      fiber_exit (ret, 0, s.flags, 0);
    }
  pthread_cleanup_push (on_cancel, &s);
  rt_self.exit_by_unwind = 1;
  if (s.c11_fn != NULL)
    ret = (void *) (intptr_t) s.c11_fn (s.arg);
  else
    ret = s.fn (s.arg);
  pthread_cleanup_pop (0);
  rt_thread_run_tsd_dtors ();
  rt_thread_exit_record (0, s.flags, 0);
  rt_thread_release_stacks ();
  return ret;
}

static void *
pthread_start (void *data)
{
  return rt_thread_run (data);
}

RT_DEFINE_REAL (pthread_create, NULL)
RT_DEFINE_REAL (pthread_join, NULL)

uint64_t
rt_thread_measure_depth (void)
{
  RtStart probe;
  memset (&probe, 0, sizeof probe);
  probe.probe = 1;
  pthread_t t;
  if (get_real_pthread_create () (&t, NULL, pthread_start, &probe) == 0)
    get_real_pthread_join () (t, NULL);
  return thread_depth;
}

uint64_t
rt_thread_measured_top_from_tp (void)
{
  return thread_top_from_tp;
}

void
rt_thread_set_depth (uint64_t depth)
{
  thread_depth = depth;
}

uint64_t
rt_thread_fiber_top (uint64_t frame)
{
  return thread_depth != 0 ? frame + thread_depth : rt_fiber_stack_top (rt_self.tid);
}

RT_DEFINE_REAL (pthread_tryjoin_np, NULL)
RT_DEFINE_REAL (pthread_timedjoin_np, NULL)
RT_DEFINE_REAL (pthread_clockjoin_np, NULL)
RT_DEFINE_REAL (pthread_exit, NULL)
RT_DEFINE_REAL (pthread_detach, NULL)

RT_EXPORT int
pthread_create (pthread_t *thread, const pthread_attr_t *attr,
                void *(*routine) (void *), void *arg)
{
  RtSync op;
  RtStart local;
  RtStart *s = rt_thread_prepare (&op, &local, (const void *) routine, 0, RT_RA ());
  if (s == NULL)
    return get_real_pthread_create () (thread, attr, routine, arg);
  s->fn = routine;
  s->arg = arg;
  if (rt_fibers)
    {
      unsigned long h = 0;
      int r = rt_thread_fiber_create (&op, s, attr, &h);
      if (r == 0)
        *thread = (pthread_t) h;
      return r;
    }
  if (attr != NULL && rt_sched_is_on ())
    {
      /* a stack of the program's own: its top is where the attribute
       * says (glibc's computation for an unset stack gives 0) */
      void *addr;
      size_t size;
      if (pthread_attr_getstack (attr, &addr, &size) == 0)
        s->stack_top = (uint64_t) (uintptr_t) addr + size;
    }
  rt_sync_before (&op);
  rt_thread_numbered (&op, s);
  rt_guard_enter ();   /* glibc's own allocations (TLS, dtv) are not the program's */
  int r = get_real_pthread_create () (thread, attr, pthread_start, s);
  rt_guard_leave ();
  if (r == 0)
    rt_thread_table_set ((unsigned long) *thread, (uint32_t) op.rec.addr); /* s belongs to the child now */
  else
    rt_thread_start_free (s);
  rt_sync_after (&op, r);
  rt_thread_emit_frames ((uintptr_t) __builtin_frame_address (0));
  return r;
}

/* One shape for the four joins: JOIN after the real call, addr = the
 * joined thread's id, arg = the result code.  Under the scheduler a try
 * or timed join (@how, AUGUR_TRY_*, until @abstime on @clock) fails if
 * the thread has not ended (rt-sched-join.c), else joins it as a join. */
#define JOIN_BODY(untimed_, how, clock, abstime, call)                      \
  RtSync op;                                                                \
  if (!rt_sync_begin (&op, AUGUR_EV_THREAD_JOIN, 0, NULL, RT_RA ()))        \
    return call;                                                            \
  op.rec.addr = rt_thread_table_get ((unsigned long) thread);               \
  op.rec.aux = rt_sched_is_on () ? (how) : AUGUR_TRY_BLOCKING;              \
  op.untimed = untimed_;                                                    \
  rt_sync_before (&op);                                                     \
  if (rt_sched_is_on () && op.rec.addr == RT_TID_NONE)                      \
    return ESRCH;   /* joined already: never hand libc a reaped thread */   \
  if (rt_sched_is_on () && op.rec.addr == rt_self.tid)                      \
    {                                                                       \
      /* itself: glibc's answer, and the thread stays joinable */           \
      rt_sync_after (&op, EDEADLK);                                         \
      return EDEADLK;                                                       \
    }                                                                       \
  if (rt_sched_is_on ()                                                     \
      && rt_thread_table_get ((unsigned long) thread) == RT_TID_NONE)       \
    {                                                                       \
      /* another joiner took it while this one waited */                    \
      rt_sched_double_join ();                                              \
      return ESRCH;                                                         \
    }                                                                       \
  int r = rt_sched_is_on ()                                                 \
            ? rt_sched_join_busy (op.rec.addr, (how), clock, abstime, RT_RA ()) \
            : 0;                                                            \
  if (r != 0)                                                               \
    ;   /* EBUSY, ETIMEDOUT: the thread stays joinable */                   \
  else if (rt_fibers)                                                       \
    {                                                                       \
      /* the scheduler let the join through: the fiber has exited */        \
      r = 0;                                                                \
      if (ret != NULL)                                                      \
        *ret = rt_fiber_result ((uint32_t) op.rec.addr);                    \
    }                                                                       \
  else                                                                      \
    {                                                                       \
      rt_guard_enter ();                                                    \
      /* a try's thread has ended in the model: its OS thread may still */ \
      /* be on its way out, which only a join waits for */                  \
      r = (how) != AUGUR_TRY_BLOCKING && rt_sched_is_on ()                  \
            ? get_real_pthread_join () (thread, ret) : call;                \
      rt_guard_leave ();                                                    \
    }                                                                       \
  if (r == 0)                                                               \
    rt_thread_table_del ((unsigned long) thread);                           \
  rt_sync_after (&op, r);                                                   \
  return r;

RT_EXPORT int
pthread_join (pthread_t thread, void **ret)
{
  JOIN_BODY (true, AUGUR_TRY_BLOCKING, CLOCK_REALTIME, NULL, get_real_pthread_join () (thread, ret))
}

RT_EXPORT int
pthread_tryjoin_np (pthread_t thread, void **ret)
{
  JOIN_BODY (false, AUGUR_TRY_TRY, CLOCK_REALTIME, NULL,
             get_real_pthread_tryjoin_np () (thread, ret))
}

RT_EXPORT int
pthread_timedjoin_np (pthread_t thread, void **ret, const struct timespec *abstime)
{
  JOIN_BODY (false, abstime != NULL ? AUGUR_TRY_TIMED : AUGUR_TRY_BLOCKING, CLOCK_REALTIME,
             abstime, get_real_pthread_timedjoin_np () (thread, ret, abstime))
}

RT_EXPORT int
pthread_clockjoin_np (pthread_t thread, void **ret, clockid_t clock, const struct timespec *abstime)
{
  JOIN_BODY (false, abstime != NULL ? AUGUR_TRY_TIMED : AUGUR_TRY_BLOCKING, clock, abstime,
             get_real_pthread_clockjoin_np () (thread, ret, clock, abstime))
}

RT_EXPORT void
pthread_exit (void *value)
{
  if (rt_fibers)
    fiber_exit (value, 1, 0, RT_RA ());
  /* a thread the runtime started ends in its cleanup handler (on_cancel),
   * after the program's cleanup handlers */
  if (!rt_self.exit_by_unwind)
    {
      rt_thread_run_tsd_dtors ();
      rt_thread_exit_record (1, 0, RT_RA ());
      rt_thread_release_stacks ();
    }
  else
    {
      rt_self.exit_ra = RT_RA ();
      rt_self.unwinding = 1;
    }
  get_real_pthread_exit () (value);
  __builtin_unreachable ();
}

RT_EXPORT int
pthread_detach (pthread_t thread)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_THREAD_DETACH, 0, NULL, RT_RA ()))
    return get_real_pthread_detach () (thread);
  op.rec.addr = rt_thread_table_get ((unsigned long) thread);
  rt_sync_before (&op);
  int r = rt_fibers ? 0 : get_real_pthread_detach () (thread);
  rt_sync_after (&op, r);
  return r;
}

RT_DEFINE_REAL (pthread_self, NULL)
RT_DEFINE_REAL (pthread_key_create, NULL)
RT_DEFINE_REAL (pthread_key_delete, NULL)
RT_DEFINE_REAL (pthread_getspecific, NULL)
RT_DEFINE_REAL (pthread_setspecific, NULL)
RT_DEFINE_REAL (pthread_cancel, NULL)
RT_DEFINE_REAL (pthread_kill, NULL)

RT_EXPORT pthread_t
pthread_self (void)
{
  if (rt_fibers)
    return (pthread_t) rt_fiber_handle (rt_self.tid);
  return get_real_pthread_self () ();
}

RT_EXPORT int
pthread_key_create (pthread_key_t *key, void (*dtor) (void *))
{
  int r = get_real_pthread_key_create () (key, dtor);
  if (r == 0)
    rt_thread_key_created (*key, dtor);
  return r;
}

RT_EXPORT int
pthread_key_delete (pthread_key_t key)
{
  int r = get_real_pthread_key_delete () (key);
  if (r == 0)
    rt_thread_key_created (key, NULL);
  return r;
}

RT_EXPORT void *
pthread_getspecific (pthread_key_t key)
{
  if (rt_fibers)
    return rt_fiber_getspecific (key);
  return get_real_pthread_getspecific () (key);
}

RT_EXPORT int
pthread_setspecific (pthread_key_t key, const void *value)
{
  if (rt_fibers)
    return rt_fiber_setspecific (key, value);
  /* without glibc's access attribute, which warns about `value` */
  typedef int (*SetSpecific) (pthread_key_t, const void *);
  return ((SetSpecific) get_real_pthread_setspecific ()) (key, value);
}

/* Cancellation and signals aimed at one thread need a real thread: the
 * execution is run again with real threads (rt_sched_need_threads). */
RT_EXPORT int
pthread_cancel (pthread_t thread)
{
  if (rt_fibers)
    rt_sched_need_threads (AUGUR_FORKED_CANCEL);
  return get_real_pthread_cancel () (thread);
}

RT_EXPORT int
pthread_kill (pthread_t thread, int sig)
{
  if (rt_sched_is_on ())
    {
      /* a signal with a handler (or ignored) is the scheduler's: its
       * handler runs as its target's next step (rt_sched_kill) */
      uint32_t target = rt_thread_table_get ((unsigned long) thread);
      if (target != RT_TID_NONE && rt_sched_kill (target, sig, RT_RA ()))
        return 0;
    }
  if (rt_fibers)
    rt_sched_need_threads (AUGUR_FORKED_SIGNAL);
  return get_real_pthread_kill () (thread, sig);
}

RT_DEFINE_REAL (pthread_sigmask, NULL)
RT_DEFINE_REAL (sigprocmask, NULL)

/* A thread's signal mask, under the scheduler, is the scheduler's
 * (rt_sched_sigmask), after the real call @r: the kernel's is still set,
 * for real signals. */
static int
sched_mask (int r, int how, const sigset_t *set, sigset_t *old, uintptr_t ra)
{
  if (r == 0 && rt_sched_is_on ())
    rt_sched_sigmask (how, set, old, ra);
  return r;
}

/* @set as it was before the real call, which may have written it (one
 * set for both arguments) */
#define RT_MASK_CALL(real_call)                                             \
  sigset_t was;                                                             \
  if (set != NULL)                                                          \
    was = *set;                                                             \
  int r = real_call;                                                        \
  return sched_mask (r, how, set != NULL ? &was : NULL, old, RT_RA ());

RT_EXPORT int
pthread_sigmask (int how, const sigset_t *set, sigset_t *old)
{
  RT_MASK_CALL (get_real_pthread_sigmask () (how, set, old))
}

RT_EXPORT int
sigprocmask (int how, const sigset_t *set, sigset_t *old)
{
  RT_MASK_CALL (get_real_sigprocmask () (how, set, old))
}

/* Signals sent to the program itself, and the calls that wait for one:
 * under the scheduler they are its steps (rt-sched-signal.c); a real
 * sigwait would block the whole execution, as nobody else runs while it
 * waits. */
RT_DEFINE_REAL (raise, NULL)
RT_DEFINE_REAL (kill, NULL)
RT_DEFINE_REAL (sigwait, NULL)
RT_DEFINE_REAL (sigwaitinfo, NULL)
RT_DEFINE_REAL (sigtimedwait, NULL)
RT_DEFINE_REAL (sigsuspend, NULL)
RT_DEFINE_REAL (pause, NULL)

/* Is the calling thread one the scheduler runs? */
static bool
scheduled (void)
{
  return rt_sched_is_on () && rt_self.tid != RT_TID_NONE && rt_self.off_access == 0;
}

RT_EXPORT int
raise (int sig)
{
  if (scheduled () && rt_sched_kill (rt_self.tid, sig, RT_RA ()))
    return 0;
  return get_real_raise () (sig);
}

RT_EXPORT int
kill (pid_t pid, int sig)
{
  if (scheduled () && (pid == 0 || pid == getpid ()) && rt_sched_kill_process (sig, RT_RA ()))
    return 0;
  return get_real_kill () (pid, sig);
}

/* A signal of @set the kernel holds for the thread or the process (sent
 * from outside the program): taken at once, without waiting. */
static int
kernel_pending (const sigset_t *set, siginfo_t *info)
{
  static const struct timespec now;
  int saved = errno;
  int sig = get_real_sigtimedwait () (set, info, &now);
  errno = saved;
  return sig;
}

/* sigwaitinfo and sigtimedwait (@timed) under the scheduler, at @ra. */
static int
sched_sigwait (const sigset_t *set, siginfo_t *info, int timed, uintptr_t ra)
{
  int sig = kernel_pending (set, info);
  if (sig > 0)
    return sig;
  sig = rt_sched_sigwait (set, timed, 1, ra);
  if (sig > 0 && info != NULL)
    {
      memset (info, 0, sizeof *info);
      info->si_signo = sig;
      info->si_code = SI_TKILL;
      info->si_pid = getpid ();
    }
  return sig;
}

RT_EXPORT int
sigwait (const sigset_t *set, int *sig)
{
  if (!scheduled ())
    return get_real_sigwait () (set, sig);
  int s = kernel_pending (set, NULL);
  if (s <= 0)
    s = rt_sched_sigwait (set, 0, 0, RT_RA ());   /* a handler does not end it */
  if (s <= 0)
    return errno;
  *sig = s;
  return 0;
}

RT_EXPORT int
sigwaitinfo (const sigset_t *set, siginfo_t *info)
{
  if (!scheduled ())
    return get_real_sigwaitinfo () (set, info);
  return sched_sigwait (set, info, 0, RT_RA ());
}

RT_EXPORT int
sigtimedwait (const sigset_t *set, siginfo_t *info, const struct timespec *timeout)
{
  if (!scheduled ())
    return get_real_sigtimedwait () (set, info, timeout);
  return sched_sigwait (set, info, timeout != NULL, RT_RA ());
}

RT_EXPORT int
sigsuspend (const sigset_t *mask)
{
  if (!scheduled ())
    return get_real_sigsuspend () (mask);
  return rt_sched_sigsuspend (mask, RT_RA ());
}

RT_EXPORT int
pause (void)
{
  if (!scheduled ())
    return get_real_pause () ();
  return rt_sched_sigsuspend (NULL, RT_RA ());
}

RT_DEFINE_REAL (__pthread_register_cancel, NULL)

RT_EXPORT void
__pthread_register_cancel (__pthread_unwind_buf_t *buf)
{
  /* pthread_cleanup_push: its handlers are kept in the OS thread's
   * descriptor, which the fibers share */
  if (rt_fibers)
    rt_sched_need_threads (AUGUR_FORKED_CLEANUP);
  get_real___pthread_register_cancel () (buf);
}
