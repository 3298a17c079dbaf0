/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * program-check.c — an ELF executable linked with libaugur-rt (see
 * program-check.h), read with libelf.
 */
#include "config.h"

#include "common/program-check.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <string.h>
#include <unistd.h>

G_DEFINE_QUARK (augur-program-error-quark, augur_program_error)

/* Does entry @i of a section (@data, its header @shdr) match? */
typedef gboolean (*EntryFunc) (Elf *elf, const GElf_Shdr *shdr, Elf_Data *data, size_t i);

/* TRUE if an entry of a section of type @type matches. */
static gboolean
any_entry (Elf *elf, Elf64_Word type, EntryFunc match)
{
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr shdr;
      if (gelf_getshdr (scn, &shdr) == NULL || shdr.sh_type != type)
        continue;
      Elf_Data *data = elf_getdata (scn, NULL);
      if (data == NULL || shdr.sh_entsize == 0)
        continue;
      for (size_t i = 0; i < shdr.sh_size / shdr.sh_entsize; i++)
        if (match (elf, &shdr, data, i))
          return TRUE;
    }
  return FALSE;
}

/* A NEEDED entry of the dynamic section naming libaugur-rt.so. */
static gboolean
needs_runtime (Elf *elf, const GElf_Shdr *shdr, Elf_Data *data, size_t i)
{
  GElf_Dyn dyn;
  if (gelf_getdyn (data, (int) i, &dyn) == NULL || dyn.d_tag != DT_NEEDED)
    return FALSE;
  const char *name = elf_strptr (elf, shdr->sh_link, dyn.d_un.d_val);
  return name != NULL && g_str_has_prefix (name, "libaugur-rt.so");
}

/* An undefined dynamic symbol __tsan_*: the executable's own code calls
 * the instrumentation's entry points (augur-cc compiled some of it). */
static gboolean
calls_instrumentation (Elf *elf, const GElf_Shdr *shdr, Elf_Data *data, size_t i)
{
  GElf_Sym sym;
  if (gelf_getsym (data, (int) i, &sym) == NULL || sym.st_shndx != SHN_UNDEF)
    return FALSE;
  const char *name = elf_strptr (elf, shdr->sh_link, sym.st_name);
  return name != NULL && g_str_has_prefix (name, "__tsan_");
}

char **
augur_program_argv_absolute (const char *const *argv)
{
  char **out = g_strdupv ((char **) argv);
  if (out[0] != NULL && strchr (out[0], '/') != NULL && !g_path_is_absolute (out[0]))
    {
      char *abs = g_canonicalize_filename (out[0], NULL);
      g_free (out[0]);
      out[0] = abs;
    }
  return out;
}

char *
augur_program_check (const char *program, GError **error)
{
  g_autofree char *path = NULL;
  if (strchr (program, '/') != NULL)
    path = g_canonicalize_filename (program, NULL);
  else
    path = g_find_program_in_path (program);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, AUGUR_PROGRAM_ERROR, AUGUR_PROGRAM_ERROR_NOT_FOUND,
                   "%s: no such program", program);
      return NULL;
    }
  if (access (path, X_OK) != 0)
    {
      g_set_error (error, AUGUR_PROGRAM_ERROR, AUGUR_PROGRAM_ERROR_NOT_FOUND,
                   "%s: not executable (chmod +x, or give the built binary)", program);
      return NULL;
    }
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      g_set_error (error, AUGUR_PROGRAM_ERROR, AUGUR_PROGRAM_ERROR_NOT_FOUND,
                   "%s: cannot open: %s", program, g_strerror (errno));
      return NULL;
    }
  elf_version (EV_CURRENT);
  Elf *elf = elf_begin (fd, ELF_C_READ, NULL);
  gboolean is_elf = elf != NULL && elf_kind (elf) == ELF_K_ELF;
  gboolean ok = is_elf && any_entry (elf, SHT_DYNAMIC, needs_runtime);
  gboolean seen = ok && any_entry (elf, SHT_DYNSYM, calls_instrumentation);
  if (elf != NULL)
    elf_end (elf);
  close (fd);
  if (!is_elf)
    {
      g_set_error (error, AUGUR_PROGRAM_ERROR, AUGUR_PROGRAM_ERROR_NOT_ELF,
                   "%s: not an ELF executable (a script or libtool wrapper?); "
                   "give augur the binary itself (for libtool: .libs/NAME, or libtool --mode=execute)",
                   program);
      return NULL;
    }
  if (!ok)
    {
      g_set_error (error, AUGUR_PROGRAM_ERROR, AUGUR_PROGRAM_ERROR_NOT_AUGUR,
                   "%s: not built with augur-cc (it does not link libaugur-rt); "
                   "rebuild it with CC=augur-cc", program);
      return NULL;
    }
  if (!seen)
    {
      /* every run would be one schedule, "complete": refused */
      g_set_error (error, AUGUR_PROGRAM_ERROR, AUGUR_PROGRAM_ERROR_NOT_AUGUR,
                   "%s: linked by augur-cc, but none of its code was compiled by it (no call of "
                   "the instrumentation): augur would see none of its memory accesses; compile its "
                   "sources with augur-cc too (CC=augur-cc; for C++, AUGUR_CC=g++ augur-cc)",
                   program);
      return NULL;
    }
  return g_steal_pointer (&path);
}
