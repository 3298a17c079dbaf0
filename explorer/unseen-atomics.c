/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * unseen-atomics.c — find the executable's atomic instructions that make
 * no call into the runtime (see unseen-atomics.h), by reading objdump's
 * disassembly as it streams (a large program's is hundreds of megabytes).
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "explorer/unseen-atomics.h"

#define LISTED_MAX 8

/* The atomic instruction on one line of `objdump -d --no-show-raw-insn -w`
 * ("    1265:\tlock xadd %eax,0x2de7(%rip)  # 4054 <counter>"): its
 * address in *pc and its mnemonic (newly allocated), else NULL. */
static char *
atomic_of_line (const char *line, guint64 *pc)
{
  const char *tab = strchr (line, '\t');
  if (tab == NULL)
    return NULL;
  char *end = NULL;
  guint64 a = g_ascii_strtoull (line, &end, 16);
  if (end == line || *end != ':')
    return NULL;
  g_auto (GStrv) words = g_strsplit_set (tab + 1, " \t", 4);
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
  if (first == NULL)
    return NULL;
  char *mnemonic = NULL;
  if (strcmp (first, "lock") == 0 && second != NULL)
    mnemonic = g_strconcat ("lock ", second, NULL);
  else if (g_str_has_prefix (first, "cmpxchg"))
    mnemonic = g_strdup (first);
  else if (g_str_has_prefix (first, "xchg") && strchr (tab + 1, '(') != NULL)
    mnemonic = g_strdup (first);   /* with a memory operand: locked by the CPU */
  if (mnemonic != NULL)
    *pc = a;
  return mnemonic;
}

static void
note (AugurUnseenAtomics *u, GString *listing, AugurSymbolizer *sym, guint64 pc, const char *insn)
{
  u->count++;
  if (u->count > LISTED_MAX && u->first != NULL)
    return;
  AugurSource src;
  gboolean known = sym != NULL && augur_symbolizer_source (sym, 0, pc, &src);
  g_autofree char *where = known && src.file != NULL
                             ? g_strdup_printf ("%s:%u", src.file, src.line)
                             : g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", pc);
  if (u->first == NULL)
    {
      g_autofree char *base = known && src.file != NULL ? g_path_get_basename (src.file) : NULL;
      u->first = base != NULL ? g_strdup_printf ("%s:%u, %s", base, src.line, insn)
                              : g_strdup_printf ("%s, %s", where, insn);
    }
  if (u->count <= LISTED_MAX)
    {
      g_string_append_printf (listing, "  %s: %s", where, insn);
      if (known && src.function != NULL)
        g_string_append_printf (listing, " in %s", src.function);
      g_string_append_c (listing, '\n');
    }
}

void
augur_unseen_atomics_scan (const char *exe, AugurSymbolizer *sym, AugurUnseenAtomics *out)
{
  memset (out, 0, sizeof *out);
  const char *objdump = g_getenv ("AUGUR_OBJDUMP");
  if (objdump == NULL || *objdump == '\0')
    objdump = "objdump";
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) proc =
    g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                      objdump, "-d", "--no-show-raw-insn", "-w", exe, NULL);
  if (proc == NULL)
    {
      out->unchecked = g_strdup_printf ("%s could not be run (%s; it is in Debian's binutils)",
                                        objdump, error->message);
      return;
    }
  g_autoptr (GDataInputStream) in =
    g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  g_autoptr (GString) listing = g_string_new (NULL);
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
        note (out, listing, sym, pc, insn);
    }
  if (!g_subprocess_wait_check (proc, NULL, &error))
    {
      out->unchecked = g_strdup_printf ("%s -d %s failed (%s)", objdump, exe, error->message);
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
  memset (u, 0, sizeof *u);
}

void
augur_unseen_atomics_warn (const AugurUnseenAtomics *u, const char *who, const char *exe)
{
  if (u->unchecked != NULL)
    {
      g_printerr ("%s: warning: could not look for atomic instructions augur cannot see: %s\n",
                  who, u->unchecked);
      return;
    }
  if (u->count == 0)
    return;
  g_printerr ("%s: warning: %s has %u atomic instruction%s that make%s no call into augur's "
              "runtime (inline assembly, or code not compiled with augur-cc):\n%s",
              who, exe, u->count, u->count == 1 ? "" : "s", u->count == 1 ? "s" : "",
              u->listing != NULL ? u->listing : "");
  if (u->count > LISTED_MAX)
    g_printerr ("  ... and %u more\n", u->count - LISTED_MAX);
  g_printerr ("%s: the interleavings around them are not explored, so the search cannot be "
              "complete; write them with __atomic builtins or C11 atomics when __AUGUR__ is "
              "defined (augur-cc defines it), and build every object with augur-cc\n", who);
}

const AugurUnseenAtomics *
augur_unseen_atomics_of (const char *exe, AugurSymbolizer *sym, const char *who)
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
      augur_unseen_atomics_scan (exe, sym, u);
      g_hash_table_insert (scans, g_strdup (exe), u);
      augur_unseen_atomics_warn (u, who, exe);
    }
  g_mutex_unlock (&lock);
  return u;
}
