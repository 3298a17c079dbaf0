#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# explore-bench.sh — the explorer on the classic benchmarks: for each of
# indexer(15) and lastzero(15), the wall time, the executions per second
# (complete and sleep-set blocked ones: each is one run of the program),
# the CPU time and the peak memory (of the largest process).  Targets:
# indexer(15) <= 4 s, lastzero(15) <= 20 s (25 us per execution).
#
# Then where an execution's CPU time goes, per execution: in the execution
# server running it (the program, the scheduler), in the server putting
# its memory back (rt-snapshot.c), and everything else (augur's analysis,
# the fork server, the command pipe), from the CPU time of all the
# processes and the server's own figures (AUGUR_SERVER_STATS).  For
# lastzero(15) also the restore of the old way, every page compared
# (AUGUR_SNAPSHOT=compare), in the same run.
#
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

# measure TIMEOUT ARGS...: sets summary, usage, wall, cpu, runs, rate, us
# (per run), and the server's figures in $dir/stats
measure ()
{
  t=$1
  shift
  rm -f "$dir/stats"
  AUGUR_SERVER_STATS="$dir/stats" \
    "$helper" "$augur" explore --no-progress --timeout "$t" -o "$dir/r.json" -- "$@" \
    >"$dir/out" 2>&1
  summary=$(grep ' executions, ' "$dir/out" | head -1)
  usage=$(grep '^wall ' "$dir/out")
  wall=$(echo "$usage" | sed 's/^wall \([0-9.]*\) s.*/\1/')
  cpu=$(echo "$usage" | sed 's/.* cpu \([0-9.]*\) s.*/\1/')
  runs=$(echo "$summary" | sed 's/^\([0-9]*\) executions, \([0-9]*\) sleep-set.*/\1 \2/' \
    | awk '{ print $1 + $2 }')
  rate=$(echo "$runs $wall" | awk '{ if ($2 > 0) printf "%.0f", $1 / $2; else print "-" }')
  us=$(echo "$rate" | awk '{ if ($1 != "-" && $1 > 0) printf "%.0f", 1e6 / $1; else print "-" }')
}

# breakdown LABEL: the CPU time per execution, from the last measure
breakdown ()
{
  [ -s "$dir/stats" ] || return 0
  awk -v cpu="$cpu" -v label="$1" '
    { for (i = 1; i < NF; i += 2) v[$i] += $(i + 1); tracked = $NF }
    END {
      n = v["executions"]
      if (n == 0) exit
      run = v["run_ns"] / n / 1000; res = v["restore_ns"] / n / 1000
      rest = cpu * 1e6 / n - run - res
      printf "%-14s CPU per execution%s: %.1f us = program and scheduler %.1f + restore %.1f + augur'"'"'s analysis and the rest %.1f\n", "", label, cpu * 1e6 / n, run, res, rest
      printf "%-14s restore: %.1f pages looked at, %.1f put back per execution (of %.0f); written pages %s\n", "", v["written"] / n, v["changed"] / n, v["bytes"] / 4096 / NR, (tracked > 0 ? "tracked by the kernel" : "found by comparing every page")
    }' "$dir/stats"
}

run ()
{
  name=$1
  shift
  measure "$timeout" "$@"
  printf '%-14s %s\n%-14s %s; %s runs/s, %s us per run\n' "$name" "$summary" "" "$usage" "$rate" "$us"
  fibers_us=$us
  breakdown ""
  if [ -n "$compare" ]; then
    AUGUR_SNAPSHOT=compare
    export AUGUR_SNAPSHOT
    measure "$timeout" "$@"
    unset AUGUR_SNAPSHOT
    printf '%-14s every page compared (the old restore): %s; %s us per run\n' "" "$usage" "$us"
    breakdown " (compared)"
  fi
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
compare=
run "indexer(15)" "$indexer" 15
threads=16
compare=yes
run "lastzero(15)" "$lastzero" 15
