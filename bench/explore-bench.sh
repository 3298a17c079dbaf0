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
# server running it (the program, the scheduler), putting its memory back
# (rt-snapshot.c) and at its end of the command pipe (AUGUR_SERVER_STATS);
# in the search's thread at its end of the pipe, in the DPOR analysis and
# next step and in the findings (AUGUR_EXPLORE_STATS); and the rest (the
# fork server, augur's other threads), from the CPU time of all the
# processes.  For
# lastzero(15) also the restore of the old way, every page compared
# (AUGUR_SNAPSHOT=compare), in the same run.
#
# Then the same exploration the old way, each execution a forked process
# with real threads (AUGUR_FIBERS=0, at most FORKED_TIMEOUT seconds), the
# time per run of both and their ratio, measured in the same run; and the
# floor of the forked way: what fork + creating and joining as many
# threads costs on this machine (FLOOR, bench/fork-floor.c).
#
# Last, memory as the search grows: lastzero(18)'s search (it does not
# end in a bench's time) cut at MEMORY_TIMEOUT / 3 and at MEMORY_TIMEOUT
# seconds, the same search each time (depth first, deterministic), so the
# first run is the start of the second: at each, the executions, augur's
# own peak memory and the wakeup trees' nodes (live at the end, and held
# in their slabs, which is what the trees held at most: AUGUR_EXPLORE_STATS).
# The trees are what an optimal search's memory grows with (a node is
# freed back to its slab once its branch is taken); lastzero(18)'s tree
# at one node alone holds ~590,000 nodes.
#
# Usage: explore-bench.sh AUGUR HELPER INDEXER LASTZERO [TIMEOUT] [FLOOR] [FORKED_TIMEOUT] [MEMORY_TIMEOUT]
set -u
augur=$1
helper=$2
indexer=$3
lastzero=$4
timeout=${5:-600}
floor=${6:-}
forked_timeout=${7:-60}
memory_timeout=${8:-90}
dir=$(mktemp -d "${TMPDIR:-/tmp}/augur-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT

# measure TIMEOUT ARGS...: sets summary, usage, wall, cpu, runs, rate, us
# (per run), and the server's figures in $dir/stats
measure ()
{
  t=$1
  shift
  rm -f "$dir/stats" "$dir/search"
  AUGUR_SERVER_STATS="$dir/stats" AUGUR_EXPLORE_STATS="$dir/search" \
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

# breakdown LABEL: the CPU time per execution, from the last measure: the
# server's (the program and the scheduler, the restore, its end of the
# pipe) and the search's thread's (its end of the pipe, the DPOR analysis
# and next step, the findings), the rest (fork server, augur's other
# threads, the clocks themselves) by difference from the total
breakdown ()
{
  [ -s "$dir/stats" ] || return 0
  touch "$dir/search"
  awk -v cpu="$cpu" -v label="$1" '
    FNR == 1 { file++ }
    file == 1 { for (i = 1; i < NF; i += 2) v[$i] += $(i + 1); tracked = $NF; regions++ }
    file == 2 { for (i = 1; i < NF; i += 2) a[$i] += $(i + 1) }
    END {
      n = v["executions"]
      if (n == 0) exit
      run = v["run_ns"] / n / 1000; res = v["restore_ns"] / n / 1000; sipc = v["ipc_ns"] / n / 1000
      total = cpu * 1e6 / n
      rest = total - run - res - sipc
      search = ""
      if (a["executions"] > 0) {
        m = a["executions"]
        aipc = a["ipc_ns"] / m / 1000; an = a["analysis_ns"] / m / 1000; nx = a["next_ns"] / m / 1000
        fi = a["findings_ns"] / m / 1000; th = a["thread_ns"] / m / 1000
        search = sprintf (" + search %.1f (pipe %.1f, DPOR analysis %.1f and next step %.1f, findings %.1f, other %.1f)", th, aipc, an, nx, fi, th - aipc - an - nx - fi)
        rest -= th
      }
      printf "%-14s CPU per execution%s: %.1f us = server %.1f (program and scheduler %.1f, restore %.1f, pipe %.1f)%s + the rest %.1f\n", "", label, total, run + res + sipc, run, res, sipc, search, rest
      printf "%-14s restore: %.1f pages looked at, %.1f put back per execution (of %.0f); written pages %s\n", "", v["written"] / n, v["changed"] / n, v["bytes"] / 4096 / regions, (tracked > 0 ? "tracked by the kernel" : "found by comparing every page")
    }' "$dir/stats" "$dir/search"
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

# memory_point TIMEOUT: lastzero(18) for TIMEOUT s, one line of its memory;
# sets runs and own (MiB) for the growth line
memory_point ()
{
  measure "$1" "$lastzero" 18
  own=$(echo "$usage" | sed -n 's/.*, own \([0-9.]*\) MiB.*/\1/p')
  touch "$dir/search"
  awk -v runs="$runs" -v own="${own:--}" -v t="$1" '
    { for (i = 1; i < NF; i += 2) v[$i] = $(i + 1) }
    END {
      printf "%-14s after %s s: %s executions, augur'"'"'s own peak %s MiB; wakeup trees %d nodes live, %d held (%.1f MiB)\n", "", t, runs, own, v["wakeup_nodes_live"], v["wakeup_nodes_held"], v["wakeup_nodes_held"] * v["wakeup_node_bytes"] / 1048576
    }' "$dir/search"
}

echo "lastzero(18)   memory as one search grows (cut at $((memory_timeout / 3)) s and at $memory_timeout s):"
memory_point $((memory_timeout / 3))
runs1=$runs
own1=$own
memory_point "$memory_timeout"
if [ -n "$own1" ] && [ -n "$own" ] && [ "$runs" -gt "$runs1" ] 2>/dev/null; then
  echo "$own1 $own $runs1 $runs" | awk '{ printf "%-14s augur'"'"'s own memory: %.1f KiB more per 1,000 executions between the two\n", "", ($2 - $1) * 1024 / (($4 - $3) / 1000) }'
fi
