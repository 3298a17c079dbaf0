/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-driver-private.h — the inside of a run of frama-c, shared by
 * static-driver.c (the runs) and static-driver-cache.c (their results
 * cached).
 */
#ifndef AUGUR_STATIC_DRIVER_PRIVATE_H
#define AUGUR_STATIC_DRIVER_PRIVATE_H

#include <glib.h>

#include "static/static-driver.h"

G_BEGIN_DECLS

typedef enum {
  LIBC_FRAMA_C,   /* Frama-C's libc, then the system's headers it lacks */
  LIBC_SYSTEM,    /* the system's headers only (-no-frama-c-stdlib) */
} Libc;

typedef enum {
  RUN_OK,
  RUN_FAILED,
  RUN_TIMEOUT,
  RUN_NOT_STARTED,
  RUN_INCOMPLETE,   /* a file left out, when the caller wants complete facts only */
} RunStatus;

typedef struct {
  const char *frama_c;
  const char *plugin;
  const char *harness;
  const char *compat;       /* augur-frama-c.h, beside the harness */
  const char *compat_libc;  /* augur-frama-c-libc.h, beside it: with Frama-C's libc */
  const char *compat_offsetof; /* augur-frama-c-offsetof.h, beside it: for offsetof_files */
  GHashTable *offsetof_files;  /* files Frama-C stopped on for an offsetof with a variable
                                * index: they get compat_offsetof */
  const char *cflags;
  const char *tmp;
  const char *out;
  const char *log;          /* this run's */
  const char *all_log;      /* every run's, one after the other */
  gboolean complete_only;   /* stop at the first file left out */
  gboolean *system_tried;   /* set when the system's headers were tried */
} Run;

/* frama-c's argv for units under libc, with the compilation database
 * it reads written into r->tmp; with @analyse FALSE, only what decides
 * how the files are preprocessed, for -print-cpp-commands.  NULL when the
 * database cannot be written. */
GPtrArray *augur_static_frama_c_argv (const Run *r, GPtrArray *units, Libc libc,
                                      gboolean analyse, GError **error);

/* The cache key of a run of @r on @units with options @o (static-cache.h),
 * or NULL when it cannot be computed by @deadline. */
char *augur_static_run_cache_key (const Run *r, GPtrArray *units,
                                  const AugurStaticRunOptions *o, gint64 deadline);

/* The result cached under @key in @dir for a run with @timeout seconds:
 * TRUE when there is one, with *facts set or @error set as the run would
 * have; @log_path, when not NULL, then says that frama-c did not run. */
gboolean augur_static_run_cached (const Run *r, GPtrArray *units, const char *dir,
                                  const char *key, guint timeout, const char *log_path,
                                  gint64 deadline, AugurStaticFacts **facts, GError **error);

/* Keeps the result of a run with @timeout seconds on @units (all of the
 * program's files, as given): @facts, or @failure when the run failed in
 * a way that a run on the same input would fail again (@timed_out: it did
 * not finish in time). */
void augur_static_run_cache_keep (const Run *r, GPtrArray *units, const char *dir,
                                  const char *key, guint timeout, AugurStaticFacts *facts,
                                  const GError *failure, gboolean timed_out, gint64 deadline);

G_END_DECLS

#endif /* AUGUR_STATIC_DRIVER_PRIVATE_H */
