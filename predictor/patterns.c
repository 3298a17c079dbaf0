/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * patterns.c — the pattern matcher of patterns.h.
 */
#include "config.h"

#include <string.h>

#include "predictor/patterns.h"

static const struct {
  const char *name;
  char a, b, c;
  const char *description;
} patterns[AUGUR_PATTERN_N] = {
  [AUGUR_PATTERN_RWR] = { "R-W-R", 'R', 'W', 'R',
                          "the two local reads see different values" },
  [AUGUR_PATTERN_WWR] = { "W-W-R", 'W', 'W', 'R',
                          "the local read does not see the local write" },
  [AUGUR_PATTERN_RWW] = { "R-W-W", 'R', 'W', 'W',
                          "the local write is based on a stale read" },
  [AUGUR_PATTERN_WRW] = { "W-R-W", 'W', 'R', 'W',
                          "the remote read sees an intermediate value" },
  [AUGUR_PATTERN_WWW] = { "W-W-W", 'W', 'W', 'W',
                          "the remote write is lost" },
};

const char *
augur_pattern_name (AugurPattern p)
{
  g_return_val_if_fail (p < AUGUR_PATTERN_N, "?");
  return patterns[p].name;
}

gboolean
augur_pattern_from_name (const char *name, AugurPattern *p)
{
  for (guint i = 0; i < AUGUR_PATTERN_N; i++)
    if (g_strcmp0 (name, patterns[i].name) == 0)
      {
        *p = i;
        return TRUE;
      }
  return FALSE;
}

char
augur_pattern_remote_kind (AugurPattern p)
{
  g_return_val_if_fail (p < AUGUR_PATTERN_N, 'W');
  return patterns[p].b;
}

const char *
augur_pattern_description (AugurPattern p)
{
  g_return_val_if_fail (p < AUGUR_PATTERN_N, "?");
  return patterns[p].description;
}

void
augur_pattern_last_writes (const char *kinds, guint n, guint *last_w)
{
  guint last = 0;
  for (guint i = 0; i < n; i++)
    {
      if (kinds[i] == 'W')
        last = i + 1;
      last_w[i] = last;
    }
}

gboolean
augur_pattern_witness_at (AugurPattern p, const char *kinds, const guint *last_w, guint n,
                          guint split, guint *a, guint *c)
{
  g_return_val_if_fail (p < AUGUR_PATTERN_N, FALSE);
  if (split < 1 || split >= n)
    return FALSE;
  /* c: the first local access after the remote one. */
  if (kinds[split] != patterns[p].c)
    return FALSE;
  guint wa;
  if (patterns[p].a == 'R')
    {
      /* R1 (R1*) then the remote access: the access just before is a read. */
      if (kinds[split - 1] != 'R')
        return FALSE;
      wa = split - 1;
    }
  else
    {
      /* W1 R1*: the latest write before the split, only reads after it. */
      if (last_w[split - 1] == 0)
        return FALSE;
      wa = last_w[split - 1] - 1;
    }
  *a = wa;
  *c = split;
  return TRUE;
}

gboolean
augur_pattern_witness (AugurPattern p, const char *kinds, guint n, guint split,
                       guint *a, guint *c)
{
  g_return_val_if_fail (p < AUGUR_PATTERN_N, FALSE);
  if (split < 1 || split >= n)
    return FALSE;
  g_autofree guint *last_w = g_new (guint, split);
  augur_pattern_last_writes (kinds, split, last_w);
  return augur_pattern_witness_at (p, kinds, last_w, n, split, a, c);
}

char *
augur_pattern_block_to_string (const char *kinds)
{
  GString *out = g_string_new (NULL);
  guint n = strlen (kinds);
  for (guint s = 1; s < n; s++)
    for (guint p = 0; p < AUGUR_PATTERN_N; p++)
      {
        guint a, c;
        if (!augur_pattern_witness (p, kinds, n, s, &a, &c))
          continue;
        g_string_append_printf (out, "%s%u %s %u,%u", out->len > 0 ? "; " : "", s,
                                augur_pattern_name (p), a, c);
      }
  return g_string_free (out, FALSE);
}
