#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# span-bench.sh — the DPOR analysis of one execution as its races span
# more steps (bench/span-workload.c at N = 4,000, 16,000 and 64,000):
# executions, the analysis time per execution (AUGUR_EXPLORE_STATS) and
# that time per 1,000 steps of the execution.  Linear analysis keeps the
# last figure flat as N grows; the wakeup-tree insertion that copied what
# was left of a sequence at every level of the tree made it grow with N
# (lbzip2 -d: 255 ms of analysis per execution).
#
# Usage: span-bench.sh AUGUR WORKLOAD [N...]
set -u
augur=$1
workload=$2
shift 2
[ $# -gt 0 ] || set -- 4000 16000 64000
dir=$(mktemp -d "${TMPDIR:-/tmp}/augur-span.XXXXXX")
trap 'rm -rf "$dir"' EXIT

printf '%-8s %10s %12s %16s %20s\n' N executions steps "analysis ms/exec" "us per 1,000 steps"
for n in "$@"; do
  rm -f "$dir/stats"
  if ! AUGUR_EXPLORE_STATS="$dir/stats" "$augur" explore --no-progress --timeout 300 \
      -o "$dir/r.json" -- "$workload" "$n" >"$dir/out" 2>&1 || [ ! -s "$dir/stats" ]; then
    # exit 1 is expected (the race is a finding); no figures is not
    [ -s "$dir/stats" ] || { echo "span-bench: augur explore failed at N=$n:"; cat "$dir/out"; exit 1; }
  fi
  # the steps of one execution: 3 threads' creation and join, N writes
  # and a read for two of them, a write for the third
  steps=$((2 * n + 9))
  awk -v n="$n" -v steps="$steps" '{
    for (i = 1; i < NF; i += 2) v[$i] = $(i + 1)
    e = v["executions"]; a = v["analysis_ns"] / e / 1e6
    printf "%-8d %10d %12d %16.2f %20.1f\n", n, e, steps, a, a * 1e6 / steps
  }' "$dir/stats"
done
