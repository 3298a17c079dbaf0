/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * unseen-atomics.c — find the executable's instructions that access memory
 * with no call into the runtime (see unseen-atomics.h), by reading objdump's
 * disassembly as it streams (a large program's is hundreds of megabytes),
 * in the executable and in the instrumented shared libraries its
 * execution server has loaded, and the inline assembly augur-cc listed in
 * their .augur.asm sections.
 */
#include "config.h"

#include <fcntl.h>
#include <gelf.h>
#include <gio/gio.h>
#include <libelf.h>
#include <string.h>
#include <unistd.h>

#include "common/elf-section.h"
#include "explorer/unseen-atomics.h"
#include "common/source-label.h"

#define LISTED_MAX 8

/* The mnemonic (newly allocated) if an instruction whose first words are
 * @first and @second (NULL if none) and whose text is @text is atomic on
 * x86-64: lock-prefixed, cmpxchg, or xchg with memory; else NULL. */
static char *
atomic_mnemonic (const char *first, const char *second, const char *text)
{
  if ((strcmp (first, "lock") == 0 || strcmp (first, "lock;") == 0) && second != NULL)
    return g_strconcat ("lock ", second, NULL);   /* "lock; xaddl" as inline assembly says it */
  if (g_str_has_prefix (first, "cmpxchg"))
    return g_strdup (first);
  if (g_str_has_prefix (first, "xchg") && strchr (text, '(') != NULL)
    return g_strdup (first);   /* with a memory operand: locked by the CPU */
  return NULL;
}

/* Is @text ("lock orq $0x0,(%rsp)", "lock; addl $0,0(%rsp)") the x86 full
 * fence idiom: a locked add, or, sub or xor of zero to the thread's own
 * stack?  It changes no value, and its only effect on other threads is a
 * fence, which augur's sequentially consistent search does not need: no
 * instruction augur cannot see (liburcu's cmm_smp_mb, the kernel's
 * smp_mb, gcc's own seq_cst fence). */
static gboolean
stack_fence (const char *text)
{
  const char *op = strstr (text, "lock");
  if (op == NULL)
    return FALSE;
  op += 4;
  while (*op == ';' || *op == ' ' || *op == '\t')
    op++;
  if (!g_str_has_prefix (op, "add") && !g_str_has_prefix (op, "or") && !g_str_has_prefix (op, "sub")
      && !g_str_has_prefix (op, "xor"))
    return FALSE;
  const char *imm = strchr (op, '$');
  const char *open = strchr (op, '(');
  if (imm == NULL || open == NULL || imm > open)
    return FALSE;
  char *end = NULL;
  if (g_ascii_strtoull (imm + 1, &end, 0) != 0 || end == imm + 1 || *end != ',')
    return FALSE;
  return g_str_has_prefix (open, "(%rsp)") || g_str_has_prefix (open, "(%esp)");
}

/* The instruction on one line of `objdump -d --no-show-raw-insn -w`
 * ("    1265:\tlock xadd %eax,0x2de7(%rip)  # 4054 <counter>"), its
 * address in *a; NULL if the line is no instruction. */
static const char *
insn_of_line (const char *line, guint64 *a)
{
  const char *tab = strchr (line, '\t');
  if (tab == NULL)
    return NULL;
  char *end = NULL;
  *a = g_ascii_strtoull (line, &end, 16);
  return end == line || *end != ':' ? NULL : tab + 1;
}

/* The atomic instruction on one line of objdump's: its address in *pc
 * and its mnemonic (newly allocated), else NULL. */
static char *
atomic_of_line (const char *line, guint64 *pc)
{
  guint64 a;
  const char *insn = insn_of_line (line, &a);
  if (insn == NULL)
    return NULL;
  g_auto (GStrv) words = g_strsplit_set (insn, " \t", 4);
  /* skip the empty words of runs of blanks */
  const char *w[3] = { NULL, NULL, NULL };
  guint n = 0;
  for (guint k = 0; words[k] != NULL && n < 3; k++)
    if (words[k][0] != '\0')
      w[n++] = words[k];
  if (w[0] == NULL)
    return NULL;
  gboolean hle = strcmp (w[0], "xacquire") == 0 || strcmp (w[0], "xrelease") == 0;
  const char *first = hle ? w[1] : w[0];
  const char *second = hle ? w[2] : w[1];
  if (first == NULL || stack_fence (insn))
    return NULL;
  char *mnemonic = atomic_mnemonic (first, second, insn);
  if (mnemonic != NULL)
    *pc = a;
  return mnemonic;
}

/* One unseen instruction: at @pc of module 0 of @sym, or at @file:@line
 * (when @file is not NULL: inline assembly listed by augur-cc). */
static void
note (AugurUnseenAtomics *u, GString *listing, AugurSymbolizer *sym, guint64 pc, const char *file,
      guint line, const char *insn)
{
  u->count++;
  if (u->count > LISTED_MAX && u->first != NULL)
    return;
  AugurSource src = { NULL, file, line, 0 };
  gboolean known = file != NULL || (sym != NULL && augur_symbolizer_source (sym, 0, pc, &src));
  g_autofree char *where = known && src.file != NULL
                             ? g_strdup_printf ("%s:%u", src.file, src.line)
                             : g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", pc);
  if (u->first == NULL)
    {
      g_autofree char *base = known && src.file != NULL ? augur_source_label (src.file) : NULL;
      u->first = base != NULL ? g_strdup_printf ("%s:%u, %s", base, src.line, insn)
                              : g_strdup_printf ("%s, %s", where, insn);
    }
  if (u->count <= LISTED_MAX)
    {
      g_string_append_printf (listing, "  %s: %s%s", where, insn,
                              file != NULL ? " (inline assembly)" : "");
      if (known && src.function != NULL)
        g_string_append_printf (listing, " in %s", src.function);
      g_string_append_c (listing, '\n');
    }
}

/* The address of a full fence on one line of objdump's (mfence, or the
 * locked add of zero to the stack), 0 if it is none. */
static guint64
fence_of_line (const char *line)
{
  guint64 a;
  const char *insn = insn_of_line (line, &a);
  return insn != NULL && (g_str_has_prefix (insn, "mfence") || stack_fence (insn)) ? a : 0;
}

static gint
cmp_u64 (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

/* Adds the atomics of one ELF file (module 0 of @sym) to @out, and when
 * @fences is not NULL the addresses of its full fences to it; FALSE with
 * out->unchecked set if objdump could not read it. */
static gboolean
scan_file (const char *path, AugurSymbolizer *sym, AugurUnseenAtomics *out, GString *listing,
           GArray *fences)
{
  const char *objdump = g_getenv ("AUGUR_OBJDUMP");
  if (objdump == NULL || *objdump == '\0')
    objdump = "objdump";
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) proc =
    g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                      objdump, "-d", "--no-show-raw-insn", "-w", path, NULL);
  if (proc == NULL)
    {
      out->unchecked = g_strdup_printf ("%s could not be run (%s; it is in Debian's binutils)",
                                        objdump, error->message);
      return FALSE;
    }
  g_autoptr (GDataInputStream) in =
    g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  for (;;)
    {
      g_autoptr (GError) rerr = NULL;
      g_autofree char *line = g_data_input_stream_read_line (in, NULL, NULL, &rerr);
      if (line == NULL)
        break;
      /* instruction lines start with blanks; the rest (headers, labels) cannot match */
      if (line[0] != ' ')
        continue;
      guint64 pc = 0;
      g_autofree char *insn = atomic_of_line (g_strchug (line), &pc);
      if (insn != NULL)
        note (out, listing, sym, pc, NULL, 0, insn);
      else if (fences != NULL && (pc = fence_of_line (line)) != 0)
        g_array_append_val (fences, pc);
    }
  if (!g_subprocess_wait_check (proc, NULL, &error))
    {
      out->unchecked = g_strdup_printf ("%s -d %s failed (%s)", objdump, path, error->message);
      return FALSE;
    }
  return TRUE;
}

/* Adds the memory accesses of the inline assembly that augur-cc listed in
 * @path's .augur.asm section (records "augur-cc-asm-1", file, line,
 * instruction); the atomic ones were found in the disassembly already. */
static void
scan_asm_section (const char *path, AugurUnseenAtomics *out, GString *listing)
{
  g_autoptr (GByteArray) all = augur_elf_section_read (path, ".augur.asm", NULL);
  if (all == NULL)
    return;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *p = (const char *) all->data, *end = p + all->len;
  /* records of four strings; a NUL between objects' sections */
  const char *f[4];
  guint nf = 0;
  while (p < end)
    {
      const char *nul = memchr (p, '\0', (size_t) (end - p));
      if (nul == NULL)
        break;
      if (nul == p && nf == 0)
        {
          p = nul + 1;
          continue;
        }
      f[nf++] = p;
      p = nul + 1;
      if (nf == 1 && strcmp (f[0], "augur-cc-asm-1") != 0)
        nf = 0;   /* not a record's start: resynchronise */
      if (nf < 4)
        continue;
      nf = 0;
      g_auto (GStrv) w = g_strsplit_set (f[3], " \t", 3);
      g_autofree char *atomic = w[0] != NULL ? atomic_mnemonic (w[0], w[1], f[3]) : NULL;
      g_autofree char *key = g_strdup_printf ("%s:%s:%s", f[1], f[2], f[3]);
      if (atomic != NULL || stack_fence (f[3]) || g_hash_table_contains (seen, key))
        continue;
      g_hash_table_add (seen, g_steal_pointer (&key));
      note (out, listing, NULL, 0, f[1], (guint) g_ascii_strtoull (f[2], NULL, 10), f[3]);
    }
}

/* Does the shared library at @path carry the compiler's ThreadSanitizer
 * instrumentation (it imports __tsan_init, as the runtime judges it,
 * runtime/rt-module.c)?  Uninstrumented ones (libc) have atomics of their
 * own that are none of the program's business. */
static gboolean
instrumented (const char *path)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return FALSE;
  elf_version (EV_CURRENT);
  Elf *elf = elf_begin (fd, ELF_C_READ, NULL);
  gboolean found = FALSE;
  for (Elf_Scn *scn = elf != NULL ? elf_nextscn (elf, NULL) : NULL; scn != NULL && !found;
       scn = elf_nextscn (elf, scn))
    {
      GElf_Shdr shdr;
      if (gelf_getshdr (scn, &shdr) == NULL || shdr.sh_type != SHT_DYNSYM || shdr.sh_entsize == 0)
        continue;
      Elf_Data *d = elf_getdata (scn, NULL);
      for (size_t k = 0; d != NULL && k < shdr.sh_size / shdr.sh_entsize && !found; k++)
        {
          GElf_Sym sy;
          if (gelf_getsym (d, (int) k, &sy) == NULL || sy.st_shndx != SHN_UNDEF)
            continue;
          const char *name = elf_strptr (elf, shdr.sh_link, sy.st_name);
          found = name != NULL && strcmp (name, "__tsan_init") == 0;
        }
    }
  if (elf != NULL)
    elf_end (elf);
  close (fd);
  return found;
}

/* The instrumented shared libraries of the process @pid (its
 * /proc/PID/maps), in load order, without @exe; NULL-terminated. */
static GStrv
shared_libraries (const char *pid, const char *exe)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  g_autofree char *maps_path = g_strdup_printf ("/proc/%s/maps", pid);
  g_autofree char *maps = NULL;
  if (pid == NULL || !g_file_get_contents (maps_path, &maps, NULL, NULL))
    return g_strv_builder_end (b);
  g_autofree char *exe_real = realpath (exe, NULL);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto (GStrv) lines = g_strsplit (maps, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      /* "lo-hi perms offset dev inode   path" */
      g_auto (GStrv) f = g_strsplit_set (lines[i], " ", 6);
      if (g_strv_length (f) < 6 || strchr (f[1], 'x') == NULL)
        continue;
      const char *path = g_strchug (f[5]);
      if (path[0] != '/' || g_hash_table_contains (seen, path)
          || (exe_real != NULL && strcmp (path, exe_real) == 0))
        continue;
      g_hash_table_add (seen, (gpointer) g_intern_string (path));
      if (instrumented (path))
        g_strv_builder_add (b, path);
    }
  return g_strv_builder_end (b);
}

void
augur_unseen_atomics_scan (const char *exe, const char *server_pid, AugurSymbolizer *sym,
                           AugurUnseenAtomics *out)
{
  memset (out, 0, sizeof *out);
  g_autoptr (GString) listing = g_string_new (NULL);
  g_autoptr (GArray) fences = g_array_new (FALSE, FALSE, sizeof (guint64));
  gboolean ok = scan_file (exe, sym, out, listing, fences);
  if (ok && fences->len > 0)
    {
      g_array_sort (fences, cmp_u64);
      out->fences = g_steal_pointer (&fences);
    }
  if (ok)
    scan_asm_section (exe, out, listing);
  g_auto (GStrv) libs = ok ? shared_libraries (server_pid, exe) : NULL;
  for (guint k = 0; ok && libs != NULL && libs[k] != NULL; k++)
    {
      g_autoptr (AugurSymbolizer) lsym = augur_symbolizer_new ();
      augur_symbolizer_add_module (lsym, 0, libs[k], 0);
      ok = scan_file (libs[k], lsym, out, listing, NULL);
      if (ok)
        scan_asm_section (libs[k], out, listing);
    }
  if (!ok)
    {
      out->count = 0;
      g_clear_pointer (&out->first, g_free);
      return;
    }
  if (out->count > 0)
    out->listing = g_string_free (g_steal_pointer (&listing), FALSE);
}

void
augur_unseen_atomics_clear (AugurUnseenAtomics *u)
{
  g_free (u->first);
  g_free (u->listing);
  g_free (u->unchecked);
  if (u->fences != NULL)
    g_array_unref (u->fences);
  memset (u, 0, sizeof *u);
}

void
augur_unseen_atomics_warn (const AugurUnseenAtomics *u, const char *who, const char *exe)
{
  if (u->unchecked != NULL)
    {
      g_printerr ("%s: warning: could not look for instructions augur cannot see: %s\n",
                  who, u->unchecked);
      return;
    }
  if (u->count == 0)
    return;
  g_printerr ("%s: warning: %u instruction%s in %s or the libraries it loads access%s memory "
              "with no call into augur's runtime (inline assembly, or atomics in code not "
              "compiled with augur-cc):\n%s",
              who, u->count, u->count == 1 ? "" : "s", exe, u->count == 1 ? "es" : "",
              u->listing != NULL ? u->listing : "");
  if (u->count > LISTED_MAX)
    g_printerr ("  ... and %u more\n", u->count - LISTED_MAX);
  g_printerr ("%s: the interleavings around them are not explored, so the search cannot be "
              "complete; write them with __atomic builtins or C11 atomics when __AUGUR__ is "
              "defined (augur-cc defines it), and build every object with augur-cc\n", who);
}

const AugurUnseenAtomics *
augur_unseen_atomics_of (const char *exe, const char *server_pid, AugurSymbolizer *sym,
                         const char *who)
{
  static GMutex lock;
  static GHashTable *scans;   /* exe -> AugurUnseenAtomics, for the process's lifetime */
  g_mutex_lock (&lock);
  if (scans == NULL)
    scans = g_hash_table_new (g_str_hash, g_str_equal);
  AugurUnseenAtomics *u = g_hash_table_lookup (scans, exe);
  if (u == NULL)
    {
      u = g_new0 (AugurUnseenAtomics, 1);
      augur_unseen_atomics_scan (exe, server_pid, sym, u);
      g_hash_table_insert (scans, g_strdup (exe), u);
      augur_unseen_atomics_warn (u, who, exe);
    }
  g_mutex_unlock (&lock);
  return u;
}
