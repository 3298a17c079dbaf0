#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# predict-bench.sh AUGUR WORKLOAD ROUNDS POOL JOBS SIZES... — records the
# predictor's workloads and times `augur predict --stats --time-limit 60`
# on each trace:
#   - WORKLOAD ROUNDS: the synthetic shape (4 threads, 3 shared variables,
#     ~10^6 events with ROUNDS=8320);
#   - POOL SIZE: a thread pool of 8 workers and main on a hash table of
#     2,048 buckets under 256 locks, 256 futures (~57 events a task:
#     20000 -> ~10^6, 200000 -> ~10^7), every shared word under its lock;
#   - JOBS SIZE: a thread pool whose jobs carry their own data (allocated,
#     filled and freed by main, read and written by the workers without a
#     lock), 256 completion slots, 64 hot counters (~50 events a job:
#     20000 -> ~10^6, 200000 -> ~10^7, and 10^6 shared locations).
# One line per trace: events, threads, shared locations, locks and
# condition variables; candidates, source patterns, queries asked, Z3
# checks (how many the unconditional orders decided without Z3) and
# instances left at the deadline; wall time, peak RSS; the time of each
# stage and its share of the 60 s limit against the share it may take
# (model at most 1/2 of the limit, candidates 1/4 of what is left).
# Targets: 10^7 events in 60 s and 4 GiB.
set -eu
augur=$1
workload=$2
rounds=$3
pool=$4
jobs=$5
shift 5
limit=60
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-predict-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# run NAME: augur predict on $work/NAME.trace, one summary line
run ()
{
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$work/rss" \
      "$augur" predict --stats --time-limit "$limit" -o "$work/$1.json" "$work/$1.trace" >"$work/out" 2>"$work/err"
  else
    "$augur" predict --stats --time-limit "$limit" -o "$work/$1.json" "$work/$1.trace" >"$work/out" 2>"$work/err"
    echo 0 >"$work/rss"
  fi
  end=$(date +%s.%N)
  predictions=$(tail -n 1 "$work/out")
  awk -v name="$1" -v s="$start" -v e="$end" -v rss="$(tail -n 1 "$work/rss")" \
      -v pred="$predictions" -v limit="$limit" '
    /^augur predict: [0-9]+ events/ {
      events = $3; threads = $5; shared = $7; model = $11; queries = $13; checks = $15
      solve = $18; orders = $(NF - 6) }
    /^augur predict: [0-9]+ candidates/ {
      cands = $3; patterns = $6; candt = $9; dedup = $13; bounded = $15; left = $20 }
    /findings [0-9.]+ s$/ { findings = $(NF - 1) }
    /^augur predict: [0-9]+ locks/ { locks = $3; conds = $5 }
    END {
      wall = e - s
      cshare = limit - model > 0 ? candt / (limit - model) : 1
      ok = (model <= limit / 2 && cshare <= 0.25) ? "honoured" : "NOT honoured"
      printf "bench-predict: %s: %s events, %s threads, %s shared locations, %s locks, %s condition variables; %s candidates in %s source patterns (%s deduplicated, %s past the bound, %s left); %s queries asked, %s Z3 checks (%s decided by the orders alone); %.2f s, peak RSS %.0f MiB; model %s s (%.1f%% of the %s s limit, share 50%%), candidates %s s (%.1f%% of what was left, share 25%%), solve %s s, findings %s s: shares %s; %s\n",
        name, events, threads, shared, locks, conds, cands, patterns, dedup, bounded, left,
        queries, checks, orders, wall, rss / 1024, model, 100 * model / limit, limit, candt,
        100 * cshare, solve, findings, ok, pred
    }' "$work/err"
}

"$augur" record -o "$work/synthetic.trace" -- "$workload" "$rounds" >/dev/null
run synthetic
rm -f "$work/synthetic.trace"
for size in "$@"; do
  for shape in pool jobs; do
    if [ "$shape" = pool ]; then prog=$pool; else prog=$jobs; fi
    "$augur" record -o "$work/$shape-$size.trace" -- "$prog" "$size" >/dev/null
    run "$shape-$size"
    rm -f "$work/$shape-$size.trace"
  done
done
echo "bench-predict: targets: 10^7 events (pool-200000, jobs-200000) in 60 s and 4 GiB"
