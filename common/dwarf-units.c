/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-units.c — the compilation units of a program's debug info (see
 * dwarf-units.h).
 */
#include "config.h"

#include "common/dwarf-units.h"

#include "common/input-file.h"

#include <dwarf.h>
#include <unistd.h>

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

void
augur_dwarf_units_each_file (Dwarf *dw, AugurDwarfFileFunc fn, gpointer data)
{
  AugurDwarfUnits units;
  Dwarf_Die cu;
  augur_dwarf_units_init (&units, dw);
  while (augur_dwarf_units_next (&units, &cu))
    {
      Dwarf_Files *files = NULL;
      size_t n = 0;
      if (dwarf_getsrcfiles (&cu, &files, &n) != 0)
        continue;
      const char *dir = augur_dwarf_unit_comp_dir (&cu);
      for (size_t i = 0; i < n; i++)
        {
          const char *name = dwarf_filesrc (files, i, NULL, NULL);
          if (name != NULL && *name != '\0')
            fn (name, dir, data);
        }
    }
}

static const Dwfl_Callbacks callbacks = {
  .find_elf = dwfl_build_id_find_elf,
  .find_debuginfo = dwfl_standard_find_debuginfo,
  .section_address = dwfl_offline_section_address,
};

Dwfl *
augur_dwarf_open_elf (const char *path, Dwfl_Module **mod)
{
  *mod = NULL;
  Dwfl *dwfl = dwfl_begin (&callbacks);
  if (dwfl == NULL)
    return NULL;
  int fd = augur_input_file_open (path, G_MAXSIZE, NULL, NULL);
  if (fd >= 0)
    {
      *mod = dwfl_report_elf (dwfl, path, path, fd, 0, false);
      if (*mod == NULL)
        close (fd);   /* consumed only on success */
    }
  dwfl_report_end (dwfl, NULL, NULL);
  return dwfl;
}

const char *
augur_dwarf_unit_comp_dir (Dwarf_Die *cu)
{
  Dwarf_Attribute attr;
  return dwarf_formstring (dwarf_attr (cu, DW_AT_comp_dir, &attr));
}
