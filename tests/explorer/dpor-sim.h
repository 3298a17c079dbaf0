/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-sim.h — the search cores' tests' synthetic programs: straight-line
 * threads of reads, writes and creations (a read may end its thread's
 * search loop: lastzero), and a simulator that runs one along a prefix and
 * a sleep set as runtime/rt-sched.c does (test-dpor.c, test-estimate.c,
 * test-dpor-split.c, bench/dpor-split-bench.c).
 */
#ifndef AUGUR_TEST_DPOR_SIM_H
#define AUGUR_TEST_DPOR_SIM_H

#include <glib.h>
#include <string.h>

#include "explorer/dpor.h"

#define MAXOPS 20
#define MAXTHREADS 20

/* An op's flags: SIM_STOP_IF_ZERO, a read after which its thread stops if
 * it read 0 (a search loop; memory starts at 0 and a write stores 1 more
 * than the last value its thread read). */
#define SIM_STOP_IF_ZERO 1u

typedef struct {
  guint n_threads;
  guint n_ops[MAXTHREADS];
  struct { guint8 op; guint64 obj; guint8 flags; } ops[MAXTHREADS][MAXOPS];
} Prog;

/* lastzero(n) (tests/programs/lastzero, Abdulla et al. 2014): thread 0
 * scans array[n..0] for the last zero, thread j (1..n) sets array[j] =
 * array[j-1] + 1.  Its traces are the program's (3,328 for n = 10). */
static G_GNUC_UNUSED void
sim_lastzero (Prog *p, guint n)
{
  g_assert (n + 1 <= MAXTHREADS && n + 1 <= MAXOPS);
  memset (p, 0, sizeof *p);
  p->n_threads = n + 1;
  p->n_ops[0] = n + 1;
  for (guint i = 0; i <= n; i++)
    {
      p->ops[0][i].op = AUGUR_SOP_READ;
      p->ops[0][i].obj = 0x1000 + 4 * (guint64) (n - i);
      p->ops[0][i].flags = SIM_STOP_IF_ZERO;
    }
  for (guint j = 1; j <= n; j++)
    {
      p->n_ops[j] = 2;
      p->ops[j][0].op = AUGUR_SOP_READ;
      p->ops[j][0].obj = 0x1000 + 4 * (guint64) (j - 1);
      p->ops[j][1].op = AUGUR_SOP_WRITE;
      p->ops[j][1].obj = 0x1000 + 4 * (guint64) j;
    }
}

/* Runs prog along prefix (tids) with sleep set; returns TRUE if complete,
 * FALSE if sleep-set blocked.  steps receives what ran. */
static gboolean
simulate (const Prog *p, GArray *prefix, GArray *sleep_in, GArray *steps)
{
  guint pc[MAXTHREADS] = { 0 };
  guint n_ops[MAXTHREADS];
  guint64 last_read[MAXTHREADS] = { 0 };
  memcpy (n_ops, p->n_ops, sizeof n_ops);
  typedef struct { guint64 addr, val; } Cell;
  g_autoptr (GArray) cells = g_array_sized_new (FALSE, TRUE, sizeof (Cell), 64);
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
              if (t >= p->n_threads || pc[t] >= n_ops[t])
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
      if (st.op == AUGUR_SOP_READ || st.op == AUGUR_SOP_WRITE)
        {
          /* values: a write stores 1 + its thread's last read */
          Cell *cell = NULL;
          for (guint c = 0; c < cells->len && cell == NULL; c++)
            if (g_array_index (cells, Cell, c).addr == st.obj)
              cell = &g_array_index (cells, Cell, c);
          if (cell == NULL)
            {
              Cell fresh = { st.obj, 0 };
              g_array_append_val (cells, fresh);
              cell = &g_array_index (cells, Cell, cells->len - 1);
            }
          if (st.op == AUGUR_SOP_READ)
            {
              last_read[next] = cell->val;
              if ((p->ops[next][pc[next]].flags & SIM_STOP_IF_ZERO) && cell->val == 0)
                n_ops[next] = pc[next] + 1;
            }
          else
            cell->val = last_read[next] + 1;
        }
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
