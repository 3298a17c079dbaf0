#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# estimate-bench.sh — how close `augur explore --estimate` comes to the
# executions a full search runs, and what it costs: for each (program,
# mode) with a known count, the full search's executions and wall time,
# the estimate (mean of PROBES random probes from seed 0, the range over
# its 10 batches), estimate / true, and the probes' executions and wall
# time against the full search's (measured in the same run, one after
# the other).  Then the progress line of one long search (lastzero(15),
# --progress): at each line, the executions it says are left against the
# executions that were left (known once the search ends).
#
# An estimate is not a count (explorer/estimate.h); the ratios are the
# figures to compare, timing on a shared machine is noisy.
#
# Usage: estimate-bench.sh AUGUR INDEXER LASTZERO FSBENCH [TIMEOUT] [PROBES]
set -u
augur=$1
indexer=$2
lastzero=$3
fsbench=$4
timeout=${5:-300}
probes=${6:-1000}
dir=$(mktemp -d "${TMPDIR:-/tmp}/augur-estimate-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT

now () { date +%s.%N; }

printf '%-14s %-7s %9s %9s %7s %-19s %8s %8s %8s %8s\n' program mode executions estimate ratio \
  "batches" "full s" "est. s" "runs" "est.runs"
# point NAME MODE PROG ARG
point ()
{
  name=$1 mode=$2 prog=$3 arg=$4
  t0=$(now)
  "$augur" explore --no-progress --timeout "$timeout" -m "$mode" -o "$dir/r.json" -- "$prog" "$arg" \
    >"$dir/full" 2>&1
  t1=$(now)
  "$augur" explore --estimate --estimate-probes "$probes" --seed 0 -m "$mode" -- "$prog" "$arg" \
    >"$dir/est" 2>&1
  t2=$(now)
  n=$(sed -n 's/^\([0-9]*\) executions, \([0-9]*\) sleep-set blocked.*/\1/p' "$dir/full")
  runs=$(sed -n 's/^\([0-9]*\) executions, \([0-9]*\) sleep-set blocked.*/\1 \2/p' "$dir/full" \
    | awk '{ print $1 + $2 }')
  grep -q 'complete: every' "$dir/full" || n="$n(cut)"
  e=$(sed -n 's/^estimate: ~\([0-9.e+]*\) executions.*/\1/p' "$dir/est")
  range=$(sed -n 's/.* batches of them: \([0-9.e+]*\) to \([0-9.e+]*\);.*/\1-\2/p' "$dir/est")
  pr=$(sed -n 's/^estimate: the probes ran \([0-9]*\) executions.*/\1/p' "$dir/est")
  echo "$name $mode $n $e $range $t0 $t1 $t2 $runs $pr" | awk '{
    ratio = ($3 + 0 > 0) ? sprintf("%.2f", $4 / $3) : "-"
    printf "%-14s %-7s %9s %9s %7s %-19s %8.2f %8.2f %8s %8s\n", $1, $2, $3, $4, ratio, $5,
      $7 - $6, $8 - $7, $9, $10 }'
}

point "lastzero(10)" optimal "$lastzero" 10
point "lastzero(15)" optimal "$lastzero" 15
point "indexer(15)" optimal "$indexer" 15
point "indexer(16)" optimal "$indexer" 16
point "fsbench(18)" optimal "$fsbench" 18
point "lastzero(10)" dpor "$lastzero" 10
point "lastzero(12)" dpor "$lastzero" 12
point "indexer(14)" dpor "$indexer" 14
point "fsbench(16)" dpor "$fsbench" 16

# the progress line: what it says is left, against what was left
"$augur" explore --progress --timeout "$timeout" -o "$dir/r.json" -- "$lastzero" 15 \
  >"$dir/full" 2>"$dir/progress"
total=$(sed -n 's/^\([0-9]*\) executions,.*/\1/p' "$dir/full")
echo
echo "progress line, lastzero(15) optimal, $total executions: executions left it estimated / left"
tr '\r' '\n' <"$dir/progress" | sed -n 's/^augur explore: \([0-9]*\) executions.*estimate: ~\([0-9.e+]*\) executions left.*/\1 \2/p' \
  | awk -v total="$total" '{
      left = total - $1
      if (left > 0) printf "  at %3.0f%%: ~%s left of %d: %.2f\n", 100 * $1 / total, $2, left, $2 / left
    }'
