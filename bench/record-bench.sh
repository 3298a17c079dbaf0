#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# record-bench.sh — what recording costs: runs the workload built normally
# (PLAIN) and built with augur-cc (AUGURED), the latter both without
# recording and recording into a trace, RUNS times each, and prints the
# median wall times, the slowdown ratios and the trace size.  With FLOOR
# (bench/record-floor), also what writing a trace of that size costs on
# this machine with no program at all, in the same directory and run.
#
# AUGUR (the augur program) counts the trace's events; without it they are
# estimated from the file size.  HELPER (bench/explore-bench) adds to each
# line the peak resident memory of one more run.
#
# Usage: record-bench.sh PLAIN AUGURED [RUNS [FLOOR [AUGUR [HELPER]]]]
set -eu
plain=$1
augured=$2
runs=${3:-9}
floor=${4:-}
augur=${5:-}
helper=${6:-}
dir=$(mktemp -d "${TMPDIR:-/tmp}/augur-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT

now_ns () { date +%s%N; }

# time_runs MODE PROG: one wall time in microseconds per line
time_runs ()
{
  mode=$1
  prog=$2
  i=0
  while [ "$i" -lt "$runs" ]; do
    rm -f "$dir/bench.trace"
    t0=$(now_ns)
    if [ "$mode" = record ]; then
      AUGUR_TRACE="$dir/bench.trace" "$prog" >/dev/null
    else
      "$prog" >/dev/null
    fi
    t1=$(now_ns)
    echo $(((t1 - t0) / 1000))
    i=$((i + 1))
  done
}

median () { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# peak MODE PROG: ", peak N MiB" of one run, or nothing without HELPER
peak ()
{
  [ -n "$helper" ] || return 0
  rm -f "$dir/bench.trace"
  if [ "$1" = record ]; then
    AUGUR_TRACE="$dir/bench.trace" "$helper" "$2" >"$dir/peak"
  else
    "$helper" "$2" >"$dir/peak"
  fi
  sed -n 's/.*peak memory \([0-9.]*\) MiB.*/, peak \1 MiB/p' "$dir/peak"
}

# one run of each first: page cache, dynamic linker caches
"$plain" >/dev/null
"$augured" >/dev/null

p=$(time_runs plain "$plain" | median)
q=$(time_runs plain "$augured" | median)
r=$(time_runs record "$augured" | median)
size=$(wc -c <"$dir/bench.trace")
cp "$dir/bench.trace" "$dir/kept.trace"
pp=$(peak plain "$plain")
pq=$(peak plain "$augured")
pr=$(peak record "$augured")
mv "$dir/kept.trace" "$dir/bench.trace"
if [ -n "$augur" ]; then
  # "5 threads, 1,575,036 events, ended: ..."
  records=$("$augur" trace show --summary "$dir/bench.trace" | sed -n 's/^[0-9,]* threads*, \([0-9,]*\) events.*/\1/p' | tr -d ,)
else
  records=$(( (size - 4096) / 12 ))   # a rough guess: packed records of ~12 bytes
fi

echo "record bench: $runs runs each, median wall time"
echo "  gcc, not instrumented:        $p us$pp"
echo "  augur-cc, not recording:      $q us  (x$(echo "$q $p" | awk '{ printf "%.2f", $1 / $2 }'))$pq"
echo "  augur-cc, recording:          $r us  (x$(echo "$r $p" | awk '{ printf "%.2f", $1 / $2 }'))$pr"
echo "  trace: $size bytes, $records events ($(echo "$r $p $records" | awk '{ printf "%.0f", ($1 - $2) * 1000 / $3 }') ns per event)"
if [ -n "$floor" ]; then
  f=$("$floor" "$dir" "$size" 5)
  echo "  floor: writing $size bytes as the runtime does (a 16 KiB staging chunk, pwrite per chunk), one thread, no program: $f us"
  echo "         plain + floor = x$(echo "$p $f" | awk '{ printf "%.2f", ($1 + $2) / $1 }') of plain; recording above plain + floor: $(echo "$r $p $f $records" | awk '{ printf "%.0f", ($1 - $2 - $3) * 1000 / $4 }') ns per event"
fi
