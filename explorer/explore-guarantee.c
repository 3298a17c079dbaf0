/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-guarantee.c — what an exploration may claim: the runs it cut
 * (augur_explore_stats_cut), why its executions ran forked, and its
 * guarantee, the one sentence that says "complete" only where the search
 * earned it and otherwise every reason it is not (moved out of explore.c).
 */
#include "config.h"

#include "explorer/explore-private.h"
#include "explorer/strategy.h"

#include <string.h>

guint64
augur_explore_stats_cut (const AugurExploreStats *st)
{
  /* a diverged run's branches are skipped: what lies below them is not
   * explored */
  return st->step_bound + st->watchdog + st->exit_bound + st->thread_limit + st->diverged;
}

const char *
augur_explore_forked_why (guint32 why)
{
  switch (why)
    {
    case AUGUR_FORKED_ASKED:
      return "AUGUR_FIBERS=0 asked for it (or replay --gdb)";
    case AUGUR_FORKED_DESTRUCTORS:
      return "the program or a library it loads has destructors, which libc runs after main's pthread_exit";
    case AUGUR_FORKED_EXIT_HANDLERS:
      return "the program has exit handlers (atexit, on_exit) registered before main, "
             "or that run when its last thread ends by pthread_exit";
    case AUGUR_FORKED_TLS:
      return "the program or a library other than libc has thread-local variables";
    case AUGUR_FORKED_CANCEL:
      return "the program cancels a thread";
    case AUGUR_FORKED_SIGNAL:
      return "the program sends a thread a signal it has no handler for";
    case AUGUR_FORKED_CLEANUP:
      return "the program uses cleanup handlers (pthread_cleanup_push)";
    case AUGUR_FORKED_FORK:
      return "the program forks";
    case AUGUR_FORKED_MMAP:
      return "the program maps or unmaps memory itself";
    case AUGUR_FORKED_SETUP:
      return "the execution server could not be set up here";
    case AUGUR_FORKED_TLS_DTORS:
      return "the program has thread_local objects with destructors";
    case AUGUR_FORKED_FD_COPIES:
      return "the program duplicates a descriptor onto a number the execution server uses";
    case AUGUR_FORKED_THREAD_KERNEL:
      return "the program asks the kernel about one of its threads (its scheduling, CPU affinity, "
             "attributes or CPU-time clock, or queues it a signal)";
    default:
      return "for a reason this augur does not know";
    }
}

void
augur_explore_stats_forked (AugurExploreStats *st, guint32 why)
{
  if (st->forked == 0)
    st->forked = why;
}

char *
augur_explore_guarantee (const AugurExploreOptions *o, const AugurExploreStats *st)
{
  const AugurSearchStrategyClass *sc = augur_strategy_class_of (o->mode);
  g_autofree char *sample = sc->sample != NULL ? sc->sample (o, st) : NULL;
  guint64 cut = augur_explore_stats_cut (st);
  if (sample != NULL && !st->timed_out && cut == 0)
    return g_strdup_printf ("a sample: %s", sample);
  GString *s = g_string_new (NULL);
  if (st->complete && sc->covered != NULL)
    {
      g_autofree char *covered = sc->covered (o, st);
      g_string_assign (s, covered);
      if (o->prefix_len > 0)
        g_string_append (s, " after the fixed prefix");
      if (st->weak_shape[0] != '\0' || st->weak_mp[0] != '\0')
        {
          g_string_append (s, ", under sequential consistency only (with atomics weaker than "
                              "seq_cst ");
          if (st->weak_shape[0] != '\0')
            g_string_append_printf (s, "the store at %s: store buffering, not run%s",
                                    st->weak_shape, st->weak_mp[0] != '\0' ? "; " : "");
          if (st->weak_mp[0] != '\0')
            g_string_append_printf (s, "%s: message passing, not run", st->weak_mp);
          g_string_append_c (s, ')');
        }
      if (st->world_wait[0] != '\0')
        g_string_append_printf (s, ", with the descriptors augur does not model never ready "
                                "(%s)", st->world_wait);
      return g_string_free (s, FALSE);
    }
  g_string_assign (s, "incomplete:");
  const char *sep = " ";
  if (st->timed_out)
    {
      g_string_append_printf (s, "%stime budget spent", sep);
      sep = ", ";
    }
  if (st->stopped)
    {
      g_string_append_printf (s, "%sstopped early", sep);
      sep = ", ";
    }
  if (sample != NULL)
    {
      g_string_append_printf (s, "%sa sample of %s", sep, sample);
      sep = ", ";
    }
  struct { guint64 n; const char *what; } cuts[] = {
    { st->step_bound, "cut by the step bound" },
    { st->watchdog, "killed by the watchdog" },
    { st->exit_bound, "ended with threads still running (exit bound)" },
    { st->thread_limit, "cut at the thread limit" },
    { st->diverged, "off their schedule (what lies below them not explored)" },
  };
  for (guint k = 0; k < G_N_ELEMENTS (cuts); k++)
    if (cuts[k].n > 0)
      {
        g_string_append_printf (s, "%s%" G_GUINT64_FORMAT " run%s %s", sep, cuts[k].n,
                                cuts[k].n == 1 ? "" : "s", cuts[k].what);
        sep = ", ";
      }
  if (st->unseen_atomics > 0)
    {
      g_string_append_printf (s, "%s%u instruction%s augur cannot see (%s%s), the "
                              "interleavings around %s not explored", sep, st->unseen_atomics,
                              st->unseen_atomics == 1 ? "" : "s",
                              st->unseen_first != NULL ? st->unseen_first : "?",
                              st->unseen_atomics == 1 ? "" : ", ...",
                              st->unseen_atomics == 1 ? "it" : "them");
      sep = ", ";
    }
  if (st->dead_frame[0] != '\0')
    {
      g_string_append_printf (s, "%sa local of a function that had returned was used (%s), "
                              "and what its memory holds then augur does not follow: the "
                              "orders around it not all explored", sep, st->dead_frame);
      sep = ", ";
    }
  if (st->outside_wait[0] != '\0')
    {
      g_string_append_printf (s, "%severy thread waited where a signal from outside the program "
                              "could end the wait (%s), and augur sends no such signal: what "
                              "would follow it not explored", sep, st->outside_wait);
      sep = ", ";
    }
  if (o->sync_only)
    {
      /* a data race between plain accesses may order them either way,
       * and only the orders of synchronisation were tried */
      g_autofree char *orders = NULL;
      if (st->sync_exhausted && st->preemption_bound_hit)
        orders = g_strdup_printf ("every order of the synchronisation with at most %" G_GUINT64_FORMAT
                                  " preemptions was run, but ", o->bound);
      g_string_append_printf (s, "%s%splain accesses were no scheduling points (--sync-only): "
                              "the interleavings between them were not explored", sep,
                              orders != NULL ? orders
                              : st->sync_exhausted ? "every order of the synchronisation was run, "
                                                     "but " : "");
      sep = ", ";
    }
  if (strcmp (sep, " ") == 0)
    g_string_append (s, " the exploration did not finish");
  return g_string_free (s, FALSE);
}
