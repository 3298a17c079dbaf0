#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur explore --estimate on real programs: with a fixed seed, the
# estimate of the executions is within 3x of the count the full search
# runs (measured here: the full search runs too), in optimal and dpor
# modes, and the probes run far fewer executions than the full search
# (a tenth of its runs at most on lastzero(12) and indexer(14) in dpor
# mode, a fifth on dpor lastzero(10)); it is labelled an estimate; the same
# seed gives the same estimate; the time is projected at a short
# search's speed; a mode it cannot estimate is a usage error.  And the progress line of a search that runs long enough to show
# it (--progress, after a second) carries an estimate of what is left.
. "$top_srcdir/tests/tap.sh"

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-estimate.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

# within MODE PROG ARG MAX-SHARE: the estimate within 3x of the full
# search's executions, and the probes' executions at most MAX-SHARE of
# the full search's runs
within ()
{
  mode=$1 prog=$2 arg=$3 share=$4
  "$AUGUR" explore --no-progress -m "$mode" -o "$tmp/r.json" -- "$B/corpus-$prog" "$arg" >"$tmp/full" 2>&1
  cat "$tmp/full"
  "$AUGUR" explore --estimate --seed 0 --estimate-probes 200 -m "$mode" -- "$B/corpus-$prog" "$arg" \
    >"$tmp/est" 2>"$tmp/err"
  st=$?
  cat "$tmp/est" "$tmp/err"
  [ "$st" -eq 0 ] || return 1
  n=$(sed -n 's/^\([0-9]*\) executions, \([0-9]*\) sleep-set blocked.*/\1/p' "$tmp/full")
  runs=$(sed -n 's/^\([0-9]*\) executions, \([0-9]*\) sleep-set blocked.*/\1 \2/p' "$tmp/full" \
    | awk '{ print $1 + $2 }')
  e=$(sed -n 's/^estimate: ~\([0-9]*\) executions or more (mean of [0-9]* random probes.*/\1/p' "$tmp/est")
  probes=$(sed -n 's/^estimate: the probes ran \([0-9]*\) executions.*/\1/p' "$tmp/est")
  [ -n "$n" ] && [ -n "$e" ] && [ -n "$probes" ] || return 1
  echo "true $n, estimate $e, probes ran $probes of the full search's $runs runs"
  awk -v n="$n" -v e="$e" -v p="$probes" -v r="$runs" -v s="$share" \
    'BEGIN { exit !(e * 3 >= n && e <= 3 * n && p <= s * r) }' || return 1
  # never presented as a count
  grep -q 'an estimate, not a count' "$tmp/err"
}

ok "optimal: lastzero(12) estimated within 3x, probes a tenth of the search" within optimal lastzero 12 0.1
ok "optimal: indexer(15) estimated within 3x" within optimal indexer 15 1
ok "dpor: lastzero(10) estimated within 3x, probes a fifth of the search" within dpor lastzero 10 0.2
ok "dpor: indexer(14) estimated within 3x, probes a tenth of the search" within dpor indexer 14 0.1

same_seed ()
{
  "$AUGUR" explore --estimate --seed 3 --estimate-probes 50 -- "$B/corpus-lastzero" 8 2>/dev/null \
    | head -1 >"$tmp/a"
  "$AUGUR" explore --estimate --seed 3 --estimate-probes 50 -- "$B/corpus-lastzero" 8 2>/dev/null \
    | head -1 >"$tmp/b"
  cat "$tmp/a"
  grep -q '^estimate: ~[0-9]* executions or more (mean of 25 random probes from seed 3, after 25' "$tmp/a" \
    && cmp "$tmp/a" "$tmp/b"
}
ok "the same seed gives the same estimate" same_seed

# The time is projected at the search's own speed, from a short search;
# one that ends while it is timed gives the exact count (lastzero(6): 144).
# The short search has at least 0.2 s: on a loaded machine the execution
# server may not start in that time, so it is tried up to three times.
timed_search ()
{
  for try in 1 2 3; do
    "$AUGUR" explore --estimate --seed 0 --estimate-probes 20 -- "$B/corpus-lastzero" 6 >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    [ "$st" -eq 0 ] || return 1
    grep -q '^estimate: the optimal search, timed for its speed, ran to its end: exactly 144 executions$' \
      "$tmp/out" && break
    echo "the short search did not end (try $try of 3)"
    [ $try -eq 3 ] && return 1
  done
  "$AUGUR" explore --estimate --seed 0 --estimate-probes 20 -- "$B/corpus-lastzero" 14 >"$tmp/out" 2>&1
  cat "$tmp/out"
  grep -q '^estimate: a full optimal search would take ~[0-9.]* s or more at the [0-9]* runs/s a short search ran' \
    "$tmp/out"
}
ok "the search's time is projected at its own speed; a search that ends gives the count" timed_search

pct_refused ()
{
  "$AUGUR" explore --estimate -m pct -- "$B/corpus-lastzero" 3 >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 2 ] && grep -q 'optimal and dpor searches only' "$tmp/out"
}
ok "--estimate of a pct search is a usage error" pct_refused

# The progress line shows after a second only: lastzero(13) (about
# 70,000 executions) runs for several seconds here.
progress_line ()
{
  "$AUGUR" explore --progress -o "$tmp/r.json" -- "$B/corpus-lastzero" 13 >"$tmp/out" 2>"$tmp/err"
  cat "$tmp/out"
  tr '\r' '\n' <"$tmp/err" | grep -v '^$' | tail -3
  secs=$(sed -n 's/.* in \([0-9.]*\) s .*/\1/p' "$tmp/out")
  if awk -v s="$secs" 'BEGIN { exit !(s < 1.5) }'; then
    echo "ran in $secs s: too fast for a progress line; nothing to check"
    return 0
  fi
  tr '\r' '\n' <"$tmp/err" | grep -q 'executions (.*/s), .*, estimate: ~[0-9.e+]* executions left (~[0-9]* s)'
}
ok "the progress line estimates what is left" progress_line

tap_done
