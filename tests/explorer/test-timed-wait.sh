#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Timed waits on synchronisation objects under the explorer: a wait until
# a deadline that times out moves the virtual clock on past the deadline
# (runtime/rt-sched-deadline.c), on CLOCK_REALTIME and on CLOCK_MONOTONIC
# (the condition's own clock, or the one a clockwait names); a condition
# wait's timeout is a step of its own before its wake-up, which may come
# after another thread changed the state and before it signalled, the
# signal then going to another waiter; and a failure after such a
# timeout says so (explorer/explore-timeout.c).
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-timed-wait.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

complete='(complete: every interleaving up to equivalence)'

# clock MODE: after a timeout main reads the clock past its deadline (its
# assertion holds), complete, no bound hit
clock ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/c$1.json" \
    -- "$prog_dir/timed_wait_clock" "$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/c$1.json" '$.findings[*].kind')" ] \
    && [ -z "$(json_path "$tmp/c$1.json" '$.bounds_hit[*]')" ] && grep -qF "$complete; 0 findings" "$tmp/out"
}
# timeout MODE: the timeout is explored (main's assertion that it did not
# time out fails), and replays
timeout ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/t$1.json" \
    -- "$prog_dir/timed_wait_clock" "$1" n >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(results_findings "$tmp/t$1.json")" = "assertion timed_wait_clock.c:110" ] \
    && grep -qF "$complete; 1 finding" "$tmp/out" || return 1
  "$AUGUR" replay "$tmp/t$1.json#1" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: assertion timed_wait_clock.c:110" "$tmp/replay"
}
for m in r:"pthread_cond_timedwait, CLOCK_REALTIME" m:"pthread_cond_timedwait, a CLOCK_MONOTONIC condition" \
  k:"pthread_cond_clockwait, CLOCK_MONOTONIC" s:"sem_timedwait" c:"sem_clockwait, CLOCK_MONOTONIC" \
  l:"pthread_mutex_timedlock" w:"pthread_rwlock_timedwrlock"; do
  ok "timed_wait_clock ${m%%:*} (${m#*:}): a timeout moves the clock past the deadline" clock "${m%%:*}"
  ok "timed_wait_clock ${m%%:*} n: the timeout is explored, and replays" timeout "${m%%:*}"
done

# report MODE WANT: the abort after a timed wait that timed out says
# which wait, how long, and what it waited for, in the text and the JSON
report ()
{
  "$AUGUR" explore --no-progress -o "$tmp/r.json" -- "$prog_dir/timed_wait_report" $1 >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -qF "$2" "$tmp/out" \
    && json_path "$tmp/r.json" '$.findings[0].explanation' | grep -qF "$2"
}
ok "timed_wait_report: the abort's finding says the condition wait timed out first" \
  report "" "main calls abort(): the program ends itself, not through a failed assert(). The timed wait on \`cond\` at timed_wait_report.c:61 in main() (main) returned ETIMEDOUT: its 1 s timeout ran out while no thread had signalled it. Under augur time passes only as threads wait"
ok "timed_wait_report m: the timed lock timed out before the worker released it" \
  report m "The timed lock of \`lock\` at timed_wait_report.c:51 in main() (main) returned ETIMEDOUT: its 1 s timeout ran out before thread 1 released it at timed_wait_report.c:26."

# signal MODE: the timed waiter times out between main's store and its
# signal, which wakes the other waiter: found, named, and replayed
signal ()
{
  "$AUGUR" explore --no-progress --mode "$1" -o "$tmp/s.json" -- "$prog_dir/timed_wait_signal" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  # (diagnosis also names the store between thread 1's two reads of flag)
  n=$(results_findings "$tmp/s.json" | grep -nx "assertion timed_wait_signal.c:48" | cut -d: -f1)
  [ "$st" -eq 1 ] && [ -n "$n" ] && grep -qF "$complete;" "$tmp/out" \
    && grep -qF "The timed wait on \`c\` at timed_wait_signal.c:32 in timed() (thread 1) returned ETIMEDOUT: its 1 s timeout ran out before main signalled it at timed_wait_signal.c:67." "$tmp/out" \
    || return 1
  "$AUGUR" replay "$tmp/s.json#$n" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: assertion timed_wait_signal.c:48" "$tmp/replay"
}
for m in optimal dpor; do
  ok "timed_wait_signal ($m): a timeout that comes before a signal sent while it waited" signal $m
done
tap_done
