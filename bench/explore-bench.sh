#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# explore-bench.sh — the explorer on the classic benchmarks: for each of
# indexer(15) and lastzero(15), the wall time, the executions per second
# (complete and sleep-set blocked ones: each is one run of the program)
# and the peak memory.  Targets: indexer(15) <= 4 s, lastzero(15) <= 20 s.
# Then the same exploration the old way, each execution a forked process
# with real threads (AUGUR_FIBERS=0, at most FORKED_TIMEOUT seconds), the
# time per run of both and their ratio, measured in the same run; and the
# floor of the forked way: what fork + creating and joining as many
# threads costs on this machine (FLOOR, bench/fork-floor.c).
#
# Usage: explore-bench.sh AUGUR HELPER INDEXER LASTZERO [TIMEOUT] [FLOOR] [FORKED_TIMEOUT]
set -u
augur=$1
helper=$2
indexer=$3
lastzero=$4
timeout=${5:-600}
floor=${6:-}
forked_timeout=${7:-60}
dir=$(mktemp -d "${TMPDIR:-/tmp}/augur-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT

# measure TIMEOUT ARGS...: sets summary, usage, wall, us (per run)
measure ()
{
  t=$1
  shift
  "$helper" "$augur" explore --no-progress --timeout "$t" -o "$dir/r.json" -- "$@" \
    >"$dir/out" 2>&1
  summary=$(grep ' executions, ' "$dir/out" | head -1)
  usage=$(grep '^wall ' "$dir/out")
  wall=$(echo "$usage" | sed 's/^wall \([0-9.]*\) s.*/\1/')
  execs=$(echo "$summary" | sed 's/^\([0-9]*\) executions, \([0-9]*\) sleep-set.*/\1 \2/')
  rate=$(echo "$execs $wall" | awk '{ if ($3 > 0) printf "%.0f", ($1 + $2) / $3; else print "-" }')
  us=$(echo "$rate" | awk '{ if ($1 != "-" && $1 > 0) printf "%.0f", 1e6 / $1; else print "-" }')
}

run ()
{
  name=$1
  shift
  measure "$timeout" "$@"
  printf '%-14s %s\n%-14s %s; %s runs/s, %s us per run\n' "$name" "$summary" "" "$usage" "$rate" "$us"
  fibers_us=$us
  AUGUR_FIBERS=0
  export AUGUR_FIBERS
  measure "$forked_timeout" "$@"
  unset AUGUR_FIBERS
  printf '%-14s forked, real threads: %s\n%-14s %s; %s runs/s, %s us per run\n' "" "$summary" "" \
    "$usage" "$rate" "$us"
  if [ "$us" != "-" ] && [ "$fibers_us" != "-" ]; then
    echo "$us $fibers_us" | awk '{ printf "%-14s execution server: %.1fx faster per run than forked\n", "", $1 / $2 }'
  fi
  if [ -n "$floor" ]; then
    f=$("$floor" "$threads")
    echo "$f $threads" | awk '{ printf "%-14s fork + %d threads alone (the forked way'"'"'s floor): %.0f us\n", "", $2, $1 }'
  fi
}

threads=15
run "indexer(15)" "$indexer" 15
threads=16
run "lastzero(15)" "$lastzero" 15
