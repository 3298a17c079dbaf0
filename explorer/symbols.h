/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symbols.h — PCs and addresses of the executable to source locations and
 * symbol names, with libdw.  PCs come as the runtime stores them (offset in
 * the module, module 0 = the executable); other modules are not resolved.
 */
#ifndef AUGUR_SYMBOLS_H
#define AUGUR_SYMBOLS_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct _AugurSymbols AugurSymbols;

typedef struct {
  char *file;        /* owned; NULL if unknown */
  guint line;        /* 0 if unknown */
  char *function;    /* owned; NULL if unknown */
} AugurSourceLoc;

AugurSymbols *augur_symbols_new (const char *exe);
void          augur_symbols_free (AugurSymbols *sym);
/* Borrowed; cached per pc. */
const AugurSourceLoc *augur_symbols_lookup (AugurSymbols *sym, guint module, guint32 pc);
/* "name" or "name+off" for an address inside the executable's data
 * (given its load bias), else NULL. */
char *augur_symbols_object_name (AugurSymbols *sym, guint64 addr, guint64 exe_bias);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurSymbols, augur_symbols_free)

G_END_DECLS

#endif /* AUGUR_SYMBOLS_H */
