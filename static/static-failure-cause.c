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
