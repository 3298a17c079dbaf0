#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Values a parked loop shows in passing (runtime/rt-sched-passing.c): a
# retry loop that marks a slot busy and clears it again in each iteration,
# parked by Await in the middle of one (the slot busy), and a consumer that
# waits for the slot to be free, parked too.  That end is an unfair schedule,
# not a hang: no finding, the search complete, the unfair ends counted and
# said (optimal, preempt, pct).  A consumer that waits for a value the loop
# never shows is a real livelock: still a hang, in every mode, and so is one
# whose value is shown only under a spin lock the waiter takes too.  The
# consumer's loop may read the slot in a function it calls twice, or
# through a helper it calls before the loop too: the programs are also
# built at -O0, -O2 and -O3 (inlined, the two calls are one frame).
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-spin-toggle.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

unfair_said='execution(s) ended with every thread waiting in a loop, but one loop writes'

# toggle_ok MODE STATUS COMPLETE-TEXT: no finding, the given exit status and
# guarantee, no bound hit but preempt's own
toggle_ok ()
{
  toggle_prog_ok spin_toggle_ok "$@"
}
# toggle_prog_ok PROGRAM MODE STATUS COMPLETE-TEXT: the same for PROGRAM
toggle_prog_ok ()
{
  toggle_path_ok "$prog_dir/$1" "$2" "$3" "$4"
}
# toggle_path_ok PATH MODE STATUS COMPLETE-TEXT: the same for the program at PATH
toggle_path_ok ()
{
  "$AUGUR" explore --no-progress --timeout 30 --mode "$2" -o "$tmp/ok-$2.json" \
    -- "$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq "$3" ] && [ -z "$(json_path "$tmp/ok-$2.json" '$.findings[*].kind')" ] \
    && [ -z "$(json_path "$tmp/ok-$2.json" '$.bounds_hit[*]' | grep -vx preemptions)" ] \
    && grep -q "$4" "$tmp/out"
}
# optimal: before, a hang and ~100 executions a second, never complete
# (each end asked for one more iteration of the parked loop)
ok "spin_toggle_ok (optimal): no hang, complete" \
  toggle_ok optimal 0 '(complete: every interleaving up to equivalence'
ok "spin_toggle_ok (optimal): the unfair ends are counted and said" grep -q "$unfair_said" "$tmp/out"
ok "spin_toggle_ok (preempt): no hang, complete within the bound" \
  toggle_ok preempt 6 '(complete within 2 preemptions'
ok "spin_toggle_ok (pct): no hang" toggle_ok pct 6 'a sample: 1000 random PCT schedules'

# the consumer waits in a function it calls twice: the free slot the first
# call read and returned on is not one the second call's loop saw (before,
# its next step, the second call's first read, was at the loop's
# instruction, and the end was called a hang, the search never complete)
ok "spin_toggle_stale_ok (optimal): a value read in an earlier call of the loop's function is not seen in the loop" \
  toggle_prog_ok spin_toggle_stale_ok optimal 0 '(complete: every interleaving up to equivalence'
ok "spin_toggle_stale_ok (optimal): the unfair ends are counted and said" grep -q "$unfair_said" "$tmp/out"

# built LEVEL: the spin_toggle programs built at -OLEVEL, into $tmp/OLEVEL
# (the Makefile's are -O1; users build with -O2, where a function called
# twice is inlined twice into one frame)
built ()
{
  mkdir -p "$tmp/O$1" || return 1
  for p in spin_toggle_ok spin_toggle_stale_ok spin_toggle_hang spin_toggle_helper_hang \
           spin_toggle_peek_ok spin_toggle_peek_hang; do
    "$AUGUR_CC_BIN" -O"$1" -g -Wall -o "$tmp/O$1/$p" "$top_srcdir/tests/explorer/$p.c" || return 1
  done
}
# level_ok LEVEL PROGRAM: no finding at -OLEVEL, complete
level_ok ()
{
  toggle_path_ok "$tmp/O$1/$2" optimal 0 '(complete: every interleaving up to equivalence' \
    && grep -q "$unfair_said" "$tmp/out"
}
# level_hang LEVEL PROGRAM FILE:LINE: still the hang at -OLEVEL, complete,
# the consumer's loop at FILE:LINE
level_hang ()
{
  path_hang "$tmp/O$1/$2" "$3"
}
# path_hang PATH FILE:LINE: the same for the program at PATH
path_hang ()
{
  "$AUGUR" explore --no-progress --timeout 10 -o "$tmp/level.json" -- "$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "(complete: every interleaving up to equivalence" "$tmp/out" \
    && results_findings "$tmp/level.json" | grep -q "^hang ${2%%:*}:[0-9]* $2\$"
}

# the consumer reads the slot through a helper it calls before its loop
# and in it: one instruction, one frame, two call sites (before, the free
# slot the first call read counted as seen by the loop, at every -O level)
ok "spin_toggle_peek_ok: a value read through the loop's helper called from elsewhere is not seen in the loop" \
  toggle_prog_ok spin_toggle_peek_ok optimal 0 '(complete: every interleaving up to equivalence'
ok "spin_toggle_peek_ok: the unfair ends are counted and said" grep -q "$unfair_said" "$tmp/out"
ok "spin_toggle_peek_hang: waiting for a value never shown is still a hang" \
  path_hang "$prog_dir/spin_toggle_peek_hang" spin_toggle_peek_ok.c:38
for o in 0 2 3; do
  if built $o >"$tmp/cc" 2>&1; then
    # at -O2 both calls of the poll function are inlined: one frame, two
    # loops at their own instructions (before, the free slot the first
    # loop read counted as seen by the second, and the end was a hang)
    ok "spin_toggle_stale_ok (-O$o): a value read by another loop of the same frame is not seen in this one" \
      level_ok $o spin_toggle_stale_ok
    ok "spin_toggle_ok (-O$o): no hang, complete" level_ok $o spin_toggle_ok
    ok "spin_toggle_peek_ok (-O$o): no hang, complete" level_ok $o spin_toggle_peek_ok
    ok "spin_toggle_hang (-O$o): still a hang" level_hang $o spin_toggle_hang spin_toggle_hang.c:35
    ok "spin_toggle_helper_hang (-O$o): still a hang" \
      level_hang $o spin_toggle_helper_hang spin_toggle_helper_hang.c:32
    ok "spin_toggle_peek_hang (-O$o): still a hang" level_hang $o spin_toggle_peek_hang spin_toggle_peek_ok.c:38
  else
    cat "$tmp/cc"
    ok "the spin_toggle programs build at -O$o" false
  fi
done

# toggle_hang MODE: the livelock, a hang that names both loops
toggle_hang ()
{
  "$AUGUR" explore --no-progress --timeout 5 --mode "$1" -o "$tmp/hang-$1.json" \
    -- "$prog_dir/spin_toggle_hang" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/hang-$1.json" | grep -q "^hang spin_toggle_hang.c:21 spin_toggle_hang.c:35" \
    && grep -q "thread 2 waits in a loop at spin_toggle_hang.c:35 for slot to change" "$tmp/out"
}
for m in optimal preempt pct; do
  ok "spin_toggle_hang ($m): waiting for a value the loop never shows is a hang" toggle_hang $m
done
# the same loop, reading the slot in a helper called in each iteration:
# what earlier calls of the helper read, the loop saw (it runs in the
# consumer's frame)
helper_hang ()
{
  "$AUGUR" explore --no-progress --timeout 10 -o "$tmp/helper.json" \
    -- "$prog_dir/spin_toggle_helper_hang" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/helper.json" | grep -q "^hang spin_toggle_helper_hang.c:"
}
ok "spin_toggle_helper_hang: a loop that reads through a helper still hangs" helper_hang
# ... and the search ends on its own, complete: a hang end's parked loops
# ask for no more iterations (before, each end asked for one more, and
# the search ran on for minutes: 1,349 executions in 67 s, incomplete)
toggle_hang_ends ()
{
  timeout 120 "$AUGUR" explore --no-progress -o "$tmp/ends.json" \
    -- "$prog_dir/$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q '(complete: every interleaving up to equivalence' "$tmp/out" \
    && results_findings "$tmp/ends.json" | grep -q "^hang $1.c:"
}
ok "spin_toggle_hang: the search ends, complete, with the hang" toggle_hang_ends spin_toggle_hang
ok "spin_toggle_helper_hang: the search ends, complete, with the hang" toggle_hang_ends spin_toggle_helper_hang
# ... and its replay reproduces it
toggle_replay ()
{
  "$AUGUR" replay "$tmp/hang-optimal.json#1" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: hang" "$tmp/replay"
}
ok "spin_toggle_hang: the replay reproduces the hang" toggle_replay

# both loops toggle a spin lock word of their own, the value waited for is
# only there under it: a hang (before the lock's free value counted as seen
# by the compare-exchange that took it, the ends were called unfair)
locked_hang ()
{
  "$AUGUR" explore --no-progress --timeout 10 --max-steps 3000 -o "$tmp/locked.json" \
    -- "$prog_dir/spin_toggle_locked_hang" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/locked.json" | grep -q "^hang spin_toggle_locked_hang.c:"
}
ok "spin_toggle_locked_hang: a value only shown under a spin lock is still a hang" locked_hang

# a loop that marks a word of its own busy and clears it in each iteration
# waits on the flag it reads, not on its own word: the hang names only the
# flag (before, "for mine or go to change")
own_store_hang ()
{
  "$AUGUR" explore --no-progress --timeout 10 -o "$tmp/own.json" \
    -- "$prog_dir/spin_own_store_hang" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "thread 1 waits in a loop at spin_own_store_hang.c:[0-9]* for go to change, and no other thread can change it[.;]" "$tmp/out"
}
ok "spin_own_store_hang: the hang names what the loop reads, not the word only it stores to" own_store_hang

tap_done
