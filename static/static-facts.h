/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-facts.h — what static analysis (Frama-C/Eva with augur's harness
 * and plug-in, see static-driver.h) says about a program, and the queries
 * the explorer and the predictor ask before they do any work.
 *
 * The model:
 *   - threads: one per thread context the analysis saw, i.e. per call stack
 *     of a creation (a creation in a loop or in a thread that has several
 *     instances is one context marked "multiple").  main is thread 0 and is
 *     not listed.  Entries are the start routines Eva resolved.
 *   - shared locations: memory that two concurrent threads may both access.
 *     A location is named "counter" (a global), "main::total" (a stack
 *     variable whose address escaped, "function::variable"),
 *     "heap@prog.c:30" (heap objects by allocation site) or "*" (an address
 *     Eva could not resolve: then every location counts as shared).
 *   - access sites: (file, line, thread, R/W/A, location, locks definitely
 *     held, "alone" when main runs with no other thread alive).  Accesses to
 *     memory private to one thread (locals whose address is never taken,
 *     __thread variables) are not listed at all.
 *   - candidate pairs: two sites that access the same location from
 *     concurrent threads, at least one writing, with no lock held in common
 *     and not ordered by create/join: the possible data races.
 *   - protected pairs: the same, except that a common lock orders them.  Not
 *     races, but still conflicting, which matters for atomicity.
 *   - unknown sites: code Eva never reached (not proven dead): every access
 *     there is a candidate with everything.
 *   - warnings where precision was lost (unresolved calls or thread entries,
 *     unreached functions, imprecise addresses, external functions, sources
 *     Frama-C could not parse and that were left out, the system's headers
 *     used instead of Frama-C's libc).
 *
 * Soundness: every query answers "yes, maybe" whenever the facts cannot
 * rule a thing out.  Facts are either complete (prune freely), incomplete
 * (the analysis says some code that may run was not analysed: prune
 * nothing), or a sound fallback built when Frama-C was missing, failed or
 * timed out (everything shared, every pair a candidate).
 * augur_static_facts_can_prune() tells the first case from the others.
 *
 * File names are compared so that "prog.c" and "/src/prog.c" name the same
 * file (one is a path suffix of the other), because the runtime's debug
 * info and Frama-C do not spell paths alike.
 *
 * On disk the facts are JSON, format "augur-static-facts" version 1; the
 * members are listed in static-facts-json.c.  Objects are refcounted and
 * not thread-safe; readers get borrowed views.
 */
#ifndef AUGUR_STATIC_FACTS_H
#define AUGUR_STATIC_FACTS_H

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_STATIC_FACTS_FORMAT "augur-static-facts"
#define AUGUR_STATIC_FACTS_VERSION 1

typedef enum {
  AUGUR_STATIC_READ,
  AUGUR_STATIC_WRITE,
  AUGUR_STATIC_ATOMIC,
} AugurStaticAccessKind;

/* Borrowed views: owned by the facts, valid while the facts are. */
typedef struct {
  guint    id;
  char   **entries;        /* start routines, sorted; empty if unresolved */
  char    *create_file;    /* NULL when unknown */
  guint    create_line;
  gboolean multiple;       /* may stand for several threads */
  guint    parent;         /* the creating thread (0 = main) */
  gboolean at_join;        /* known only from the harness's second run of a
                            * thread at pthread_join, which could not be tied
                            * to its creation: create_* is the join site */
} AugurStaticThread;

typedef struct {
  char   *location;
  char   *kind;            /* "global", "stack", "heap", "unknown" */
  GArray *threads;         /* guint, sorted */
} AugurStaticShared;

typedef struct {
  char                 *file;
  guint                 line;
  guint                 thread;
  AugurStaticAccessKind kind;
  char                 *location;
  char                **locks;   /* definitely held; "name(r)" = read mode */
  gboolean              alone;   /* main, no other thread alive */
} AugurStaticAccess;

typedef struct {
  char  *location;
  char  *file_a;
  guint  line_a;
  char  *file_b;           /* (file_a, line_a) <= (file_b, line_b) */
  guint  line_b;
  char **kinds;            /* "R/W", "W/W" ... (a's kind / b's kind) */
  char  *lock;             /* protected pairs: the common lock; else NULL */
} AugurStaticPair;

typedef struct {
  char  *kind;             /* "imprecise", "unresolved-call", "unreached" ... */
  char  *file;             /* NULL when the warning is about the whole run */
  guint  line;
  char  *message;
} AugurStaticWarning;

typedef struct {
  char  *file;
  guint  line;
  char  *reason;
} AugurStaticUnknownSite;

typedef struct _AugurStaticFacts AugurStaticFacts;

AugurStaticFacts *augur_static_facts_ref (AugurStaticFacts *facts);
void              augur_static_facts_unref (AugurStaticFacts *facts);

/* The facts to use when static analysis could not run: nothing pruned.
 * reason becomes the first warning ("frama-c timed out after 120 s"). */
AugurStaticFacts *augur_static_facts_new_fallback (const char *reason);

/* Reading and writing (static-facts-json.c).  Errors: AUGUR_STATIC_ERROR
 * IO, PARSE (not JSON), FORMAT (not a facts file or another version) and
 * INVALID (a member missing or mistyped, with its place named). */
AugurStaticFacts *augur_static_facts_load (const char *path, GError **error);
AugurStaticFacts *augur_static_facts_load_from_data (const char *data,
                                                     gssize      length,
                                                     GError    **error);
char             *augur_static_facts_to_data (AugurStaticFacts *facts, gsize *length);
gboolean          augur_static_facts_save (AugurStaticFacts *facts,
                                           const char       *path,
                                           GError          **error);

/* The state of the facts. */
gboolean augur_static_facts_get_sound_fallback (AugurStaticFacts *facts);
gboolean augur_static_facts_get_complete (AugurStaticFacts *facts);
gboolean augur_static_facts_can_prune (AugurStaticFacts *facts);
/* Wall-clock time of the Frama-C run (0 when unknown or fallback). */
double   augur_static_facts_get_frama_c_seconds (AugurStaticFacts *facts);
void     augur_static_facts_set_frama_c_seconds (AugurStaticFacts *facts, double seconds);
/* The cache file the facts were read from instead of running Frama-C
 * (static-cache.h; frama_c_seconds is then the time of the run that made
 * them), or NULL; not saved with the facts. */
const char *augur_static_facts_get_cached_in (AugurStaticFacts *facts);
void        augur_static_facts_set_cached_in (AugurStaticFacts *facts, const char *path);

/* Adds a warning (file may be NULL), kept in order. */
void     augur_static_facts_add_warning (AugurStaticFacts *facts,
                                         const char       *kind,
                                         const char       *file,
                                         guint             line,
                                         const char       *message);
/* A source Frama-C could not parse, left out of the analysis (reason: its
 * first error): a warning of kind AUGUR_STATIC_WARNING_NOT_ANALYSED naming
 * the file and saying how to have it analysed, and the facts become
 * incomplete — code in that file may run in any thread and touch any
 * memory, so nothing can be ruled out. */
#define AUGUR_STATIC_WARNING_NOT_ANALYSED "not-analysed"
void     augur_static_facts_add_unanalysed (AugurStaticFacts *facts,
                                            const char       *file,
                                            const char       *reason);
/* The files left out, sorted (NULL-terminated, never NULL). */
char   **augur_static_facts_dup_unanalysed (AugurStaticFacts *facts);

/* ---- queries (all sound: TRUE whenever not ruled out) ----
 * A site (file:line) that the facts do not name at all — no access, no
 * pair end, no unknown site there — rules nothing out: the site queries
 * answer TRUE for it. */

/* May two concurrent threads access this location?  A heap location
 * "heap@FILE:LINE" matches whatever the spelling of FILE's path. */
gboolean augur_static_facts_is_location_shared (AugurStaticFacts *facts,
                                                const char       *location);
/* The same for the heap objects allocated at file:line. */
gboolean augur_static_facts_is_heap_site_shared (AugurStaticFacts *facts,
                                                 const char       *file,
                                                 guint             line);
/* Is an access at file:line part of any candidate pair (may it race)?
 * An access at a site for which this is FALSE is not a scheduling point. */
gboolean augur_static_facts_is_site_candidate (AugurStaticFacts *facts,
                                               const char       *file,
                                               guint             line);
/* Is the site part of any conflicting pair, candidate or lock-protected
 * (may another thread's access interfere with it)? */
gboolean augur_static_facts_is_site_conflicting (AugurStaticFacts *facts,
                                                 const char       *file,
                                                 guint             line);
/* Are these two sites (in either order) a candidate pair? */
gboolean augur_static_facts_is_pair_candidate (AugurStaticFacts *facts,
                                               const char       *file_a,
                                               guint             line_a,
                                               const char       *file_b,
                                               guint             line_b);

/* ---- listings (borrowed arrays of borrowed elements, sorted) ---- */
const GPtrArray *augur_static_facts_get_threads (AugurStaticFacts *facts);
const GPtrArray *augur_static_facts_get_shared (AugurStaticFacts *facts);
const GPtrArray *augur_static_facts_get_accesses (AugurStaticFacts *facts);
const GPtrArray *augur_static_facts_get_candidate_pairs (AugurStaticFacts *facts);
const GPtrArray *augur_static_facts_get_protected_pairs (AugurStaticFacts *facts);
const GPtrArray *augur_static_facts_get_unknown_sites (AugurStaticFacts *facts);
const GPtrArray *augur_static_facts_get_warnings (AugurStaticFacts *facts);

/* Distinct access sites (file:line) the facts list; how many are in no
 * conflicting pair (candidate or lock-protected) nor unknown; how many are
 * in no candidate pair nor unknown (the explorer's pruning: an access there
 * is not a scheduling point).  Both counts are 0 when nothing may be
 * pruned. */
void augur_static_facts_count_sites (AugurStaticFacts *facts,
                                     guint            *n_sites,
                                     guint            *n_no_conflict,
                                     guint            *n_no_candidate);

/* Deterministic, sorted text: one line per thread, shared location,
 * candidate pair, protected pair, unknown site and warning, no times.
 * The expected-facts files of tests/static/ are this text. */
char *augur_static_facts_to_string (AugurStaticFacts *facts);

const char *augur_static_access_kind_to_string (AugurStaticAccessKind kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurStaticFacts, augur_static_facts_unref)

G_END_DECLS

#endif /* AUGUR_STATIC_FACTS_H */
