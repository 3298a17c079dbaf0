/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-divergence.c — where a run left its schedule, and why
 * (explorer/divergence.h): a step on a lock or condition variable the run
 * destroyed or initialised again while in use blames that misuse, not the
 * program's time or input; another step, or a misuse of another object,
 * or one made after that point, does not.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "explorer/divergence.h"

#define COND 0x1000u
#define MUTEX 0x2000u

/* A run that left its schedule at step 51: thread 2 was to wake up from
 * its wait on COND (re-taking MUTEX) and was blocked there; @kind (0:
 * none) at @step on @obj is the run's misuse. */
static AugurSchedShm *
diverged (guint kind, guint step, guint64 obj)
{
  AugurSchedShm *shm = g_malloc0 (sizeof *shm);
  shm->status = AUGUR_SST_DIVERGED;
  shm->diverged_at = 51;
  shm->prefix_len = 52;
  shm->prefix[51] = 2;
  shm->check_prefix = 1;
  AugurSchedStep wake = { .op = AUGUR_SOP_COND_WAKE, .obj = COND, .arg = MUTEX, .tid = 2 };
  shm->expect[51] = wake;
  shm->threads[2].state = AUGUR_STH_BLOCKED;
  shm->threads[2].pending = wake;
  if (kind != 0)
    {
      shm->n_misuse = 1;
      shm->misuse[0].kind = kind;
      shm->misuse[0].step = step;
      shm->misuse[0].obj = obj;
    }
  return shm;
}

static gboolean
blames_misuse (guint kind, guint step, guint64 obj)
{
  g_autofree AugurSchedShm *shm = diverged (kind, step, obj);
  gboolean at_misuse = TRUE;
  g_autofree char *text = augur_divergence_text (NULL, shm, &at_misuse);
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, "at step 51, thread 2 was to do the "));
  g_assert_true (g_str_has_suffix (text, ", where it was blocked"));
  return at_misuse;
}

static void
test_misuse (void)
{
  /* the wake-up's mutex initialised again while held, its condition
   * destroyed while waited on */
  g_assert_true (blames_misuse (AUGUR_MISUSE_INIT_IN_USE, 39, MUTEX));
  g_assert_true (blames_misuse (AUGUR_MISUSE_DESTROY_WAITED, 37, COND));
  g_assert_true (blames_misuse (AUGUR_MISUSE_UNLOCK_NOT_OWNER, 45, MUTEX));
  const char *cause = augur_explore_divergence_cause (TRUE, TRUE);
  g_assert_nonnull (strstr (cause, "destroyed or initialised again while it was in use"));
  g_assert_null (strstr (cause, "(time, input"));
}

static void
test_no_misuse (void)
{
  g_assert_false (blames_misuse (0, 0, 0));
  /* another object's, a misuse of no object's state, one after the point */
  g_assert_false (blames_misuse (AUGUR_MISUSE_INIT_IN_USE, 39, 0x3000));
  g_assert_false (blames_misuse (AUGUR_MISUSE_MAIN_RETURNS, 39, MUTEX));
  g_assert_false (blames_misuse (AUGUR_MISUSE_INIT_IN_USE, 60, MUTEX));
  g_assert_nonnull (strstr (augur_explore_divergence_cause (FALSE, TRUE), "(time, input, files, addresses)"));
}

static void
test_not_diverged (void)
{
  g_autofree AugurSchedShm *shm = diverged (0, 0, 0);
  shm->status = AUGUR_SST_DONE;
  gboolean at_misuse = TRUE;
  g_assert_null (augur_divergence_text (NULL, shm, &at_misuse));
  g_assert_false (at_misuse);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/divergence/misuse", test_misuse);
  g_test_add_func ("/divergence/no-misuse", test_no_misuse);
  g_test_add_func ("/divergence/not-diverged", test_not_diverged);
  return g_test_run ();
}
