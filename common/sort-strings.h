/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sort-strings.h — a GPtrArray of strings put in strcmp order: the order
 * augur writes sets of names in (locks, kinds, file:line sites), so that
 * its output is the same whatever order they were found in.  GLib 2.74
 * has no comparator for it (g_ptr_array_sort passes pointers to the
 * elements).
 */
#ifndef AUGUR_SORT_STRINGS_H
#define AUGUR_SORT_STRINGS_H

#include <glib.h>

G_BEGIN_DECLS

/* Compares two elements of a GPtrArray of strings (g_strcmp0: a NULL
 * string first). */
static inline gint
augur_cmp_string_ptrs (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* Sorts @strings, a GPtrArray of strings, in strcmp order. */
static inline void
augur_sort_strings (GPtrArray *strings)
{
  g_ptr_array_sort (strings, augur_cmp_string_ptrs);
}

G_END_DECLS

#endif /* AUGUR_SORT_STRINGS_H */
