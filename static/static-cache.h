/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-cache.h — the results of earlier Frama-C runs, so that the
 * static stage of an unchanged program is not paid again at every check.
 *
 * An entry is keyed on everything that decides the result
 * (static-driver.c, cache_key): the text Frama-C parses, each file as
 * preprocessed by Frama-C's own commands (static-preprocess.h); augur
 * itself (its executable's content), its plug-in, harness and forced
 * headers (their content); frama-c (its path, size and time); the
 * options and the working directory (the facts name files relative to
 * it).  A source or a header that changes changes the key: a miss.
 * When the result also depended on the system's headers (tried after
 * Frama-C's libc failed on a file), the entry holds their digest too, and
 * the lookup must compute and match it.
 *
 * What is kept: the facts, or the failure (frama-c could not parse a
 * file, or did not finish within a time; only a longer timeout runs it
 * again).  The directory: $AUGUR_CACHE_DIR, else
 * g_get_user_cache_dir()/augur; with AUGUR_CACHE_DIR set but empty,
 * nothing is cached.  Entries are DIR/static/KEY.facts.json and
 * DIR/static/KEY.entry, each written whole (renamed into place).
 */
#ifndef AUGUR_STATIC_CACHE_H
#define AUGUR_STATIC_CACHE_H

#include <glib.h>

#include "static/static-facts.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_STATIC_CACHED_FACTS,
  AUGUR_STATIC_CACHED_FAILED,    /* error_code and message: the same error again */
  AUGUR_STATIC_CACHED_TIMEOUT,   /* did not finish within timeout seconds */
} AugurStaticCachedOutcome;

typedef struct {
  AugurStaticCachedOutcome outcome;
  guint  timeout;          /* the seconds it was given */
  gint   error_code;       /* AUGUR_STATIC_ERROR_*, when it failed */
  char  *message;          /* the error, when it failed or timed out */
  char  *system_digest;    /* the system's headers' digest, or NULL when not used */
  char  *facts_path;       /* on lookup: the facts file, for AUGUR_STATIC_CACHED_FACTS */
} AugurStaticCacheEntry;

void augur_static_cache_entry_free (AugurStaticCacheEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurStaticCacheEntry, augur_static_cache_entry_free)

/* The cache's directory for static results, or NULL when caching is off. */
char *augur_static_cache_dir (void);

/* Adds a file's content (or that it cannot be read) to a key. */
void augur_static_cache_key_add_file (GChecksum *sum, const char *path);
/* Adds a string, ended, to a key. */
void augur_static_cache_key_add_string (GChecksum *sum, const char *s);
/* Adds a file's identity (resolved path, size, modification and change
 * times) to a key: for frama-c, too big to read at every run. */
void augur_static_cache_key_add_stat (GChecksum *sum, const char *path);

/* The entry of @key in @dir, or NULL (none, or unreadable). */
AugurStaticCacheEntry *augur_static_cache_lookup (const char *dir, const char *key);

/* Keeps @entry (and @facts for AUGUR_STATIC_CACHED_FACTS) under @key. */
gboolean augur_static_cache_store (const char *dir, const char *key,
                                   const AugurStaticCacheEntry *entry,
                                   AugurStaticFacts *facts, GError **error);

G_END_DECLS

#endif /* AUGUR_STATIC_CACHE_H */
