/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-cache.c — entries of the cache of static results: a key file
 * (GKeyFile) saying what the result was, and the facts beside it.
 */
#include "config.h"

#include "static/static-cache.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <string.h>

#include "static/static-error.h"

#define GROUP "augur static cache"

static const char *const OUTCOMES[] = { "facts", "failed", "timeout" };

void
augur_static_cache_entry_free (AugurStaticCacheEntry *e)
{
  if (e == NULL)
    return;
  g_free (e->message);
  g_free (e->system_digest);
  g_free (e->facts_path);
  g_free (e);
}

char *
augur_static_cache_dir (void)
{
  const char *env = g_getenv ("AUGUR_CACHE_DIR");
  if (env != NULL)
    return *env != '\0' ? g_build_filename (env, "static", NULL) : NULL;
  return g_build_filename (g_get_user_cache_dir (), "augur", "static", NULL);
}

void
augur_static_cache_key_add_string (GChecksum *sum, const char *s)
{
  g_checksum_update (sum, (const guchar *) (s != NULL ? s : "(null)"), -1);
  g_checksum_update (sum, (const guchar *) "", 1);
}

void
augur_static_cache_key_add_file (GChecksum *sum, const char *path)
{
  g_autofree char *text = NULL;
  gsize n = 0;
  augur_static_cache_key_add_string (sum, path);
  if (!g_file_get_contents (path, &text, &n, NULL))
    augur_static_cache_key_add_string (sum, "(unreadable)");
  else
    {
      g_autofree char *len = g_strdup_printf ("%" G_GSIZE_FORMAT, n);
      augur_static_cache_key_add_string (sum, len);
      g_checksum_update (sum, (const guchar *) text, (gssize) n);
    }
}

void
augur_static_cache_key_add_stat (GChecksum *sum, const char *path)
{
  g_autoptr(GFile) f = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info =
    g_file_query_info (f, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                       G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC "," G_FILE_ATTRIBUTE_TIME_CHANGED ","
                       G_FILE_ATTRIBUTE_UNIX_INODE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  g_autofree char *real = g_canonicalize_filename (path, NULL);
  augur_static_cache_key_add_string (sum, real);
  g_autofree char *id = info == NULL ? g_strdup ("(no such file)")
    : g_strdup_printf ("%" G_GOFFSET_FORMAT " %" G_GUINT64_FORMAT ".%u %" G_GUINT64_FORMAT
                       " %" G_GUINT64_FORMAT, g_file_info_get_size (info),
                       g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED),
                       g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC),
                       g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_CHANGED),
                       g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE));
  augur_static_cache_key_add_string (sum, id);
}

static char *
entry_path (const char *dir, const char *key, const char *suffix)
{
  g_autofree char *name = g_strconcat (key, suffix, NULL);
  return g_build_filename (dir, name, NULL);
}

AugurStaticCacheEntry *
augur_static_cache_lookup (const char *dir, const char *key)
{
  g_autofree char *path = entry_path (dir, key, ".entry");
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  if (!g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  g_autofree char *outcome = g_key_file_get_string (kf, GROUP, "outcome", NULL);
  g_autoptr(AugurStaticCacheEntry) e = g_new0 (AugurStaticCacheEntry, 1);
  guint i = 0;
  while (i < G_N_ELEMENTS (OUTCOMES) && g_strcmp0 (outcome, OUTCOMES[i]) != 0)
    i++;
  if (i == G_N_ELEMENTS (OUTCOMES))
    return NULL;
  e->outcome = (AugurStaticCachedOutcome) i;
  e->timeout = (guint) g_key_file_get_uint64 (kf, GROUP, "timeout", NULL);
  e->error_code = g_key_file_get_integer (kf, GROUP, "error-code", NULL);
  e->message = g_key_file_get_string (kf, GROUP, "message", NULL);
  e->system_digest = g_key_file_get_string (kf, GROUP, "system-digest", NULL);
  if (e->outcome == AUGUR_STATIC_CACHED_FACTS)
    {
      e->facts_path = entry_path (dir, key, ".facts.json");
      if (!g_file_test (e->facts_path, G_FILE_TEST_IS_REGULAR))
        return NULL;
    }
  else if (e->message == NULL)
    return NULL;
  return g_steal_pointer (&e);
}

gboolean
augur_static_cache_store (const char *dir, const char *key, const AugurStaticCacheEntry *e,
                          AugurStaticFacts *facts, GError **error)
{
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_IO,
                   "cannot make the cache directory %s: %s", dir, g_strerror (errno));
      return FALSE;
    }
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_key_file_set_string (kf, GROUP, "outcome", OUTCOMES[e->outcome]);
  g_key_file_set_uint64 (kf, GROUP, "timeout", e->timeout);
  g_key_file_set_integer (kf, GROUP, "error-code", e->error_code);
  if (e->message != NULL)
    g_key_file_set_string (kf, GROUP, "message", e->message);
  if (e->system_digest != NULL)
    g_key_file_set_string (kf, GROUP, "system-digest", e->system_digest);
  /* the facts first: an entry is never there without them */
  if (e->outcome == AUGUR_STATIC_CACHED_FACTS)
    {
      g_autofree char *fp = entry_path (dir, key, ".facts.json");
      gsize len = 0;
      g_autofree char *data = augur_static_facts_to_data (facts, &len);
      if (!g_file_set_contents (fp, data, (gssize) len, error))
        return FALSE;
    }
  g_autofree char *path = entry_path (dir, key, ".entry");
  gsize len = 0;
  g_autofree char *text = g_key_file_to_data (kf, &len, NULL);
  return g_file_set_contents (path, text, (gssize) len, error);
}
