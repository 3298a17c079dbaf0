#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# predict-bench.sh AUGUR WORKLOAD ROUNDS POOL TASKS... — records the
# predictor's workloads and times `augur predict --stats` on each trace:
#   - WORKLOAD ROUNDS: the synthetic shape (4 threads, 3 shared variables,
#     ~10^6 events with ROUNDS=8320);
#   - POOL TASKS: the realistic shape, once per TASKS (a thread pool of 8
#     workers and main on a hash table of 2,048 buckets under 256 locks,
#     256 futures: ~57 events a task, 20000 -> ~10^6, 200000 -> ~10^7).
# One line per trace: events, candidates, source patterns, Z3 checks (and
# how many of them the unconditional orders decided without Z3), wall
# time, peak RSS and the time of each stage (model, candidates, solve,
# findings).  Targets: 10^7 events in 60 s and 4 GiB.
set -eu
augur=$1
workload=$2
rounds=$3
pool=$4
shift 4
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-predict-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# run NAME: augur predict on $work/NAME.trace, one summary line
run ()
{
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$work/rss" \
      "$augur" predict --stats -o "$work/$1.json" "$work/$1.trace" >"$work/out" 2>"$work/err"
  else
    "$augur" predict --stats -o "$work/$1.json" "$work/$1.trace" >"$work/out" 2>"$work/err"
    echo 0 >"$work/rss"
  fi
  end=$(date +%s.%N)
  predictions=$(tail -n 1 "$work/out")
  awk -v name="$1" -v s="$start" -v e="$end" -v rss="$(tail -n 1 "$work/rss")" \
      -v pred="$predictions" '
    /^augur predict: [0-9]+ events/ {
      events = $3; model = $11; queries = $13; checks = $15; solve = $18
      orders = $(NF - 6) }
    /^augur predict: [0-9]+ candidates/ {
      cands = $3; patterns = $6; candt = $9; dedup = $13; bounded = $15; left = $20 }
    /findings [0-9.]+ s$/ { findings = $(NF - 1) }
    END {
      printf "bench-predict: %s: %s events, %s candidates in %s source patterns (%s deduplicated, %s past the bound, %s left), %s queries, %s Z3 checks (%s decided by the orders alone); %.2f s, peak RSS %.0f MiB; model %s s, candidates %s s, solve %s s, findings %s s; %s\n",
        name, events, cands, patterns, dedup, bounded, left, queries, checks, orders, e - s, rss / 1024,
        model, candt, solve, findings, pred
    }' "$work/err"
}

"$augur" record -o "$work/synthetic.trace" -- "$workload" "$rounds" >/dev/null
run synthetic
for tasks in "$@"; do
  "$augur" record -o "$work/pool-$tasks.trace" -- "$pool" "$tasks" >/dev/null
  run "pool-$tasks"
  rm -f "$work/pool-$tasks.trace"
done
echo "bench-predict: targets: 10^7 events (pool-200000) in 60 s and 4 GiB"
