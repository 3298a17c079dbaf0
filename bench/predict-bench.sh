#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# predict-bench.sh AUGUR WORKLOAD ROUNDS — records the predictor's workload
# (4 threads, ~10^6 events with ROUNDS=8320) and times `augur predict` on
# the trace: the total wall time and the median time per query.
set -eu
augur=$1
workload=$2
rounds=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-predict-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

"$augur" record -o "$work/w.trace" -- "$workload" "$rounds" >/dev/null
start=$(date +%s.%N)
"$augur" predict --stats -o "$work/w.json" "$work/w.trace" >"$work/out" 2>"$work/err"
end=$(date +%s.%N)
echo "bench-predict: $(tail -n 1 "$work/out")"
sed 's/^augur predict: /bench-predict: /' "$work/err"
awk -v s="$start" -v e="$end" 'BEGIN { printf "bench-predict: augur predict took %.2f s in all (target: 60 s)\n", e - s }'
