#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur explore --mode pct with one bug depth and with a range of them,
# and augur check's PCT phase: pool_busy_late's failure needs depth 4 or
# more, so the same 1,000 runs (seed 0) miss it at depth 3 and find it
# when the runs take depths 3 to 8 in turn; the check's PCT runs take
# that range and say so.
. "$top_srcdir/tests/tap.sh"

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-pct.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

# run DEPTH: 1,000 PCT runs of pool_busy_late, the exit status in $st
run ()
{
  "$AUGUR" explore --no-progress --mode pct --bound 1000 --depth "$1" -o "$tmp/r.json" \
    -- "$B/pool_busy_late" >"$tmp/out" 2>"$tmp/err"
  st=$?
  cat "$tmp/out" "$tmp/err"
}

one_depth ()
{
  run 3
  [ $st -eq 6 ] && ! json_path "$tmp/r.json" '$.findings[*].kind' | grep -qx assertion \
    && grep -q 'seed 0, depth 3)' "$tmp/err"
}
ok "depth 3: 1,000 runs miss the failure that needs depth 4" one_depth

depth_range ()
{
  run 3-8
  [ $st -eq 1 ] && results_findings "$tmp/r.json" | grep -q '^assertion pool_busy_late.c:66' \
    && grep -q 'a sample: 1000 random PCT schedules at depths 3 to 8' "$tmp/out" \
    && grep -q 'seed 0, depths 3 to 8 in turn)' "$tmp/err"
}
ok "depths 3-8: the same 1,000 runs find it" depth_range

replay_it ()
{
  run 3-8 >/dev/null
  n=$(json_path "$tmp/r.json" '$.findings[*].kind' | grep -nx assertion | head -1 | cut -d: -f1)
  [ -n "$n" ] || return 1
  "$AUGUR" replay "$tmp/r.json#$n" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q '^reproduced: assertion' "$tmp/replay" || return 1
  # the program given after --, as it is for the other commands
  "$AUGUR" replay "$tmp/r.json#$n" -- "$B/pool_busy_late" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q '^reproduced: assertion' "$tmp/replay"
}
ok "its schedule replays (also with -- PROGRAM)" replay_it

bad_depth ()
{
  for d in 0 18 8-3 3-x 3-5-8 ''; do
    "$AUGUR" explore --mode pct --depth "$d" -- "$B/pool_busy_late" >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    [ $st -eq 2 ] && grep -q 'depth takes a bug depth from 1 to 17, or a range' "$tmp/out" || return 1
  done
}
ok "a depth out of 1..17 or a reversed range is a usage error" bad_depth

check_pct ()
{
  "$AUGUR" check --mode pct --budget 8 --no-repair -q -o "$tmp/c" -- "$B/pool_busy_late" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ $st -eq 1 ] && results_findings "$tmp/c/results.json" | grep -q '^assertion pool_busy_late.c:66' \
    && json_path "$tmp/c/results.json" '$.analysis.strategies[0].guarantee' \
       | grep -q 'random PCT schedules at depths 3 to 8'
}
ok "augur check's PCT runs take depths 3 to 8 and find it" check_pct

tap_done
