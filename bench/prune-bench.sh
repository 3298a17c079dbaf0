#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# prune-bench.sh AUGUR AUGUR-CC SRCDIR OUTDIR TIMEOUT [NAME...]
#
# Static pruning in the explorer (augur explore --static-facts): for each
# corpus program tests/programs/NAME/prog.c (all of them when no NAME is
# given; arguments from its `args` file), the facts of `augur static`,
# then the explorer without and with them, in optimal mode and in preempt
# mode (its default bound, 2), each stopped after TIMEOUT seconds.  Prints
# executions, seconds and the findings (kind and lines) of both runs, and
# the findings the pruned run lost: "lost" must be 0 whenever both runs are
# complete.
#
# What to expect:
#   - optimal (and dpor): the same number of executions either way.  Each
#     is one Mazurkiewicz trace, and a pruned access is one that conflicts
#     with no access of another thread unless a common lock or create/join
#     already orders the two, so it adds no trace; pruning buys shorter
#     executions, not fewer.
#   - preempt: a schedule is a choice of preemption points, and a pruned
#     access is no longer one, so thread-local and lock-protected data
#     stop multiplying the schedules.
# The summary counts the programs where the facts pruned something and both
# preempt runs completed, and how many of them ran at least 50% fewer
# schedules.
#
# Then the predictor on one recorded run of each, without and with the
# facts (augur predict --static-facts): queries made, queries skipped,
# predictions, and the predictions the facts lost.
set -u
augur=$1 augur_cc=$2 srcdir=$3 out=$4 timeout=$5
shift 5
mkdir -p "$out"
if [ $# -eq 0 ]; then
  for d in "$srcdir"/tests/programs/*/prog.c; do
    n=${d%/prog.c}
    set -- "$@" "${n##*/}"
  done
fi

findings () { sed -n '2,$p' "$1" | grep -v '^augur' | sed 's/: .*//' | sort -u; }
# executions seconds state of a run's first line
summary ()
{
  line=$(head -1 "$1")
  n=$(echo "$line" | sed -n 's/^\([0-9]*\) executions.*/\1/p')
  s=$(echo "$line" | sed -n 's/.* in \([0-9.]*\) s (.*/\1/p')
  c=$(echo "$line" | sed -n 's/.* s (\([^)]*\)).*/\1/p')
  case $c in complete*) c=complete ;; *budget*|*timeout*) c=timeout ;; *) c=incomplete ;; esac
  echo "${n:-?} ${s:-?} $c"
}

rows="$out/rows.tsv"
: >"$rows"
printf '%-22s %-8s %-5s | %8s %7s %-9s | %8s %7s %-9s | %5s | %s\n' program mode sites \
  execs secs state execs secs state lost findings
printf '%-22s %-8s %-5s | %-26s | %-26s |\n' "" "" "" "without facts" "with facts"
lost_total=0
for name in "$@"; do
  dir="$srcdir/tests/programs/$name"
  exe="$out/$name"
  args=""
  [ -f "$dir/args" ] && args=$(cat "$dir/args")
  ${SHELL:-sh} "$augur_cc" -O1 -g -o "$exe" "$dir/prog.c" 2>"$out/$name.cc.err" || { echo "$name: augur-cc failed"; continue; }
  (cd "$dir" && "$augur" static -o "$out/$name.facts.json" prog.c >"$out/$name.static.out" 2>&1)
  if grep -q 'no pruning' "$out/$name.static.out"; then
    echo "$name: no facts to prune with: $(grep -v 'no pruning' "$out/$name.static.out" | head -1)"
    continue
  fi
  for mode in optimal preempt; do
    # shellcheck disable=SC2086
    "$augur" explore --no-progress --mode $mode --timeout "$timeout" -o "$out/$name.$mode.plain.json" \
      -- "$exe" $args >"$out/$name.$mode.plain" 2>"$out/$name.$mode.plain.err"
    # shellcheck disable=SC2086
    "$augur" explore --no-progress --mode $mode --timeout "$timeout" \
      --static-facts "$out/$name.facts.json" -o "$out/$name.$mode.pruned.json" \
      -- "$exe" $args >"$out/$name.$mode.pruned" 2>"$out/$name.$mode.pruned.err"
    sites=$(sed -n 's/.*static facts: accesses at \([0-9]*\) source line.*/\1/p' "$out/$name.$mode.pruned.err")
    [ -n "$sites" ] || sites=0
    findings "$out/$name.$mode.plain" >"$out/$name.$mode.f1"
    findings "$out/$name.$mode.pruned" >"$out/$name.$mode.f2"
    s1=$(summary "$out/$name.$mode.plain")
    s2=$(summary "$out/$name.$mode.pruned")
    # a finding is lost only if the pruned run explored everything
    lost=0
    case $s2 in
      *complete) lost=$(comm -23 "$out/$name.$mode.f1" "$out/$name.$mode.f2" | wc -l) ;;
    esac
    lost_total=$((lost_total + lost))
    echo "$name $mode $sites $s1 $s2 $lost" >>"$rows"
    # shellcheck disable=SC2086
    printf '%-22s %-8s %-5s | %8s %7s %-9s | %8s %7s %-9s | %5s | ' "$name${args:+($args)}" "$mode" \
      "$sites" $s1 $s2 "$lost"
    if cmp -s "$out/$name.$mode.f1" "$out/$name.$mode.f2"; then
      echo "same: $(tr '\n' ';' <"$out/$name.$mode.f1" | sed 's/;$//; s/;/; /g')"
    else
      echo "without: $(tr '\n' ';' <"$out/$name.$mode.f1" | sed 's/;$//; s/;/; /g')" \
           " with: $(tr '\n' ';' <"$out/$name.$mode.f2" | sed 's/;$//; s/;/; /g')"
    fi
  done
done
echo "bugs lost: $lost_total"
# rows: name mode sites execs1 secs1 state1 execs2 secs2 state2 lost.
# The summary: programs with pruned sites whose runs both completed.
awk '$6 == "complete" && $9 == "complete" && $3 > 0 && $2 == "optimal" {
       n++; if ($4 == $7) same++; t1 += $5; t2 += $8 }
     END { if (n > 0) printf "optimal: %d programs with pruned sites, complete both ways: the same " \
             "executions on %d; %.2f s without facts, %.2f s with\n", n, same, t1, t2 }' "$rows"
awk '$6 == "complete" && $9 == "complete" && $3 > 0 && $2 == "preempt" && $4 > 0 {
       print 100 * (1 - $7 / $4), $4, $7 }' "$rows" | sort -n |
  awk '{ r[NR] = $1; p1 += $2; p2 += $3; if ($1 >= 50) half++ }
       END { if (NR == 0) exit
             med = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
             printf "preempt: %d programs with pruned sites, complete both ways: %d schedules " \
               "without facts, %d with (%.0f%% fewer); median %.0f%% fewer; %d of %d at least " \
               "50%% fewer\n", NR, p1, p2, 100 * (1 - p2 / p1), med, half + 0, NR }'

echo
printf '%-22s | %7s %5s | %7s %7s %5s | %5s\n' program queries preds queries skipped preds lost
printf '%-22s | %-13s | %-21s |\n' "" "without facts" "with facts"
plost_total=0
for name in "$@"; do
  dir="$srcdir/tests/programs/$name"
  exe="$out/$name"
  [ -x "$exe" ] && [ -f "$out/$name.facts.json" ] || continue
  grep -q 'no pruning' "$out/$name.static.out" && continue
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
  printf '%-22s | %7s %5s | %7s %7s %5s | %5s\n' "$name${args:+($args)}" "${q1:-?}" \
    "$(wc -l <"$out/$name.pf1")" "${q2:-?}" "${sk:-0}" "$(wc -l <"$out/$name.pf2")" "$plost"
done
echo "predictions lost: $plost_total"
