/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * source-access.c — the source files a report may read (see
 * source-access.h), from the program's DWARF line tables.
 */
#include "config.h"

#include "common/source-access.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/dwarf-units.h"
#include "common/input-file.h"

static void
add_name (const char *name, const char *comp_dir, gpointer data)
{
  g_hash_table_add (data, g_strdup (name));
  g_hash_table_add (data, g_canonicalize_filename (name, comp_dir));
}

/* The file names a program's debug info lists: each as the line table
 * gives it and in canonical absolute form.  Empty when the program is not
 * there, not a regular file, or has no debug info. */
static GHashTable *
debug_info_files (const char *program)
{
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (program == NULL)
    return names;
  int fd = augur_input_file_open (program, G_MAXSIZE, NULL, NULL);
  if (fd < 0)
    return names;
  Dwarf *dw = dwarf_begin (fd, DWARF_C_READ);
  if (dw != NULL)
    {
      augur_dwarf_units_each_file (dw, add_name, names);
      dwarf_end (dw);
    }
  close (fd);
  return names;
}

/* program -> its debug info's file names, read once: a report reads
 * sources for every finding page. */
static GHashTable *cache;
G_LOCK_DEFINE_STATIC (cache);

static GHashTable *
files_of (const char *program)
{
  G_LOCK (cache);
  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                   (GDestroyNotify) g_hash_table_unref);
  const char *key = program != NULL ? program : "";
  GHashTable *names = g_hash_table_lookup (cache, key);
  if (names == NULL)
    {
      names = debug_info_files (program);
      g_hash_table_insert (cache, g_strdup (key), names);
    }
  G_UNLOCK (cache);
  return names;
}

gboolean
augur_source_program_has_debug_info (const char *program)
{
  return g_hash_table_size (files_of (program)) > 0;
}

/* path (absolute) lies inside dir (absolute), both with every symbolic
 * link resolved. */
static gboolean
inside (const char *dir, const char *path)
{
  g_autofree char *real_dir = realpath (dir, NULL);
  g_autofree char *real = realpath (path, NULL);
  if (real_dir == NULL || real == NULL)
    return FALSE;
  gsize n = strlen (real_dir);
  return strncmp (real, real_dir, n) == 0 && (real[n] == '/' || (n == 1 && real_dir[0] == '/'));
}

char *
augur_source_read (const char *program, const char *source_dir, const char *file, char **why)
{
  g_autofree char *cwd = source_dir == NULL ? g_get_current_dir () : NULL;
  const char *dir = source_dir != NULL ? source_dir : cwd;
  g_autofree char *path = g_path_is_absolute (file) ? g_strdup (file)
                                                    : g_canonicalize_filename (file, dir);
  GHashTable *names = files_of (program);
  if (g_hash_table_size (names) > 0)
    {
      g_autofree char *canon = g_canonicalize_filename (file, dir);
      if (!g_hash_table_contains (names, file) && !g_hash_table_contains (names, canon))
        {
          *why = g_strdup_printf ("the debug info of %s does not name %s: augur quotes only the "
                                  "program's own sources", program, file);
          return NULL;
        }
    }
  else if (g_path_is_absolute (file) || !inside (dir, path))
    {
      *why = g_strdup_printf ("%s is not there to say which sources it was built from, and %s "
                              "is not a file under %s: give the program or --source-dir",
                              program != NULL ? program : "the program", file, dir);
      return NULL;
    }
  g_autoptr (GError) error = NULL;
  char *text = NULL;
  if (!augur_input_file_read (path, AUGUR_SOURCE_MAX_BYTES, &text, NULL, &error))
    {
      *why = g_strdup (error->message);
      return NULL;
    }
  return text;
}
