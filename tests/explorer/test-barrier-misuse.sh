#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Barrier misuse is checked as mutex misuse is: a wait after a destroy, an
# init of an initialised barrier, a destroy while threads wait, a barrier
# never initialised (glibc divides by its count of 0); an init with a
# count of 0 fails with EINVAL and is no finding; a correct program with
# two rounds keeps its execution count.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-barrier.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

# barrier misuse as mutex misuse: PROG's FINDING is found and replayed, an
# error about the barrier OBJ explained with TEXT; N findings in all
barrier_misuse () # PROG FINDING OBJ TEXT [N]
{
  finding "$1" "$2" || return 1
  f="\$.findings[$(($(results_findings "$tmp/$1.json" | grep -n "^$2" | head -1 | cut -d: -f1) - 1))]"
  [ "$(json_path "$tmp/$1.json" "$f.severity") $(json_path "$tmp/$1.json" "$f.object_kind") $(json_path "$tmp/$1.json" "$f.object")" = "error barrier $3" ] \
    && json_path "$tmp/$1.json" "$f.explanation" | grep -qF "$4" && [ "$(results_findings "$tmp/$1.json" | wc -l)" -eq "${5:-1}" ]
}
ok "barrier_wait_destroyed: a wait on a destroyed barrier is a use after destroy" barrier_misuse barrier_wait_destroyed "misuse:use-after-destroy barrier_wait_destroyed.c:15 barrier_wait_destroyed.c:24" start "Thread 2 waits on \`start\` at barrier_wait_destroyed.c:24 (step 10) after it was destroyed, by thread 1 at barrier_wait_destroyed.c:15 (step 6)"
ok "barrier_reinit: a second init of an initialised barrier names the first, both at setup's callers" barrier_misuse barrier_reinit "misuse:init-in-use barrier_reinit.c:25 barrier_reinit.c:26" phase "main initialises \`phase\` at barrier_reinit.c:26 (through setup at barrier_reinit.c:11; step 1) again: it was initialised by main at barrier_reinit.c:25 (through setup at barrier_reinit.c:11; step 0) and not destroyed since"
ok "barrier_uninit: a wait on a global barrier never initialised" barrier_misuse barrier_uninit "misuse:uninitialised-barrier barrier_uninit.c:23" meet "main waits on \`meet\` at barrier_uninit.c:23 (step 5), a barrier that was never initialised"
ok "barrier_destroy_waited: the destroy of a barrier a thread is blocked on names its arrival" barrier_misuse barrier_destroy_waited "misuse:destroy-waited-barrier barrier_destroy_waited.c:15 barrier_destroy_waited.c:26" gate "while thread 1 waits on it: it arrived at barrier_destroy_waited.c:15" 3
# an init with a count of 0 returns EINVAL (else exit 2) and is no finding of its own
ok "barrier_zero_count: an init with a count of 0 fails, the wait after it is the misuse" barrier_misuse barrier_zero_count "misuse:uninitialised-barrier barrier_zero_count.c:14" none "a barrier that was never initialised"
barrier_count_ok () { clean_complete "$1" && [ "$(json_path "$tmp/$1.json" '$.executions')" = "$2" ]; }
ok "barrier_rounds_ok: two rounds, destroy, init again: no finding, 16 executions (the orders of the arrivals)" barrier_count_ok barrier_rounds_ok 16

tap_done
