#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# explore-bench.sh — the explorer on the classic benchmarks: for each of
# indexer(15) and lastzero(15), the wall time, the executions per second
# (complete and sleep-set blocked ones: each is one run of the program)
# and the peak memory.  Targets: indexer(15) <= 4 s, lastzero(15) <= 20 s.
# Then the floor: what fork + creating and joining as many threads costs
# on this machine (FLOOR, bench/fork-floor.c, measured in the same run), and
# how many times that floor one explorer run takes.
#
# Usage: explore-bench.sh AUGUR HELPER INDEXER LASTZERO [TIMEOUT] [FLOOR]
set -u
augur=$1
helper=$2
indexer=$3
lastzero=$4
timeout=${5:-600}
floor=${6:-}
dir=$(mktemp -d "${TMPDIR:-/tmp}/augur-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT

run ()
{
  name=$1
  shift
  "$helper" "$augur" explore --no-progress --timeout "$timeout" -o "$dir/r.json" -- "$@" \
    >"$dir/out" 2>&1
  summary=$(grep ' executions, ' "$dir/out" | head -1)
  usage=$(grep '^wall ' "$dir/out")
  wall=$(echo "$usage" | sed 's/^wall \([0-9.]*\) s.*/\1/')
  execs=$(echo "$summary" | sed 's/^\([0-9]*\) executions, \([0-9]*\) sleep-set.*/\1 \2/')
  rate=$(echo "$execs $wall" | awk '{ if ($3 > 0) printf "%.0f", ($1 + $2) / $3; else print "-" }')
  printf '%-14s %s\n%-14s %s; %s runs/s\n' "$name" "$summary" "" "$usage" "$rate"
  if [ -n "$floor" ] && [ "$rate" != "-" ]; then
    us=$("$floor" "$threads")
    echo "$rate $us $threads" | awk '{ run = 1e6 / $1;
      printf "%-14s %.0f us per run; fork + %d threads alone: %.0f us (floor); %.2fx the floor\n",
             "", run, $3, $2, run / $2 }'
  fi
}

threads=15
run "indexer(15)" "$indexer" 15
threads=16
run "lastzero(15)" "$lastzero" 15
