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
# The program's own timer (alarm, setitimer) is no signal from outside:
# augur fires it when every thread waits.
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

# alarm and setitimer arm a virtual timer that fires when every thread
# waits (runtime/rt-sched-alarm.c): the self-pipe trick's read returns,
# complete with no finding, with real threads and as fibers (it was a
# "complete" error hang); the calls answer as the kernel's (the program
# checks, exit status 4 or 5 else), and the clock moved on to the deadline
# (6 else)
alarm_ok ()
{
  for f in 0 1; do
    AUGUR_FIBERS=$f "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/a$1$f.json" -- \
      "$prog_dir/alarm_wait" "$1" >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/a$1$f.json" '$.findings[*].kind')" ] \
      && grep -q '(complete: every interleaving up to equivalence)' "$tmp/out" || return 1
  done
}
ok "alarm_wait pipe: alarm's SIGALRM handler ends main's read, complete, no finding" alarm_ok pipe
ok "alarm_wait thread: the handler, run by main in its join, ends a thread's read" alarm_ok thread
ok "alarm_wait pause: the handler ends a pause loop on its flag" alarm_ok pause
ok "alarm_wait itimer: a periodic setitimer fires three times, getitimer as the kernel's" alarm_ok itimer
# alarm (0) disarms the timer: the read nothing can end is the program's
# hang (an error, complete; SIGALRM is the program's own signal, no warning)
alarm_cancel ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/cancel.json" -- \
    "$prog_dir/alarm_wait" cancel >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/cancel.json" '$.findings[*].kind')" = hang ] \
    && [ "$(json_path "$tmp/cancel.json" '$.findings[*].severity')" = error ] \
    && grep -q "^hang alarm_wait.c:79:" "$tmp/out" && grep -q "(complete:" "$tmp/out"
}
ok "alarm_wait cancel: alarm (0) disarms the timer, the read is a hang" alarm_cancel

tap_done
