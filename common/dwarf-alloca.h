/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-alloca.h — names for stack memory that no local covers: what a
 * function alloca'd.  klib's kt_for does
 *
 *     t.w = (ktf_worker_t *) alloca (n_threads * sizeof (ktf_worker_t));
 *
 * and its threads race on t.w[0].i; no DWARF variable says what that
 * memory is, and its stable name ("T0.stack-0x208", common/objects.h) is
 * all there was.
 *
 *   - The pointer the program read to reach it: a load of 8 bytes, in the
 *     recorded run, from a pointer of a named local (the frames of
 *     common/dwarf-frames.h: `t.w`, at offset 16 of kt_for's `t`) whose
 *     value is the start of uncovered memory of the same frame makes that
 *     memory an array of the pointee: "t.w[0].i", "t.w[1].i".  A slot is
 *     named after the nearest such start at or below it; among pointers
 *     with the same value, the first name in strcmp order (names do not
 *     depend on which thread loaded first).
 *   - Else the function whose frame holds it, and where: "alloca in
 *     kt_for (cfa-0x1d8)", the distance below the frame's canonical frame
 *     address telling two slots apart.
 *
 * Deterministic: stack distances are the same in every run, as stable
 * names assume.
 */
#ifndef AUGUR_DWARF_ALLOCA_H
#define AUGUR_DWARF_ALLOCA_H

#include <elfutils/libdw.h>
#include <glib.h>

#include "common/dwarf-frames.h"
#include "common/trace.h"

G_BEGIN_DECLS

typedef struct _AugurDwarfAlloca AugurDwarfAlloca;

/* The pointers into alloca'd memory that @trace's loads read.  @frames
 * and @dw are borrowed and must outlive the result. */
AugurDwarfAlloca *augur_dwarf_alloca_new (AugurDwarfFrames *frames, Dwarf *dw, const AugurTrace *trace);
void augur_dwarf_alloca_free (AugurDwarfAlloca *alloca_names);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDwarfAlloca, augur_dwarf_alloca_free)

/* The name of the slot at distance @dist below thread @tid's stack top,
 * or NULL when it is no frame's uncovered memory (newly allocated). */
char *augur_dwarf_alloca_lookup (AugurDwarfAlloca *alloca_names, guint tid, guint64 dist);

G_END_DECLS

#endif /* AUGUR_DWARF_ALLOCA_H */
