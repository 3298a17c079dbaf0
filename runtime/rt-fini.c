/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-fini.c — the program's destructor functions (__attribute__
 * ((destructor)), a module's DT_FINI_ARRAY and DT_FINI) at the end of an
 * execution.
 *
 * Natively exit() runs the exit handlers, then libc's _dl_fini (the
 * first handler registered, so the last to run) calls each module's
 * destructors: its DT_FINI_ARRAY from last to first, then its DT_FINI.
 * A destructor that wakes the program's threads and joins them (libuv's
 * uv_library_shutdown) needs them to run: outside the scheduler's view
 * (after the END step) they never would, the run hung.
 *
 * So at exit() and main's return, after the program's exit handlers and
 * before the END step, rt_fini_run calls the destructors of the modules
 * built with augur-cc, in libc's order, as steps of the exiting thread.
 * A forked execution (on_child_exit) then points their entries at a
 * function that does nothing, so that _dl_fini, which runs after it, does
 * not call them again.  The execution server never ends by exit(): it
 * leaves them as they are, and its flag below is put back with the
 * snapshot's memory, for the next execution.  Libc's and the runtime's
 * own modules are left to libc.  Where the scheduler has no exit to run
 * them at (the last thread leaves by pthread_exit), libc runs them after
 * the END step: on fibers that execution goes forked (rt_fini_present).
 */
#include "config.h"

#include "runtime/rt-fiber.h"
#include "runtime/rt-sched.h"
#include "runtime/rt-sys.h"

#include <elf.h>
#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

#define RT_FINI_MODULES_MAX 64

typedef void (*FiniFn) (void);

typedef struct {
  uintptr_t base;      /* dlpi_addr */
  FiniFn *array;       /* DT_FINI_ARRAY, or NULL */
  size_t n;            /* its entries */
  ElfW (Dyn) *fini;    /* the DT_FINI entry, or NULL */
} FiniModule;

static FiniModule modules[RT_FINI_MODULES_MAX];
static unsigned n_modules;
static int done;

static void
nothing (void)
{
}

static int
collect (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  (void) data;
  uintptr_t code = 0;
  for (int k = 0; k < info->dlpi_phnum; k++)
    if (info->dlpi_phdr[k].p_type == PT_LOAD && (info->dlpi_phdr[k].p_flags & PF_X))
      code = info->dlpi_addr + info->dlpi_phdr[k].p_vaddr + 1;
  if (code == 0 || !rt_module_instrumented (code) || n_modules >= RT_FINI_MODULES_MAX)
    return 0;
  FiniModule *m = &modules[n_modules];
  *m = (FiniModule) { .base = info->dlpi_addr };
  for (int k = 0; k < info->dlpi_phnum; k++)
    if (info->dlpi_phdr[k].p_type == PT_DYNAMIC)
      {
        ElfW (Dyn) *d = (ElfW (Dyn) *) (info->dlpi_addr + info->dlpi_phdr[k].p_vaddr);
        for (; d->d_tag != DT_NULL; d++)
          {
            if (d->d_tag == DT_FINI_ARRAY)
              m->array = (FiniFn *) (info->dlpi_addr + d->d_un.d_ptr);
            else if (d->d_tag == DT_FINI_ARRAYSZ)
              m->n = d->d_un.d_val / sizeof (FiniFn);
            else if (d->d_tag == DT_FINI)
              m->fini = d;
          }
      }
  if (m->array == NULL)
    m->n = 0;
  /* only the compiler's __do_global_dtors_aux, which every module has:
   * left to libc, as before */
  if (m->n > 1)
    n_modules++;
  return 0;
}

/* A word of the RELRO part, read-only since relocation: its page stays
 * writable (its old protection is not known; the process is ending).
 * Not in the execution server, which does not end by exit(). */
static void
write_word (void *p, uintptr_t value)
{
  if (rt_fibers)
    return;
  uintptr_t page = (uintptr_t) getpagesize ();
  uintptr_t lo = (uintptr_t) p & ~(page - 1);
  size_t len = (uintptr_t) p + sizeof value - lo;
  rt_sys_mprotect ((void *) lo, len, PROT_READ | PROT_WRITE);
  *(volatile uintptr_t *) p = value;
}

void
rt_fini_run (void)
{
  if (done)
    return;
  done = 1;
  n_modules = 0;
  /* found first, called after: a destructor may load or unload modules */
  dl_iterate_phdr (collect, NULL);
  for (unsigned j = 0; j < n_modules; j++)
    {
      FiniModule *m = &modules[j];
      for (size_t i = m->n; i-- > 0;)
        {
          FiniFn fn = m->array[i];
          write_word (&m->array[i], (uintptr_t) nothing);
          if (fn != NULL && fn != (FiniFn) -1 && fn != nothing)
            fn ();
        }
      if (m->fini != NULL)
        {
          FiniFn fn = (FiniFn) (m->base + m->fini->d_un.d_ptr);
          write_word (&m->fini->d_un.d_ptr, (uintptr_t) nothing - m->base);
          if (fn != nothing)
            fn ();
        }
    }
}

/* A module built with augur-cc has destructors of its own. */
bool
rt_fini_present (void)
{
  n_modules = 0;
  dl_iterate_phdr (collect, NULL);
  return n_modules > 0;
}
