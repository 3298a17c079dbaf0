/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-type.h — walking DWARF types for source-level names: through
 * typedefs and qualifiers, the sizes of types, the members of structs and
 * unions at an offset, the path of an offset ("->items[3].key").  Used by
 * dwarf-names.c.
 */
#ifndef AUGUR_DWARF_TYPE_H
#define AUGUR_DWARF_TYPE_H

#include <glib.h>
#include <elfutils/libdw.h>

G_BEGIN_DECLS

/* The DIE of @die's type (DW_AT_type), into @out. */
gboolean augur_dwarf_type_of (Dwarf_Die *die, Dwarf_Die *out);
/* Declared in a system header: pthread_mutex_t, struct timespec ... */
gboolean augur_dwarf_type_is_system (Dwarf_Die *die);
/* Through typedefs and qualifiers; *system when a system type was met
 * (naming stops there). */
gboolean augur_dwarf_type_peel (Dwarf_Die *t, gboolean *system);
/* Bytes of type @t (0 if unknown). */
guint64 augur_dwarf_type_size (Dwarf_Die *t);
/* A member's offset in its struct (0 when DWARF gives none, as for a
 * union's members). */
guint64 augur_dwarf_member_offset (Dwarf_Die *m);
/* An unnamed member: an anonymous struct or union, whose members C names
 * as the enclosing struct's own; its type in *@t. */
gboolean augur_dwarf_member_is_anonymous (Dwarf_Die *m, Dwarf_Die *t);
/* The member of struct or union @s (peeled) named @name, members of its
 * anonymous structs and unions included. */
gboolean augur_dwarf_member_named (Dwarf_Die *s, const char *name, Dwarf_Die *out);
/* An array of no size: a flexible array member (`void *ring[];`). */
gboolean augur_dwarf_type_is_flexible (Dwarf_Die *t);
/* The member of struct @s that holds @off; past the struct's end, its
 * flexible array member, which holds what the allocation has past it. */
gboolean augur_dwarf_member_at (Dwarf_Die *s, guint64 off, Dwarf_Die *out, guint64 *start);
/* Appends the members and elements of @type at @off: "->pushed",
 * ".bucket_lock[3]"; the first separator "->" when @arrow; "+N" for
 * what is left. */
void augur_dwarf_type_append_path (GString *s, Dwarf_Die *type, guint64 off, gboolean arrow);
/* The pointee of pointer type @t (peeled), into @out. */
gboolean augur_dwarf_type_pointee (Dwarf_Die *t, Dwarf_Die *out);
/* The pointer that starts at @off of @type (a member of a struct, an
 * element of an array, or @type itself at 0): its pointee into @pointee. */
gboolean augur_dwarf_type_pointer_at (Dwarf_Die *type, guint64 off, Dwarf_Die *pointee);
/* A struct (peeled)? */
gboolean augur_dwarf_type_is_struct (Dwarf_Die *t);
/* Does struct or union @t hold a member named @name at @off (one of a
 * union's members, or of an anonymous struct's or union's)? */
gboolean augur_dwarf_member_at_is (Dwarf_Die *t, guint64 off, const char *name);
/* Can a struct of type @t be the heap object of @size bytes (0: unknown)?
 * Strictly, the object is one of them or an array of them; loosely (an
 * allocation with room for a flexible array member), it is not smaller. */
gboolean augur_dwarf_type_fits (Dwarf_Die *t, guint64 size, gboolean strict);

G_END_DECLS

#endif /* AUGUR_DWARF_TYPE_H */
