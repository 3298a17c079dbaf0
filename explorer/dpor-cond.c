/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-cond.c — the races of a condition's wake-ups over a signal.
 *
 * A pthread_cond_signal wakes one of the threads blocked on the condition
 * when it is sent, any of them (runtime/rt-sched-condsig.c): the first of
 * those candidates whose wake-up runs takes it, and the others wait on.
 * So a wake-up races with the wake-up of another thread that took a
 * signal it was a candidate for, though the clocks order the two (the
 * winner's critical section, the next signal, its mutex): reversed, the
 * loser takes that signal and the winner may wait for ever.  A broadcast
 * wakes them all: no race.
 */
#include "config.h"

#include "explorer/dpor-private.h"

void
augur_dpor_cond_rivals (DporPass *p, guint j)
{
  const AugurSchedStep *s = &p->s[j];
  if (s->op != AUGUR_SOP_COND_WAKE)
    return;
  /* its wait: the candidates of a signal waited before it */
  guint w = j;
  while (w-- > 0 && !(p->s[w].tid == s->tid && p->s[w].op == AUGUR_SOP_COND_WAIT))
    ;
  if (w == G_MAXUINT)
    return;
  for (guint i = w + 1; i < j; i++)
    {
      const AugurSchedStep *x = &p->s[i];
      guint32 sig = augur_sched_step_waker (x);
      if (x->op != AUGUR_SOP_COND_WAKE || x->obj != s->obj || x->tid == s->tid || sig <= w + 1
          || sig > i || p->s[sig - 1].op != AUGUR_SOP_SIGNAL || i > p->floor
          || p->raced[i] == p->race_epoch)
        continue;
      p->raced[i] = p->race_epoch;
      g_array_append_val (p->races, i);
    }
}
