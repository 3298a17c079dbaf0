/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-sources.c — a program's C sources from its DWARF compilation
 * units (see check-sources.h).
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

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

GStrv
augur_check_program_sources (const char *program, GError **error)
{
  int fd = open (program, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e), "cannot open %s: %s", program,
                   g_strerror (e));
      return NULL;
    }
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  Dwarf *dw = dwarf_begin (fd, DWARF_C_READ);
  if (dw != NULL)
    {
      Dwarf_Off off = 0, next;
      size_t header;
      while (dwarf_nextcu (dw, off, &next, &header, NULL, NULL, NULL) == 0)
        {
          Dwarf_Die die;
          if (dwarf_offdie (dw, off + header, &die) != NULL)
            {
              const char *name = dwarf_diename (&die);
              Dwarf_Attribute attr;
              const char *dir = dwarf_formstring (dwarf_attr (&die, DW_AT_comp_dir, &attr));
              if (name != NULL && g_str_has_suffix (name, ".c"))
                {
                  g_autofree char *path = g_path_is_absolute (name) || dir == NULL
                                            ? g_strdup (name)
                                            : g_build_filename (dir, name, NULL);
                  char *canon = g_canonicalize_filename (path, NULL);
                  if (!g_str_has_prefix (canon, "/usr/")
                      && g_file_test (canon, G_FILE_TEST_IS_REGULAR))
                    g_ptr_array_add (files, canon);
                  else
                    g_free (canon);
                }
            }
          off = next;
        }
      dwarf_end (dw);
    }
  close (fd);
  g_ptr_array_sort (files, cmp_str);
  GStrvBuilder *b = g_strv_builder_new ();
  for (guint i = 0; i < files->len; i++)
    if (i == 0 || strcmp (files->pdata[i], files->pdata[i - 1]) != 0)
      g_strv_builder_add (b, files->pdata[i]);
  GStrv out = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return out;
}
