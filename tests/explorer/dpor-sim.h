/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-sim.h — the search cores' tests' synthetic programs: straight-line
 * threads of reads, writes and creations, and a simulator that runs one
 * along a prefix and a sleep set as runtime/rt-sched.c does (test-dpor.c,
 * test-estimate.c).
 */
#ifndef AUGUR_TEST_DPOR_SIM_H
#define AUGUR_TEST_DPOR_SIM_H

#include <glib.h>

#include "explorer/dpor.h"

#define MAXOPS 8

typedef struct {
  guint n_threads;
  guint n_ops[4];
  struct { guint8 op; guint64 obj; } ops[4][MAXOPS];
} Prog;

/* Runs prog along prefix (tids) with sleep set; returns TRUE if complete,
 * FALSE if sleep-set blocked.  steps receives what ran. */
static gboolean
simulate (const Prog *p, GArray *prefix, GArray *sleep_in, GArray *steps)
{
  guint pc[4] = { 0 };
  g_autoptr (GArray) sleep = g_array_copy (sleep_in);
  g_array_set_size (steps, 0);
  guint cur = 0;
  for (guint k = 0;; k++)
    {
      guint next = G_MAXUINT;
      if (k < prefix->len)
        next = g_array_index (prefix, AugurSchedStep, k).tid;
      else
        {
          gboolean any = FALSE;
          for (guint i = 0; i <= p->n_threads && next == G_MAXUINT; i++)
            {
              guint t = i == 0 ? cur : i - 1;
              if (t >= p->n_threads || pc[t] >= p->n_ops[t])
                continue;
              any = TRUE;
              gboolean asleep = FALSE;
              for (guint s = 0; s < sleep->len; s++)
                asleep |= g_array_index (sleep, AugurSchedStep, s).tid == t;
              if (!asleep)
                next = t;
            }
          if (next == G_MAXUINT)
            return !any;
        }
      AugurSchedStep st = { 0 };
      st.tid = (guint16) next;
      st.op = p->ops[next][pc[next]].op;
      st.obj = p->ops[next][pc[next]].obj;
      st.size = 4;
      st.pc = next * 100 + pc[next] + 1;
      if (st.op == AUGUR_SOP_CREATE)
        st.arg = 1000 + k;   /* a child that never runs here */
      pc[next]++;
      cur = next;
      g_array_append_val (steps, st);
      if (prefix->len == 0 || k + 1 >= prefix->len)
        {
          guint w = 0;
          for (guint s = 0; s < sleep->len; s++)
            {
              AugurSchedStep x = g_array_index (sleep, AugurSchedStep, s);
              if (x.tid != st.tid && !augur_sched_dependent (&st, &x))
                g_array_index (sleep, AugurSchedStep, w++) = x;
            }
          g_array_set_size (sleep, w);
        }
    }
}

#endif /* AUGUR_TEST_DPOR_SIM_H */
