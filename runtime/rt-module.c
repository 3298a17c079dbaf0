/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-module.c — PCs as (module index, offset in module).
 *
 * Module 0 is the executable; its bounds are read once at start-up and
 * tested inline by rt_pc(), so the common case costs two instructions.  A PC
 * anywhere else (an instrumented shared library, or libc when it calls
 * malloc on the program's behalf) is looked up here: first in the thread's
 * one-entry cache, then in the table of modules already announced, and only
 * then with dl_iterate_phdr.  A module is announced once, by a MODULE record
 * followed by DATA records holding its path, reserved as one block of
 * consecutive slots *before* the event that needed it, under module_lock, so
 * every reader meets a module's description before its first use.  Offsets
 * are relative to the load bias, which is what symbolisers expect.
 *
 * The runtime also knows which modules are instrumented: those whose
 * dynamic relocations import the ThreadSanitizer entry points (__tsan_*),
 * looked for whenever an instrumented module's constructor calls
 * __tsan_init.  (Not the constructor's return address: gcc -O2 makes the
 * call a tail call, and the address is then the dynamic loader's.)
 * mem* and str* calls count as accesses of their caller, so they are only
 * recorded from instrumented code: an uninstrumented library's accesses
 * are invisible anyway, and its string handling (the unwinder comparing
 * section names, say) is noise.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <link.h>
#include <stddef.h>
#include <sched.h>
#include <string.h>

#define RT_MODULES_MAX 255u   /* the record's module field is one byte */

typedef struct {
  uintptr_t lo, size, bias;
} RtModule;

uintptr_t rt_exe_lo, rt_exe_size, rt_exe_bias;

static RtModule modules[RT_MODULES_MAX];
static uint32_t n_modules = 1;     /* published with release after the entry is filled */
static int module_lock;

/* Build id of the executable, for the header. */
uint8_t rt_exe_build_id[AUGUR_TRACE_BUILD_ID_MAX];
uint32_t rt_exe_build_id_len;

static void
read_build_id (const struct dl_phdr_info *info)
{
  for (int k = 0; k < info->dlpi_phnum; k++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[k];
      if (ph->p_type != PT_NOTE)
        continue;
      const uint8_t *p = (const uint8_t *) (info->dlpi_addr + ph->p_vaddr);
      const uint8_t *end = p + ph->p_memsz;
      size_t align = ph->p_align == 8 ? 8 : 4;
      while (p + sizeof (ElfW (Nhdr)) <= end)
        {
          const ElfW (Nhdr) *nh = (const ElfW (Nhdr) *) p;
          const uint8_t *name = p + sizeof *nh;
          const uint8_t *desc = name + ((nh->n_namesz + align - 1) & ~(align - 1));
          const uint8_t *next = desc + ((nh->n_descsz + align - 1) & ~(align - 1));
          if (next > end)
            break;
          if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4
              && memcmp (name, "GNU", 4) == 0)
            {
              uint32_t n = nh->n_descsz;
              if (n > AUGUR_TRACE_BUILD_ID_MAX)
                n = AUGUR_TRACE_BUILD_ID_MAX;
              memcpy (rt_exe_build_id, desc, n);
              rt_exe_build_id_len = n;
              return;
            }
          p = next;
        }
    }
}

static void
module_bounds (const struct dl_phdr_info *info, uintptr_t *lo, uintptr_t *hi)
{
  *lo = UINTPTR_MAX;
  *hi = 0;
  for (int k = 0; k < info->dlpi_phnum; k++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[k];
      if (ph->p_type != PT_LOAD)
        continue;
      uintptr_t a = info->dlpi_addr + ph->p_vaddr;
      if (a < *lo)
        *lo = a;
      if (a + ph->p_memsz > *hi)
        *hi = a + ph->p_memsz;
    }
}

static int
exe_callback (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  (void) data;
  /* The first object is the executable. */
  uintptr_t lo, hi;
  module_bounds (info, &lo, &hi);
  if (hi > lo)
    {
      rt_exe_lo = lo;
      rt_exe_size = hi - lo;
      rt_exe_bias = info->dlpi_addr;
      modules[0] = (RtModule) { lo, hi - lo, info->dlpi_addr };
    }
  read_build_id (info);
  return 1;
}

void
rt_module_init (void)
{
  dl_iterate_phdr (exe_callback, NULL);
}

/* The loaded module holding pc: its bounds [lo, hi). */
typedef struct {
  uintptr_t pc;
  uintptr_t lo, hi;
  bool found;
} ModRange;

/* The same, with what a MODULE record names: load bias and path. */
typedef struct {
  ModRange r;
  uintptr_t bias;
  char path[AUGUR_TRACE_PATH_MAX];
} FindPc;

/* Does one of the module's loaded segments hold pc? */
static bool
module_holds (const struct dl_phdr_info *info, uintptr_t pc)
{
  for (int k = 0; k < info->dlpi_phnum; k++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[k];
      if (ph->p_type != PT_LOAD)
        continue;
      uintptr_t a = info->dlpi_addr + ph->p_vaddr;
      if (pc >= a && pc < a + ph->p_memsz)
        return true;
    }
  return false;
}

static int
range_callback (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  ModRange *m = data;
  if (!module_holds (info, m->pc))
    return 0;
  module_bounds (info, &m->lo, &m->hi);
  m->found = true;
  return 1;
}

static int
find_callback (struct dl_phdr_info *info, size_t size, void *data)
{
  FindPc *f = data;
  if (!range_callback (info, size, &f->r))
    return 0;
  f->bias = info->dlpi_addr;
  /* No strlen/memcpy here: they are augur's intercepts, whose first call
   * resolves libc's with dlsym, and dlsym inside dl_iterate_phdr deadlocks
   * against a dlopen in another thread (main's pthread_exit loads
   * libgcc_s). */
  const char *name = info->dlpi_name != NULL ? info->dlpi_name : "";
  size_t n = 0;
  while (name[n] != '\0' && n + 1 < sizeof f->path)
    {
      f->path[n] = name[n];
      n++;
    }
  f->path[n] = '\0';
  return 1;
}

static void
use_module (uint32_t index, uintptr_t pc, AugurRecord *r)
{
  const RtModule *m = &modules[index];
  rt_self.mod_lo = m->lo;
  rt_self.mod_size = m->size;
  rt_self.mod_bias = m->bias;
  rt_self.mod_index = index;
  r->module = (uint8_t) index;
  r->pc = (uint32_t) (pc - m->bias);
}

static bool
lookup (uintptr_t pc, AugurRecord *r)
{
  uint32_t n = __atomic_load_n (&n_modules, __ATOMIC_ACQUIRE);
  for (uint32_t k = 1; k < n; k++)
    if (pc - modules[k].lo < modules[k].size)
      {
        use_module (k, pc, r);
        return true;
      }
  return false;
}

/* MODULE (aux = index, addr = load bias, arg = path length), then the path
 * in DATA records, in consecutive seqs of one chunk. */
static void
announce (uint32_t index, const FindPc *f)
{
  size_t len = strlen (f->path);
  if (len > AUGUR_TRACE_PATH_MAX)
    len = AUGUR_TRACE_PATH_MAX;   /* the format's limit; the tail is lost */
  uint32_t n_data = (uint32_t) ((len + AUGUR_DATA_PAYLOAD - 1) / AUGUR_DATA_PAYLOAD);
  AugurRecord block[1 + (AUGUR_TRACE_PATH_MAX + AUGUR_DATA_PAYLOAD - 1) / AUGUR_DATA_PAYLOAD];
  memset (block, 0, (1 + n_data) * sizeof block[0]);
  AugurRecord *m = &block[0];
  m->kind = AUGUR_EV_MODULE;
  m->tid = rt_self.tid == RT_TID_NONE ? 0 : rt_self.tid;
  m->aux = index;
  m->addr = f->bias;
  m->arg = len;
  for (uint32_t k = 0; k < n_data; k++)
    {
      AugurDataRecord *d = (AugurDataRecord *) &block[1 + k];
      d->kind = AUGUR_EV_DATA;
      size_t off = (size_t) k * AUGUR_DATA_PAYLOAD;
      size_t piece = len - off < AUGUR_DATA_PAYLOAD ? len - off : AUGUR_DATA_PAYLOAD;
      d->len = (uint8_t) piece;
      memcpy (d->payload, f->path + off, piece);
    }
  (void) rt_emit_block (block, 1 + n_data);
}

/* Module 0, the executable, is announced once at start-up like the
 * others, so that readers know its load bias (for naming globals by
 * symbol) and its path from the records alone. */
void
rt_module_announce_exe (const char *path)
{
  static FindPc f;
  memset (&f, 0, sizeof f);
  size_t n = strlen (path);
  if (n >= sizeof f.path)
    n = sizeof f.path - 1;
  memcpy (f.path, path, n);
  f.bias = rt_exe_bias;
  announce (0, &f);
}

/* Under the explorer, module @index (found as @f) described on the
 * scheduler's page, for the names of its steps. */
static void
publish (uint32_t index, const FindPc *f)
{
  rt_sched_module (index, f->bias, f->path, rt_module_instrumented (f->r.lo + 1));
}

void
rt_module_publish (uint32_t have)
{
  uint32_t n = __atomic_load_n (&n_modules, __ATOMIC_ACQUIRE);
  if (have + 1 >= n)
    return;
  rt_guard_enter ();
  rt_spin_take (&module_lock);
  for (uint32_t k = have + 1; k < n_modules; k++)
    {
      static FindPc f;   /* under module_lock */
      memset (&f, 0, sizeof f);
      f.r.pc = modules[k].lo;
      dl_iterate_phdr (find_callback, &f);
      if (f.r.found)
        publish (k, &f);
    }
  rt_spin_give (&module_lock);
  rt_guard_leave ();
}

void
rt_module_slow (uintptr_t pc, AugurRecord *r)
{
  if (lookup (pc, r))
    return;

  rt_guard_enter ();
  rt_spin_take (&module_lock);
  bool done = lookup (pc, r);
  if (!done)
    {
      static FindPc f;   /* under module_lock; too large for a small stack */
      memset (&f, 0, sizeof f);
      f.r.pc = pc;
      dl_iterate_phdr (find_callback, &f);
      uint32_t n = n_modules;
      if (f.r.found && f.bias == rt_exe_bias && f.r.lo == rt_exe_lo)
        {
          r->module = 0;
          r->pc = (uint32_t) (pc - rt_exe_bias);
          done = true;
        }
      else if (f.r.found && n < RT_MODULES_MAX)
        {
          modules[n] = (RtModule) { f.r.lo, f.r.hi - f.r.lo, f.bias };
          announce (n, &f);
          publish (n, &f);
          __atomic_store_n (&n_modules, n + 1, __ATOMIC_RELEASE);
          use_module (n, pc, r);
          done = true;
        }
    }
  if (!done)
    {
      /* Not in any loaded object (JIT code, or the module table is full). */
      r->module = 0;
      r->pc = 0;
    }
  rt_spin_give (&module_lock);
  rt_guard_leave ();
}

/* ------------------------------------------------------------------ */
/* Instrumented modules */

#define RT_INSTRUMENTED_MAX 64u

typedef struct {
  uintptr_t lo, size;
} RtRange;

static RtRange instrumented[RT_INSTRUMENTED_MAX];
static uint32_t n_instrumented;    /* published with release */

bool
rt_module_range (uintptr_t pc, uintptr_t *lo, uintptr_t *size)
{
  ModRange m = { .pc = pc };
  dl_iterate_phdr (range_callback, &m);
  *lo = m.lo;
  *size = m.hi - m.lo;
  return m.found;
}

uintptr_t
rt_module_bias (uint32_t index)
{
  return index < __atomic_load_n (&n_modules, __ATOMIC_ACQUIRE) ? modules[index].bias : 0;
}

#if __ELF_NATIVE_CLASS == 64
#define RT_R_SYM(info) ELF64_R_SYM (info)
#else
#define RT_R_SYM(info) ELF32_R_SYM (info)
#endif

/* A pointer of the dynamic section: relocated in place by glibc on most
 * targets, an offset from the load address on the others. */
static uintptr_t
dyn_ptr (const struct dl_phdr_info *info, uintptr_t p)
{
  return p != 0 && p < info->dlpi_addr ? p + info->dlpi_addr : p;
}

/* Does a relocation table (@rela: Elf_Rela, else Elf_Rel) refer to an
 * undefined symbol named __tsan_*?  Compared by hand: strncmp is one of
 * the intercepts. */
static bool
relocs_import_tsan (uintptr_t table, size_t bytes, bool rela, const ElfW (Sym) *symtab,
                    const char *strtab)
{
  size_t each = rela ? sizeof (ElfW (Rela)) : sizeof (ElfW (Rel));
  for (size_t off = 0; table != 0 && off + each <= bytes; off += each)
    {
      ElfW (Xword) info = rela ? ((const ElfW (Rela) *) (table + off))->r_info
                               : ((const ElfW (Rel) *) (table + off))->r_info;
      size_t sym = RT_R_SYM (info);
      if (sym == 0 || symtab[sym].st_shndx != SHN_UNDEF)
        continue;
      const char *n = strtab + symtab[sym].st_name;
      if (n[0] == '_' && n[1] == '_' && n[2] == 't' && n[3] == 's' && n[4] == 'a' && n[5] == 'n'
          && n[6] == '_')
        return true;
    }
  return false;
}

/* Was the module compiled for augur (does it import the hooks)? */
static bool
imports_tsan (const struct dl_phdr_info *info)
{
  const ElfW (Dyn) *dyn = NULL;
  for (int k = 0; k < info->dlpi_phnum; k++)
    if (info->dlpi_phdr[k].p_type == PT_DYNAMIC)
      dyn = (const ElfW (Dyn) *) (info->dlpi_addr + info->dlpi_phdr[k].p_vaddr);
  if (dyn == NULL)
    return false;
  uintptr_t symtab = 0, strtab = 0, rela = 0, rel = 0, jmprel = 0;
  size_t relasz = 0, relsz = 0, pltrelsz = 0;
  bool plt_rela = true;
  for (const ElfW (Dyn) *d = dyn; d->d_tag != DT_NULL; d++)
    switch (d->d_tag)
      {
      case DT_SYMTAB: symtab = dyn_ptr (info, d->d_un.d_ptr); break;
      case DT_STRTAB: strtab = dyn_ptr (info, d->d_un.d_ptr); break;
      case DT_RELA: rela = dyn_ptr (info, d->d_un.d_ptr); break;
      case DT_RELASZ: relasz = d->d_un.d_val; break;
      case DT_REL: rel = dyn_ptr (info, d->d_un.d_ptr); break;
      case DT_RELSZ: relsz = d->d_un.d_val; break;
      case DT_JMPREL: jmprel = dyn_ptr (info, d->d_un.d_ptr); break;
      case DT_PLTRELSZ: pltrelsz = d->d_un.d_val; break;
      case DT_PLTREL: plt_rela = d->d_un.d_val == DT_RELA; break;
      default: break;
      }
  if (symtab == 0 || strtab == 0)
    return false;
  const ElfW (Sym) *syms = (const ElfW (Sym) *) symtab;
  const char *strs = (const char *) strtab;
  return relocs_import_tsan (jmprel, pltrelsz, plt_rela, syms, strs)
         || relocs_import_tsan (rela, relasz, true, syms, strs)
         || relocs_import_tsan (rel, relsz, false, syms, strs);
}

/* The loads and unloads dl_iterate_phdr had counted at the last look. */
static unsigned long long looked_adds, looked_subs;

static int
mark_callback (struct dl_phdr_info *info, size_t size, void *data)
{
  bool *first = data;
  if (*first && size >= offsetof (struct dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs)
    {
      if (info->dlpi_adds == looked_adds && info->dlpi_subs == looked_subs)
        return 1;   /* nothing loaded since */
      looked_adds = info->dlpi_adds;
      looked_subs = info->dlpi_subs;
    }
  *first = false;
  uintptr_t lo, hi;
  module_bounds (info, &lo, &hi);
  uint32_t n = n_instrumented;
  if (hi <= lo || n >= RT_INSTRUMENTED_MAX || rt_module_instrumented (lo + 1)
      || !imports_tsan (info))
    return 0;
  instrumented[n] = (RtRange) { lo, hi - lo };
  __atomic_store_n (&n_instrumented, n + 1, __ATOMIC_RELEASE);
  return 0;
}

/* The runtime's own range: a call from there is one the runtime makes on
 * the program's behalf (a TSD destructor, an exit handler). */
static uintptr_t runtime_lo, runtime_size;

bool
rt_module_is_runtime (uintptr_t ra)
{
  return ra - 1 - runtime_lo < runtime_size;
}

void
rt_module_mark_instrumented (void)
{
  if (runtime_size == 0)
    rt_module_range ((uintptr_t) &rt_module_is_runtime, &runtime_lo, &runtime_size);
  rt_guard_enter ();
  rt_spin_take (&module_lock);
  bool first = true;
  dl_iterate_phdr (mark_callback, &first);
  rt_spin_give (&module_lock);
  rt_guard_leave ();
}

bool
rt_module_instrumented (uintptr_t ra)
{
  uintptr_t pc = ra - 1;
  uint32_t n = __atomic_load_n (&n_instrumented, __ATOMIC_ACQUIRE);
  for (uint32_t k = 0; k < n; k++)
    if (pc - instrumented[k].lo < instrumented[k].size)
      return true;
  return false;
}
