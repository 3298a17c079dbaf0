/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-units.h — the compilation units of a program's debug info, one
 * after the other.
 *
 * Several readers walk every unit of the debug info (the sources a report
 * may show, the sources `augur check` analyses, the names of objects): the
 * walk with dwarf_nextcu and dwarf_offdie and the unit's compilation
 * directory are written here once.  A unit whose DIE cannot be read is
 * skipped.  The offline libdwfl session over one ELF file (the program, a
 * library of the recorded run) is opened here once too.
 */
#ifndef AUGUR_DWARF_UNITS_H
#define AUGUR_DWARF_UNITS_H

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  Dwarf *dw;          /* borrowed */
  Dwarf_Off off;      /* the next unit's header */
} AugurDwarfUnits;

void augur_dwarf_units_init (AugurDwarfUnits *units, Dwarf *dw);
/* The next unit's DIE into *cu; FALSE after the last one. */
gboolean augur_dwarf_units_next (AugurDwarfUnits *units, Dwarf_Die *cu);
/* The unit's DW_AT_comp_dir; NULL when it has none. */
const char *augur_dwarf_unit_comp_dir (Dwarf_Die *cu);

/* Calls @fn for each file name of each unit's line table (never NULL nor
 * empty), with the unit's compilation directory (may be NULL). */
typedef void (*AugurDwarfFileFunc) (const char *name, const char *comp_dir, gpointer data);
void augur_dwarf_units_each_file (Dwarf *dw, AugurDwarfFileFunc fn, gpointer data);

/* An offline libdwfl session over the ELF file at @path, its module in
 * *mod (NULL when the file cannot be read or is no ELF file; the session is
 * returned all the same).  The file is opened with augur_input_file_open: a
 * FIFO or a device there is refused, never read for ever.  NULL when
 * libdwfl fails; the caller ends the session with dwfl_end. */
Dwfl *augur_dwarf_open_elf (const char *path, Dwfl_Module **mod);

G_END_DECLS

#endif /* AUGUR_DWARF_UNITS_H */
