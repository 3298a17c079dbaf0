/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-fiber.c — fibers for the execution server; see rt-fiber.h.
 *
 * The switch saves the callee-saved registers, the SSE and x87 control
 * words and the stack pointer on the running stack, and loads the other
 * fiber's.  A new fiber's stack is laid out as if it had been switched
 * away from at the entry of a trampoline that calls fn(arg).
 *
 * The fiber table is one anonymous mapping made once per server, before
 * the snapshot, and left out of it: stacks and table survive from one
 * execution to the next, so a thread's stack has the same address in every
 * execution (stable names for stack objects) and its pages are already
 * faulted in.
 */
#include "config.h"

#include "runtime/rt-fiber.h"
#include "runtime/rt-sched.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int rt_fibers;
/* The fibers have thread pointers of their own (below). */
static int own_tls;

#if defined(__x86_64__)

/* rt_ctx_swap (&save_sp, new_sp) */
__asm__ (".text\n"
         ".globl rt_ctx_swap\n"
         ".hidden rt_ctx_swap\n"
         ".type rt_ctx_swap,@function\n"
         ".p2align 4\n"
         "rt_ctx_swap:\n"
         "  pushq %rbp\n"
         "  pushq %rbx\n"
         "  pushq %r12\n"
         "  pushq %r13\n"
         "  pushq %r14\n"
         "  pushq %r15\n"
         "  subq $8, %rsp\n"
         "  stmxcsr (%rsp)\n"
         "  fnstcw 4(%rsp)\n"
         "  movq %rsp, (%rdi)\n"
         "  movq %rsi, %rsp\n"
         "  ldmxcsr (%rsp)\n"
         "  fldcw 4(%rsp)\n"
         "  addq $8, %rsp\n"
         "  popq %r15\n"
         "  popq %r14\n"
         "  popq %r13\n"
         "  popq %r12\n"
         "  popq %rbx\n"
         "  popq %rbp\n"
         "  ret\n"
         ".size rt_ctx_swap, .-rt_ctx_swap\n"
         ".globl rt_ctx_start\n"
         ".hidden rt_ctx_start\n"
         ".type rt_ctx_start,@function\n"
         "rt_ctx_start:\n"
         "  movq %r12, %rdi\n"
         "  callq *%r13\n"
         "  ud2\n"
         ".size rt_ctx_start, .-rt_ctx_start\n");

void rt_ctx_swap (void **save, void *to);
void rt_ctx_start (void);
#define HAVE_SWITCH 1

/* The initial frame of a new fiber: what rt_ctx_swap pops. */
static void *
initial_frame (char *top, void (*fn) (void *), void *arg)
{
  uint64_t *sp = (uint64_t *) (((uintptr_t) top & ~(uintptr_t) 15) - 80);
  uint32_t csr[2];
  __asm__ volatile ("stmxcsr %0\n\tfnstcw %1" : "=m" (csr[0]), "=m" (csr[1]));
  memcpy (&sp[0], csr, 8);
  sp[1] = 0;                          /* r15 */
  sp[2] = 0;                          /* r14 */
  sp[3] = (uint64_t) (uintptr_t) fn;  /* r13 */
  sp[4] = (uint64_t) (uintptr_t) arg; /* r12 */
  sp[5] = 0;                          /* rbx */
  sp[6] = 0;                          /* rbp */
  sp[7] = (uint64_t) (uintptr_t) rt_ctx_start;
  return sp;
}
#else
#define HAVE_SWITCH 0
#endif

typedef struct {
  void *sp;                 /* saved stack pointer while suspended */
  char *stack;              /* our mapping for this tid, reused */
  size_t stack_size;
  uint64_t top;             /* top of the stack it runs on in this execution */
  uint64_t lo;              /* ... and its bottom */
  uintptr_t frame_sp[RT_SHADOW_SIZE];   /* its RtThread's frame_sp */
  void *ret;
  int saved_errno;
  uint32_t tsd_used;        /* tsd[0..tsd_used) may be non-NULL */
  uint64_t start_block[16]; /* the thread's RtStart (rt-thread.c) */
  char *tp;                 /* own_tls: its thread pointer, in tls_map */
  char *tls_map;            /* own_tls: its static TLS, TCB and DTV, reused */
  RtThread tls;
  void *tsd[RT_FIBER_KEYS];
} RtFiber;

/* Fibers 0..RT_FIBER_MAX-1, then the server; then one zeroed page per
 * fiber, the target of its pthread_t (glibc's functions that are handed a
 * foreign thread read a descriptor there: zeros are harmless). */
static RtFiber *fib;
/* the span of every fiber's stack, and the fibers created: a quick "no" for
 * rt_fiber_program_sp */
static uint64_t stacks_lo = UINT64_MAX, stacks_hi;
static uint32_t n_fibers;
static char *handles;
static size_t default_stack;

/* A thread_local object with a destructor was made (below). */
static int tls_dtors;

int
rt_fiber_why_not (void)
{
#if !HAVE_SWITCH
  return AUGUR_FORKED_SETUP;
#else
  const char *env = rt_libc_getenv ("AUGUR_FIBERS");
  if (env != NULL && strcmp (env, "0") == 0)
    return AUGUR_FORKED_ASKED;
  return rt_exit_handlers_before_server () ? AUGUR_FORKED_EXIT_HANDLERS
         : tls_dtors ? AUGUR_FORKED_TLS_DTORS : 0;
#endif
}

/* A stream's lock (flockfile) is glibc's recursive lock, whose owner is
 * the thread control block: with a thread pointer of each fiber's own, a
 * second fiber's printf would wait on the futex for a fiber that cannot
 * run.  augur does not model the stream locks (a known gap: their
 * exclusion is not seen), so on fibers they are taken by nobody, as when
 * all fibers shared one control block. */
RT_DEFINE_REAL (flockfile, NULL)
RT_DEFINE_REAL (ftrylockfile, NULL)
RT_DEFINE_REAL (funlockfile, NULL)

RT_EXPORT void
flockfile (FILE *f)
{
  if (!(rt_fibers && own_tls))
    get_real_flockfile () (f);
}

RT_EXPORT int
ftrylockfile (FILE *f)
{
  return rt_fibers && own_tls ? 0 : get_real_ftrylockfile () (f);
}

RT_EXPORT void
funlockfile (FILE *f)
{
  if (!(rt_fibers && own_tls))
    get_real_funlockfile () (f);
}

/* A thread_local object's destructor (C++, through libstdc++): glibc runs
 * it when the thread ends, which a fiber does without glibc. */
int __cxa_thread_atexit_impl (void (*fn) (void *), void *obj, void *dso);
RT_DEFINE_REAL (__cxa_thread_atexit_impl, NULL)

RT_EXPORT int
__cxa_thread_atexit_impl (void (*fn) (void *), void *obj, void *dso)
{
  if (rt_fibers && rt_self.off_sync == 0)
    rt_sched_need_threads (AUGUR_FORKED_TLS_DTORS);
  tls_dtors = 1;
  return get_real___cxa_thread_atexit_impl () (fn, obj, dso);
}

uint64_t rt_tls_span;   /* rt-internal.h, set by rt_tls_scan */

/* A module of the process's initial ones with thread-local variables:
 * where its block lies below the thread pointer, and what a new thread's
 * block starts as. */
typedef struct {
  uint64_t below;          /* thread pointer minus the block */
  const void *image;       /* .tdata */
  uint64_t filesz, memsz;
  uint64_t modid;          /* its slot in the DTV */
  int fresh;               /* not libc's nor the runtime's: a new thread's copy is the image */
} TlsModule;

#define RT_TLS_MODULES 32

typedef struct {
  int foreign;
  int unplaced;            /* a block not allocated in this thread */
  uint64_t bytes;          /* the modules' TLS blocks, each aligned */
  uint64_t tp;
  unsigned n;
  TlsModule mods[RT_TLS_MODULES];
} TlsScan;

static int
tls_module (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  TlsScan *scan = data;
  for (int k = 0; k < info->dlpi_phnum; k++)
    if (info->dlpi_phdr[k].p_type == PT_TLS && info->dlpi_phdr[k].p_memsz > 0)
      {
        const char *name = info->dlpi_name != NULL ? info->dlpi_name : "";
        const char *base = strrchr (name, '/');
        base = base != NULL ? base + 1 : name;
        int ours = strncmp (base, "libc.so", 7) == 0 || strncmp (base, "libaugur-rt", 11) == 0;
        if (!ours)
          scan->foreign = 1;
        uint64_t align = info->dlpi_phdr[k].p_align > 0 ? info->dlpi_phdr[k].p_align : 1;
        scan->bytes += (info->dlpi_phdr[k].p_memsz + align - 1) / align * align + align;
        uint64_t at = (uint64_t) (uintptr_t) info->dlpi_tls_data;
        if (at == 0 || at >= scan->tp || scan->n >= RT_TLS_MODULES)
          {
            scan->unplaced = 1;
            continue;
          }
        TlsModule *m = &scan->mods[scan->n++];
        m->below = scan->tp - at;
        m->image = (const void *) (info->dlpi_addr + info->dlpi_phdr[k].p_vaddr);
        m->filesz = info->dlpi_phdr[k].p_filesz;
        m->memsz = info->dlpi_phdr[k].p_memsz;
        m->modid = info->dlpi_tls_modid;
        m->fresh = !ours;
      }
  return 0;
}

void
rt_tls_scan (void)
{
#if defined(__x86_64__)
  /* glibc lays the initial modules' blocks out below the thread pointer,
   * each aligned: their sizes with an alignment each cover them.  Only
   * libc's and the runtime's: then every fiber shares them (their errno
   * saved and restored at each switch); a program's own makes each
   * fiber's TLS its own, at its own address, and accesses there are
   * events and steps as any */
  static TlsScan scan;
  memset (&scan, 0, sizeof scan);
  scan.tp = (uint64_t) (uintptr_t) __builtin_thread_pointer ();
  dl_iterate_phdr (tls_module, &scan);
  rt_tls_span = scan.foreign ? 0 : scan.bytes;
#endif
}

/* ---- A thread pointer of each fiber's own ----
 *
 * A program or library with __thread variables of its own (every C++
 * program: libstdc++ has some) needs each thread's copy at an address of
 * its own: a thread may hand the address of its variable to another, as
 * liburcu's readers do.  So each fiber gets a copy of the server thread's
 * static TLS, thread control block and DTV (glibc's layout on x86-64: the
 * blocks below the thread pointer, struct pthread at it, whose first words
 * point to itself and to the DTV), with the program's blocks as a new
 * thread's (their images) and libc's and the runtime's as the server's,
 * and the switch moves the thread pointer (wrfsbase, else arch_prctl).
 * glibc's own data per thread (its ctype tables, malloc's cache) is then
 * the server thread's, which a new thread would set up the same way. */

static int fsgsbase;              /* wrfsbase works (AT_HWCAP2) */
static char *server_tp;
static uint64_t tls_below;        /* static TLS below the thread pointer */
static uint64_t tcb_size;         /* struct pthread */
static uint64_t tls_align;
static uint64_t dtv_entries;      /* the server's DTV, its two header slots included */
static size_t tls_map_size;
static TlsModule tls_mods[RT_TLS_MODULES];
static unsigned n_tls_mods;

typedef struct {
  void *val;
  void *to_free;
} DtvSlot;

static int
own_tls_setup (const TlsScan *scan)
{
#if defined(__x86_64__)
  if (scan->unplaced)
    return 0;
  void (*static_info) (size_t *, size_t *) =
    (void (*) (size_t *, size_t *)) dlsym (RTLD_DEFAULT, "_dl_get_tls_static_info");
  const uint32_t *sizeof_pthread = dlsym (RTLD_DEFAULT, "_thread_db_sizeof_pthread");
  if (static_info == NULL || sizeof_pthread == NULL)
    return 0;
  size_t total = 0, align = 0;
  static_info (&total, &align);
  server_tp = (char *) __builtin_thread_pointer ();
  DtvSlot *dtv = ((DtvSlot **) server_tp)[1];
  if (total <= *sizeof_pthread || ((void **) server_tp)[0] != server_tp || dtv == NULL)
    return 0;
  uint64_t len = (uint64_t) (uintptr_t) dtv[-1].val;   /* dtv[-1].counter */
  if (len == 0 || len > 4096)
    return 0;
  tcb_size = *sizeof_pthread;
  tls_below = total - tcb_size;
  tls_align = align < 64 ? 64 : align;
  dtv_entries = len + 2;
  for (unsigned i = 0; i < scan->n; i++)
    if (scan->mods[i].below > tls_below || scan->mods[i].modid >= len + 1)
      return 0;
  tls_map_size = (tls_below + tls_align + tcb_size + 16 + dtv_entries * sizeof (DtvSlot) + 4095)
                 & ~(size_t) 4095;
  memcpy (tls_mods, scan->mods, scan->n * sizeof tls_mods[0]);
  n_tls_mods = scan->n;
  fsgsbase = (getauxval (AT_HWCAP2) & 2) != 0;   /* HWCAP2_FSGSBASE */
  return 1;
#else
  (void) scan;
  return 0;
#endif
}

/* The thread pointer of the running context, moved. */
static RT_NOINLINE void
set_tp (char *tp)
{
#if defined(__x86_64__)
  if (fsgsbase)
    __asm__ volatile ("wrfsbase %0" : : "r" (tp) : "memory");
  else
    syscall (SYS_arch_prctl, 0x1002 /* ARCH_SET_FS */, tp);
#else
  (void) tp;
#endif
}

/* Fiber tid's static TLS, TCB and DTV, as a new thread's (main's: as the
 * server thread's, where the program's constructors ran). */
static bool
fresh_own_tls (RtFiber *f, uint32_t tid)
{
  if (f->tls_map == NULL)
    {
      rt_guard_enter ();
      char *p = rt_sys_mmap (NULL, tls_map_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                             -1, 0);
      rt_guard_leave ();
      if (p == MAP_FAILED)
        return false;
      f->tls_map = p;
      f->tp = (char *) (((uintptr_t) p + tls_below + tls_align - 1) & ~(uintptr_t) (tls_align - 1));
    }
  char *tp = f->tp;
  memcpy (tp - tls_below, server_tp - tls_below, tls_below + tcb_size);
  ((void **) tp)[0] = tp;   /* tcbhead_t: tcb, dtv, self */
  ((void **) tp)[2] = tp;
  DtvSlot *dtv = (DtvSlot *) (((uintptr_t) tp + tcb_size + 15) & ~(uintptr_t) 15);
  memcpy (dtv, ((DtvSlot **) server_tp)[1] - 1, dtv_entries * sizeof *dtv);
  for (unsigned i = 0; i < n_tls_mods; i++)
    {
      const TlsModule *m = &tls_mods[i];
      char *block = tp - m->below;
      if (tid != 0 && m->fresh)
        {
          memcpy (block, m->image, m->filesz);
          memset (block + m->filesz, 0, m->memsz - m->filesz);
        }
      dtv[1 + m->modid].val = block;
      dtv[1 + m->modid].to_free = NULL;
    }
  ((void **) tp)[1] = dtv + 1;
  return true;
}

int
rt_fiber_setup (void **lo, size_t *size)
{
  int why = rt_fiber_why_not ();
  if (why != 0)
    return why;
  static TlsScan scan;
  memset (&scan, 0, sizeof scan);
  scan.tp = (uint64_t) (uintptr_t) __builtin_thread_pointer ();
  dl_iterate_phdr (tls_module, &scan);
  if (scan.foreign)
    {
      if (!own_tls_setup (&scan))
        return AUGUR_FORKED_TLS;
      /* each fiber's libc and runtime TLS is its own, at its own address */
      own_tls = 1;
    }
  size_t table = ((RT_FIBER_MAX + 1) * sizeof (RtFiber) + 4095) & ~(size_t) 4095;
  size_t total = table + (size_t) RT_FIBER_MAX * 4096;
  void *p = rt_sys_mmap (NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                  -1, 0);
  if (p == MAP_FAILED)
    return AUGUR_FORKED_SETUP;
  fib = p;
  handles = (char *) p + table;
  /* as large as a thread's native stack (RLIMIT_STACK, as glibc's default),
   * at least 8 MiB: a program that runs natively must not overflow here */
  const char *env = rt_libc_getenv ("AUGUR_SCHED_STACK");
  default_stack = env != NULL ? rt_libc_strtoul (env, NULL, 10) : 0;
  if (default_stack < 65536)
    {
      struct rlimit rl;
      default_stack = (size_t) 8 << 20;
      if (getrlimit (RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
          && rl.rlim_cur > default_stack && rl.rlim_cur <= ((rlim_t) 1 << 30))
        default_stack = (size_t) rl.rlim_cur;
    }
  *lo = p;
  *size = total;
  return 0;
}

/* The runtime's TLS block and errno travel with the fiber. */
RT_INLINE void
save_tls (RtFiber *f)
{
  memcpy (&f->tls, &rt_self, sizeof f->tls);
  f->saved_errno = errno;
}

RT_INLINE void
load_tls (const RtFiber *f)
{
  memcpy (&rt_self, &f->tls, sizeof f->tls);
  errno = f->saved_errno;
}

static RT_NOINLINE void
load_own_tls (const RtFiber *f)
{
  load_tls (f);
}

static void
fresh_tls (RtFiber *f)
{
  memset (&f->tls, 0, sizeof f->tls);
  f->tls.tid = RT_TID_NONE;
  f->tls.frame_sp = f->frame_sp;
  f->saved_errno = 0;
  memset (f->tsd, 0, f->tsd_used * sizeof f->tsd[0]);
  f->tsd_used = 0;
  f->ret = NULL;
}

static bool
ensure_stack_guarded (RtFiber *f, size_t size)
{
  if (size < default_stack)
    size = default_stack;
  size = (size + 4095) & ~(size_t) 4095;
  if (f->stack != NULL && f->stack_size >= size)
    return true;
  if (f->stack != NULL)
    rt_sys_munmap (f->stack - 4096, f->stack_size + 4096);
  f->stack = NULL;
  /* a guard page below; pages are faulted in by use, once per server */
  char *p = rt_sys_mmap (NULL, size + 4096, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (p == MAP_FAILED)
    return false;
  rt_sys_mprotect (p, 4096, PROT_NONE);
  f->stack = p + 4096;
  f->stack_size = size;
  return true;
}

static bool
ensure_stack (RtFiber *f, size_t size)
{
  /* the runtime's mappings, not the program's (rt-snapshot.c) */
  rt_guard_enter ();
  bool ok = ensure_stack_guarded (f, size);
  rt_guard_leave ();
  return ok;
}

bool
rt_fiber_create (uint32_t tid, void (*fn) (void *), void *arg, void *stack, size_t size)
{
#if HAVE_SWITCH
  if (tid >= RT_FIBER_MAX)
    return false;
  RtFiber *f = &fib[tid];
  char *top;
  if (stack != NULL)
    top = (char *) stack + size;
  else
    {
      if (!ensure_stack (f, size))
        return false;
      top = f->stack + f->stack_size;
    }
  if (own_tls && !fresh_own_tls (f, tid))
    return false;
  fresh_tls (f);
  f->top = (uint64_t) (uintptr_t) top;
  f->lo = stack != NULL ? (uint64_t) (uintptr_t) stack : (uint64_t) (uintptr_t) f->stack;
  if (f->lo < stacks_lo)
    stacks_lo = f->lo;
  if (f->top > stacks_hi)
    stacks_hi = f->top;
  if (tid >= n_fibers)
    n_fibers = tid + 1;
  f->sp = initial_frame (top, fn, arg);
  return true;
#else
  (void) tid, (void) fn, (void) arg, (void) stack, (void) size;
  return false;
#endif
}

void
rt_fiber_switch (uint32_t from, uint32_t to)
{
#if HAVE_SWITCH
  RtFiber *a = &fib[from], *b = &fib[to];
  save_tls (a);
  if (own_tls)
    {
      /* calls apart: nothing computed from the old thread pointer is
       * used after it moved */
      set_tp (to == RT_FIBER_SERVER ? server_tp : b->tp);
      load_own_tls (b);
    }
  else
    load_tls (b);
  rt_ctx_swap (&a->sp, b->sp);
#else
  (void) from, (void) to;
#endif
}

void
rt_fiber_finish (uint32_t from, uint32_t to)
{
  rt_fiber_switch (from, to);
  __builtin_trap ();   /* a finished fiber is never resumed */
}

void
rt_fiber_run_main (void (*fn) (void *), void *arg)
{
  if (!rt_fiber_create (0, fn, arg, NULL, 0))
    return;
  rt_fibers = 1;
  rt_fiber_switch (RT_FIBER_SERVER, 0);
  rt_fibers = 0;
}

void
rt_fiber_to_server (void)
{
  uint32_t me = rt_self.tid < RT_FIBER_MAX ? rt_self.tid : 0;
  rt_fiber_finish (me, RT_FIBER_SERVER);
}

void *
rt_fiber_start_block (uint32_t tid, size_t size)
{
  if (tid >= RT_FIBER_MAX || size > sizeof fib[tid].start_block)
    return NULL;
  return fib[tid].start_block;
}

uint64_t
rt_fiber_stack_top (uint32_t tid)
{
  return tid < RT_FIBER_MAX ? fib[tid].top : 0;
}

/* The scan for the return address of the owner's call into the runtime
 * stops after this many bytes */
#define DEAD_FRAME_SCAN (64u << 10)

/* Where the owner's function that made its pending step has its stack
 * pointer: the slot of the return address its call into the runtime
 * pushed, found by going down from that function's stack pointer at its
 * entry (a lower bound of where it is now: alloca and pushes move it
 * down) to the first word that holds the return address; the runtime's
 * frames lie below it.  0 if not found. */
static uint64_t
program_sp (const RtFiber *f, uintptr_t ra)
{
  uint32_t d = f->tls.depth;
  if (d == 0 || d > RT_SHADOW_SIZE)
    return 0;
  uint64_t from = f->frame_sp[d - 1] & ~(uint64_t) 7;
  uint64_t low = (uint64_t) (uintptr_t) f->sp;
  if (from <= low || from > f->top || from - low > DEAD_FRAME_SCAN)
    return 0;
  for (uint64_t a = from - 8; a >= low; a -= 8)
    if (*(const uintptr_t *) (uintptr_t) a == ra)
      return a + 8;
  return 0;
}

uint64_t
rt_fiber_program_sp (uint32_t me, uint64_t addr, uintptr_t ra_of (uint32_t owner))
{
#if HAVE_SWITCH
  if (!rt_fibers || addr < stacks_lo || addr >= stacks_hi
      || (me < n_fibers && addr >= fib[me].lo && addr < fib[me].top))
    return 0;
  for (uint32_t t = 0; t < n_fibers; t++)
    {
      const RtFiber *f = &fib[t];
      if (t == me || addr < f->lo || addr >= f->top)
        continue;
      uintptr_t ra = ra_of (t);
      return ra != 0 ? program_sp (f, ra) : 0;
    }
#else
  (void) me, (void) addr, (void) ra_of;
#endif
  return 0;
}

bool
rt_fiber_own_stack (uint32_t tid, uint64_t *lo, uint64_t *size)
{
  if (tid == 0 || tid >= RT_FIBER_MAX || fib[tid].stack == NULL
      || fib[tid].top != (uint64_t) (uintptr_t) (fib[tid].stack + fib[tid].stack_size))
    return false;
  *lo = (uint64_t) (uintptr_t) fib[tid].stack;
  *size = fib[tid].stack_size;
  return true;
}

unsigned long
rt_fiber_handle (uint32_t tid)
{
  if (tid >= RT_FIBER_MAX)
    return 0;
  return (unsigned long) (uintptr_t) (handles + (size_t) tid * 4096);
}

uint32_t
rt_fiber_of_handle (unsigned long h)
{
  uintptr_t a = (uintptr_t) h, b = (uintptr_t) handles;
  if (handles == NULL || a < b || a >= b + (size_t) RT_FIBER_MAX * 4096 || (a - b) % 4096 != 0)
    return RT_TID_NONE;
  return (uint32_t) ((a - b) / 4096);
}

void
rt_fiber_set_result (uint32_t tid, void *ret)
{
  if (tid < RT_FIBER_MAX)
    fib[tid].ret = ret;
}

void *
rt_fiber_result (uint32_t tid)
{
  return tid < RT_FIBER_MAX ? fib[tid].ret : NULL;
}

static RtFiber *
running (void)
{
  uint32_t t = rt_self.tid;
  return t < RT_FIBER_MAX ? &fib[t] : &fib[RT_FIBER_SERVER];
}

void *
rt_fiber_getspecific (unsigned key)
{
  RtFiber *f = running ();
  return key < f->tsd_used ? f->tsd[key] : NULL;
}

int
rt_fiber_setspecific (unsigned key, const void *value)
{
  if (key >= RT_FIBER_KEYS)
    return EINVAL;
  RtFiber *f = running ();
  if (key >= f->tsd_used)
    {
      if (value == NULL)
        return 0;
      memset (&f->tsd[f->tsd_used], 0, (key + 1 - f->tsd_used) * sizeof f->tsd[0]);
      f->tsd_used = key + 1;
    }
  f->tsd[key] = (void *) value;
  return 0;
}

void
rt_fiber_run_destructors (void (*const *dtors) (void *))
{
  RtFiber *f = running ();
  /* as glibc: up to PTHREAD_DESTRUCTOR_ITERATIONS rounds */
  for (int round = 0; round < 4; round++)
    {
      int any = 0;
      for (uint32_t k = 0; k < f->tsd_used; k++)
        if (f->tsd[k] != NULL && dtors[k] != NULL)
          {
            void *v = f->tsd[k];
            f->tsd[k] = NULL;
            dtors[k] (v);
            any = 1;
          }
      if (!any)
        break;
    }
}
