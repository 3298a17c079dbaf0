/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * source-label.c — short unambiguous names of source files (see
 * source-label.h).
 */
#include "config.h"

#include "common/source-label.h"

#include <string.h>

static GMutex lock;
/* base name -> GPtrArray of the distinct paths registered with it */
static GHashTable *by_base;

static GHashTable *
table (void)
{
  if (by_base == NULL)
    by_base = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                     (GDestroyNotify) g_ptr_array_unref);
  return by_base;
}

void
augur_source_label_register (const char *path)
{
  if (path == NULL || *path == '\0')
    return;
  g_autofree char *base = g_path_get_basename (path);
  g_mutex_lock (&lock);
  GPtrArray *paths = g_hash_table_lookup (table (), base);
  if (paths == NULL)
    {
      paths = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (table (), g_steal_pointer (&base), paths);
    }
  if (!g_ptr_array_find_with_equal_func (paths, path, g_str_equal, NULL))
    g_ptr_array_add (paths, g_strdup (path));
  g_mutex_unlock (&lock);
}

/* Whether @path's last @n components are also @other's last @n
 * ("/"-separated).  FALSE when one path runs out of components before the
 * other: the shorter one is then shown whole. */
static gboolean
same_tail (const char *path, const char *other, guint n)
{
  size_t lp = strlen (path), lo = strlen (other);
  const char *p = path + lp, *o = other + lo;
  for (guint seen = 0;;)
    {
      /* step back one component in each */
      const char *ps = p, *os = o;
      while (ps > path && ps[-1] != '/')
        ps--;
      while (os > other && os[-1] != '/')
        os--;
      if ((size_t) (p - ps) != (size_t) (o - os) || memcmp (ps, os, (size_t) (p - ps)) != 0)
        return FALSE;
      if (++seen == n)
        return TRUE;
      gboolean p_done = ps == path, o_done = os == other;
      if (p_done || o_done)
        return p_done && o_done;
      p = ps - 1;
      o = os - 1;
    }
}

/* @path's last @n components (the whole path when it has no more). */
static char *
tail (const char *path, guint n)
{
  const char *t = path + strlen (path);
  guint slashes = 0;
  while (t > path)
    {
      if (t[-1] == '/' && ++slashes == n)
        break;
      t--;
    }
  return g_strdup (t);
}

gboolean
augur_source_path_ends_with (const char *path, const char *name)
{
  /* "./lib/util.c" ends a path as "/lib/util.c" */
  g_autofree char *tail = g_canonicalize_filename (name, "/");
  return g_str_has_suffix (path, tail);
}

char *
augur_source_label (const char *path)
{
  if (path == NULL)
    return g_strdup ("?");
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *norm = NULL;
  g_mutex_lock (&lock);
  GPtrArray *paths = by_base != NULL ? g_hash_table_lookup (by_base, base) : NULL;
  if (paths != NULL && !g_path_is_absolute (path))
    {
      /* a relative name ("./lib/util.c", an assert()'s __FILE__) of one
       * registered file is that file; else it is told apart as it is */
      norm = g_canonicalize_filename (path, "/");
      const char *only = NULL;
      guint n = 0;
      for (guint i = 0; i < paths->len; i++)
        if (augur_source_path_ends_with (g_ptr_array_index (paths, i), path))
          {
            only = g_ptr_array_index (paths, i);
            n++;
          }
      path = n == 1 ? only : norm + 1;
    }
  guint depth = 1;
  if (paths != NULL)
    for (guint i = 0; i < paths->len; i++)
      {
        const char *other = g_ptr_array_index (paths, i);
        if (strcmp (other, path) == 0)
          continue;
        /* the fewest components that tell @path from @other (a path
         * too short to tell is shown whole) */
        guint n = depth;
        while (n < 256 && same_tail (path, other, n))
          n++;
        depth = MAX (depth, n);
      }
  char *label = depth == 1 ? g_steal_pointer (&base) : tail (path, depth);
  g_mutex_unlock (&lock);
  return label;
}

void
augur_source_label_reset (void)
{
  g_mutex_lock (&lock);
  g_clear_pointer (&by_base, g_hash_table_unref);
  g_mutex_unlock (&lock);
}
