/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-sources.c — a program's C sources and their compile flags, from
 * augur-cc's records and the DWARF compilation units (see
 * check-sources.h).
 */
#include "config.h"

#include "check/check-sources.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <string.h>
#include <unistd.h>

#include "common/dwarf-units.h"
#include "static/static-compile-db.h"
#include "static/static-recorded-flags.h"

static gboolean
is_system (const char *path)
{
  return g_str_has_prefix (path, "/usr/");
}

/* Adds to units a unit without flags for each C compilation unit of the
 * ELF file's debug info not in seen. */
static gboolean
add_dwarf_units (const char *path, GPtrArray *units, GHashTable *seen, GError **error)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e), "cannot open %s: %s", path,
                   g_strerror (e));
      return FALSE;
    }
  g_autoptr(GPtrArray) found =
    g_ptr_array_new_with_free_func ((GDestroyNotify) augur_static_compile_unit_free);
  Dwarf *dw = dwarf_begin (fd, DWARF_C_READ);
  if (dw != NULL)
    {
      AugurDwarfUnits cus;
      Dwarf_Die die;
      augur_dwarf_units_init (&cus, dw);
      while (augur_dwarf_units_next (&cus, &die))
        {
          const char *name = dwarf_diename (&die);
          const char *dir = augur_dwarf_unit_comp_dir (&die);
          if (name == NULL || !g_str_has_suffix (name, ".c")
              || !(g_path_is_absolute (name) || (dir != NULL && g_path_is_absolute (dir))))
            continue;
          AugurStaticCompileUnit *u =
            augur_static_compile_unit_new (dir != NULL ? dir : "/", name, NULL);
          if (!is_system (u->file) && g_file_test (u->file, G_FILE_TEST_IS_REGULAR))
            g_ptr_array_add (found, u);
          else
            augur_static_compile_unit_free (u);
        }
      dwarf_end (dw);
    }
  close (fd);
  for (guint i = 0; i < found->len; i++)
    {
      AugurStaticCompileUnit *u = found->pdata[i];
      if (g_hash_table_add (seen, g_strdup (u->file)))
        g_ptr_array_add (units, augur_static_compile_unit_copy (u));
    }
  return TRUE;
}

/* Adds the units of one ELF file: its records, then its debug info's
 * other sources.  A library without records adds nothing. */
static gboolean
add_elf_units (const char *path, gboolean is_program, GPtrArray *units, GHashTable *seen,
               guint *n_recorded, GError **error)
{
  g_autoptr(GPtrArray) recorded = augur_static_recorded_units (path, error);
  if (recorded == NULL)
    return FALSE;
  if (!is_program && recorded->len == 0)
    return TRUE;
  for (guint i = 0; i < recorded->len; i++)
    {
      AugurStaticCompileUnit *u = recorded->pdata[i];
      if (is_system (u->file) || !g_hash_table_add (seen, g_strdup (u->file)))
        continue;
      g_ptr_array_add (units, augur_static_compile_unit_copy (u));
      (*n_recorded)++;
    }
  return add_dwarf_units (path, units, seen, error);
}

GPtrArray *
augur_check_program_units (const char *program, const AugurTrace *trace, guint *n_recorded,
                           GError **error)
{
  g_return_val_if_fail (program != NULL && n_recorded != NULL, NULL);

  *n_recorded = 0;
  g_autoptr(GPtrArray) units =
    g_ptr_array_new_with_free_func ((GDestroyNotify) augur_static_compile_unit_free);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (!add_elf_units (program, TRUE, units, seen, n_recorded, error))
    return NULL;
  g_autofree char *exe = g_canonicalize_filename (program, NULL);
  for (guint i = 1; trace != NULL && i < augur_trace_n_modules (trace); i++)
    {
      const char *m = augur_trace_module_path (trace, i);
      if (m == NULL || !g_path_is_absolute (m) || is_system (m))
        continue;
      g_autofree char *canon = g_canonicalize_filename (m, NULL);
      g_autofree char *base = g_path_get_basename (canon);
      if (strcmp (canon, exe) == 0 || g_str_has_prefix (base, "libaugur-rt."))
        continue;
      /* a library that cannot be read any more only loses its sources */
      g_autoptr(GError) local = NULL;
      if (!add_elf_units (canon, FALSE, units, seen, n_recorded, &local))
        g_debug ("%s: %s", canon, local->message);
    }
  return g_steal_pointer (&units);
}

/* The flags of a recorded compile that matter to rebuilding the one source
 * (-D, -I, -iquote, -isystem, -std, -pthread, -l), a two-word one as one
 * word and an include directory absolute: "-DN=2 -I/src/inc", or NULL. */
char *
augur_check_rebuild_flags (const AugurStaticCompileUnit *u)
{
  GString *s = g_string_new (NULL);
  for (guint i = 1; u->arguments != NULL && u->arguments[i] != NULL; i++)
    {
      const char *a = u->arguments[i];
      g_autofree char *flag = NULL;
      if (g_str_has_prefix (a, "-I") || g_str_has_prefix (a, "-iquote")
          || g_str_has_prefix (a, "-isystem"))
        {
          /* an include directory, in one word or two, made absolute: the
           * patched copy is compiled in a directory of its own */
          gsize opt = g_str_has_prefix (a, "-I") ? 2 : g_str_has_prefix (a, "-iquote") ? 7 : 8;
          const char *d = a[opt] != '\0' ? a + opt : u->arguments[i + 1];
          if (d == NULL)
            break;
          if (a[opt] == '\0')
            i++;
          g_autofree char *abs = g_canonicalize_filename (d, u->directory);
          flag = g_strdup_printf ("%.*s%s", (int) opt, a, abs);
        }
      else if (strcmp (a, "-D") == 0 && u->arguments[i + 1] != NULL)
        flag = g_strdup_printf ("-D%s", u->arguments[++i]);
      else if (g_str_has_prefix (a, "-D"))
        flag = g_strdup (a);
      else if (g_str_has_prefix (a, "-std=") || strcmp (a, "-pthread") == 0
               || g_str_has_prefix (a, "-l"))
        flag = g_strdup (a);
      /* flags with spaces would be split by augur diagnose's --cflags */
      if (flag != NULL && strchr (flag, ' ') == NULL)
        g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "", flag);
    }
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}
