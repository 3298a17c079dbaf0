/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symbolizer.h — PCs and data addresses of a recorded run to source
 * locations and symbols, through elfutils' libdwfl.
 *
 * Each module of the trace (index 0: the executable) is opened lazily,
 * once, from the path the runtime recorded.  PCs are module offsets from
 * the load bias (what the runtime stores); data addresses are raw
 * addresses of the recorded run and are turned into offsets with the
 * module's recorded bias.  Results are cached; strings stay valid for the
 * symbolizer's lifetime.
 */
#ifndef AUGUR_SYMBOLIZER_H
#define AUGUR_SYMBOLIZER_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "common/trace.h"

G_BEGIN_DECLS

typedef struct {
  const char *function;   /* NULL if unknown */
  const char *file;       /* as in the debug info (often absolute); NULL if unknown */
  guint line;             /* 0 if unknown */
  guint column;
} AugurSource;

typedef struct _AugurSymbolizer AugurSymbolizer;

AugurSymbolizer *augur_symbolizer_new (void);
/* Registers the modules of a trace (paths and biases). */
AugurSymbolizer *augur_symbolizer_new_for_trace (const AugurTrace *trace);
void augur_symbolizer_free (AugurSymbolizer *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurSymbolizer, augur_symbolizer_free)

void augur_symbolizer_add_module (AugurSymbolizer *s, guint index, const char *path, guint64 bias);
/* The explorer's modules 1 to @n as the execution server's page
 * describes them (AugurSchedShm.modules), those not added yet. */
void augur_symbolizer_add_sched_modules (AugurSymbolizer *s, const AugurSchedModule *modules,
                                         guint n);

/* Where the function whose code @pc is was inlined: the call's file,
 * line and the function it was inlined into (interned, valid for the
 * symbolizer's lifetime).  FALSE when @pc is no inlined code. */
gboolean augur_symbolizer_inlined_call (AugurSymbolizer *s, guint module, guint64 pc,
                                        AugurSource *out);
/* The source location of a PC (module offset).  FALSE when nothing is
 * known; the fields then are NULL/0 (function may still be set). */
gboolean augur_symbolizer_source (AugurSymbolizer *s, guint module, guint64 pc, AugurSource *out);
/* The same, borrowed from the cache (valid for the symbolizer's lifetime);
 * never NULL: fields NULL/0 when unknown. */
const AugurSource *augur_symbolizer_lookup (AugurSymbolizer *s, guint module, guint64 pc);

/* The debug info's path of @file, a name the compiler was given (an
 * assert()'s __FILE__) for the code at @pc, when that path ends with it:
 * it tells two util.c apart.  Else @file itself. */
const char *augur_symbolizer_given_file (AugurSymbolizer *s, guint module, guint64 pc,
                                         const char *file);

/* The symbol (global or static variable, function) containing a data
 * address of the recorded run, and the offset into it; NULL if none. */
const char *augur_symbolizer_data (AugurSymbolizer *s, guint64 address, guint64 *offset);

/* FALSE (with a message in *why) if module 0 on disk is not the build that
 * was recorded (its GNU build id differs from `build_id_hex`). */
gboolean augur_symbolizer_check_build_id (AugurSymbolizer *s, const char *build_id_hex, char **why);

G_END_DECLS

#endif /* AUGUR_SYMBOLIZER_H */
