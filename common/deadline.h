/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * deadline.h — a hard time limit (--timeout, --budget), and the part of it
 * kept for the work that must follow the search.
 *
 * When the search stops, the findings it made still have to be written
 * (the results file, more than once), their objects named from the debug
 * info, the report rendered.  That work grows with the findings' schedules
 * (a thread pool's run is 150,000 steps), so a fixed margin is either too
 * small for a long schedule or wasted on a short one.  The reserve is
 *
 *   base + max (per_finding * findings + passes * rate * steps,
 *               passes * finding_rate * findings)
 *
 * steps: the schedule steps of the findings so far (augur_deadline_set_work);
 * passes: how many times the work after the search goes over them (a save,
 * the naming, the report ...; each about one save's worth);
 * rate: seconds a step of one pass, measured on the passes timed during the
 * run (augur_deadline_note_pass: a save of the results at a finding), so
 * that a loaded machine reserves more.  Passes over fewer than
 * AUGUR_DEADLINE_MIN_TIMED_STEPS steps are not timed (their fixed cost would
 * be taken for a cost per step); until one is, the rate is
 * AUGUR_DEADLINE_DEFAULT_RATE.  finding_rate: seconds a finding of one
 * pass, the slowest of the passes timed with findings, their fixed cost
 * included: a machine loaded at the saves reserves more than the
 * constants say (at most AUGUR_DEADLINE_MAX_FINDING_RATE a finding, one
 * stalled write is not a rate).  The reserve never exceeds
 * AUGUR_DEADLINE_MAX_SHARE of the limit: past that the search would have no
 * time at all.
 *
 * The clock is injectable (tests/unit/test-deadline.c); it is
 * g_get_monotonic_time otherwise.
 */
#ifndef AUGUR_DEADLINE_H
#define AUGUR_DEADLINE_H

#include <glib.h>

G_BEGIN_DECLS

/* Seconds a step of one pass: what a save of a 300,000-step results file
 * costs on an idle machine, doubled (measured: 0.15 s, tp-shutdown). */
#define AUGUR_DEADLINE_DEFAULT_RATE 1e-6
#define AUGUR_DEADLINE_MIN_TIMED_STEPS 20000u
/* A measured rate is believed up to this (one slow fsync is not a rate). */
#define AUGUR_DEADLINE_MAX_RATE 2e-5
/* ... and a measured cost of a finding up to this. */
#define AUGUR_DEADLINE_MAX_FINDING_RATE 0.25
#define AUGUR_DEADLINE_MAX_SHARE 0.25

/* Microseconds on a monotonic clock. */
typedef gint64 (*AugurDeadlineClock) (gpointer data);

typedef struct _AugurDeadline AugurDeadline;

/* A limit of @limit_seconds from now (0: none; everything is then left). */
AugurDeadline *augur_deadline_new (double limit_seconds);
AugurDeadline *augur_deadline_new_with_clock (double limit_seconds, AugurDeadlineClock clock,
                                              gpointer clock_data);
void augur_deadline_free (AugurDeadline *deadline);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDeadline, augur_deadline_free)

/* The shape of the work after the search (see above); the default is none. */
void augur_deadline_set_after (AugurDeadline *deadline, double base_seconds,
                               double per_finding_seconds, double passes);
/* What it will have to go over: @findings findings of @steps schedule steps in all. */
void augur_deadline_set_work (AugurDeadline *deadline, guint findings, guint64 steps);
/* One pass over @steps steps took @seconds (measured on this deadline's clock). */
void augur_deadline_note_pass (AugurDeadline *deadline, guint64 steps, double seconds);

gint64 augur_deadline_now (AugurDeadline *deadline);
double augur_deadline_elapsed (AugurDeadline *deadline);
/* Seconds kept for the work after the search. */
double augur_deadline_reserve (AugurDeadline *deadline);
/* Seconds the search has left: the limit less the time spent and the
 * reserve; may be negative.  G_MAXDOUBLE without a limit. */
double augur_deadline_left (AugurDeadline *deadline);
/* The clock time at which the search must have stopped; 0 without a limit. */
gint64 augur_deadline_stop_time (AugurDeadline *deadline);
/* The rate in use (seconds a step of one pass). */
double augur_deadline_rate (AugurDeadline *deadline);

G_END_DECLS

#endif /* AUGUR_DEADLINE_H */
