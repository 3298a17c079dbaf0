#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Await of loops that yield (runtime/rt-sched-await.c, yield_await): a
# spin-wait that polls many times between two sched_yield calls (libuv's
# uv__async_spin) waits for the write it polls for, in optimal and in
# preempt mode, instead of running until the step bound cuts it; one whose
# waker never comes is a hang that names the loop; a yielding loop whose
# rounds differ (a try counter, a global it counts in) is no waiting loop,
# and the bug it hides is still found.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-spin-yield.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

# yield_ok MODE STATUS: no finding, no run cut by the step bound, and the
# search complete (preempt: within its bound)
yield_ok ()
{
  "$AUGUR" explore --no-progress --timeout 30 --mode "$1" -o "$tmp/ok-$1.json" \
    -- "$prog_dir/spin_yield_ok" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq "$2" ] && [ -z "$(json_path "$tmp/ok-$1.json" '$.findings[*].kind')" ] \
    && ! json_path "$tmp/ok-$1.json" '$.bounds_hit[*]' | grep -qx steps \
    && grep -q '(complete\( within 2 preemptions\|: every interleaving up to equivalence\))' "$tmp/out"
}
ok "spin_yield_ok (optimal): a poll-and-yield loop waits for its write: complete, no finding" \
  yield_ok optimal 0
# exit 6: schedules with more preemptions were left out, and said
ok "spin_yield_ok (preempt): no run cut by the step bound, complete within the bound" \
  yield_ok preempt 6

# yield_hang MODE: the hang, named by the loop and what it polls, and no
# run cut by the step bound
yield_hang ()
{
  "$AUGUR" explore --no-progress --timeout 30 --mode "$1" -o "$tmp/hang-$1.json" \
    -- "$prog_dir/spin_yield_hang" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && ! json_path "$tmp/hang-$1.json" '$.bounds_hit[*]' | grep -qx steps \
    && results_findings "$tmp/hang-$1.json" | grep -q "^hang spin_yield_hang.c:26" \
    && grep -q "main waits in a loop at spin_yield_hang.c:26 for busy .*and no other thread can change \(it\|them\)\.$" \
         "$tmp/out"
}
for m in optimal preempt; do
  ok "spin_yield_hang ($m): the poll whose waker never comes is a hang" yield_hang $m
done

# a try counter makes each yield differ: the run where main gives up
ok "spin_yield_retry: a poll that gives up after three tries: the assertion" \
  finding spin_yield_retry "assertion spin_yield_retry.c:30"
# a round counter in a global: each round writes, main never waits, and
# polls a third time in some run (which others the step bound cuts)
yield_count ()
{
  "$AUGUR" explore --no-progress --timeout 30 --max-steps 5000 -o "$tmp/count.json" \
    -- "$prog_dir/spin_yield_count" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/count.json" | grep -q "^assertion spin_yield_count.c:30"
}
ok "spin_yield_count: a poll that writes a global each round: the assertion" yield_count

tap_done
