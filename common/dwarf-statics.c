/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-statics.c — the source names of function-static variables (see
 * dwarf-statics.h).
 */
#include "config.h"

#include "common/dwarf-statics.h"
#include "common/dwarf-units.h"

#include <dwarf.h>
#include <gelf.h>
#include <string.h>

typedef struct {
  char *name;         /* DW_AT_name */
  char *function;     /* the subprogram's name, NULL if it has none */
  Dwarf_Off var;      /* the DW_TAG_variable */
} Static;

struct _AugurDwarfStatics {
  Dwarf *dw;            /* borrowed */
  GHashTable *symbols;  /* ELF symbol -> Static* (borrowed from by_addr) */
  GHashTable *by_addr;  /* guint64* address -> Static*, owned */
  GHashTable *names;    /* variable name -> how many variables have it (GUINT_TO_POINTER) */
};

static void
static_free (gpointer p)
{
  Static *s = p;
  g_free (s->name);
  g_free (s->function);
  g_free (s);
}

static void
count_name (AugurDwarfStatics *st, const char *name)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (st->names, name));
  g_hash_table_replace (st->names, g_strdup (name), GUINT_TO_POINTER (n + 1));
}

/* The fixed address of a variable in static storage (DW_OP_addr alone,
 * or DWARF 5's DW_OP_addrx: clang's), or FALSE. */
static gboolean
static_address (Dwarf_Die *var, Dwarf_Addr *addr)
{
  Dwarf_Attribute attr, in_table;
  Dwarf_Op *ops;
  size_t n;
  if (dwarf_attr (var, DW_AT_location, &attr) == NULL || dwarf_getlocation (&attr, &ops, &n) != 0
      || n != 1)
    return FALSE;
  if (ops[0].atom == DW_OP_addr)
    {
      *addr = ops[0].number;
      return TRUE;
    }
  return (ops[0].atom == DW_OP_addrx || ops[0].atom == DW_OP_GNU_addr_index)
         && dwarf_getlocation_attr (&attr, &ops[0], &in_table) == 0
         && dwarf_formaddr (&in_table, addr) == 0;
}

/* The statics of subprogram @fn's @scope (nested blocks too). */
static void
walk_scope (AugurDwarfStatics *st, const char *fn, Dwarf_Die *scope)
{
  Dwarf_Die c;
  if (dwarf_child (scope, &c) != 0)
    return;
  do
    {
      int tag = dwarf_tag (&c);
      Dwarf_Addr addr;
      const char *name = dwarf_diename (&c);
      if (tag == DW_TAG_variable && name != NULL && static_address (&c, &addr))
        {
          guint64 key = addr;
          if (g_hash_table_contains (st->by_addr, &key))
            continue;
          Static *s = g_new0 (Static, 1);
          s->name = g_strdup (name);
          s->function = g_strdup (fn);
          s->var = dwarf_dieoffset (&c);
          g_hash_table_insert (st->by_addr, g_memdup2 (&key, sizeof key), s);
          count_name (st, name);
        }
      else if (tag == DW_TAG_lexical_block)
        walk_scope (st, fn, &c);
    }
  while (dwarf_siblingof (&c, &c) == 0);
}

/* A unit's (or a namespace's) subprograms, and its variables' names. */
static void
walk_unit (AugurDwarfStatics *st, Dwarf_Die *unit)
{
  Dwarf_Die c;
  if (dwarf_child (unit, &c) != 0)
    return;
  do
    {
      int tag = dwarf_tag (&c);
      const char *name = dwarf_diename (&c);
      if (tag == DW_TAG_subprogram)
        walk_scope (st, name, &c);
      else if (tag == DW_TAG_namespace)
        walk_unit (st, &c);
      else if (tag == DW_TAG_variable && name != NULL && !dwarf_hasattr (&c, DW_AT_declaration))
        count_name (st, name);
    }
  while (dwarf_siblingof (&c, &c) == 0);
}

AugurDwarfStatics *
augur_dwarf_statics_new (Dwfl_Module *mod, Dwarf *dw)
{
  AugurDwarfStatics *st = g_new0 (AugurDwarfStatics, 1);
  st->dw = dw;
  st->symbols = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  st->by_addr = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, static_free);
  st->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (mod == NULL || dw == NULL)
    return st;
  AugurDwarfUnits units;
  Dwarf_Die cu;
  augur_dwarf_units_init (&units, dw);
  while (augur_dwarf_units_next (&units, &cu))
    walk_unit (st, &cu);
  if (g_hash_table_size (st->by_addr) == 0)
    return st;
  /* the symbols of local objects at those addresses: their names are
   * what the symbolizer calls them */
  int n = dwfl_module_getsymtab (mod);
  for (int i = 1; i < n; i++)
    {
      GElf_Sym sym;
      GElf_Addr adjusted;
      const char *name = dwfl_module_getsym_info (mod, i, &sym, &adjusted, NULL, NULL, NULL);
      if (name == NULL || GELF_ST_TYPE (sym.st_info) != STT_OBJECT || GELF_ST_BIND (sym.st_info) != STB_LOCAL)
        continue;
      guint64 key = sym.st_value;   /* as DW_OP_addr: unrelocated */
      Static *s = g_hash_table_lookup (st->by_addr, &key);
      /* a file's own static has the name it is declared with */
      if (s != NULL && strcmp (name, s->name) != 0)
        g_hash_table_replace (st->symbols, g_strdup (name), s);
    }
  return st;
}

void
augur_dwarf_statics_free (AugurDwarfStatics *st)
{
  if (st == NULL)
    return;
  g_hash_table_unref (st->symbols);
  g_hash_table_unref (st->by_addr);
  g_hash_table_unref (st->names);
  g_free (st);
}

gboolean
augur_dwarf_statics_find (AugurDwarfStatics *st, const char *symbol, Dwarf_Die *var,
                          const char **name, const char **function)
{
  const Static *s = g_hash_table_lookup (st->symbols, symbol);
  if (s == NULL || dwarf_offdie (st->dw, s->var, var) == NULL)
    return FALSE;
  *name = s->name;
  *function = GPOINTER_TO_UINT (g_hash_table_lookup (st->names, s->name)) > 1 ? s->function : NULL;
  return TRUE;
}
