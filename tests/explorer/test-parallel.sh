#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur explore --jobs N: the search is the serial one, its executions run
# ahead on N servers (explorer/explore-pool.h), so with --jobs 2 and 3 a
# program's summary (executions, sleep-set blocked, infeasible, diverged,
# guarantee, findings) and its results file (timing aside) must be those
# of --jobs 1, in optimal and dpor modes.  A branch lost or run twice
# changes the counts; a result taken for the wrong execution, or a page
# copied back wrong, changes the counts or the findings.  And the servers
# must have run executions ahead, or the comparison proves nothing.
#
# make check: the corpus programs of tests/explorer (the exact-count ones
# at small sizes) and a few finding kinds; PARALLEL_SLOW=1 (make
# check-slow): every program of tests/explorer with 1 and 2 servers (dpor
# mode on every second one), the counts of test-explore.sh's larger sizes
# with 1, 2 and 3, both modes.
. "$top_srcdir/tests/tap.sh"

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-parallel.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

# run JOBS MODE PROG ARGS...: explore; the summary without its time in
# $tmp/sum.JOBS, the findings lines in $tmp/find.JOBS, the results file
# without its timing fields in $tmp/json.JOBS, the servers' note in
# $tmp/note.JOBS
run ()
{
  j=$1 m=$2
  shift 2
  # shellcheck disable=SC2086
  "$AUGUR" explore --no-progress --fail-on=note --mode "$m" --jobs "$j" $XOPTS -o "$tmp/out.json" \
    -- "$@" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/status.$j"
  sed -n '1s/ in [0-9.]* s / in S s /p' "$tmp/out" >"$tmp/sum.$j"
  sed -n '2,$p' "$tmp/out" >"$tmp/find.$j"
  grep -v '"started"\|"duration_ms"' "$tmp/out.json" >"$tmp/json.$j" 2>/dev/null
  grep 'execution servers' "$tmp/err" >"$tmp/note.$j"
}

# agrees JOBS: what --jobs JOBS gave is what --jobs 1 gave
agrees ()
{
  cat "$tmp/note.$1"
  for f in status sum find json; do
    if ! cmp -s "$tmp/$f.1" "$tmp/$f.$1"; then
      echo "--jobs $1: $f differs from --jobs 1:"
      diff "$tmp/$f.1" "$tmp/$f.$1" | head -20
      return 1
    fi
  done
}

# same MODE PROG ARGS...: jobs 2 and 3 (JOBS) give what jobs 1 gives
same ()
{
  run 1 "$@"
  cat "$tmp/sum.1"
  grep -q ' executions, ' "$tmp/sum.1" || return 1
  n=$(sed 's/ executions.*//' "$tmp/sum.1")
  # a search of more than a few executions must have had some run ahead
  # with one of the server counts (in a small one the search may take
  # every guess before a server starts it); on a loaded machine the
  # servers' threads may not be given a core in time, so runs with none
  # ahead are done again, up to four times each
  ahead_any=0
  for j in ${JOBS:-2 3}; do
    for try in 1 2 3 4; do
      run $j "$@"
      agrees $j || return 1
      ahead=$(sed -n 's/.*: \([0-9]*\) of the executions were run ahead.*/\1/p' "$tmp/note.$j")
      [ "${ahead:-0}" -gt 0 ] && ahead_any=1
      [ "$n" -lt "${AHEAD_FROM:-50}" ] || [ "$ahead_any" -eq 1 ] && break
      echo "--jobs $j ran nothing ahead (try $try of 4)"
    done
  done
  [ "$n" -lt "${AHEAD_FROM:-50}" ] || [ "$ahead_any" -eq 1 ]
}

# the servers need one address layout (personality): without it
# --jobs runs on one server, and there is nothing to compare
if ! setarch -R true 2>/dev/null; then
  echo "1..0 # SKIP programs cannot be started without address randomisation here"
  exit 0
fi

for m in optimal dpor; do
  ok "$m: indexer(13) the same with 1, 2, 3 servers" same $m "$B/corpus-indexer" 13
  ok "$m: lastzero(6) the same with 1, 2, 3 servers" same $m "$B/corpus-lastzero" 6
  ok "$m: fsbench(16) the same with 1, 2, 3 servers" same $m "$B/corpus-fsbench" 16
done
# the rest of the corpus, a few finding kinds: 1 and 2 servers
corpus="database philosophers bounded_buffer"
quick="assert deadlock server_fork"
[ -n "$PARALLEL_SLOW" ] && corpus="$corpus philosophers_ok bounded_buffer_ok"
JOBS=2
for p in $corpus; do
  args=$(cat "$top_srcdir/tests/programs/$p/args" 2>/dev/null)
  # shellcheck disable=SC2086
  ok "optimal: $p the same with 1, 2 servers" same optimal "$B/corpus-$p" $args
done
for p in $quick; do
  ok "optimal: $p the same with 1, 2 servers" same optimal "$B/$p"
done
JOBS=

if [ -n "$PARALLEL_SLOW" ]; then
  for m in optimal dpor; do
    ok "$m: indexer(15) the same with 1, 2, 3 servers" same $m "$B/corpus-indexer" 15
    ok "$m: lastzero(10) the same with 1, 2, 3 servers" same $m "$B/corpus-lastzero" 10
    ok "$m: fsbench(18) the same with 1, 2, 3 servers" same $m "$B/corpus-fsbench" 18
  done
  ok "optimal: lastzero(15) the same with 1, 2, 3 servers" same optimal "$B/corpus-lastzero" 15
  i=0
  for p in $(cd "$top_srcdir/tests/explorer" && ls ./*.c | sed 's|^\./||; s|\.c$||'); do
    [ -x "$B/$p" ] || continue
    case " $quick " in *" $p "*) continue ;; esac
    # spin_write needs a step bound to end, sleeper sleeps;
    # budget_after_failure's search needs its --timeout to end,
    # hang_then_assert its watchdog (10 s a kill), and nondet_bug's
    # counts change from run to run by design; pool_busy_late's search
    # does not end in minutes (test-pct.sh samples it), nor does the
    # livelock spin_toggle_locked_hang's (its loops hand the lock to each
    # other for ever, each run a fair one cut by the step bound;
    # test-spin-toggle.sh gives it a --timeout)
    case $p in sleeper|confirm_*|own_deadlock|test-*) continue ;; esac
    case $p in budget_after_failure|hang_then_assert|nondet_bug|pool_busy_late) continue ;; esac
    case $p in spin_toggle_locked_hang) continue ;; esac
    # small searches (tens of executions, a few milliseconds) may end
    # before a loaded machine gives the servers' threads a core: only the
    # counts and findings are compared there, run-ahead from 1,000 on
    XOPTS="--max-steps 2000"
    AHEAD_FROM=1000
    # three servers are compared on the larger searches above; here two
    # (a third run of every program took a quarter of .ci/run's time),
    # optimal mode on every program, dpor on every second one
    JOBS=2
    i=$((i + 1))
    modes=optimal
    [ $((i % 2)) -eq 1 ] && modes="optimal dpor"
    for m in $modes; do
      ok "$m: $p the same with 1, 2 servers" same $m "$B/$p"
    done
    JOBS=
    XOPTS=
    AHEAD_FROM=
  done
fi

tap_done
