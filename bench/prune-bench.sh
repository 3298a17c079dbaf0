#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# prune-bench.sh AUGUR AUGUR-CC SRCDIR OUTDIR TIMEOUT NAME...
#
# Static pruning in the explorer (augur explore --static-facts): for each
# corpus program tests/programs/NAME/prog.c (arguments from its `args`
# file), the facts of `augur static`, then the explorer without and with
# them, in optimal mode and in preempt mode with --bound 1, each stopped
# after TIMEOUT seconds.  Prints executions, seconds and the findings (kind
# and lines) of both runs, and the findings the pruned run lost: "lost"
# must be 0 whenever both runs are complete.  Optimal mode explores the
# same traces either way (their number does not depend on invisible
# independent steps): there pruning buys shorter executions, not fewer.
# Then the predictor on one recorded run of each, without and with the
# facts (augur predict --static-facts): queries made, queries skipped,
# predictions, and the predictions the facts lost.
set -u
augur=$1 augur_cc=$2 srcdir=$3 out=$4 timeout=$5
shift 5
mkdir -p "$out"

findings () { sed -n '2,$p' "$1" | grep -v '^augur' | sed 's/: .*//' | sort -u; }
summary ()
{
  line=$(head -1 "$1")
  n=$(echo "$line" | sed -n 's/^\([0-9]*\) executions.*/\1/p')
  s=$(echo "$line" | sed -n 's/.* in \([0-9.]*\) s (.*/\1/p')
  c=$(echo "$line" | sed -n 's/.* s (\([^)]*\)).*/\1/p')
  case $c in complete|all*) c=complete ;; *timeout*) c=timeout ;; *) c=incomplete ;; esac
  printf '%8s %7s %-9s' "${n:-?}" "${s:-?}" "$c"
}

printf '%-18s %-8s %-5s | %8s %7s %-9s | %8s %7s %-9s | %5s | %s\n' program mode sites \
  execs secs state execs secs state lost findings
printf '%-18s %-8s %-5s | %-26s | %-26s |\n' "" "" "" "without facts" "with facts"
lost_total=0
for name in "$@"; do
  dir="$srcdir/tests/programs/$name"
  exe="$out/$name"
  args=""
  [ -f "$dir/args" ] && args=$(cat "$dir/args")
  ${SHELL:-sh} "$augur_cc" -O1 -g -o "$exe" "$dir/prog.c" 2>"$out/$name.cc.err" || { echo "$name: augur-cc failed"; continue; }
  (cd "$dir" && "$augur" static -o "$out/$name.facts.json" prog.c >"$out/$name.static.out" 2>&1) ||
    { echo "$name: augur static failed"; continue; }
  for mode in optimal preempt; do
    extra=""
    [ "$mode" = preempt ] && extra="--bound 1"
    # shellcheck disable=SC2086
    "$augur" explore --no-progress --mode $mode $extra --timeout "$timeout" -o "$out/$name.$mode.plain.json" \
      -- "$exe" $args >"$out/$name.$mode.plain" 2>"$out/$name.$mode.plain.err"
    # shellcheck disable=SC2086
    "$augur" explore --no-progress --mode $mode $extra --timeout "$timeout" \
      --static-facts "$out/$name.facts.json" -o "$out/$name.$mode.pruned.json" \
      -- "$exe" $args >"$out/$name.$mode.pruned" 2>"$out/$name.$mode.pruned.err"
    sites=$(sed -n 's/.*static facts: accesses at \([0-9]*\) source line.*/\1/p' "$out/$name.$mode.pruned.err")
    [ -n "$sites" ] || sites=0
    findings "$out/$name.$mode.plain" >"$out/$name.$mode.f1"
    findings "$out/$name.$mode.pruned" >"$out/$name.$mode.f2"
    lost=$(comm -23 "$out/$name.$mode.f1" "$out/$name.$mode.f2" | wc -l)
    lost_total=$((lost_total + lost))
    printf '%-18s %-8s %-5s | %s | %s | %5s | ' "$name${args:+($args)}" "$mode" "$sites" \
      "$(summary "$out/$name.$mode.plain")" "$(summary "$out/$name.$mode.pruned")" "$lost"
    if cmp -s "$out/$name.$mode.f1" "$out/$name.$mode.f2"; then
      echo "same: $(tr '\n' ';' <"$out/$name.$mode.f1" | sed 's/;$//; s/;/; /g')"
    else
      echo "without: $(tr '\n' ';' <"$out/$name.$mode.f1" | sed 's/;$//; s/;/; /g')" \
           " with: $(tr '\n' ';' <"$out/$name.$mode.f2" | sed 's/;$//; s/;/; /g')"
    fi
  done
done
echo "bugs lost: $lost_total"

echo
printf '%-18s | %7s %5s | %7s %7s %5s | %5s\n' program queries preds queries skipped preds lost
printf '%-18s | %-13s | %-21s |\n' "" "without facts" "with facts"
plost_total=0
for name in "$@"; do
  dir="$srcdir/tests/programs/$name"
  exe="$out/$name"
  [ -x "$exe" ] && [ -f "$out/$name.facts.json" ] || continue
  args=""
  [ -f "$dir/args" ] && args=$(cat "$dir/args")
  # shellcheck disable=SC2086
  "$augur" record -q -o "$out/$name.trace" -- "$exe" $args >/dev/null 2>&1
  "$augur" predict --stats -o "$out/$name.p1.json" "$out/$name.trace" >"$out/$name.p1" 2>"$out/$name.p1.err"
  "$augur" predict --stats --static-facts "$out/$name.facts.json" -o "$out/$name.p2.json" \
    "$out/$name.trace" >"$out/$name.p2" 2>"$out/$name.p2.err"
  q1=$(sed -n 's/.*; \([0-9]*\) queries,.*/\1/p' "$out/$name.p1.err")
  q2=$(sed -n 's/.*; \([0-9]*\) queries,.*/\1/p' "$out/$name.p2.err")
  sk=$(sed -n 's/.*static facts: \([0-9]*\) quer.*/\1/p' "$out/$name.p2.err")
  grep -v ' predictions\? (' "$out/$name.p1" | sort >"$out/$name.pf1"
  grep -v ' predictions\? (' "$out/$name.p2" | sort >"$out/$name.pf2"
  plost=$(comm -23 "$out/$name.pf1" "$out/$name.pf2" | wc -l)
  plost_total=$((plost_total + plost))
  printf '%-18s | %7s %5s | %7s %7s %5s | %5s\n' "$name${args:+($args)}" "${q1:-?}" \
    "$(wc -l <"$out/$name.pf1")" "${q2:-?}" "${sk:-0}" "$(wc -l <"$out/$name.pf2")" "$plost"
done
echo "predictions lost: $plost_total"
