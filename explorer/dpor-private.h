/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-private.h — the DPOR core's state and its analysis pass, shared by
 * the two ways of computing backtrack points: source sets (dpor.c) and
 * Flanagan & Godefroid's persistent sets (dpor-classic.c).  Not installed,
 * not used outside explorer/dpor*.c.
 */
#ifndef AUGUR_DPOR_PRIVATE_H
#define AUGUR_DPOR_PRIVATE_H

#include "explorer/dpor.h"
#include "explorer/enabled.h"

#define BIT(t) ((guint64) 1 << (t))

typedef struct {
  guint64 backtrack;     /* threads to explore from here */
  guint64 done;          /* threads explored (or being explored) from here */
  GArray *done_ev;       /* AugurSchedStep: what the done threads did here */
  GArray *sleep;         /* AugurSchedStep: the sleep set here */
  GPtrArray *wut;        /* optimal: the wakeup tree, as its leaves in order (GArray of
                          * AugurSchedStep each, owned); NULL until used */
} DporNode;

struct _AugurDpor {
  AugurDporKind kind;
  GArray *steps;         /* the current execution */
  GPtrArray *nodes;      /* DporNode *, node k = the state before step k */
  guint prefix_len;      /* of the execution requested last (0: the first) */
  guint fixed;           /* steps [0, fixed) are never backtracked (augur_dpor_set_fixed) */
  GPtrArray *pending;    /* optimal: the wakeup subtree below the branch taken last (its
                          * leaves, owned), handed to the new nodes along that branch */
};

typedef struct {
  gint last_write;
  GArray *reads;          /* guint step indices since last_write */
  guint32 *atomic_clock;  /* sync clock of atomic accesses here, or NULL */
} DporMemShadow;

typedef struct {
  gint last_acq;
  guint32 *clock;
  guint32 *sclock;
  /* what a read acquisition synchronises with: write-mode acquisitions
   * and releases only (two readers of a rwlock do not order each other) */
  guint32 *wclock;
  guint32 *wsclock;
  guint64 readers;         /* threads holding it in read mode */
} DporLockShadow;

typedef struct {
  AugurDpor *d;
  const AugurSchedStep *s;
  guint n, T, first_new;
  guint32 *vc, *svc;       /* T x T */
  guint32 *clk, *sclk;     /* n x T */
  guint32 *li;             /* n */
  GHashTable *mem;         /* word -> DporMemShadow */
  GHashTable *locks;       /* addr -> DporLockShadow */
  GArray *races;           /* guint pairs (i) for the current j */
  AugurDporRaceFunc race_cb;
  gpointer race_data;
  AugurEnabled *enabled;   /* classic only: built on first use, owned */
  GHashTable *reported;    /* (i << 32 | j) data races of this execution */
} DporPass;

/* Event i happens before the point whose clock is c. */
static inline gboolean
augur_dpor_before (const DporPass *p, guint i, const guint32 *c)
{
  return c[p->s[i].tid] > p->li[i];
}

/* Flanagan & Godefroid's backtracking for step j, whose thread's clock
 * before it is @pre (dpor-classic.c). */
void augur_dpor_classic_step (DporPass *p, guint j, const guint32 *pre);
/* The branch asked last was infeasible: add every thread that may run there. */
void augur_dpor_classic_drop (AugurDpor *d);

#endif /* AUGUR_DPOR_PRIVATE_H */
