/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-driver-cache.c — a run of frama-c on sources it has already
 * analysed, unchanged, answered from the cache (static-cache.h): the key
 * of a run, the lookup, and keeping a run's result.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "static/static-cache.h"
#include "static/static-driver-private.h"
#include "static/static-error.h"
#include "static/static-preprocess.h"

/* Bump when what a run makes of the same input changes in a way the
 * key's other parts do not show. */
#define CACHE_FORMAT "augur-static-cache 1"

/* The digest of @units preprocessed under @libc, each file as frama-c
 * would (without the offsetof header a retry adds, which changes no file
 * it reads), as hex; NULL when it cannot be computed. */
static char *
units_digest (const Run *r, GPtrArray *units, Libc libc, gint64 deadline)
{
  g_autoptr(GHashTable) none = g_hash_table_new (g_str_hash, g_str_equal);
  Run plain = *r;
  plain.offsetof_files = none;
  g_autoptr(GError) local = NULL;
  g_autoptr(GPtrArray) argv = augur_static_frama_c_argv (&plain, units, libc, FALSE, &local);
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  if (argv == NULL
      || !augur_static_preprocess_digest ((const char *const *) argv->pdata, r->tmp, deadline,
                                          sum, &local))
    {
      g_debug ("no cache: %s", local != NULL ? local->message : "?");
      return NULL;
    }
  return g_strdup (g_checksum_get_string (sum));
}

char *
augur_static_run_cache_key (const Run *r, GPtrArray *units, const AugurStaticRunOptions *o,
                            gint64 deadline)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  augur_static_cache_key_add_string (sum, CACHE_FORMAT);
  augur_static_cache_key_add_string (sum, PACKAGE_VERSION);
  /* augur itself: a rebuilt augur may make other facts of the same input */
  augur_static_cache_key_add_file (sum, "/proc/self/exe");
  augur_static_cache_key_add_stat (sum, r->frama_c);
  const char *const files[] = { r->plugin, r->harness, r->compat, r->compat_libc,
                                r->compat_offsetof };
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    augur_static_cache_key_add_file (sum, files[i]);
  /* the facts name files relative to the working directory */
  g_autofree char *cwd = g_get_current_dir ();
  augur_static_cache_key_add_string (sum, cwd);
  augur_static_cache_key_add_string (sum, r->cflags);
  augur_static_cache_key_add_string (sum, o->complete_only ? "complete only" : "partial");
  for (guint i = 0; i < units->len; i++)
    {
      const AugurStaticCompileUnit *u = units->pdata[i];
      augur_static_cache_key_add_string (sum, u->directory);
      augur_static_cache_key_add_string (sum, u->file);
      for (guint k = 0; u->arguments[k] != NULL; k++)
        augur_static_cache_key_add_string (sum, u->arguments[k]);
    }
  g_autofree char *text = units_digest (r, units, LIBC_FRAMA_C, deadline);
  if (text == NULL)
    return NULL;
  augur_static_cache_key_add_string (sum, text);
  return g_strdup (g_checksum_get_string (sum));
}

gboolean
augur_static_run_cached (const Run *r, GPtrArray *units, const char *dir, const char *key,
                         guint timeout, const char *log_path, gint64 deadline,
                         AugurStaticFacts **facts, GError **error)
{
  g_autoptr(AugurStaticCacheEntry) e = augur_static_cache_lookup (dir, key);
  if (e == NULL)
    return FALSE;
  /* a longer time may let frama-c finish */
  if (e->outcome == AUGUR_STATIC_CACHED_TIMEOUT && timeout > e->timeout)
    return FALSE;
  if (e->system_digest != NULL)
    {
      g_autofree char *now = units_digest (r, units, LIBC_SYSTEM, deadline);
      if (g_strcmp0 (now, e->system_digest) != 0)
        return FALSE;
    }
  g_autofree char *where = g_strdup_printf ("%s/%s.entry", dir, key);
  if (log_path != NULL)
    {
      g_autofree char *said =
        g_strdup_printf ("augur: frama-c was not run: its result on these same sources is "
                         "cached in %s\n", where);
      g_file_set_contents (log_path, said, -1, NULL);
    }
  if (e->outcome == AUGUR_STATIC_CACHED_FACTS)
    {
      g_autoptr(GError) local = NULL;
      *facts = augur_static_facts_load (e->facts_path, &local);
      if (*facts == NULL)
        {
          g_debug ("cache entry %s unusable: %s", e->facts_path, local->message);
          return FALSE;
        }
      augur_static_facts_set_cached_in (*facts, e->facts_path);
      return TRUE;
    }
  g_set_error (error, AUGUR_STATIC_ERROR, e->error_code,
               "%s (cached: frama-c gave this on these same sources at an earlier run; "
               "remove %s to run it again)", e->message, where);
  return TRUE;
}

void
augur_static_run_cache_keep (const Run *r, GPtrArray *units, const char *dir, const char *key,
                             guint timeout, AugurStaticFacts *facts, const GError *failure,
                             gboolean timed_out, gint64 deadline)
{
  AugurStaticCacheEntry e = {
    .outcome = facts != NULL ? AUGUR_STATIC_CACHED_FACTS
               : timed_out ? AUGUR_STATIC_CACHED_TIMEOUT : AUGUR_STATIC_CACHED_FAILED,
    .timeout = timeout,
    .error_code = failure != NULL ? failure->code : 0,
    .message = failure != NULL ? failure->message : NULL,
  };
  g_autofree char *system = NULL;
  /* the result depends on the system's headers too when they were tried */
  if (*r->system_tried)
    {
      system = units_digest (r, units, LIBC_SYSTEM, deadline);
      if (system == NULL)
        return;
      e.system_digest = system;
    }
  g_autoptr(GError) local = NULL;
  if (!augur_static_cache_store (dir, key, &e, facts, &local))
    g_debug ("result not cached: %s", local->message);
}
