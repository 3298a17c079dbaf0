#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# deadline-bench.sh — is a time limit a hard limit?  Runs augur check
# --budget and augur explore --timeout (preempt, pct) on a thread pool
# whose findings carry schedules of 100,000s of steps
# (bench/deadline-workload.c), one at a time, and prints for each the limit,
# the wall time, how far over or under it that is, and the size of the
# results file.  The target: every wall time within 5 % of its limit.
#
# Usage: deadline-bench.sh AUGUR WORKLOAD [LIMIT]
set -eu
augur=$1
prog=$2
limit=${3:-30}
dir=$(mktemp -d "${TMPDIR:-/tmp}/augur-deadline.XXXXXX")
trap 'rm -rf "$dir"' EXIT

now_ns () { date +%s%N; }

# measure NAME RESULTS ARGS...: one line of figures
measure ()
{
  name=$1
  results=$2
  shift 2
  t0=$(now_ns)
  "$augur" "$@" >"$dir/out" 2>&1 || true
  t1=$(now_ns)
  size=$(wc -c <"$results" 2>/dev/null || echo 0)
  awk -v n="$name" -v l="$limit" -v ns=$((t1 - t0)) -v sz="$size" 'BEGIN {
    w = ns / 1e9
    printf "%-34s limit %4.0f s  wall %6.2f s  %+5.1f %%  results %8d bytes\n", n, l, w, (w - l) * 100 / l, sz
  }'
  rm -rf "$dir/check" "$dir/results.json"
}

measure "check --budget" "$dir/check/results.json" \
  check -q --budget "$limit" -o "$dir/check" -- "$prog"
measure "explore --mode preempt --timeout" "$dir/results.json" explore --no-progress --mode preempt \
  --timeout "$limit" -o "$dir/results.json" -- "$prog"
measure "explore --mode pct --timeout" "$dir/results.json" explore --no-progress --mode pct --bound 100000 \
  --timeout "$limit" -o "$dir/results.json" -- "$prog"
