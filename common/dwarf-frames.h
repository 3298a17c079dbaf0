/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-frames.h — the local variables of the stack frames a recorded
 * run's FRAME records name (augur-trace-format.h): which stack slots
 * ("T0.stack-0x160", common/objects.h) are which local of which function.
 *
 * A FRAME record gives a frame's call site and its canonical frame
 * address (CFA), found at a thread creation or another synchronisation call
 * by following frame pointers.
 * The debug info's call frame information must agree that the function
 * keeps its CFA at its frame pointer + 16 at that call site (so that the
 * runtime's walk read the right frame); then each parameter and local in
 * scope there whose location is one offset from the frame base (gcc:
 * DW_OP_fbreg from DW_OP_call_frame_cfa; clang: from the frame pointer)
 * becomes a span of stack distances below the thread's stack top.
 *
 * The same stack slots hold different functions' locals over a run, and a
 * stable stack name does not say when: a slot is named only if every
 * walk whose live stack (from the runtime's frame out to the
 * outermost frame recorded) covers it says it is the same local.  A slot
 * that two functions used keeps its stable name; one that no local
 * covers, in the same function's frame at every walk, is an alloca'd
 * block's (augur_dwarf_frames_holder).  x86-64 only (the frame pointer is DWARF register 6); elsewhere no
 * slot is named.
 */
#ifndef AUGUR_DWARF_FRAMES_H
#define AUGUR_DWARF_FRAMES_H

#include <elfutils/libdwfl.h>
#include <glib.h>

#include "common/trace.h"

G_BEGIN_DECLS

typedef struct {
  guint64 hi;        /* the distance of the variable's first byte below the stack top */
  guint64 size;      /* it covers distances (hi - size, hi] */
  char *name;        /* "ws", "args" */
  Dwarf_Off type;    /* its type's DIE */
} AugurStackVar;

typedef struct _AugurDwarfFrames AugurDwarfFrames;

/* The locals of the trace's FRAME records in the program (module 0).
 * @mod and @dw: the program's, borrowed for this call only. */
AugurDwarfFrames *augur_dwarf_frames_new (Dwfl_Module *mod, Dwarf *dw, const AugurTrace *trace);
void augur_dwarf_frames_free (AugurDwarfFrames *frames);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDwarfFrames, augur_dwarf_frames_free)

/* The local at distance @dist below thread @tid's stack top, or NULL
 * (none, or not the same one at every walk that saw the slot live);
 * *off: the distance's offset in it. */
const AugurStackVar *augur_dwarf_frames_find (AugurDwarfFrames *frames, guint tid, guint64 dist,
                                              guint64 *off);

/* The function whose frame holds distance @dist below thread @tid's
 * stack top where none of its locals does (what it alloca'd), or NULL
 * (a local's slot, no walk's frame, or not the same frame at every walk
 * that saw the slot live); *@cfa: the distance of the frame's CFA. */
const char *augur_dwarf_frames_holder (AugurDwarfFrames *frames, guint tid, guint64 dist,
                                       guint64 *cfa);

G_END_DECLS

#endif /* AUGUR_DWARF_FRAMES_H */
