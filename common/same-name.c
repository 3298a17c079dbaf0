/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * same-name.c — two objects that the debug info gives one name (see
 * same-name.h).
 */
#include "config.h"

#include "common/same-name.h"

#include <string.h>

/* "T0.alloc1" of "T0.alloc1+48", "stats" of "stats+8" (newly allocated) */
static char *
container_of (const char *id)
{
  const char *plus = strchr (id, '+');
  return plus != NULL ? g_strndup (id, (gsize) (plus - id)) : g_strdup (id);
}

/* Calls @fn on @f and on its parts, depth first. */
static void
each (AugurFinding *f, void (*fn) (AugurFinding *, gpointer), gpointer data)
{
  fn (f, data);
  for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
    each (augur_finding_get_part (f, i), fn, data);
}

/* a renamed object: its name for people, and where it is */
static gboolean
named (AugurFinding *f, const char **name, const char **id)
{
  *name = augur_finding_get_object (f);
  *id = augur_finding_get_object_id (f);
  return *name != NULL && *id != NULL && strcmp (*name, *id) != 0 && strchr (*name, ',') == NULL;
}

/* name -> GHashTable of containers */
static void
note (AugurFinding *f, gpointer data)
{
  GHashTable *by_name = data;
  const char *name, *id;
  if (!named (f, &name, &id))
    return;
  GHashTable *containers = g_hash_table_lookup (by_name, name);
  if (containers == NULL)
    {
      containers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_insert (by_name, g_strdup (name), containers);
    }
  g_hash_table_add (containers, container_of (id));
}

typedef struct {
  GHashTable *by_name;
  guint changed;
} Apart;

static void
tell (AugurFinding *f, gpointer data)
{
  Apart *a = data;
  const char *name, *id;
  if (!named (f, &name, &id))
    return;
  GHashTable *containers = g_hash_table_lookup (a->by_name, name);
  if (containers == NULL || g_hash_table_size (containers) < 2)
    return;
  g_autofree char *in = container_of (id);
  g_autofree char *label = g_strdup_printf ("%s (in %s)", name, in);
  g_autofree char *kind = g_strdup (augur_finding_get_object_kind (f));   /* set anew */
  augur_finding_set_object (f, label, kind);   /* its object_id stays */
  a->changed++;
}

guint
augur_same_name_tell_apart (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, 0);
  Apart a = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                     (GDestroyNotify) g_hash_table_unref), 0 };
  guint n = augur_results_get_n_findings (results);
  for (guint i = 0; i < n; i++)
    each (augur_results_get_finding (results, i), note, a.by_name);
  for (guint i = 0; i < n; i++)
    each (augur_results_get_finding (results, i), tell, &a);
  g_hash_table_unref (a.by_name);
  return a.changed;
}
