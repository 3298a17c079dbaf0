/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-units.c — the compilation units of a program's debug info (see
 * dwarf-units.h).
 */
#include "config.h"

#include "common/dwarf-units.h"

#include <dwarf.h>

void
augur_dwarf_units_init (AugurDwarfUnits *units, Dwarf *dw)
{
  units->dw = dw;
  units->off = 0;
}

gboolean
augur_dwarf_units_next (AugurDwarfUnits *units, Dwarf_Die *cu)
{
  Dwarf_Off next;
  size_t header;
  while (units->dw != NULL
         && dwarf_nextcu (units->dw, units->off, &next, &header, NULL, NULL, NULL) == 0)
    {
      Dwarf_Off at = units->off + header;
      units->off = next;
      if (dwarf_offdie (units->dw, at, cu) != NULL)
        return TRUE;
    }
  return FALSE;
}

const char *
augur_dwarf_unit_comp_dir (Dwarf_Die *cu)
{
  Dwarf_Attribute attr;
  return dwarf_formstring (dwarf_attr (cu, DW_AT_comp_dir, &attr));
}
