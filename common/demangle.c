/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * demangle.c — C++ symbol names as their source spells them (see
 * demangle.h).
 */
#include "config.h"

#include "common/demangle.h"

#include <stdlib.h>
#include <string.h>

/* libstdc++'s, declared in <cxxabi.h> with C linkage */
extern char *__cxa_demangle (const char *mangled, char *buf, size_t *n, int *status);

/* The start of the parameter list closing at @end - 1 (a ')'), or NULL. */
static char *
parameters_start (char *s, char *end)
{
  int depth = 0;
  for (char *p = end - 1; p >= s; p--)
    {
      if (*p == ')')
        depth++;
      else if (*p == '(' && --depth == 0)
        return p;
    }
  return NULL;
}

char *
augur_demangle (const char *sym)
{
  if (sym == NULL || strncmp (sym, "_Z", 2) != 0)
    return NULL;
  int status = -1;
  char *d = __cxa_demangle (sym, NULL, NULL, &status);
  if (d == NULL || status != 0)
    {
      free (d);
      return NULL;
    }
  /* "ns::Queue::push(int) const" -> "ns::Queue::push": drop the qualifiers
   * after the list, then the list (matched from its end: "operator()(int)"
   * keeps its own "()") */
  static const char *const qualifiers[] = { " const", " volatile", " &&", " &" };
  char *end = d + strlen (d);
  for (gboolean cut = TRUE; cut; )
    {
      cut = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (qualifiers); i++)
        {
          gsize n = strlen (qualifiers[i]);
          if ((gsize) (end - d) > n && memcmp (end - n, qualifiers[i], n) == 0)
            {
              end -= n;
              cut = TRUE;
            }
        }
    }
  if (end > d && end[-1] == ')')
    {
      char *open = parameters_start (d, end);
      if (open != NULL && open > d)
        end = open;
    }
  /* "(anonymous namespace)::x" is x in the source, as in DWARF */
  g_autofree char *named = g_strndup (d, (gsize) (end - d));
  free (d);
  g_auto (GStrv) parts = g_strsplit (named, "(anonymous namespace)::", -1);
  return g_strjoinv ("", parts);
}
