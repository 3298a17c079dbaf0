/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * elf-section.c — a named section of an ELF file (see elf-section.h).
 */
#include "config.h"

#include "common/elf-section.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <string.h>
#include <unistd.h>

GByteArray *
augur_elf_section_read (const char *path, const char *name, GError **error)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot open %s: %s", path,
                   g_strerror (e));
      return NULL;
    }
  elf_version (EV_CURRENT);
  Elf *elf = elf_begin (fd, ELF_C_READ, NULL);
  size_t shstrndx;
  if (elf == NULL || elf_kind (elf) != ELF_K_ELF || elf_getshdrstrndx (elf, &shstrndx) != 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s is not an ELF file", path);
      if (elf != NULL)
        elf_end (elf);
      close (fd);
      return NULL;
    }
  GByteArray *all = g_byte_array_new ();
  for (Elf_Scn *scn = elf_nextscn (elf, NULL); scn != NULL; scn = elf_nextscn (elf, scn))
    {
      GElf_Shdr shdr;
      if (gelf_getshdr (scn, &shdr) == NULL || shdr.sh_type == SHT_NOBITS)
        continue;
      const char *sname = elf_strptr (elf, shstrndx, shdr.sh_name);
      if (sname == NULL || strcmp (sname, name) != 0)
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
  return all;
}
