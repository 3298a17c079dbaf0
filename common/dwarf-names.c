/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-names.c — source-level names of objects from DWARF types (see
 * dwarf-names.h).
 *
 * The debug info is read once, through libdwfl as the symbolizer does:
 * the global variables and the defined functions of every CU are indexed
 * by name.  A heap object's evidence is a source line: its C expression is
 * parsed just enough (an identifier followed by ->member, .member and
 * [index]) to follow the types from a variable in scope (a parameter or
 * local of the function, else a global) to the pointer the access or the
 * allocation went through.
 */
#include "config.h"

#include "common/dwarf-names.h"
#include "common/deadline-latch.h"
#include "common/c-ident.h"
#include "common/dwarf-type.h"
#include "common/demangle.h"
#include "common/dwarf-frames.h"
#include "common/dwarf-alloca.h"
#include "common/dwarf-statics.h"
#include "common/dwarf-units.h"
#include "common/objects.h"
#include "common/symbolizer.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <string.h>

typedef struct {
  char *name;          /* "q", "q->items" */
  Dwarf_Off type;      /* the pointee's type DIE */
  gboolean from_alloc; /* named at its allocation (wins over accesses) */
  gboolean array;      /* several of them: name[i], not *name */
  gboolean ambiguous;  /* from a line where another expression fitted as
                        * well ("a->f = b->f = 1"): any other evidence wins */
} Base;

struct _AugurDwarfNames {
  char *program;
  char *source_dir;
  gboolean tried;
  Dwfl *dwfl;
  Dwfl_Module *mod;      /* the program's */
  Dwarf *dw;             /* NULL: no debug info */
  GHashTable *globals;   /* name -> Dwarf_Off* of the variable */
  GHashTable *functions; /* name -> Dwarf_Off* of the subprogram */
  GHashTable *scopes;    /* the base name of a source file -> GArray of the
                          * Dwarf_Off of every subprogram it declares, inlined
                          * ones' abstract instances included, in DWARF order */
  GHashTable *bases;     /* "T0.alloc1" -> Base* */
  GHashTable *sizes;     /* "T0.alloc1" -> its size in bytes (guint64*) */
  GHashTable *sources;   /* file -> char ** (lines), NULL value if unreadable */
  GHashTable *noted;     /* evidence already looked at */
  GHashTable *variables; /* "function|file|name" -> Dwarf_Off* of find_variable's
                          * answer, NO_VARIABLE if none: a miss scans every
                          * subprogram, and a long schedule asks again and again */
  GHashTable *saved[3];  /* bases, sizes, noted of the recorded run while an
                          * execution's own are in their place */
  AugurDwarfFrames *frames; /* the recorded run's creating frames' locals, or NULL */
  AugurDwarfAlloca *allocas; /* what those frames alloca'd, or NULL */
  AugurDwarfStatics *statics; /* function-static variables, lazily */
  AugurDeadlineLatch deadline;           /* no naming past it */
};

static void
base_free (gpointer p)
{
  Base *b = p;
  g_free (b->name);
  g_free (b);
}

static void
lines_free (gpointer p)
{
  g_strfreev (p);
}

/* A new set of heap evidence: bases, sizes, noted. */
static void
heap_evidence_new (AugurDwarfNames *n)
{
  n->bases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, base_free);
  n->sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  n->noted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static void
heap_evidence_free (AugurDwarfNames *n)
{
  g_hash_table_unref (n->bases);
  g_hash_table_unref (n->sizes);
  g_hash_table_unref (n->noted);
}

AugurDwarfNames *
augur_dwarf_names_new (const char *program, const char *source_dir)
{
  AugurDwarfNames *n = g_new0 (AugurDwarfNames, 1);
  n->program = g_strdup (program);
  n->source_dir = g_strdup (source_dir);
  n->globals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  n->functions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  n->scopes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  n->sources = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, lines_free);
  n->variables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  heap_evidence_new (n);
  return n;
}

void
augur_dwarf_names_begin_execution (AugurDwarfNames *names)
{
  g_return_if_fail (names->saved[0] == NULL);
  names->saved[0] = names->bases;
  names->saved[1] = names->sizes;
  names->saved[2] = names->noted;
  heap_evidence_new (names);
}

void
augur_dwarf_names_end_execution (AugurDwarfNames *names)
{
  g_return_if_fail (names->saved[0] != NULL);
  heap_evidence_free (names);
  names->bases = names->saved[0];
  names->sizes = names->saved[1];
  names->noted = names->saved[2];
  memset (names->saved, 0, sizeof names->saved);
}

void
augur_dwarf_names_free (AugurDwarfNames *names)
{
  if (names == NULL)
    return;
  if (names->dwfl != NULL)
    dwfl_end (names->dwfl);
  g_free (names->program);
  g_free (names->source_dir);
  g_hash_table_unref (names->globals);
  g_hash_table_unref (names->functions);
  g_hash_table_unref (names->scopes);
  if (names->saved[0] != NULL)
    augur_dwarf_names_end_execution (names);
  heap_evidence_free (names);
  g_hash_table_unref (names->sources);
  g_hash_table_unref (names->variables);
  g_clear_pointer (&names->allocas, augur_dwarf_alloca_free);
  g_clear_pointer (&names->frames, augur_dwarf_frames_free);
  g_clear_pointer (&names->statics, augur_dwarf_statics_free);
  g_free (names);
}

void
augur_dwarf_names_set_deadline (AugurDwarfNames *names, gint64 stop)
{
  names->deadline.stop = stop;
}

gint64
augur_dwarf_names_stop_in (double left, double limit)
{
  double floor = MIN (limit * AUGUR_DWARF_NAMES_FLOOR, AUGUR_DWARF_NAMES_FLOOR_MAX);
  return g_get_monotonic_time () + (gint64) (MAX (left, floor) * G_USEC_PER_SEC);
}

gboolean
augur_dwarf_names_out_of_time (AugurDwarfNames *names)
{
  return augur_deadline_latch_passed (&names->deadline);
}

gboolean
augur_dwarf_names_was_cut (AugurDwarfNames *names)
{
  return names->deadline.cut;
}

const char *
augur_dwarf_names_cut_text (void)
{
  return "naming the findings' objects from the debug info was cut short by the time limit: "
         "what was not named by then keeps augur's own name (T1.alloc3+8: a heap block of "
         "thread 1 and an offset in it; T2.stack-0x40: a slot of thread 2's stack)";
}

/* ---- the index ---- */

static void
index_put (GHashTable *h, const char *name, Dwarf_Die *die)
{
  if (name == NULL || g_hash_table_contains (h, name))
    return;
  Dwarf_Off *off = g_new (Dwarf_Off, 1);
  *off = dwarf_dieoffset (die);
  g_hash_table_insert (h, g_strdup (name), off);
}


/* A subprogram with children, under the base name of the file that
 * declares it: find_variable looks there for a line's locals, once per
 * access noted, so the file is asked here, once per subprogram. */
static void
add_scope (AugurDwarfNames *n, Dwarf_Die *die)
{
  const char *decl = dwarf_decl_file (die);
  if (decl == NULL)
    return;
  g_autofree char *base = g_path_get_basename (decl);
  GArray *scopes = g_hash_table_lookup (n->scopes, base);
  if (scopes == NULL)
    {
      scopes = g_array_new (FALSE, FALSE, sizeof (Dwarf_Off));
      g_hash_table_insert (n->scopes, g_steal_pointer (&base), scopes);
    }
  Dwarf_Off o = dwarf_dieoffset (die);
  g_array_append_val (scopes, o);
}
/* The variables and functions declared in @scope (a CU or a C++
 * namespace, whose names are @prefix "::" name) into the index. */
static void
index_scope (AugurDwarfNames *n, Dwarf_Die *scope, const char *prefix)
{
  Dwarf_Die child;
  if (dwarf_child (scope, &child) != 0)
    return;
  do
    {
      int tag = dwarf_tag (&child);
      const char *base = dwarf_diename (&child);
      g_autofree char *qualified = prefix != NULL && base != NULL
        ? g_strconcat (prefix, "::", base, NULL) : NULL;
      const char *name = qualified != NULL ? qualified : base;
      if (tag == DW_TAG_variable && dwarf_hasattr_integrate (&child, DW_AT_type)
          && !dwarf_hasattr (&child, DW_AT_declaration))
        {
          /* C++: the definition of a namespace's or class's variable stands
           * at the CU's level, its name and namespace on its declaration;
           * its linkage name, demangled, is the symbolizer's name for it */
          Dwarf_Attribute attr;
          g_autofree char *linkage = dwarf_attr_integrate (&child, DW_AT_linkage_name, &attr) != NULL
            ? augur_demangle (dwarf_formstring (&attr)) : NULL;
          index_put (n->globals, linkage != NULL ? linkage : name, &child);
        }
      else if (tag == DW_TAG_subprogram)
        {
          if (dwarf_hasattr (&child, DW_AT_low_pc))
            index_put (n->functions, name, &child);
          if (dwarf_haschildren (&child))
            add_scope (n, &child);
        }
      else if (tag == DW_TAG_namespace)
        /* an anonymous namespace adds nothing to its names */
        index_scope (n, &child, base != NULL ? name : prefix);
    }
  while (dwarf_siblingof (&child, &child) == 0);
}

static gboolean
open_debug_info (AugurDwarfNames *n)
{
  if (n->tried)
    return n->dw != NULL;
  if (augur_dwarf_names_out_of_time (n))
    return FALSE;
  n->tried = TRUE;
  if (n->program == NULL)
    return FALSE;
  Dwfl_Module *mod;
  n->dwfl = augur_dwarf_open_elf (n->program, &mod);
  if (mod == NULL)
    return FALSE;
  n->mod = mod;
  Dwarf_Addr bias = 0;
  n->dw = dwfl_module_getdwarf (mod, &bias);
  if (n->dw == NULL)
    return FALSE;
  AugurDwarfUnits units;
  Dwarf_Die cu;
  augur_dwarf_units_init (&units, n->dw);
  while (augur_dwarf_units_next (&units, &cu))
    index_scope (n, &cu, NULL);
  return TRUE;
}

static gboolean
die_at (AugurDwarfNames *n, Dwarf_Off off, Dwarf_Die *out)
{
  return dwarf_offdie (n->dw, off, out) != NULL;
}

/* ---- scopes and expressions ---- */

/* A parameter or local named @name anywhere in @scope (nested blocks). */
static gboolean
find_local (Dwarf_Die *scope, const char *name, Dwarf_Die *out)
{
  Dwarf_Die c;
  if (dwarf_child (scope, &c) != 0)
    return FALSE;
  do
    {
      int tag = dwarf_tag (&c);
      if ((tag == DW_TAG_formal_parameter || tag == DW_TAG_variable)
          && g_strcmp0 (dwarf_diename (&c), name) == 0 && dwarf_hasattr_integrate (&c, DW_AT_type))
        {
          *out = c;
          return TRUE;
        }
      if (tag == DW_TAG_lexical_block && find_local (&c, name, out))
        return TRUE;
    }
  while (dwarf_siblingof (&c, &c) == 0);
  return FALSE;
}

/* The variable @name as seen from @function: its parameter or local;
 * else, when the code was inlined into @function (optimised builds), a
 * parameter or local of that name of a function of the same source file;
 * else a global. */
static gboolean
look_up_variable (AugurDwarfNames *n, const char *function, const char *file, const char *name,
                  Dwarf_Die *out)
{
  Dwarf_Off *fo = function != NULL ? g_hash_table_lookup (n->functions, function) : NULL;
  Dwarf_Die fn;
  if (fo != NULL && die_at (n, *fo, &fn) && find_local (&fn, name, out))
    return TRUE;
  if (file != NULL)
    {
      g_autofree char *base = g_path_get_basename (file);
      GArray *scopes = g_hash_table_lookup (n->scopes, base);
      for (guint i = 0; scopes != NULL && i < scopes->len; i++)
        {
          Dwarf_Die sc;
          if (die_at (n, g_array_index (scopes, Dwarf_Off, i), &sc) && find_local (&sc, name, out))
            return TRUE;
        }
    }
  Dwarf_Off *go = g_hash_table_lookup (n->globals, name);
  return go != NULL && die_at (n, *go, out);
}

#define NO_VARIABLE G_MAXUINT64

/* look_up_variable, its answers kept (n->variables) */
static gboolean
find_variable (AugurDwarfNames *n, const char *function, const char *file, const char *name,
               Dwarf_Die *out)
{
  g_autofree char *key = g_strdup_printf ("%s|%s|%s", function != NULL ? function : "",
                                          file != NULL ? file : "", name);
  Dwarf_Off *known = g_hash_table_lookup (n->variables, key);
  if (known != NULL)
    return *known != NO_VARIABLE && die_at (n, *known, out);
  gboolean found = look_up_variable (n, function, file, name, out);
  Dwarf_Off *off = g_new (Dwarf_Off, 1);
  *off = found ? dwarf_dieoffset (out) : NO_VARIABLE;
  g_hash_table_insert (n->variables, g_steal_pointer (&key), off);
  return found;
}

static const char *
skip_space (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* An identifier at *p: returns it (newly allocated) and moves *p past it. */
static char *
read_ident (const char **p)
{
  const char *s = skip_space (*p);
  if (!augur_c_ident_start (*s))
    return NULL;
  const char *e = s;
  while (augur_c_ident_char (*e))
    e++;
  *p = e;
  return g_strndup (s, e - s);
}

static void
set_base (AugurDwarfNames *n, const char *base, const char *name, Dwarf_Die *type, gboolean alloc,
          gboolean array)
{
  Base *b = g_hash_table_lookup (n->bases, base);
  if (b != NULL && (b->from_alloc || !alloc) && !b->ambiguous)
    return;   /* the allocation site wins; else the first access */
  b = g_new0 (Base, 1);
  b->name = g_strdup (name);
  b->type = dwarf_dieoffset (type);
  b->from_alloc = alloc;
  b->array = array;
  g_hash_table_replace (n->bases, g_strdup (base), b);
}

/* What an expression says a heap object is. */
typedef struct {
  char *name;
  Dwarf_Off type;
  gboolean array;
} Candidate;

static gboolean
candidate_set (Candidate *c, GString *expr, Dwarf_Die *type, gboolean array)
{
  c->name = g_strdup (expr->str);
  c->type = dwarf_dieoffset (type);
  c->array = array;
  return TRUE;
}

/* The expression at @p ("q->items[i]->next", "pool->jobqueue.rwmutex",
 * "q->jobs[t] = job", a struct element copied whole) tried as the way to
 * a heap object at @off: the first pointer along it
 * whose pointee has, at @off, the member the expression names next, and
 * fits the object's @size; in *@c.  In "c->last->next = n", both c (whose
 * member at 8 may be `last`) and c->last (whose `next` is at 8) have such
 * a member: only the object's size tells them apart. */
static gboolean
walk_expression (AugurDwarfNames *n, const char *function, const char *file, const char *p,
                 guint64 off, guint64 size, gboolean strict, Candidate *c, Candidate *deepest)
{
  g_autofree char *x = read_ident (&p);
  Dwarf_Die var, t;
  if (x == NULL || !find_variable (n, function, file, x, &var) || !augur_dwarf_type_of (&var, &t))
    return FALSE;
  g_autoptr (GString) expr = g_string_new (x);
  for (int depth = 0; depth < 12; depth++)
    {
      p = skip_space (p);
      if (p[0] == '-' && p[1] == '>')
        {
          p += 2;
          g_autofree char *m = read_ident (&p);
          Dwarf_Die pt;
          if (m == NULL || !augur_dwarf_type_pointee (&t, &pt))
            return FALSE;
          if (augur_dwarf_type_is_struct (&pt) && augur_dwarf_member_at_is (&pt, off, m) && augur_dwarf_type_fits (&pt, size, strict))
            {
              if (size > 0)
                return candidate_set (c, expr, &pt, FALSE);
              /* no size to tell "q->slots[i] = j" (q's slots is at 0)
               * from the element: the deepest pointer that fits, the
               * one whose member the expression ends with */
              g_free (deepest->name);
              candidate_set (deepest, expr, &pt, FALSE);
            }
          Dwarf_Die s = pt, member;
          if (!augur_dwarf_type_peel (&s, NULL) || !augur_dwarf_member_named (&s, m, &member) || !augur_dwarf_type_of (&member, &t))
            return FALSE;
          g_string_append_printf (expr, "->%s", m);
          continue;
        }
      if (p[0] == '.' && augur_c_ident_start (skip_space (p + 1)[0]))
        {
          p++;
          g_autofree char *m = read_ident (&p);
          Dwarf_Die s = t, member;
          if (m == NULL || !augur_dwarf_type_peel (&s, NULL) || !augur_dwarf_member_named (&s, m, &member) || !augur_dwarf_type_of (&member, &t))
            return FALSE;
          g_string_append_printf (expr, ".%s", m);
          continue;
        }
      if (p[0] == '[')
        {
          /* the matching bracket */
          int level = 0;
          const char *q = p;
          for (; *q != '\0'; q++)
            if (*q == '[')
              level++;
            else if (*q == ']' && --level == 0)
              break;
          if (*q != ']')
            return FALSE;
          Dwarf_Die e, arr = t;
          gboolean through_pointer = augur_dwarf_type_pointee (&t, &e);
          if (!through_pointer)
            {
              if (!augur_dwarf_type_peel (&arr, NULL) || dwarf_tag (&arr) != DW_TAG_array_type || !augur_dwarf_type_of (&arr, &e))
                return FALSE;
              /* an array inside the object: keep following */
              t = e;
              g_string_append_len (expr, p, q + 1 - p);
              p = q + 1;
              continue;
            }
          guint64 es = augur_dwarf_type_size (&e);
          const char *next = skip_space (q + 1);
          if (es > 0 && augur_dwarf_type_is_struct (&e) && next[0] == '.')
            {
              const char *mp = next + 1;
              g_autofree char *m = read_ident (&mp);
              if (augur_dwarf_member_at_is (&e, off % es, m))
                return candidate_set (c, expr, &e, TRUE);
            }
          else if (es > 0 && augur_dwarf_type_is_struct (&e) && (next[0] == '=' || next[0] == ';'))
            /* a whole element copied: "q->jobs[q->tail] = job;" */
            return candidate_set (c, expr, &e, TRUE);
          else if (es > 0 && !augur_dwarf_type_is_struct (&e) && off % es == 0)
            return candidate_set (c, expr, &e, TRUE);
          return FALSE;
        }
      return FALSE;
    }
  return FALSE;
}

static gboolean
try_expression (AugurDwarfNames *n, const char *function, const char *file, const char *p,
                guint64 off, guint64 size, gboolean strict, Candidate *c)
{
  Candidate deepest = { 0 };
  if (walk_expression (n, function, file, p, off, size, strict, c, &deepest))
    {
      g_free (deepest.name);
      return TRUE;
    }
  if (deepest.name == NULL)
    return FALSE;
  *c = deepest;
  return TRUE;
}

/* ---- sources ---- */

/* A relative source name is relative to its unit's compilation directory
 * (DW_AT_comp_dir), not to where augur runs: the first unit's directory
 * that has the file. */
static char *
read_in_comp_dirs (AugurDwarfNames *n, const char *file)
{
  if (n->dw == NULL || g_path_is_absolute (file))
    return NULL;
  AugurDwarfUnits units;
  Dwarf_Die die;
  augur_dwarf_units_init (&units, n->dw);
  while (augur_dwarf_units_next (&units, &die))
    {
      const char *dir = augur_dwarf_unit_comp_dir (&die);
      if (dir == NULL)
        continue;
      g_autofree char *p = g_build_filename (dir, file, NULL);
      char *text = NULL;
      if (g_file_test (p, G_FILE_TEST_IS_REGULAR) && g_file_get_contents (p, &text, NULL, NULL))
        return text;
    }
  return NULL;
}

static const char *
source_line (AugurDwarfNames *n, const char *file, guint line)
{
  if (file == NULL || line == 0)
    return NULL;
  if (!g_hash_table_contains (n->sources, file))
    {
      g_autofree char *text = NULL;
      if (!g_file_get_contents (file, &text, NULL, NULL) && n->source_dir != NULL
          && !g_path_is_absolute (file))
        {
          g_autofree char *p = g_build_filename (n->source_dir, file, NULL);
          g_file_get_contents (p, &text, NULL, NULL);
        }
      if (text == NULL)
        text = read_in_comp_dirs (n, file);
      if (text == NULL && n->source_dir != NULL)
        {
          /* sources moved: the same name in the source directory */
          g_autofree char *base = g_path_get_basename (file);
          g_autofree char *p = g_build_filename (n->source_dir, base, NULL);
          g_file_get_contents (p, &text, NULL, NULL);
        }
      g_hash_table_insert (n->sources, g_strdup (file),
                           text != NULL ? g_strsplit (text, "\n", -1) : NULL);
    }
  char **lines = g_hash_table_lookup (n->sources, file);
  if (lines == NULL || line > g_strv_length (lines))
    return NULL;
  return lines[line - 1];
}

/* "T0.alloc1+168" -> base "T0.alloc1", offset 168; FALSE if not a heap name */
static gboolean
split_heap (const char *object, char **base, guint64 *off)
{
  /* "T<digits>.alloc<digits>", by hand: sscanf costs more than the rest
   * of a step's naming, and a schedule has 100,000s of steps */
  const char *p = object;
  if (p == NULL || *p++ != 'T' || !g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  if (strncmp (p, ".alloc", 6) != 0 || !g_ascii_isdigit (p[6]))
    return FALSE;
  p += 6;
  while (g_ascii_isdigit (*p))
    p++;
  int used = (int) (p - object);
  *base = g_strndup (object, used);
  *off = 0;
  if (object[used] == '+')
    {
      char *end;
      *off = g_ascii_strtoull (object + used + 1, &end, 10);
      if (*end != '\0')
        {
          g_free (*base);
          return FALSE;
        }
    }
  else if (object[used] != '\0')
    {
      g_free (*base);
      return FALSE;
    }
  return TRUE;
}

/* ---- evidence ---- */

void
augur_dwarf_names_note_access (AugurDwarfNames *names, const char *object, const char *file,
                               guint line, const char *function)
{
  g_autofree char *base = NULL;
  guint64 off;
  if (augur_dwarf_names_out_of_time (names) || !split_heap (object, &base, &off) || file == NULL
      || !open_debug_info (names))
    return;
  Base *known = g_hash_table_lookup (names->bases, base);
  if (known != NULL && !known->ambiguous)
    return;
  g_autofree char *key = g_strdup_printf ("%s|%s:%u", object, file, line);
  if (g_hash_table_contains (names->noted, key))
    return;
  g_hash_table_add (names->noted, g_steal_pointer (&key));
  const char *text = source_line (names, file, line);
  if (text == NULL)
    return;
  const guint64 *known_size = g_hash_table_lookup (names->sizes, base);
  guint64 size = known_size != NULL ? *known_size : 0;
  /* each identifier that starts an expression, in the order written; a
   * struct of the object's size (or of which it is an array) first, then
   * one that is not larger.  When two different expressions on the line
   * fit, the line cannot say which one the access was: the first one
   * names the object until a line that can */
  for (int strict = size > 0; strict >= 0; strict--)
    {
      Candidate first = { 0 };
      gboolean ambiguous = FALSE;
      for (const char *p = text; *p != '\0' && !ambiguous; p++)
        {
          if (!augur_c_ident_start (*p)
              || (p > text && (augur_c_ident_char (p[-1]) || p[-1] == '.'
                               || (p[-1] == '>' && p > text + 1 && p[-2] == '-'))))
            continue;
          Candidate c = { 0 };
          if (!try_expression (names, function, file, p, off, size, strict, &c))
            continue;
          if (first.name == NULL)
            first = c;
          else
            {
              ambiguous = strcmp (first.name, c.name) != 0;
              g_free (c.name);
            }
        }
      if (first.name == NULL)
        continue;
      if (known == NULL || !ambiguous)
        {
          Dwarf_Die t;
          if (die_at (names, first.type, &t))
            {
              set_base (names, base, first.name, &t, FALSE, first.array);
              ((Base *) g_hash_table_lookup (names->bases, base))->ambiguous = ambiguous;
            }
        }
      g_free (first.name);
      return;
    }
}

void
augur_dwarf_names_note_size (AugurDwarfNames *names, const char *base, guint64 size)
{
  if (base == NULL || size == 0 || g_hash_table_contains (names->sizes, base))
    return;
  guint64 *v = g_new (guint64, 1);
  *v = size;
  g_hash_table_insert (names->sizes, g_strdup (base), v);
}

/* The lvalue at the end of @lhs: "q", "q->items", "pool->jobqueue.queue" */
static char *
trailing_lvalue (const char *lhs)
{
  const char *end = lhs + strlen (lhs);
  while (end > lhs && (end[-1] == ' ' || end[-1] == '\t'))
    end--;
  const char *s = end;
  while (s > lhs)
    {
      char c = s[-1];
      if (augur_c_ident_char (c) || c == '.')
        s--;
      else if (c == '>' && s - 1 > lhs && s[-2] == '-')
        s -= 2;
      else
        break;
    }
  while (s < end && !augur_c_ident_start (*s))
    s++;
  return s < end ? g_strndup (s, end - s) : NULL;
}

/* The type the lvalue @expr has in @function, into @out. */
static gboolean
expression_type (AugurDwarfNames *n, const char *function, const char *file, const char *expr,
                 Dwarf_Die *out)
{
  const char *p = expr;
  g_autofree char *x = read_ident (&p);
  Dwarf_Die var, t;
  if (x == NULL || !find_variable (n, function, file, x, &var) || !augur_dwarf_type_of (&var, &t))
    return FALSE;
  while (*p != '\0')
    {
      gboolean arrow = p[0] == '-' && p[1] == '>';
      if (!arrow && p[0] != '.')
        return FALSE;
      p += arrow ? 2 : 1;
      g_autofree char *m = read_ident (&p);
      Dwarf_Die s = t, member;
      if (m == NULL || (arrow && !augur_dwarf_type_pointee (&t, &s)))
        return FALSE;
      if (!augur_dwarf_type_peel (&s, NULL) || !augur_dwarf_member_named (&s, m, &member) || !augur_dwarf_type_of (&member, &t))
        return FALSE;
    }
  *out = t;
  return TRUE;
}

/* The '=' of the first plain assignment on @text (not ==, <=, +=, ...),
 * or NULL. */
static const char *
assignment (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (*p == '=' && p[1] != '=' && (p == text || strchr ("=!<>+-*/%&|^", p[-1]) == NULL))
      return p;
  return NULL;
}

/* "env->me_txns = m;" in the few lines after "void *m = mmap (...)": the
 * lvalue the untyped pointer @var is stored into (a cast allowed), with
 * the type it points to in *@pt; NULL if none is. */
static char *
stored_into (AugurDwarfNames *names, const char *file, guint line, const char *function,
             const char *var, Dwarf_Die *pt)
{
  for (guint l = line + 1; l <= line + 12; l++)
    {
      const char *text = source_line (names, file, l);
      if (text == NULL)
        return NULL;
      const char *eq = assignment (text);
      if (eq == NULL)
        continue;
      const char *r = skip_space (eq + 1);
      if (*r == '(')
        {
          /* a cast: "(MDB_txninfo *) m" */
          const char *close = strchr (r, ')');
          if (close == NULL)
            continue;
          r = close + 1;
        }
      g_autofree char *rhs = read_ident (&r);
      if (rhs == NULL || strcmp (rhs, var) != 0 || *skip_space (r) != ';')
        continue;
      g_autofree char *lhs = g_strndup (text, eq - text);
      char *lvalue = trailing_lvalue (lhs);
      Dwarf_Die t;
      if (lvalue != NULL && expression_type (names, function, file, lvalue, &t)
          && augur_dwarf_type_pointee (&t, pt))
        return lvalue;
      g_free (lvalue);
    }
  return NULL;
}

void
augur_dwarf_names_note_alloc (AugurDwarfNames *names, const char *base, guint64 size,
                              const char *file, guint line, const char *function)
{
  augur_dwarf_names_note_size (names, base, size);
  if (base == NULL || file == NULL || line == 0 || augur_dwarf_names_out_of_time (names)
      || !open_debug_info (names))
    return;
  Base *known = g_hash_table_lookup (names->bases, base);
  if (known != NULL && known->from_alloc)
    return;
  /* the statement's assignment: on the call's line or the one before
   * ("q->items =\n    calloc (...)") */
  for (guint l = line; l + 2 > line && l > 0; l--)
    {
      const char *text = source_line (names, file, l);
      if (text == NULL)
        return;
      const char *eq = assignment (text);
      if (eq == NULL)
        continue;
      g_autofree char *lhs = g_strndup (text, eq - text);
      g_autofree char *lvalue = trailing_lvalue (lhs);
      Dwarf_Die t, pt;
      gboolean typed = lvalue != NULL && expression_type (names, function, file, lvalue, &t);
      if (typed && !augur_dwarf_type_pointee (&t, &pt))
        {
          /* a void pointer: the typed lvalue it is stored into next */
          char *into = strchr (lvalue, '-') == NULL && strchr (lvalue, '.') == NULL
                         ? stored_into (names, file, l, function, lvalue, &pt)
                         : NULL;
          typed = into != NULL;
          if (typed)
            {
              g_free (lvalue);
              lvalue = into;
            }
        }
      if (typed)
        {
          /* more than one of them: an array (unknown size: named as one);
           * a struct with a flexible array member has its elements there */
          guint64 es = augur_dwarf_type_size (&pt);
          Dwarf_Die st = pt, m;
          guint64 start;
          gboolean flexible = augur_dwarf_type_is_struct (&pt) && augur_dwarf_type_peel (&st, NULL) && augur_dwarf_member_at (&st, es, &m, &start);
          set_base (names, base, lvalue, &pt, TRUE, es > 0 && size > es && !flexible);
        }
      return;
    }
}

void
augur_dwarf_names_note_trace (AugurDwarfNames *names, const AugurTrace *trace)
{
  g_autoptr (AugurSymbolizer) sym = augur_symbolizer_new_for_trace (trace);
  gsize n = augur_trace_n_events (trace);
  for (gsize i = 0; i < n; i++)
    {
      const AugurRecord *r = augur_trace_event (trace, i);
      if (r->kind != AUGUR_EV_ALLOC)
        continue;
      if (augur_dwarf_names_out_of_time (names))
        return;   /* no frames either: the time is up */
      /* common/objects.h's name of the object */
      g_autofree char *base = g_strdup_printf ("T%u.alloc%u", r->tid, r->aux);
      augur_dwarf_names_note_size (names, base, r->arg);
      if (r->pc == 0)
        continue;
      const AugurSource *src = augur_symbolizer_lookup (sym, r->module, r->pc);
      if (src->file == NULL)
        continue;
      augur_dwarf_names_note_alloc (names, base, r->arg, src->file, src->line, src->function);
      /* an allocation wrapper inlined into its caller (zstd's
       * ZSTD_customCalloc: "void *ptr = malloc (size); ... return ptr;"):
       * the caller's statement says what the block is */
      Base *b = g_hash_table_lookup (names->bases, base);
      AugurSource call;
      if ((b == NULL || !b->from_alloc) && augur_symbolizer_inlined_call (sym, r->module, r->pc, &call))
        augur_dwarf_names_note_alloc (names, base, r->arg, call.file, call.line, call.function);
    }
  augur_dwarf_names_note_frames (names, trace);
}

void
augur_dwarf_names_note_frames (AugurDwarfNames *names, const AugurTrace *trace)
{
  if (!augur_dwarf_names_out_of_time (names) && open_debug_info (names))
    {
      g_clear_pointer (&names->allocas, augur_dwarf_alloca_free);
      g_clear_pointer (&names->frames, augur_dwarf_frames_free);
      names->frames = augur_dwarf_frames_new (names->mod, names->dw, trace);
      names->allocas = augur_dwarf_alloca_new (names->frames, names->dw, trace);
    }
}

/* A local of a recorded frame: "ws[1].count" for "T0.stack-0x158"; else
 * what a frame alloca'd, "t.w[1].i" (common/dwarf-alloca.h). */
static char *
stack_lookup (AugurDwarfNames *names, const char *object)
{
  guint tid;
  guint64 dist, off;
  Dwarf_Die t;
  if (names->frames == NULL || !augur_objects_split_stack (object, &tid, &dist))
    return NULL;
  const AugurStackVar *v = augur_dwarf_frames_find (names->frames, tid, dist, &off);
  if (v == NULL)
    return augur_dwarf_alloca_lookup (names->allocas, tid, dist);
  if (!die_at (names, v->type, &t))
    return NULL;
  GString *s = g_string_new (v->name);
  augur_dwarf_type_append_path (s, &t, off, FALSE);
  return g_string_free (s, FALSE);
}

/* ---- names ---- */

/* A function-static variable by its symbol ("init_flag.1", clang's
 * "profile.init_flag"), @off bytes in: "init_flag", "counts[2] (in f)". */
static char *
static_lookup (AugurDwarfNames *names, const char *sym, guint64 off)
{
  if (names->statics == NULL)
    names->statics = augur_dwarf_statics_new (names->mod, names->dw);
  Dwarf_Die var, t;
  const char *name, *function;
  if (!augur_dwarf_statics_find (names->statics, sym, &var, &name, &function)
      || !augur_dwarf_type_of (&var, &t))
    return NULL;
  GString *s = g_string_new (name);
  augur_dwarf_type_append_path (s, &t, off, FALSE);
  if (function != NULL)
    g_string_append_printf (s, " (in %s)", function);
  return g_string_free (s, FALSE);
}

char *
augur_dwarf_names_block (AugurDwarfNames *names, const char *object)
{
  g_autofree char *base = NULL;
  guint64 off;
  if (object == NULL || augur_dwarf_names_out_of_time (names) || !split_heap (object, &base, &off)
      || !open_debug_info (names))
    return NULL;
  const Base *b = g_hash_table_lookup (names->bases, base);
  return b != NULL ? g_strdup_printf ("*%s", b->name) : NULL;
}

char *
augur_dwarf_names_lookup (AugurDwarfNames *names, const char *object)
{
  if (object == NULL || augur_dwarf_names_out_of_time (names) || !open_debug_info (names))
    return NULL;
  g_autofree char *base = NULL;
  guint64 off = 0;
  if (object[0] == 'T' && strstr (object, ".stack-0x") != NULL)
    return stack_lookup (names, object);
  if (split_heap (object, &base, &off))
    {
      Base *b = g_hash_table_lookup (names->bases, base);
      Dwarf_Die t;
      if (b == NULL || !die_at (names, b->type, &t))
        return NULL;
      GString *s = g_string_new (NULL);
      guint64 size = augur_dwarf_type_size (&t);
      Dwarf_Die st = t, m;
      guint64 start;
      /* past the struct's end: its flexible array member, not a second
       * struct of the same type */
      if (!b->array && augur_dwarf_type_is_struct (&t)
          && (off < size || (augur_dwarf_type_peel (&st, NULL) && augur_dwarf_member_at (&st, off, &m, &start))))
        {
          g_string_append (s, b->name);
          augur_dwarf_type_append_path (s, &t, off, TRUE);
        }
      else if (!b->array && off == 0 && size > 0)
        g_string_append_printf (s, "*%s", b->name);
      else if (size > 0)
        {
          /* an array of them */
          g_string_append_printf (s, "%s[%" G_GUINT64_FORMAT "]", b->name, off / size);
          augur_dwarf_type_append_path (s, &t, off % size, FALSE);
        }
      else
        {
          g_string_free (s, TRUE);
          return NULL;
        }
      return g_string_free (s, FALSE);
    }
  /* a global: "sym" or "sym+off" */
  g_autofree char *sym = g_strdup (object);
  char *plus = strrchr (sym, '+');
  if (plus != NULL)
    {
      char *end;
      off = g_ascii_strtoull (plus + 1, &end, 10);
      if (*end != '\0' || end == plus + 1)
        return NULL;
      *plus = '\0';
    }
  if (!augur_c_ident_start (sym[0]))
    return NULL;
  if (strchr (sym, '.') != NULL)
    return static_lookup (names, sym, off);
  for (const char *p = sym; *p != '\0'; p++)
    if (p[0] == ':' && p[1] == ':' && augur_c_ident_start (p[2]))
      p++;           /* C++'s "ns::counter" */
    else if (!augur_c_ident_char (*p))
      return NULL;   /* "T1.stack-0x2c", "prog+0x2004": not a variable */
  Dwarf_Off *go = g_hash_table_lookup (names->globals, sym);
  Dwarf_Die var, t;
  if (go == NULL || !die_at (names, *go, &var) || !augur_dwarf_type_of (&var, &t))
    return NULL;
  GString *s = g_string_new (sym);
  augur_dwarf_type_append_path (s, &t, off, FALSE);
  if (strcmp (s->str, object) == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}
