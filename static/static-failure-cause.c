/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-failure-cause.c — tell frama-c failures that come from its C11
 * atomics model.  Examples (Frama-C 25):
 *   - "Incompatible declaration for __fc_atomic_init_marker: Types
 *     atomic_int and atomic_uint are not isomorphic": its atomic_init
 *     calls a marker it never declares (augur-frama-c.h now declares it);
 *   - "st.c:6: Failure: castTo struct pair -> unsigned long long": its
 *     atomic_store passes the value as an unsigned long long, so an
 *     atomic struct does not convert;
 *   - a syntax error at `_Atomic(int) x;`: its <stdatomic.h> defines
 *     _Atomic away, leaving `(int) x;` (the error is then said to be in
 *     stdatomic.h).
 */
#include "config.h"

#include <string.h>

#include "static/static-failure-cause.h"

static gboolean
line_uses_atomics (const char *text)
{
  return g_regex_match_simple ("\\b_Atomic\\b|\\batomic_(init|load|store|exchange|"
                               "compare_exchange|fetch|flag_test_and_set|flag_clear)\\w*\\s*\\(",
                               text, 0, 0);
}

gboolean
augur_static_atomics_rejected (const char *message, const char *source, guint line)
{
  if (message != NULL
      && (strstr (message, "__fc_atomic") != NULL
          || g_regex_match_simple ("Types atomic_\\w+ and ", message, 0, 0)
          || strstr (message, "libc/stdatomic.h") != NULL))
    return TRUE;
  if (source == NULL || line == 0)
    return FALSE;
  g_autofree char *text = NULL;
  if (!g_file_get_contents (source, &text, NULL, NULL))
    return FALSE;
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = g_strv_length (lines);
  return (line <= n && line_uses_atomics (lines[line - 1]))
         || (line + 1 <= n && line_uses_atomics (lines[line]));
}

guint
augur_static_error_line_in (const char *message, const char *source)
{
  if (message == NULL || source == NULL)
    return 0;
  g_autoptr(GRegex) re = g_regex_new ("\\[kernel\\] (\\S+?):([0-9]+): ", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  if (!g_regex_match (re, message, 0, &m))
    return 0;
  g_autofree char *file = g_match_info_fetch (m, 1);
  g_autofree char *num = g_match_info_fetch (m, 2);
  g_autofree char *canon = g_canonicalize_filename (file, NULL);
  g_autofree char *src = g_canonicalize_filename (source, NULL);
  if (strcmp (canon, src) != 0 && !g_str_has_suffix (src, file))
    return 0;
  return (guint) g_ascii_strtoull (num, NULL, 10);
}

#define SHORT_REASON_MAX 200

/* "/a/b/c.c:12" as "c.c:12" */
static char *
base_at (const char *path_line)
{
  const char *slash = strrchr (path_line, '/');
  return g_strdup (slash != NULL && slash[1] != '\0' ? slash + 1 : path_line);
}

char *
augur_static_short_reason (const char *message)
{
  if (message == NULL)
    return g_strdup ("no output");
  /* frama-c's "[kernel] " and "[kernel:parser] " tags */
  g_autoptr(GRegex) tag = g_regex_new ("\\[[a-z-]+(:[a-z:-]+)?\\] ", 0, 0, NULL);
  g_autofree char *s = g_regex_replace_literal (tag, message, -1, 0, "", 0, NULL);
  GString *out = g_string_new (NULL);
  g_autoptr(GMatchInfo) m = NULL;
  g_autoptr(GMatchInfo) m2 = NULL;
  g_autoptr(GRegex) at = g_regex_new ("^(\\S+?:[0-9]+)(?::[0-9]+)?: (?:User Error|Failure|Warning|"
                                      "Error|fatal error|error):? *(.*)$",
                                      0, 0, NULL);
  g_autoptr(GRegex) decl =
    g_regex_new ("^(?:User Error: *)?(.*?) First declaration was at (\\S+) "
                 "Current declaration is at (\\S+)(.*)$", 0, 0, NULL);
  if (g_regex_match (decl, s, 0, &m))
    {
      /* the declaration that did not link first, at the later one */
      g_autofree char *what = g_match_info_fetch (m, 1);
      g_autofree char *first = g_match_info_fetch (m, 2);
      g_autofree char *current = g_match_info_fetch (m, 3);
      g_autofree char *cur = base_at (current);
      g_string_printf (out, "%s: %s (first declared at %s)", cur, what, first);
    }
  else if (g_regex_match (at, s, 0, &m2))
    {
      g_autofree char *where = g_match_info_fetch (m2, 1);
      g_autofree char *what = g_match_info_fetch (m2, 2);
      g_autofree char *w = base_at (where);
      g_string_printf (out, "%s: %s", w, what);
    }
  else
    g_string_assign (out, g_str_has_prefix (s, "User Error: ") ? s + strlen ("User Error: ") : s);
  if (out->len > SHORT_REASON_MAX)
    {
      gsize cut = SHORT_REASON_MAX;
      while (cut > 0 && (out->str[cut] & 0xc0) == 0x80)
        cut--;   /* not inside a UTF-8 character */
      g_string_truncate (out, cut);
      g_string_append (out, "...");
    }
  return g_string_free (out, FALSE);
}
