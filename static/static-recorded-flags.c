/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-recorded-flags.c — read augur-cc's .augur.cflags records back
 * from an ELF file with libelf (see static-recorded-flags.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <string.h>
#include <unistd.h>

#include "static/static-compile-db.h"
#include "static/static-error.h"
#include "static/static-recorded-flags.h"

static void
add_record (GPtrArray *units, GHashTable *seen, GPtrArray *fields)
{
  /* directory, source, compiler, arguments... */
  if (fields->len < 3)
    return;
  const char *dir = fields->pdata[0];
  const char *file = fields->pdata[1];
  if (!g_path_is_absolute (dir))
    return;
  g_ptr_array_add (fields, NULL);
  AugurStaticCompileUnit *u =
    augur_static_compile_unit_new (dir, file, (const char *const *) fields->pdata + 2);
  g_ptr_array_remove_index (fields, fields->len - 1);
  if (!g_file_test (u->file, G_FILE_TEST_IS_REGULAR) || g_hash_table_contains (seen, u->file))
    {
      augur_static_compile_unit_free (u);
      return;
    }
  g_hash_table_add (seen, g_strdup (u->file));
  g_ptr_array_add (units, u);
}

GPtrArray *
augur_static_recorded_units_parse (const char *data, gsize length)
{
  GPtrArray *units =
    g_ptr_array_new_with_free_func ((GDestroyNotify) augur_static_compile_unit_free);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) fields = NULL;   /* of the record being read; NULL before the first */
  gsize i = 0;
  while (i < length)
    {
      const char *s = data + i;
      const char *nul = memchr (s, '\0', length - i);
      gsize n = nul != NULL ? (gsize) (nul - s) : length - i;
      i += n + 1;
      if (n == 0)
        continue;   /* padding between two objects' sections */
      if (n == strlen (AUGUR_STATIC_RECORDED_MAGIC)
          && memcmp (s, AUGUR_STATIC_RECORDED_MAGIC, n) == 0)
        {
          if (fields != NULL)
            add_record (units, seen, fields);
          g_clear_pointer (&fields, g_ptr_array_unref);
          fields = g_ptr_array_new_with_free_func (g_free);
          continue;
        }
      if (fields != NULL && nul != NULL)
        g_ptr_array_add (fields, g_strndup (s, n));
    }
  if (fields != NULL)
    add_record (units, seen, fields);
  return units;
}

GPtrArray *
augur_static_recorded_units (const char *elf_path, GError **error)
{
  g_return_val_if_fail (elf_path != NULL, NULL);

  int fd = open (elf_path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT, "cannot open %s: %s",
                   elf_path, g_strerror (e));
      return NULL;
    }
  elf_version (EV_CURRENT);
  Elf *elf = elf_begin (fd, ELF_C_READ, NULL);
  size_t shstrndx;
  if (elf == NULL || elf_kind (elf) != ELF_K_ELF || elf_getshdrstrndx (elf, &shstrndx) != 0)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                   "%s is not an ELF file", elf_path);
      if (elf != NULL)
        elf_end (elf);
      close (fd);
      return NULL;
    }
  /* usually one section (the linker merged them); relocatable files
   * made with ld -r may keep several */
  GByteArray *all = g_byte_array_new ();
  for (Elf_Scn *scn = elf_nextscn (elf, NULL); scn != NULL; scn = elf_nextscn (elf, scn))
    {
      GElf_Shdr shdr;
      if (gelf_getshdr (scn, &shdr) == NULL || shdr.sh_type == SHT_NOBITS)
        continue;
      const char *name = elf_strptr (elf, shstrndx, shdr.sh_name);
      if (name == NULL || strcmp (name, AUGUR_STATIC_RECORDED_SECTION) != 0)
        continue;
      Elf_Data *d = NULL;
      while ((d = elf_getdata (scn, d)) != NULL)
        if (d->d_buf != NULL && d->d_size > 0)
          {
            g_byte_array_append (all, d->d_buf, (guint) d->d_size);
            g_byte_array_append (all, (const guint8 *) "", 1);
          }
    }
  elf_end (elf);
  close (fd);
  GPtrArray *units = augur_static_recorded_units_parse ((const char *) all->data, all->len);
  g_byte_array_unref (all);
  return units;
}
