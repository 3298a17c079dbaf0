#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A wait only a signal from outside the program can end (a timer's, a
# child's exit, another process's; runtime/rt-sched-signal.c): when every
# thread waits and the program handles a signal it never sent itself,
# whose handler could end a wait (a read of a pipe, a semaphore), augur,
# which sends no such signal, must not call it the program's hang and the
# search "complete" (it did, exit 1, on libevent's signal pipe): a
# warning that names the signal and its handler, and an incomplete search
# (exit 6).  A wait no handler can end (a condition wait) stays an error.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-sigout.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

# outside HOW KIND: signal_outside_wait HOW ends in a KIND at the wait, a
# warning that says a handler of SIGUSR1 could end it; incomplete, exit 6
outside ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/$1.json" -- \
    "$prog_dir/signal_outside_wait" "$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && [ "$(json_path "$tmp/$1.json" '$.findings[*].kind')" = "$2" ] \
    && [ "$(json_path "$tmp/$1.json" '$.findings[*].severity')" = warning ] \
    && json_path "$tmp/$1.json" '$.findings[*].explanation' \
         | grep -q "The program handles SIGUSR1, whose handler is at signal_outside_wait.c:24, which a timer, a child's exit or another process may send and augur does not: that handler could end main's wait" \
    && grep -q "(incomplete: every thread waited where a signal from outside the program could end the wait (thread 0, SIGUSR1, whose handler is at signal_outside_wait.c:24)" "$tmp/out"
}
ok "signal_outside_wait pipe: a read only SIGUSR1's handler can answer is a warning, incomplete" outside pipe hang
ok "signal_outside_wait sem: a sem_wait only SIGUSR1's handler can post is a warning, incomplete" outside sem deadlock

# a condition wait no handler can end: the deadlock stays an error, and the
# search is complete
cond_wait ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/cond.json" -- \
    "$prog_dir/signal_outside_wait" cond >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/cond.json" '$.findings[*].kind')" = deadlock ] \
    && [ "$(json_path "$tmp/cond.json" '$.findings[*].severity')" = error ] \
    && ! grep -q "signal from outside" "$tmp/out" \
    && grep -q "(complete:" "$tmp/out"
}
ok "signal_outside_wait cond: a condition wait no handler can end is still an error, complete" cond_wait

tap_done
