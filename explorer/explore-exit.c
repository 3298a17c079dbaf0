/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-exit.c — when a program's exit status is a bug of the
 * interleaving: an error with the schedule that ends with it, or a
 * warning while every normal end (and the recorded run) had that status.
 */
#include "config.h"

#include "explorer/explore-private.h"

#include <string.h>

/* An exit status is a warning only while every execution that ended
 * normally (and the run made before, opts->known_exit) ended with it: the
 * program may report a failure whatever the interleaving (its arguments,
 * its input).  Once another status is seen, it depends on the
 * interleaving: an error, with the schedule that ends with it. */
gboolean
explore_exit_varies (Ctx *c, gint status)
{
  return c->first_exit < 0 || c->first_exit != status || c->other_exit >= 0;
}

/* What follows "Thread N ends the program with exit status S" when every
 * normal end had S (the words explore_exit_seen looks for). */
const char *
explore_exit_same_tail (Ctx *c)
{
  return c->first_exit_known
           ? ", as the recorded run and every execution that ended normally did: the program "
             "reports a failure, maybe whatever the interleaving (its arguments, its input)."
           : ", as every execution that ended normally did: the program reports a failure, "
             "maybe whatever the interleaving (its arguments, its input).";
}

/* ... and when the status varies: the other status seen, if any (newly
 * allocated) */
char *
explore_exit_tail (Ctx *c, gint status)
{
  const char *tell = ": in this interleaving the program reports a failure.";
  if (c->first_exit < 0)
    return g_strdup (tell);   /* a replay's one run: no other */
  if (c->first_exit != status)
    return g_strdup_printf (" (%s: %d)%s",
                            c->first_exit_known ? "the recorded run" : "the first execution",
                            c->first_exit, tell);
  return g_strdup_printf (" (another execution: %d)%s", c->other_exit, tell);
}

/* Another normal end with @status: if it is the first to differ from
 * first_exit, the exit-status warnings kept so far become errors, their
 * explanations saying so. */
void
explore_exit_seen (Ctx *c, gint status)
{
  if (c->first_exit == -1)
    {
      c->first_exit = status;
      return;
    }
  if (c->first_exit < 0 || status == c->first_exit || c->other_exit >= 0)
    return;
  c->other_exit = status;
  const char *same = explore_exit_same_tail (c);
  for (guint i = 0; i < augur_results_get_n_findings (c->results); i++)
    {
      AugurFinding *f = augur_results_get_finding (c->results, i);
      const char *sub = augur_finding_get_subkind (f);
      const char *e = augur_finding_get_explanation (f);
      const char *at = e != NULL ? strstr (e, same) : NULL;
      if (sub == NULL || strcmp (sub, "exit-status") != 0 || at == NULL
          || augur_finding_get_severity (f) != AUGUR_SEVERITY_WARNING)
        continue;
      g_autofree char *head = g_strndup (e, (gsize) (at - e));
      g_autofree char *tail = explore_exit_tail (c, c->first_exit);
      g_autofree char *upgraded = g_strconcat (head, tail,
                                               at + strlen (same), NULL);
      augur_finding_set_explanation (f, upgraded);
      augur_finding_set_severity (f, AUGUR_SEVERITY_ERROR);
      explore_findings_save (c);
    }
}
