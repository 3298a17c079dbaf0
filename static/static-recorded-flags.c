/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-recorded-flags.c — read augur-cc's .augur.cflags records back
 * from an ELF file with libelf (see static-recorded-flags.h).
 */
#include "config.h"

#include <string.h>

#include "common/elf-section.h"
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

  g_autoptr (GError) local = NULL;
  g_autoptr (GByteArray) all = augur_elf_section_read (elf_path, AUGUR_STATIC_RECORDED_SECTION, &local);
  if (all == NULL)
    {
      g_set_error_literal (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT, local->message);
      return NULL;
    }
  return augur_static_recorded_units_parse ((const char *) all->data, all->len);
}
