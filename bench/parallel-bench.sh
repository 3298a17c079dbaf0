#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# parallel-bench.sh — augur explore --jobs N against --jobs 1:
# for lastzero(15), indexer(16) and fsbench(18), in optimal mode, the
# executions, the wall time of each and the speedup over one server, and
# whether the counts are the serial ones (they must be: the search is the
# serial one, explorer/explore-pool.h).  Also, from the parallel runs, how
# many executions the servers ran ahead of the search, how many of those
# were never asked for, and how long the search waited for the servers:
# the search's own time (its analysis) is what the speedup cannot go past.
# Target: >= 1.8x with 2 servers on a quiet 2-core machine.
#
# With AUGUR_MPIRUN set (make bench-parallel sets it when augur was built
# with MPI): mpirun -np 3 --oversubscribe augur explore --mpi (rank 0 the
# search and its own server, ranks 1 and 2 a server each) against
# --jobs 1 on lastzero(12) and indexer(15), the speedup counting mpirun's
# start-up (wall time) and not (the summary's search time).
#
# Usage: parallel-bench.sh AUGUR INDEXER LASTZERO FSBENCH [TIMEOUT] [JOBS...]
# (JOBS default: 2, and the number of processors if more)
set -u
augur=$1
indexer=$2
lastzero=$3
fsbench=$4
timeout=${5:-900}
shift 4
[ $# -gt 0 ] && shift
jobs="$*"
if [ -z "$jobs" ]; then
  n=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
  jobs=2
  [ "$n" -gt 2 ] && jobs="2 $n"
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/augur-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT

# measure JOBS PROG ARGS...: sets execs (the counts), wall (s), note
# timed CMD...: runs an exploration; its wall time, counts, the summary's
# time (search) and the servers' note
timed ()
{
  start=$(date +%s.%N)
  "$@" >"$dir/out" 2>"$dir/err"
  end=$(date +%s.%N)
  wall=$(echo "$start $end" | awk '{ printf "%.2f", $2 - $1 }')
  execs=$(sed -n '1s/^\([0-9]*\) executions, \([0-9]*\) sleep-set blocked, \([0-9]*\) infeasible, \([0-9]*\) diverged.*(\(.*\)); .*/\1 executions, \2 blocked, \3 infeasible, \4 diverged (\5)/p' "$dir/out")
  search=$(sed -n '1s/.* in \([0-9.]*\) s .*/\1/p' "$dir/out")
  note=$(sed -n 's/^augur explore: [0-9]* execution servers: //p' "$dir/err")
}

# measure JOBS PROG ARGS...: augur explore --jobs JOBS
measure ()
{
  j=$1
  shift
  timed "$augur" explore --no-progress --jobs "$j" --timeout "$timeout" -o "$dir/r.json" -- "$@"
}

bench ()
{
  name=$1
  shift
  measure 1 "$@"
  serial=$wall
  serial_execs=$execs
  printf '%-14s --jobs 1: %s in %s s\n' "$name" "$execs" "$wall"
  for j in $jobs; do
    measure "$j" "$@"
    same=yes
    [ "$execs" = "$serial_execs" ] || same="NO ($execs)"
    speedup=$(echo "$serial $wall" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else print "-" }')
    printf '%-14s --jobs %s: %s s, speedup %sx, same counts: %s\n' "" "$j" "$wall" "$speedup" "$same"
    printf '%-14s   %s\n' "" "$note"
    # the model (doc/design.md, "Parallel exploration"): per execution,
    # the search's own time a (the parallel run's wall time less the time
    # it spent getting its executions), a run r (the serial time per execution less a), and the
    # share m of executions that could not be run ahead (each a run the
    # search waits for); with servers enough for the rest, the speedup
    # tends to (a + r) / (a + m r)
    n=${serial_execs%% *}
    ahead=$(echo "$note" | sed -n 's/^\([0-9]*\) of the executions.*/\1/p')
    waited=$(echo "$note" | sed -n 's/.*the search spent \([0-9.]*\) s getting.*/\1/p')
    echo "$n ${ahead:-0} ${waited:-0} $wall $serial" | awk -v pad="" '{
      n = $1; if (n == 0) exit;
      a = ($4 - $3) / n; t = $5 / n; r = t - a; m = 1 - $2 / n;
      if (r < 0) r = 0;
      printf "%-14s   model: search %.0f us, run %.0f us per execution, %.0f%% not run ahead: at most %.1fx with many servers\n", pad, a * 1e6, r * 1e6, m * 100, ((a + m * r) > 0 ? (a + r) / (a + m * r) : 0) }'
  done
}

echo "augur explore --jobs, optimal mode ($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') processors online)"
bench "lastzero(15)" "$lastzero" 15
bench "indexer(16)" "$indexer" 16
bench "fsbench(18)" "$fsbench" 18

[ -n "${AUGUR_MPIRUN:-}" ] || exit 0
# mpirun as root needs these (a no-op otherwise)
OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM

# measure_mpi NP PROG ARGS...: as measure, under mpirun -np NP
measure_mpi ()
{
  np=$1
  shift
  timed "$AUGUR_MPIRUN" -np "$np" --oversubscribe "$augur" explore --mpi --no-progress \
    --timeout "$timeout" -o "$dir/r.json" -- "$@"
}

bench_mpi ()
{
  name=$1
  shift
  measure 1 "$@"
  serial=$wall
  serial_execs=$execs
  serial_search=$search
  printf '%-14s --jobs 1: %s in %s s (search %s s)\n' "$name" "$execs" "$wall" "$serial_search"
  measure_mpi 3 "$@"
  same=yes
  [ "$execs" = "$serial_execs" ] || same="NO ($execs)"
  speedup=$(echo "$serial $wall" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else print "-" }')
  sspeedup=$(echo "$serial_search ${search:-0}" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else print "-" }')
  printf '%-14s mpirun -np 3: %s s, speedup %sx (search %s s: %sx), same counts: %s\n' "" \
    "$wall" "$speedup" "${search:-?}" "$sspeedup" "$same"
  printf '%-14s   %s\n' "" "$note"
}

echo "mpirun -np 3 --oversubscribe augur explore --mpi, optimal mode"
bench_mpi "lastzero(12)" "$lastzero" 12
bench_mpi "indexer(15)" "$indexer" 15
