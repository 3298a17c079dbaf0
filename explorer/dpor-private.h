/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-private.h — the DPOR core's state and its analysis pass, shared by
 * the core (dpor.c), the pass (dpor-pass.c) and the two ways of computing
 * backtrack points: source sets (dpor-pass.c) and Flanagan & Godefroid's
 * persistent sets (dpor-classic.c).  Not installed, not used outside
 * explorer/dpor*.c.
 */
#ifndef AUGUR_DPOR_PRIVATE_H
#define AUGUR_DPOR_PRIVATE_H

#include "common/augur-ops.h"
#include "explorer/dpor.h"
#include "explorer/enabled.h"
#include "explorer/tidset.h"

typedef struct _DporShadow DporShadow;
typedef struct _DporPass DporPass;
typedef struct _DporHandoff DporHandoff;

typedef struct {
  AugurTidSet backtrack; /* threads to explore from here */
  AugurTidSet done;      /* threads explored (or being explored) from here */
  GArray *done_ev;       /* AugurSchedStep: what the done threads did here */
  GArray *sleep;         /* AugurSchedStep: the sleep set here */
  GPtrArray *wut;        /* optimal: the wakeup tree, as its root's children in order
                          * (dpor-optimal.c); NULL until used */
  /* optimal, split searches only (dpor-handoff.c; empty otherwise): */
  AugurTidSet handed;    /* first threads of the branches handed to another core from
                          * here and not reported finished: the node is kept until then */
  gboolean relax_below;  /* the current branch here started while branches handed out
                          * from here were still explored: the nodes below relax */
  AugurTidSet handed_ever;  /* every thread whose branch was handed out from here */
  gboolean relaxed;      /* insertions here follow the relaxed rule (dpor-optimal.c,
                          * augur_dpor_optimal_insert; doc/design.md) */
} DporNode;

struct _AugurDpor {
  AugurDporKind kind;
  GArray *steps;         /* the current execution */
  GPtrArray *nodes;      /* DporNode *, node k = the state before step k */
  GPtrArray *spare;      /* DporNode *, emptied: the nodes cut off the stack, for reuse
                          * (an execution makes a node per new step; their arrays are
                          * kept, not allocated again) */
  guint prefix_len;      /* of the execution requested last (0: the first) */
  guint fixed;           /* steps [0, fixed) are never backtracked (augur_dpor_set_fixed) */
  GPtrArray *pending;    /* optimal: the wakeup subtree below the branch taken last (its
                          * leaves, owned), handed to the new nodes along that branch */
  guint branch_at;       /* optimal: the node the branch taken last starts at ... */
  AugurSchedStep branch_first;   /* ... and its first step */
  DporShadow *shadow;    /* the analysis pass's memory shadow, kept between passes */
  DporPass *pass;        /* the analysis pass, kept between passes (dpor-pass.c) */
  GArray *waiting;       /* AugurSchedStep: the operations threads were waiting to do when the
                          * execution added next ended (augur_dpor_set_pending) */
  GArray *enabled_log;   /* AugurSchedEnabled: the runtime's log of the execution added last
                          * (augur_dpor_set_enabled_log), empty if none */
  guint32 enabled_lost_at;
  AugurDporConflictFunc conflict_cb;   /* augur_dpor_set_conflict_func */
  gpointer conflict_data;
  gint64 deadline;       /* augur_dpor_set_deadline; 0: none */
  gboolean cut;          /* an analysis stopped at the deadline */
  DporHandoff *handoff;  /* a core made from a handed-out branch (dpor-handoff.c): the
                          * races it reverses at its fixed nodes, for their owner; NULL
                          * for any other core */
  gboolean held;         /* the last augur_dpor_next stopped at a node with branches
                          * handed out: wait, do not pop it (dpor-handoff.c) */
};

/* The memory shadow of an analysis pass (dpor-shadow.c): per byte, the
 * last write, the reads since (in order) and the clock of atomics there. */
typedef struct _DporByte DporByte;
#define DPOR_NO_READ G_MAXUINT

DporShadow *dpor_shadow_new (void);
void dpor_shadow_free (DporShadow *s);
/* Empties it for a pass over an execution of T threads. */
void dpor_shadow_begin (DporShadow *s, guint T);
/* The byte at addr (created empty); valid until the next call. */
DporByte *dpor_shadow_byte (DporShadow *s, guint64 addr);
gint dpor_byte_last_write (const DporByte *b);      /* -1: none */
void dpor_byte_set_write (DporShadow *s, DporByte *b, guint step);   /* forgets the reads */
void dpor_byte_add_read (DporShadow *s, DporByte *b, guint step);
gboolean dpor_byte_has_reads (const DporByte *b);
/* Iterates the reads since the last write: returns a cursor (DPOR_NO_READ
 * at the end) and sets *step. */
guint dpor_byte_first_read (DporShadow *s, const DporByte *b, guint *step);
guint dpor_byte_next_read (DporShadow *s, guint cursor, guint *step);
/* The clocks of the atomic accesses to this byte, zero at first: the
 * release clock an acquire there takes (T entries), then the clock of the
 * release heads of the last storing thread (T, its release sequences,
 * which its own later stores continue: C11 7.17.3), then 1 + that thread
 * (0: none). */
#define DPOR_ACLOCK_LEN(T) (2 * (T) + 1)
guint32 *dpor_byte_atomic_clock (DporShadow *s, DporByte *b);
/* Where that clock is in the shadow's pool (G_MAXUINT: none yet), and the
 * clock at such a place. */
guint dpor_byte_atomic_at (const DporByte *b);
guint32 *dpor_shadow_clock_at (DporShadow *s, guint at);
/* Slots made since the shadow was emptied. */
guint dpor_shadow_used (const DporShadow *s);

/* Going back to an earlier step (dpor-pass.c, "Where the last pass left off"):
 * the sizes of the pools now, and back to such sizes; a byte's slot as it
 * is now, and put back as it was. */
typedef struct {
  guint64 addr;
  gint last_write;
  guint reads_first, reads_last, atomic;
} DporByteSaved;
void dpor_shadow_mark (const DporShadow *s, guint *reads, guint *clocks);
void dpor_shadow_truncate (DporShadow *s, guint reads, guint clocks);
void dpor_byte_save (const DporByte *b, DporByteSaved *out);
void dpor_shadow_restore (DporShadow *s, const DporByteSaved *v);

typedef struct {
  gint last_acq;
  gint last_wacq;          /* the last write-mode (or mutex) acquisition ... */
  GArray *read_acqs;       /* guint: ... and the read acquisitions since it: as a write
                            * of memory races with the last write and the reads since,
                            * a write acquisition races with each of these, a read
                            * acquisition with last_wacq */
  gint held_pseudo;        /* the last init or destroy of it made while it was held,
                            * since last_wacq (a try races with it), -1 */
  gint last_rel;           /* the last release (a trylock that took the lock races with it) */
  gint last_wrel;          /* ... the last one of a writer or mutex holder */
  GArray *failed_tries;    /* guint: trylocks that found it held since its last release
                            * (each races with the next release: after it, it succeeds) */
  guint32 *clock;
  guint32 *sclock;
  /* what a read acquisition synchronises with: write-mode acquisitions
   * and releases only (two readers of a rwlock do not order each other) */
  guint32 *wclock;
  guint32 *wsclock;
  AugurTidSet readers;     /* threads holding it in read mode */
  guint owner;             /* exclusive holder (G_MAXUINT: none) ... */
  guint depth;             /* ... and how many times it holds it (recursive mutexes) */
} DporLockShadow;

/* Where step j's changes begin in the pass's undo log and pools (dpor-pass.c). */
typedef struct {
  guint undo, bytes, saved, reads, clocks, calls;
  gint last_create;
} DporStepMark;

/* How a lock is held (DporPass.held). */
typedef enum {
  DPOR_HELD_NO,
  DPOR_HELD_READ,          /* by readers only */
  DPOR_HELD_EXCLUSIVE      /* a mutex, a write-held rwlock */
} DporHeld;

struct _DporPass {
  AugurDpor *d;
  const AugurSchedStep *s;
  guint n, T, first_new;   /* T: the clocks' width, every thread id of the execution below it */
  guint n_real;            /* steps [n_real, n) are pending operations that never ran */
  gboolean has_kill;       /* the execution has a THREAD_KILL step */
  guint32 *vc, *svc;       /* T x T */
  /* C11 fences (7.17.4), T x T: frel, each thread's synchronisation clock
   * at its last release fence (what its relaxed stores publish); facq,
   * the release clocks its relaxed loads read (what its next acquire
   * fence takes).  Zero while the execution has no fence and reads no
   * release clock relaxed; logged only when changed (UNDO_FROWS). */
  guint32 *frel, *facq;
  guint frows_saved;       /* step + 1 whose change of them is logged already, 0 */
  guint32 *clk, *sclk;     /* n x T */
  guint32 *li;             /* n */
  guint8 *held;            /* n: at a step that inits or destroys a lock, how the lock
                            * was held just before it (DporHeld; other steps: stale) */
  DporStepMark *marks;     /* n + 1 */
  guint cap;               /* steps the arrays above have room for */
  DporShadow *mem;         /* d->shadow */
  GHashTable *locks;       /* addr -> DporLockShadow */
  GArray *races;           /* guint pairs (i) for the current j */
  guint floor;             /* the current j races with no step after it (race_floor) */
  GArray *reversals;       /* optimal: the pass's races, (i, j) guint pairs, reversed once
                            * every step's clock is known (notdep runs past j) */
  guint clocked;           /* the steps [0, clocked) have their clocks */
  gint last_create;        /* the last CREATE step (the thread counter's last write), -1 */
  AugurDporRaceFunc race_cb;
  gpointer race_data;
  AugurEnabled *enabled;   /* classic only: built on first use, owned */
  guint reported_j;
  GArray *ext;             /* the execution's steps and pending operations, if any */
  GArray *v;               /* scratch: a race's reversal (dpor-optimal.c) */
  guint32 *first;          /* scratch, T: backtrack's first steps */
  guint32 *joined;         /* cap: the memory access (stamp) that joined each step's clock */
  guint32 stamp;
  /* cap: the step (epoch) whose races, and whose data races, already
   * hold each step, so that noting one is O(1): a write after a spin of
   * 56,000 reads meets them all, and a list scanned each time made that
   * one step quadratic (minutes) */
  guint32 *raced, *dataraced;
  guint32 race_epoch, datarace_epoch;
  /* kept for the next pass, which starts where its execution leaves this one */
  gboolean valid;          /* the state is that after every step of d->steps (and its
                            * pending operations) */
  gboolean logging;        /* this step's changes go into the undo log */
  guint log_from;          /* the log holds every step from this one on */
  struct _DporUndo *undo;  /* what each step changed, to undo it (dpor-pass.c) */
  guint n_undo, cap_undo;
  DporByteSaved *bytes;    /* the shadow bytes each step changed, as they were: a log of
                            * their own (most of what a step changes, a byte at a time) */
  guint n_bytes, cap_bytes;
  guint32 *saved;          /* the clocks the undo log put aside */
  guint n_saved, cap_saved;
  struct _DporCall *calls; /* the callbacks of the steps, in order */
  guint n_calls, cap_calls;
};

/* How the lock that step j inits or destroys was held just before it
 * (DPOR_HELD_NO for other steps). */
static inline DporHeld
dpor_pass_pseudo_held (const DporPass *p, guint j)
{
  const AugurSchedStep *s = &p->s[j];
  if ((s->op != AUGUR_SOP_INIT && s->op != AUGUR_SOP_DESTROY) || !augur_ops_event_on_lock (s->ev_kind))
    return DPOR_HELD_NO;
  return (DporHeld) p->held[j];
}

/* Event i happens before the point whose clock is c. */
static inline gboolean
augur_dpor_before (const DporPass *p, guint i, const guint32 *c)
{
  return c[p->s[i].tid] > p->li[i];
}

/* The analysis pass (dpor-pass.c) over the execution just added to @d
 * (d->steps and d->waiting): clocks, races, data races (@race_cb) and, for
 * the steps from @first_new on, backtrack points.  @same: its first steps
 * that are those of the execution before. */
void augur_dpor_analyse (AugurDpor *d, guint same, guint first_new, AugurDporRaceFunc race_cb,
                         gpointer race_data);
/* The races of step j, a condition's wake-up, with the wake-ups that took
 * a signal its thread could have taken (dpor-cond.c): added to p->races. */
void augur_dpor_cond_rivals (DporPass *p, guint j);
/* Frees the pass kept between executions (NULL: nothing). */
void augur_dpor_pass_free (DporPass *p);

/* Frees a core's hand-off state (dpor-handoff.c). */
void augur_dpor_handoff_state_free (DporHandoff *h);

/* A new, empty node of the stack. */
DporNode *augur_dpor_node_new (void);
/* Whether node @nd, made after node @prev, is relaxed (dpor-handoff.c;
 * never outside a split search). */
void augur_dpor_handoff_inherit (const DporNode *prev, DporNode *nd);

/* Is thread @t in node @nd's sleep set? */
static inline gboolean
augur_dpor_node_sleeps (const DporNode *nd, guint t)
{
  for (guint x = 0; x < nd->sleep->len; x++)
    if (g_array_index (nd->sleep, AugurSchedStep, x).tid == t)
      return TRUE;
  return FALSE;
}

/* Cuts the stack to its first @len nodes, keeping the cut ones for reuse. */
void augur_dpor_nodes_cut (AugurDpor *d, guint len);

/* Records @s as what its thread did at a node (done_ev: AugurSchedStep,
 * one per thread: the step replaces the thread's earlier one). */
void augur_dpor_set_done_ev (GArray *done_ev, const AugurSchedStep *s);

/* The enabled sets of steps[0..n) of the execution added last. */
AugurEnabled *augur_dpor_enabled_new (AugurDpor *d, const AugurSchedStep *steps, guint n);

/* Flanagan & Godefroid's backtracking for step j, whose thread's clock
 * before it is @pre (dpor-classic.c). */
void augur_dpor_classic_step (DporPass *p, guint j, const guint32 *pre);
/* The branch asked last was infeasible: add every thread that may run there. */
void augur_dpor_classic_drop (AugurDpor *d);

#endif /* AUGUR_DPOR_PRIVATE_H */
