/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-names.h — source-level names for the stable names of objects
 * (common/objects.h), from the program's debug info: `q->pushed` for
 * "T0.alloc1+168", `pool->lock` for "T1.alloc3", `stats.count` for
 * "stats+8", `table[4]` for "table+16".
 *
 * The stable names stay what identifies an object (they are the same in
 * every run, and predictions, confirmations and replays compare them); the
 * names given here are for people, and the results keep the stable one
 * next to it (AugurFinding's object_id).
 *
 *   - A global or static variable is named by its DWARF type: the member
 *     or element at the offset, "stats.count", "table[4]", "jobqueue.rwmutex".
 *   - A heap object gets a base name and a type from the evidence noted:
 *     the allocation site ("queue_t *q = calloc (1, sizeof *q);" names it
 *     `q`, of type queue_t; "q->items = calloc (...)" names it `q->items`,
 *     an array of void *), or an access whose source line goes through a
 *     pointer to it ("q->pushed++;" at offset 168 of a struct queue whose
 *     member at 168 is `pushed`).  The allocation site wins; among
 *     accesses, the first that fits.
 *   - The path stops at a type of a system header (pthread_mutex_t is
 *     `q->lock`, not `q->lock.__data.__lock`) and at a union; what is left
 *     of the offset is shown as "+N".
 *
 * Nothing is named without debug info or sources: the stable name stays.
 */
#ifndef AUGUR_DWARF_NAMES_H
#define AUGUR_DWARF_NAMES_H

#include <glib.h>

#include "common/results.h"
#include "common/trace.h"

G_BEGIN_DECLS

typedef struct _AugurDwarfNames AugurDwarfNames;

/* @program: the executable with the debug info; @source_dir (may be NULL):
 * where relative source file names are. */
AugurDwarfNames *augur_dwarf_names_new (const char *program, const char *source_dir);
void augur_dwarf_names_free (AugurDwarfNames *names);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDwarfNames, augur_dwarf_names_free)

/* Evidence: heap object @base ("T0.alloc1") of @size bytes (0 if unknown)
 * was allocated at this source location (the call of malloc, calloc ...);
 * more bytes than its type has make it an array (q->items[2]). */
void augur_dwarf_names_note_alloc (AugurDwarfNames *names, const char *base, guint64 size,
                                   const char *file, guint line, const char *function);
/* Evidence: heap object @base has @size bytes (as its allocation said;
 * augur_dwarf_names_note_alloc notes it too).  An access is then named
 * only through a pointer to a type the object can be. */
void augur_dwarf_names_note_size (AugurDwarfNames *names, const char *base, guint64 size);
/* Evidence: @object ("T0.alloc1+168") was accessed at this location. */
void augur_dwarf_names_note_access (AugurDwarfNames *names, const char *object, const char *file,
                                    guint line, const char *function);
/* The allocation sites of a recorded run's heap objects, as evidence. */
void augur_dwarf_names_note_trace (AugurDwarfNames *names, const AugurTrace *trace);
/* Only the trace's stack frames (FRAME records, common/dwarf-frames.h):
 * which stack slots ("T0.stack-0x158") are which locals.  The trace must
 * outlive @names. */
void augur_dwarf_names_note_frames (AugurDwarfNames *names, const AugurTrace *trace);

/* The heap blocks of one execution (a finding's own: explorer/steps.h):
 * from here to augur_dwarf_names_end_execution, heap evidence is noted
 * into and looked up in a set of its own, since another run's block of
 * the same number ("T2.alloc1") may be another block; the evidence noted
 * before (the recorded run's) is back after.  Not nested. */
void augur_dwarf_names_begin_execution (AugurDwarfNames *names);
void augur_dwarf_names_end_execution (AugurDwarfNames *names);

/* A time limit for the naming: @stop in microseconds of
 * g_get_monotonic_time (0: none).  Past it, no evidence is noted, no
 * debug info is opened and no name not yet looked up is looked up (NULL:
 * the stable name stays), so that naming a long schedule ends in the
 * time the caller has (augur check --budget, augur explore --timeout)
 * and every finding is still there, with the names found so far. */
void augur_dwarf_names_set_deadline (AugurDwarfNames *names, gint64 stop);
/* The time limit for a naming that has @left seconds of a limit of
 * @limit seconds: at least AUGUR_DWARF_NAMES_FLOOR of the limit, at most
 * AUGUR_DWARF_NAMES_FLOOR_MAX seconds, whatever is left (a small
 * program's names cost milliseconds, and its findings named by augur's
 * own names for want of them, at a search that used its time to the
 * end, was a worse report for a smaller gain: tests/explorer
 * spurious_count at --timeout 5).  For augur_dwarf_names_set_deadline. */
gint64 augur_dwarf_names_stop_in (double left, double limit);
#define AUGUR_DWARF_NAMES_FLOOR 0.1
#define AUGUR_DWARF_NAMES_FLOOR_MAX 1.0
/* TRUE once the time limit has passed (checked now, remembered after). */
gboolean augur_dwarf_names_out_of_time (AugurDwarfNames *names);
/* Was the naming cut short by the time limit? */
gboolean augur_dwarf_names_was_cut (AugurDwarfNames *names);
/* The sentence that says so. */
const char *augur_dwarf_names_cut_text (void);

/* The source-level name of a stable name, or NULL (newly allocated). */
char *augur_dwarf_names_lookup (AugurDwarfNames *names, const char *object);

/* The heap block that holds @object ("T0.alloc3+8"), as a free names
 * it: "*fp->w" when the block's base name is `fp->w` (whatever member or
 * element of it @object is: "fp->w[0].t" is in block *fp->w, not *fp);
 * NULL when @object is no heap object or its block has no name (newly
 * allocated). */
char *augur_dwarf_names_block (AugurDwarfNames *names, const char *object);

/* Names the objects of @results: every finding's and part's object (the
 * stable name kept as object_id), its schedule's objects and the locks
 * held, and the stable names in its explanation; the accesses of the
 * schedules are noted as evidence first.  A finding whose heap blocks are
 * its own execution's (augur_finding_has_own_blocks) has them named from
 * that execution only: its block sites and its own accesses; what they do
 * not name keeps its stable name.  The main thread becomes "main" in
 * explanations ("thread 0" and "T0" of the engines' sentences).
 * Returns how many findings, in their order, were named in full: all of
 * them, unless the time limit (augur_dwarf_names_set_deadline) passed; a
 * finding reached after it keeps its stable names (only "main" is put in
 * its explanation), one it passed in keeps those not looked up yet. */
guint augur_dwarf_names_apply (AugurDwarfNames *names, AugurResults *results);

/* "thread 0 waits" -> "main waits", "T0's write" -> "main's write",
 * "Threads 0 and 2" -> "main and thread 2"; stable names such as
 * "T0.alloc1" are left alone.  Newly allocated. */
char *augur_dwarf_names_main_in_prose (const char *text);

G_END_DECLS

#endif /* AUGUR_DWARF_NAMES_H */
