#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Robust mutexes (PTHREAD_MUTEX_ROBUST) have glibc's semantics under the
# explorer: a thread that exits holding one releases it, owner died; the
# next lock, trylock or timed lock takes it and returns EOWNERDEAD, and
# pthread_mutex_consistent recovers it, both orders of the lock and the
# death being explored; an unlock without consistent makes it not
# recoverable (ENOTRECOVERABLE, not taken).  On fibers and with real
# threads.  A mutex that is not robust is still held by the dead thread:
# the lock after it is a deadlock.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-robust.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

# robust_ok: no finding, complete, and at least the two executions where
# main's first lock comes before and after the owner's death
robust_ok ()
{
  clean_complete robust_ok && [ "$(json_path "$tmp/robust_ok.json" '$.executions')" -ge 2 ]
}
# PROG's only finding is FINDING (found and replayed)
only_finding () # PROG FINDING
{
  finding "$1" "$2" && [ "$(results_findings "$tmp/$1.json")" = "$2" ]
}
# each on fibers (1) and with real threads, one forked process per
# execution (0)
for f in 1 0; do
  case $f in 1) how="on fibers" ;; *) how="real threads" ;; esac
  ok "robust_ok ($how): EOWNERDEAD from lock, trylock, timedlock, recovered: no finding, both orders" \
     eval "AUGUR_FIBERS=$f robust_ok"
  ok "robust_unrecoverable ($how): unlocked inconsistent, the next trylock gets ENOTRECOVERABLE" \
     eval "AUGUR_FIBERS=$f only_finding robust_unrecoverable 'assertion robust_unrecoverable.c:37'"
  ok "robust_not_set ($how): a mutex not robust stays held by its dead owner: deadlock" \
     eval "AUGUR_FIBERS=$f only_finding robust_not_set 'deadlock robust_not_set.c:21'"
done

tap_done
