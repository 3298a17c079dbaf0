/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-statics.h — the source names of function-static variables.
 *
 * A `static size_t init_flag` inside a function has an ELF symbol that
 * the source never spells: gcc's "init_flag.1" (a number that tells apart
 * the statics of one unit that share a name), clang's
 * "zc_profile_inner.init_flag".  That symbol is the variable's stable name
 * (common/objects.h); for people it is `init_flag`, the variable's
 * DW_AT_name, found by the symbol's address (the DW_OP_addr location of a
 * DW_TAG_variable inside a subprogram).  When another variable of the
 * program (a global, or another function's static) has the same name, the
 * function says which it is: "init_flag (in zc_profile_inner)".
 */
#ifndef AUGUR_DWARF_STATICS_H
#define AUGUR_DWARF_STATICS_H

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _AugurDwarfStatics AugurDwarfStatics;

/* The function-static variables of @mod's debug info @dw (both borrowed,
 * read at once). */
AugurDwarfStatics *augur_dwarf_statics_new (Dwfl_Module *mod, Dwarf *dw);
void augur_dwarf_statics_free (AugurDwarfStatics *st);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDwarfStatics, augur_dwarf_statics_free)

/* The function-static variable whose ELF symbol is @symbol ("init_flag.1"):
 * its DIE in *@var, its name in *@name ("init_flag") and, when another
 * variable has that name, the function it is in in *@function (else NULL);
 * strings borrowed from @st.  FALSE when @symbol is no such variable. */
gboolean augur_dwarf_statics_find (AugurDwarfStatics *st, const char *symbol, Dwarf_Die *var,
                                   const char **name, const char **function);

G_END_DECLS

#endif /* AUGUR_DWARF_STATICS_H */
