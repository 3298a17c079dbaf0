#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Which waiter a pthread_cond_signal wakes is the schedule's choice: POSIX
# lets it wake any thread blocked on the condition when it is sent, not
# only the oldest (runtime/rt-sched-condsig.c, explorer/dpor-cond.c).
# signal_other_waiter hangs only when main's one signal wakes the waiter
# that began to wait last: found in both DPOR modes, with and without
# spurious wake-ups, and replayed.  signal_two_waiters_ok (two consumers,
# two items, one signal each) stays clean and complete, and its search
# counts the traces where the first signal wakes the younger consumer.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-cond-choice.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

want="thread [12] waits on \`c\` at signal_other_waiter.c:21, but the signal at signal_other_waiter.c:59 (main) woke thread [12], which waited on it too, and no signal came after it: one pthread_cond_signal for two waiters"

# other_waiter MODE [--no-spurious-wakeups]: the hang is found, complete,
# named, and its replay reproduces it
other_waiter ()
{
  # shellcheck disable=SC2086
  "$AUGUR" explore --no-progress --mode "$1" ${2:-} -o "$tmp/sow.json" -- "$prog_dir/signal_other_waiter" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "(complete: every interleaving up to equivalence); 1 finding$" "$tmp/out" \
    && [ "$(results_findings "$tmp/sow.json")" = "deadlock signal_other_waiter.c:21 signal_other_waiter.c:41" ] \
    && json_path "$tmp/sow.json" '$.findings[0].explanation' | grep -q "$want" || return 1
  "$AUGUR" replay "$tmp/sow.json#1" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: deadlock signal_other_waiter.c:21" "$tmp/replay"
}
for m in optimal dpor; do
  ok "signal_other_waiter ($m): the one signal wakes the late waiter, the early one hangs" \
    other_waiter $m
  ok "signal_other_waiter ($m, no spurious wake-ups): found without a spurious wake-up" \
    other_waiter $m --no-spurious-wakeups
done

# two_waiters_ok MODE EXECUTIONS [--no-spurious-wakeups]: clean, complete,
# every trace once (none infeasible); FIFO wake-ups had 192 and 2352
two_waiters_ok ()
{
  # shellcheck disable=SC2086
  "$AUGUR" explore --no-progress --mode "$1" ${3:-} -o "$tmp/two.json" -- "$prog_dir/signal_two_waiters_ok" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/two.json" '$.findings[*].kind')" ] \
    && [ -z "$(json_path "$tmp/two.json" '$.bounds_hit[*]')" ] \
    && grep -q "^$2 executions, [0-9]* sleep-set blocked, 0 infeasible, 0 diverged .*(complete: every interleaving up to equivalence); 0 findings$" "$tmp/out"
}
for m in optimal dpor; do
  ok "signal_two_waiters_ok ($m, no spurious wake-ups): clean, 260 traces" \
    two_waiters_ok $m 260 --no-spurious-wakeups
  ok "signal_two_waiters_ok ($m): clean, 2740 traces" two_waiters_ok $m 2740
done
tap_done
