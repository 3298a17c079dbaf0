/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symbols.c — libdw lookups for the explorer's findings; see symbols.h.
 */
#include "config.h"

#include "explorer/symbols.h"

#include <elfutils/libdwfl.h>
#include <string.h>

struct _AugurSymbols {
  Dwfl *dwfl;
  Dwfl_Module *mod;
  GHashTable *cache;   /* pc -> AugurSourceLoc */
};

static void
loc_free (gpointer p)
{
  AugurSourceLoc *l = p;
  g_free (l->file);
  g_free (l->function);
  g_free (l);
}

static const Dwfl_Callbacks callbacks = {
  .find_debuginfo = dwfl_standard_find_debuginfo,
  .section_address = dwfl_offline_section_address,
};

AugurSymbols *
augur_symbols_new (const char *exe)
{
  AugurSymbols *s = g_new0 (AugurSymbols, 1);
  s->cache = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, loc_free);
  s->dwfl = dwfl_begin (&callbacks);
  if (s->dwfl != NULL)
    {
      s->mod = dwfl_report_offline (s->dwfl, "exe", exe, -1);
      dwfl_report_end (s->dwfl, NULL, NULL);
    }
  return s;
}

void
augur_symbols_free (AugurSymbols *s)
{
  if (s == NULL)
    return;
  if (s->dwfl != NULL)
    dwfl_end (s->dwfl);
  g_hash_table_unref (s->cache);
  g_free (s);
}

const AugurSourceLoc *
augur_symbols_lookup (AugurSymbols *s, guint module, guint32 pc)
{
  gpointer key = GUINT_TO_POINTER (pc);
  if (module != 0 || pc == 0)
    {
      static const AugurSourceLoc unknown = { NULL, 0, NULL };
      return &unknown;
    }
  AugurSourceLoc *l = g_hash_table_lookup (s->cache, key);
  if (l != NULL)
    return l;
  l = g_new0 (AugurSourceLoc, 1);
  if (s->mod != NULL)
    {
      GElf_Addr bias = 0;
      if (dwfl_module_getelf (s->mod, &bias) != NULL)
        {
          Dwarf_Addr addr = (Dwarf_Addr) pc + bias;
          Dwfl_Line *line = dwfl_module_getsrc (s->mod, addr);
          int lineno = 0;
          const char *file = line != NULL ? dwfl_lineinfo (line, NULL, &lineno, NULL, NULL, NULL) : NULL;
          if (file != NULL)
            {
              l->file = g_strdup (file);
              l->line = (guint) lineno;
            }
          const char *fn = dwfl_module_addrname (s->mod, addr);
          if (fn != NULL)
            l->function = g_strdup (fn);
        }
    }
  g_hash_table_insert (s->cache, key, l);
  return l;
}

char *
augur_symbols_object_name (AugurSymbols *s, guint64 addr, guint64 exe_bias)
{
  if (s->mod == NULL || addr < exe_bias)
    return NULL;
  GElf_Addr bias = 0;
  if (dwfl_module_getelf (s->mod, &bias) == NULL)
    return NULL;
  GElf_Addr a = addr - exe_bias + bias;
  GElf_Off off = 0;
  GElf_Sym sym;
  const char *name = dwfl_module_addrinfo (s->mod, a, &off, &sym, NULL, NULL, NULL);
  if (name == NULL || GELF_ST_TYPE (sym.st_info) != STT_OBJECT)
    return NULL;
  if (off == 0)
    return g_strdup (name);
  if (sym.st_size > 0 && off < sym.st_size)
    return g_strdup_printf ("%s+%" G_GUINT64_FORMAT, name, (guint64) off);
  return NULL;
}
