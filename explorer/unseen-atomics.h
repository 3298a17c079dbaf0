/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * unseen-atomics.h — atomic instructions of the executable that augur's
 * runtime never sees.
 *
 * augur sees the program's memory through the compiler's ThreadSanitizer
 * instrumentation: every plain access and every __atomic/C11 atomic
 * operation becomes a call into the runtime, a scheduling point.  An
 * atomic instruction written in inline assembly (`lock; cmpxchg`, `xchg`
 * with memory), or one compiled without augur-cc into the executable,
 * makes no call: the explorer never orders it against the other threads'
 * accesses of the same memory, so a search that ends has not covered the
 * interleavings around it, and must not say "complete".
 *
 * The executable's code is disassembled with binutils' objdump (x86-64:
 * lock-prefixed instructions, xchg with a memory operand, cmpxchg), and so
 * is every instrumented shared library (built with augur-cc: it imports
 * __tsan_init) that the execution server has loaded at start-up (read from
 * its /proc/PID/maps; a library opened later with dlopen is not scanned).
 * Code built by augur-cc has none of these of the compiler's own: its
 * atomics are calls.
 */
#ifndef AUGUR_UNSEEN_ATOMICS_H
#define AUGUR_UNSEEN_ATOMICS_H

#include <glib.h>

#include "common/symbolizer.h"

G_BEGIN_DECLS

typedef struct {
  guint count;          /* atomic instructions found */
  char *first;          /* where the first is: "lfring.c:210 (lock cmpxchg)"; NULL if none */
  char *listing;        /* up to 8 of them, one "  file:line: insn in function" a line */
  char *unchecked;      /* why the scan could not run (objdump missing, say); NULL if it ran */
  GArray *fences;       /* guint64: addresses in the executable of full fences augur does not
                         * see either (inline `mfence`, `lock; addl $0,0(%rsp)`), sorted;
                         * NULL if none (weak-memory.h) */
} AugurUnseenAtomics;

/* Scans @exe (module 0 of @sym, which names the places) and the
 * instrumented shared libraries of the running process @server_pid (NULL:
 * none).  Never fails: a scan that could not run says why in ->unchecked. */
void augur_unseen_atomics_scan (const char *exe, const char *server_pid, AugurSymbolizer *sym,
                                AugurUnseenAtomics *out);
void augur_unseen_atomics_clear (AugurUnseenAtomics *u);

/* Tells the user, on stderr, prefixed by @who ("augur explore"): what was
 * found and what to do.  Nothing when nothing was found. */
void augur_unseen_atomics_warn (const AugurUnseenAtomics *u, const char *who, const char *exe);

/* The scan of @exe, made and warned about (augur_unseen_atomics_warn) the
 * first time this process asks for it; later calls return the same
 * (augur check explores one program many times).  Thread-safe; the result
 * lives as long as the process. */
const AugurUnseenAtomics *augur_unseen_atomics_of (const char *exe, const char *server_pid,
                                                   AugurSymbolizer *sym, const char *who);

G_END_DECLS

#endif /* AUGUR_UNSEEN_ATOMICS_H */
