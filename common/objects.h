/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * objects.h — stable names for the addresses of a recorded run.
 *
 * Raw addresses change from run to run (ASLR, allocator state); names must
 * not, so that two recordings of one program, a prediction and its replay
 * talk about the same objects.  Following Inspect (Yang, Chen,
 * Gopalakrishnan and Kirby, "Inspect: a runtime model checker for
 * multithreaded C programs", 2008, section 4.1), identities come from the
 * program's own order:
 *   - globals and statics by symbol: "counter", "table+16";
 *   - heap objects by (allocating thread, allocation number in that
 *     thread): "T1.alloc3", "T1.alloc3+8";
 *   - stack slots by (thread, distance below the thread's stack top):
 *     "T2.stack-0x2c";
 *   - thread-local variables by (thread, distance from the thread
 *     pointer): "T1.tls-0x28" (errno);
 *   - argv, envp and auxv (above main's stack): "T0.args";
 *   - the word that stands for a pipe the program made: "pipe #1" (augur's numbering, not a descriptor);
 *   - constants without a symbol (string literals): "prog+0x2004";
 *   - anything else by its address: "0x7f...".
 * Feed every event in trace order with augur_objects_observe(); names are
 * those valid at that point of the run: a freed object keeps its name
 * (a use after the free names what was freed) until a later allocation
 * takes its place.
 */
#ifndef AUGUR_OBJECTS_H
#define AUGUR_OBJECTS_H

#include <glib.h>

#include "common/symbolizer.h"
#include "common/trace.h"

G_BEGIN_DECLS

typedef struct _AugurObjects AugurObjects;

/* `symbolizer` (may be NULL: no global names) is borrowed. */
AugurObjects *augur_objects_new (AugurSymbolizer *symbolizer);
void augur_objects_free (AugurObjects *o);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurObjects, augur_objects_free)

/* Updates the heap objects and thread stacks with one event. */
void augur_objects_observe (AugurObjects *o, const AugurRecord *r);

/* The stable name of an address at the current point (newly allocated). */
char *augur_objects_name (AugurObjects *o, guint64 address);

/* Is @address the runtime's word that stands for a pipe, socket pair or
 * eventfd the program made (CHANNEL events; named "pipe #1", "socket pair
 * #2", "eventfd #3")? */
gboolean augur_objects_is_channel (AugurObjects *o, guint64 address);

/* A value that may be a pointer: "&name" when it points into a known
 * object (heap, global, stack, TLS), else NULL.  Pointer values change
 * from run to run; their names do not. */
char *augur_objects_name_pointer (AugurObjects *o, guint64 value);

/* The symbol of a stable name that names a global ("stats", "stats+8",
 * C++'s "ns::count"), NULL for a heap block, a stack slot or an address
 * with no symbol ("T0.alloc1+8", "T1.stack-0x2c", "prog+0x2004").  A
 * global's name is the same in every run and every exploration mode, a
 * heap block's is not (newly allocated). */
char *augur_objects_global_symbol (const char *name);

/* The heap names that stand in @text ("... `T1.alloc3+8` ...") added to
 * @set (a set of strings it owns): whole ("T1.alloc3+8"), or with @whole
 * FALSE the blocks ("T1.alloc3"). */
void augur_objects_heap_names_in (const char *text, gboolean whole, GHashTable *set);

/* A stack slot's stable name, "T2.stack-0x2c": its thread (2) and its
 * distance below the thread's stack top (0x2c); FALSE for any other name. */
gboolean augur_objects_split_stack (const char *name, guint *tid, guint64 *dist);

G_END_DECLS

#endif /* AUGUR_OBJECTS_H */
