/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symbolizer.c — source locations and symbols through libdwfl.
 *
 * One Dwfl session per module, each module reported at bias 0: offsets
 * relative to the load bias are then the addresses libdwfl expects, for
 * position-independent executables and shared libraries as for fixed ones.
 */
#include "config.h"

#include "common/symbolizer.h"

#include "common/demangle.h"
#include "common/dwarf-units.h"
#include "common/source-label.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *path;
  guint64 bias;         /* in the recorded run */
  gboolean tried;
  Dwfl *dwfl;           /* NULL if the module could not be opened */
  Dwfl_Module *mod;
  Dwarf_Addr low, high; /* the module's addresses at bias 0 */
} Module;

struct _AugurSymbolizer {
  GPtrArray *modules;   /* Module*, by index; NULL holes */
  GHashTable *cache;    /* (module << 32 | pc) -> AugurSource* */
  GHashTable *inlined;  /* the same -> AugurSource*: augur_symbolizer_inlined_call's
                         * answers (file NULL: none), asked for at every step of an
                         * execution whose thin wrappers are looked for */
  GHashTable *data;     /* address -> DataHit*: augur_symbolizer_data's answers (a
                         * schedule of 200,000 steps asks for every step's) */
  GStringChunk *strings;
};

typedef struct {
  const char *name;     /* interned; NULL: in no module */
  guint64 offset;
} DataHit;

static void
module_free (gpointer p)
{
  Module *m = p;
  if (m == NULL)
    return;
  if (m->dwfl != NULL)
    dwfl_end (m->dwfl);
  g_free (m->path);
  g_free (m);
}

AugurSymbolizer *
augur_symbolizer_new (void)
{
  AugurSymbolizer *s = g_new0 (AugurSymbolizer, 1);
  s->modules = g_ptr_array_new_with_free_func (module_free);
  s->cache = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  s->data = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  s->inlined = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  s->strings = g_string_chunk_new (4096);
  return s;
}

AugurSymbolizer *
augur_symbolizer_new_for_trace (const AugurTrace *trace)
{
  AugurSymbolizer *s = augur_symbolizer_new ();
  guint n = MAX (1u, augur_trace_n_modules (trace));
  for (guint i = 0; i < n; i++)
    {
      const char *path = augur_trace_module_path (trace, i);
      if (path != NULL)
        augur_symbolizer_add_module (s, i, path, augur_trace_module_bias (trace, i));
    }
  return s;
}

void
augur_symbolizer_free (AugurSymbolizer *s)
{
  if (s == NULL)
    return;
  g_ptr_array_unref (s->modules);
  g_hash_table_unref (s->cache);
  g_hash_table_unref (s->data);
  g_hash_table_unref (s->inlined);
  g_string_chunk_free (s->strings);
  g_free (s);
}

static void resolve (AugurSymbolizer *s, guint module, guint64 pc, AugurSource *hit);

void
augur_symbolizer_add_module (AugurSymbolizer *s, guint index, const char *path, guint64 bias)
{
  if (index >= s->modules->len)
    g_ptr_array_set_size (s->modules, index + 1);
  g_hash_table_remove_all (s->data);   /* addresses mean other symbols now */
  Module *m = g_new0 (Module, 1);
  m->path = g_strdup (path);
  m->bias = bias;
  const Module *old = g_ptr_array_index (s->modules, index);
  gboolean same_file = old != NULL && g_strcmp0 (old->path, path) == 0;
  module_free (g_ptr_array_index (s->modules, index));
  g_ptr_array_index (s->modules, index) = m;
  if (same_file)
    return;   /* offsets mean what they meant: only the bias moved */
  g_hash_table_remove_all (s->inlined);   /* its call sites are another file's */
  /* what was looked up in it before it was known (or while the number
   * was another object's) is looked up again, in place: callers may hold
   * the entries */
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, s->cache);
  while (g_hash_table_iter_next (&it, &key, &value))
    if ((guint) (*(gint64 *) key >> 32) == index)
      {
        static const AugurSource unknown = { NULL, NULL, 0, 0 };
        *(AugurSource *) value = unknown;
        resolve (s, index, (guint64) (*(gint64 *) key & 0xffffffff), value);
      }
}

void
augur_symbolizer_add_sched_modules (AugurSymbolizer *s, const AugurSchedModule *modules,
                                    guint n)
{
  for (guint k = 1; k <= n && k <= AUGUR_SCHED_MAX_MODULES; k++)
    {
      const Module *m = k < s->modules->len ? g_ptr_array_index (s->modules, k) : NULL;
      /* the page is the program's to write: its path may lack its end */
      g_autofree char *path = g_strndup (modules[k - 1].path, sizeof modules[k - 1].path);
      /* an execution may number the objects in another order */
      if (m == NULL || m->bias != modules[k - 1].bias || strcmp (m->path, path) != 0)
        augur_symbolizer_add_module (s, k, path, modules[k - 1].bias);
    }
}

/* @file as a path of its own: relative to its unit's compilation
 * directory @comp_dir when it is relative (two units may both say
 * "util.c"); NULL stays NULL.  Newly allocated. */
static char *
absolute (const char *file, const char *comp_dir)
{
  if (file == NULL)
    return NULL;
  if (g_path_is_absolute (file) || comp_dir == NULL || !g_path_is_absolute (comp_dir))
    return g_strdup (file);
  return g_canonicalize_filename (file, comp_dir);
}

static void
register_source (const char *name, const char *comp_dir, gpointer data)
{
  (void) data;
  g_autofree char *path = absolute (name, comp_dir);
  if (strcmp (path, "<built-in>") != 0)
    augur_source_label_register (path);
}

/* Every source file of @m's debug info (the executable's) is known to
 * the labels of messages (source-label.h): a file is named by more than
 * its base name from the first message on when another one shares it. */
static void
register_sources (Module *m)
{
  Dwarf_Addr bias = 0;
  Dwarf *dw = dwfl_module_getdwarf (m->mod, &bias);
  if (dw != NULL)
    augur_dwarf_units_each_file (dw, register_source, NULL);
}

static Module *
get_module (AugurSymbolizer *s, guint index)
{
  if (index >= s->modules->len)
    return NULL;
  Module *m = g_ptr_array_index (s->modules, index);
  if (m == NULL)
    return NULL;
  if (!m->tried)
    {
      m->tried = TRUE;
      /* the path comes from the trace: a FIFO or a device there must not
       * block or be read for ever (augur_dwarf_open_elf) */
      m->dwfl = augur_dwarf_open_elf (m->path, &m->mod);
      if (m->mod != NULL)
        {
          dwfl_module_info (m->mod, NULL, &m->low, &m->high, NULL, NULL, NULL, NULL);
          /* the program's files, not the C library's stdlib/abort.c
           * beside the program's abort.c */
          if (index == 0)
            register_sources (m);
        }
    }
  return m->mod != NULL ? m : NULL;
}

static const char *
intern (AugurSymbolizer *s, const char *str)
{
  return str != NULL ? g_string_chunk_insert_const (s->strings, str) : NULL;
}

/* An ELF symbol's name as the source spells it: a C++ one demangled. */
static const char *
intern_symbol (AugurSymbolizer *s, const char *sym)
{
  g_autofree char *plain = augur_demangle (sym);
  return intern (s, plain != NULL ? plain : sym);
}

/* The source line of @a into @src (file not interned).  A row of line 0
 * (clang gives its instrumentation calls no line when it merged or moved
 * the instruction) takes the nearest row before it in the function (from
 * @fn_start) that has one: the statement the instruction came from. */
static void
source_line (AugurSymbolizer *s, Module *m, Dwarf_Addr a, Dwarf_Addr fn_start, AugurSource *src)
{
  for (int steps = 0; steps < 64; steps++)
    {
      Dwfl_Line *line = dwfl_module_getsrc (m->mod, a);
      if (line == NULL)
        return;
      Dwarf_Addr row = 0;
      int lineno = 0, col = 0;
      g_autofree char *abs = absolute (dwfl_lineinfo (line, &row, &lineno, &col, NULL, NULL),
                                       dwfl_line_comp_dir (line));
      const char *file = intern (s, abs);
      if (src->file == NULL)
        src->file = file;   /* line 0 keeps at least the file */
      if (lineno > 0)
        {
          src->file = file;
          src->line = (guint) lineno;
          src->column = col > 0 ? (guint) col : 0;
          return;
        }
      if (row == 0 || row <= fn_start || row > a)
        return;
      a = row - 1;
    }
}

/* The innermost DW_TAG_inlined_subroutine around @a (before the
 * subprogram that holds it) into *@out and its unit into *@cu; FALSE when
 * @a is the symbol's own code. */
static gboolean
innermost_inlined (Module *m, Dwarf_Addr a, Dwarf_Die *cu, Dwarf_Die *out)
{
  Dwarf_Addr bias = 0;
  Dwarf_Die *c = dwfl_module_addrdie (m->mod, a, &bias);
  if (c == NULL)
    return FALSE;
  *cu = *c;
  Dwarf_Die *scopes = NULL;
  int n = dwarf_getscopes (c, a - bias, &scopes);
  gboolean found = FALSE;
  for (int i = 0; i < n && !found; i++)
    {
      int tag = dwarf_tag (&scopes[i]);
      if (tag == DW_TAG_subprogram)
        break;
      if (tag == DW_TAG_inlined_subroutine)
        {
          *out = scopes[i];
          found = TRUE;
        }
    }
  free (scopes);
  return found;
}

/* The function whose code @a is when the compiler inlined it into the
 * symbol's (the innermost DW_TAG_inlined_subroutine around @a), NULL when
 * @a is the symbol's own code: `bump` for its `*p += 1` inlined into
 * `worker`, whose line the line table already gives. */
static const char *
inlined_function (Module *m, Dwarf_Addr a)
{
  Dwarf_Die cu, in;
  Dwarf_Attribute attr;
  if (!innermost_inlined (m, a, &cu, &in) || dwarf_attr_integrate (&in, DW_AT_name, &attr) == NULL)
    return NULL;
  return dwarf_formstring (&attr);
}

static gboolean inlined_call (AugurSymbolizer *s, guint module, guint64 pc, AugurSource *out);

gboolean
augur_symbolizer_inlined_call (AugurSymbolizer *s, guint module, guint64 pc, AugurSource *out)
{
  gint64 key = ((gint64) module << 32) | (gint64) (pc & 0xffffffffu);
  AugurSource *hit = g_hash_table_lookup (s->inlined, &key);
  if (hit == NULL)
    {
      hit = g_new0 (AugurSource, 1);
      if (!inlined_call (s, module, pc, hit))
        *hit = (AugurSource) { 0 };
      gint64 *k = g_new (gint64, 1);
      *k = key;
      g_hash_table_insert (s->inlined, k, hit);
    }
  *out = *hit;
  return hit->file != NULL;
}

static gboolean
inlined_call (AugurSymbolizer *s, guint module, guint64 pc, AugurSource *out)
{
  *out = (AugurSource) { 0 };
  Module *m = pc != 0 ? get_module (s, module) : NULL;
  Dwarf_Die cu, in;
  if (m == NULL || !innermost_inlined (m, pc, &cu, &in))
    return FALSE;
  Dwarf_Attribute attr;
  Dwarf_Word file = 0, line = 0;
  Dwarf_Files *files = NULL;
  size_t nfiles = 0;
  if (dwarf_formudata (dwarf_attr (&in, DW_AT_call_file, &attr), &file) != 0
      || dwarf_formudata (dwarf_attr (&in, DW_AT_call_line, &attr), &line) != 0
      || dwarf_getsrcfiles (&cu, &files, &nfiles) != 0 || file >= nfiles)
    return FALSE;
  g_autofree char *path = absolute (dwarf_filesrc (files, file, NULL, NULL),
                                    augur_dwarf_unit_comp_dir (&cu));
  out->file = intern (s, path);
  out->line = (guint) line;
  /* the scopes that hold the inlined instance in the DIE tree: the
   * caller's */
  Dwarf_Die *outer = NULL;
  int no = dwarf_getscopes_die (&in, &outer);
  for (int k = 1; k < no; k++)
    {
      int tag = dwarf_tag (&outer[k]);
      if ((tag == DW_TAG_inlined_subroutine || tag == DW_TAG_subprogram)
          && dwarf_attr_integrate (&outer[k], DW_AT_name, &attr) != NULL)
        {
          out->function = intern (s, dwarf_formstring (&attr));
          break;
        }
    }
  free (outer);
  return out->file != NULL && out->line > 0;
}

/* @hit for @pc in @module (left unknown when the module is). */
static void
resolve (AugurSymbolizer *s, guint module, guint64 pc, AugurSource *hit)
{
  Module *m = get_module (s, module);
  if (m == NULL)
    return;
  Dwarf_Addr a = pc; /* reported at bias 0: the offset is the address */
  GElf_Off off;
  GElf_Sym sym;
  const char *name = dwfl_module_addrinfo (m->mod, a, &off, &sym, NULL, NULL, NULL);
  const char *inlined = inlined_function (m, a);
  hit->function = inlined != NULL ? intern (s, inlined) : intern_symbol (s, name);
  source_line (s, m, a, name != NULL ? a - off : a, hit);
}

const AugurSource *
augur_symbolizer_lookup (AugurSymbolizer *s, guint module, guint64 pc)
{
  static const AugurSource unknown = { NULL, NULL, 0, 0 };
  if (pc == 0)
    return &unknown;
  gint64 key = ((gint64) module << 32) | (gint64) (pc & 0xffffffffu);
  AugurSource *hit = g_hash_table_lookup (s->cache, &key);
  if (hit == NULL)
    {
      hit = g_new0 (AugurSource, 1);
      resolve (s, module, pc, hit);
      gint64 *k = g_new (gint64, 1);
      *k = key;
      g_hash_table_insert (s->cache, k, hit);
    }
  return hit;
}

gboolean
augur_symbolizer_source (AugurSymbolizer *s, guint module, guint64 pc, AugurSource *out)
{
  *out = *augur_symbolizer_lookup (s, module, pc);
  return out->file != NULL;
}

const char *
augur_symbolizer_given_file (AugurSymbolizer *s, guint module, guint64 pc, const char *file)
{
  if (file == NULL || file[0] == '\0' || g_path_is_absolute (file))
    return file;
  const AugurSource *at = augur_symbolizer_lookup (s, module, pc);
  return at->file != NULL && augur_source_path_ends_with (at->file, file) ? at->file : file;
}

static const char *
data_uncached (AugurSymbolizer *s, guint64 address, guint64 *offset)
{
  for (guint i = 0; i < s->modules->len; i++)
    {
      Module *m = get_module (s, i);
      if (m == NULL)
        continue;
      guint64 a = address - m->bias;
      if (a < m->low || a >= m->high)
        continue;
      GElf_Off off = 0;
      GElf_Sym sym;
      const char *name = dwfl_module_addrinfo (m->mod, a, &off, &sym, NULL, NULL, NULL);
      if (name == NULL)
        {
          /* no symbol (a string literal): the module and the offset */
          g_autofree char *base = g_path_get_basename (m->path);
          if (offset != NULL)
            *offset = 0;
          g_autofree char *where = g_strdup_printf ("%s+0x%" G_GINT64_MODIFIER "x", base, a);
          return intern (s, where);
        }
      if (offset != NULL)
        *offset = off;
      return intern_symbol (s, name);
    }
  return NULL;
}

const char *
augur_symbolizer_data (AugurSymbolizer *s, guint64 address, guint64 *offset)
{
  DataHit *hit = g_hash_table_lookup (s->data, &address);
  if (hit == NULL)
    {
      hit = g_new0 (DataHit, 1);
      hit->name = data_uncached (s, address, &hit->offset);
      g_hash_table_insert (s->data, g_memdup2 (&address, sizeof address), hit);
    }
  if (hit->name != NULL && offset != NULL)
    *offset = hit->offset;
  return hit->name;
}

gboolean
augur_symbolizer_check_build_id (AugurSymbolizer *s, const char *build_id_hex, char **why)
{
  Module *m = get_module (s, 0);
  if (m == NULL)
    {
      if (why != NULL)
        *why = g_strdup_printf ("%s: cannot read the recorded program's debug information; "
                                "source locations will be missing",
                                s->modules->len > 0 && g_ptr_array_index (s->modules, 0) != NULL
                                  ? ((Module *) g_ptr_array_index (s->modules, 0))->path
                                  : "(no program)");
      return FALSE;
    }
  if (build_id_hex == NULL || build_id_hex[0] == '\0')
    return TRUE;
  const unsigned char *bits = NULL;
  GElf_Addr vaddr;
  int n = dwfl_module_build_id (m->mod, &bits, &vaddr);
  if (n <= 0)
    return TRUE;
  GString *hex = g_string_new (NULL);
  for (int k = 0; k < n; k++)
    g_string_append_printf (hex, "%02x", bits[k]);
  gboolean same = g_str_has_prefix (hex->str, build_id_hex) || g_str_has_prefix (build_id_hex, hex->str);
  g_string_free (hex, TRUE);
  if (!same && why != NULL)
    *why = g_strdup_printf ("%s was rebuilt after this trace was recorded (build ids differ); "
                            "source locations may be wrong: record it again",
                            m->path);
  return same;
}
