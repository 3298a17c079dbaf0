#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur explore --mode preempt --bound K end to end: a lost update needs
# one preemption (found with --bound 1, not with --bound 0), a lock-order
# deadlock is found with one, the count of a tiny program matches the one
# computed by hand, and the coverage is reported (summary line, stderr,
# "preemptions" in the results' bounds_hit).
. "$top_srcdir/tests/tap.sh"

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-preempt.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

# run PROG BOUND: explore, keep stdout in $tmp/out, stderr in $tmp/err
run ()
{
  "$AUGUR" explore --no-progress --mode preempt --bound "$2" -o "$tmp/r.json" -- "$B/$1" \
    >"$tmp/out" 2>"$tmp/err"
  st=$?
  cat "$tmp/out" "$tmp/err"
  return $st
}

lost_update_bound0 ()
{
  run lost_update 0
  [ $? -eq 1 ] || return 1      # the data race is predicted from any schedule
  ! json_path "$tmp/r.json" '$.findings[*].kind' | grep -qx assertion
}
lost_update_bound1 ()
{
  run lost_update 1
  [ $? -eq 1 ] && results_findings "$tmp/r.json" | grep -q '^assertion lost_update.c:26'
}
ok "lost update: no assertion failure with --bound 0" lost_update_bound0
ok "lost update: assertion failure found with --bound 1" lost_update_bound1
replay_it ()
{
  run lost_update 1 >/dev/null
  n=$(json_path "$tmp/r.json" '$.findings[*].kind' | grep -nx assertion | head -1 | cut -d: -f1)
  [ -n "$n" ] || return 1
  "$AUGUR" replay "$tmp/r.json#$n" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q '^reproduced: assertion' "$tmp/replay"
}
ok "lost update: its schedule replays" replay_it

deadlock_bound ()
{
  run deadlock "$1"
  st=$?
  if [ "$2" = found ]; then
    [ $st -eq 1 ] && results_findings "$tmp/r.json" | grep -q '^deadlock deadlock.c:11 deadlock.c:22'
  else
    # schedules that need a preemption were left out: not clean (exit 6)
    [ $st -eq 6 ] && ! json_path "$tmp/r.json" '$.findings[*].kind' | grep -qx deadlock
  fi
}
ok "lock-order deadlock: not reachable without preemption" deadlock_bound 0 none
ok "lock-order deadlock: found with --bound 1" deadlock_bound 1 found

# lost_update with no preemption: main runs until it blocks joining thread
# 1; then thread 1 or 2 runs to its end.  After thread 1: main (which then
# blocks joining thread 2) or thread 2; after thread 2: only thread 1 (main
# still waits for it).  3 schedules.
coverage ()
{
  run lost_update 0
  [ "$(json_path "$tmp/r.json" '$.executions')" = 3 ] \
    && json_path "$tmp/r.json" '$.bounds_hit[*]' | grep -qx preemptions \
    && grep -q '(complete within 0 preemptions)' "$tmp/out" \
    && grep -q 'more than 0 preemptions were not run' "$tmp/err"
}
ok "lost update, --bound 0: 3 schedules, coverage reported" coverage

# race_ok has few enough schedules to be finished within a large bound:
# then the summary says complete and no bound was hit
exhausted ()
{
  run race_ok 50
  [ $? -eq 0 ] && grep -q '(complete: every schedule)' "$tmp/out" && grep -q 'every schedule explored' "$tmp/err" \
    && [ -z "$(json_path "$tmp/r.json" '$.bounds_hit[*]')" ]
}
ok "a bound no schedule reaches: complete, no bound hit" exhausted

tap_done
