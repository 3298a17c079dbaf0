#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur explore --static-facts (doc/design.md, "Static analysis"): on prune.c (lock-protected and
# thread-local data, one real race), accesses at lines in no candidate pair
# are not scheduling points.  Optimal mode explores the same traces (their
# number does not depend on invisible independent steps) in fewer steps;
# preempt mode, whose schedules are counted in scheduling points, runs
# fewer; the race is found either way and replays with the same facts.
# Facts that cannot prune (frama-c missing: the sound fallback) change
# nothing.  Skipped without Frama-C and augur's plug-in.
set -u
. "$top_srcdir/tests/tap.sh"

prog="$top_builddir/tests/explorer/prune"
src="$top_srcdir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-prune.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

frama_c=${AUGUR_FRAMA_C:-frama-c}
if ! command -v "$frama_c" >/dev/null 2>&1; then
  skip "static pruning" "frama-c not found"
  tap_done
  exit $?
elif [ ! -f "${AUGUR_STATIC_PLUGIN:-}" ]; then
  skip "static pruning" "augur's Frama-C plug-in was not built"
  tap_done
  exit $?
fi

race='data-race prune.c:23 prune.c:23'

facts () { (cd "$src" && "$AUGUR" static -o "$tmp/facts.json" prune.c >/dev/null); }
ok "augur static gives prune.c's facts" facts

# explore NAME [OPTION...]: out in $tmp/NAME.out, stderr in $tmp/NAME.err,
# total steps of all executions in $tmp/NAME.steps
explore ()
{
  name=$1
  shift
  G_MESSAGES_DEBUG=augur-explorer "$AUGUR" explore --no-progress -o "$tmp/$name.json" "$@" \
    -- "$prog" >"$tmp/$name.out" 2>"$tmp/$name.err"
  st=$?
  head -1 "$tmp/$name.out"
  sed -n 's/.* run [0-9]*: prefix .* n \([0-9]*\) diverged_at .*/\1/p' "$tmp/$name.err" \
    | awk '{ s += $1 } END { print s + 0 }' >"$tmp/$name.steps"
  [ "$st" -eq 1 ]
}
execs () { json_path "$tmp/$1.json" '$.executions'; }
steps () { cat "$tmp/$1.steps"; }

found () { explore "$@" && results_findings "$tmp/$1.json" | grep -q "^$race"; }
ok "optimal, no facts: the race is found" found plain
ok "optimal, facts: the race is still found" found pruned --static-facts "$tmp/facts.json"
ok "optimal, facts: the explorer says which sites it pruned" \
  grep -q 'static facts: accesses at [1-9][0-9]* source lines* ([1-9][0-9]* PC range' "$tmp/pruned.err"
same_execs () { echo "$(execs "$1") = $(execs "$2")"; [ "$(execs "$1")" = "$(execs "$2")" ]; }
fewer_steps () { echo "$(steps "$1") < $(steps "$2")"; [ "$(steps "$1")" -lt "$(steps "$2")" ]; }
ok "optimal, facts: the same traces" same_execs pruned plain
ok "optimal, facts: fewer steps" fewer_steps pruned plain

fewer_execs () { echo "$(execs "$1") < $(execs "$2")"; [ "$(execs "$1")" -lt "$(execs "$2")" ]; }
ok "preempt 1, no facts: the race is found" found pplain --mode preempt --bound 1
ok "preempt 1, facts: the race is still found" found ppruned --mode preempt --bound 1 --static-facts "$tmp/facts.json"
ok "preempt 1, facts: fewer schedules" fewer_execs ppruned pplain

replays ()
{
  "$AUGUR" replay --static-facts "$tmp/facts.json" "$tmp/pruned.json#1" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: $race" "$tmp/replay"
}
ok "a schedule found with facts replays with them" replays

# augur check writes DIR/static-facts.json beside DIR/results.json: replay
# without --static-facts tries those facts first
beside ()
{
  mkdir -p "$tmp/chk" && cp "$tmp/facts.json" "$tmp/chk/static-facts.json" &&
    cp "$tmp/pruned.json" "$tmp/chk/results.json" || return 1
  "$AUGUR" replay "$tmp/chk/results.json#1" >"$tmp/replay2" 2>&1
  st=$?
  cat "$tmp/replay2"
  [ "$st" -eq 1 ] && grep -q "^reproduced: $race" "$tmp/replay2" &&
    grep -q 'run with the static facts next to' "$tmp/replay2"
}
ok "replay finds augur check's facts beside the results" beside

# the sound fallback (frama-c missing) cannot prune: nothing changes
AUGUR_FRAMA_C=/nonexistent/frama-c "$AUGUR" static -o "$tmp/fallback.json" "$src/prune.c" >/dev/null 2>&1
ok "fallback facts: the race is found" found fb --static-facts "$tmp/fallback.json"
ok "fallback facts: nothing pruned, said so" grep -q 'incomplete: nothing was pruned' "$tmp/fb.err"
same_steps () { echo "$(steps "$1") = $(steps "$2")"; [ "$(steps "$1")" = "$(steps "$2")" ]; }
ok "fallback facts: the same steps as without facts" same_steps fb plain

# a run longer than the step bound: without facts the search cannot go on
# and says what would help; --max-steps above the page is refused; with
# the facts the buffers' accesses are no steps and the search completes
long="$top_builddir/tests/explorer/long_local"
long_cut ()
{
  "$AUGUR" explore --no-progress -o "$tmp/long.json" -- "$long" >"$tmp/long.out" 2>&1
  st=$?
  cat "$tmp/long.out"
  [ "$st" -eq 6 ] && grep -q 'hit the step bound' "$tmp/long.out" &&
    grep -q "augur static --program $long -o facts.json" "$tmp/long.out"
}
ok "a run past the step bound: incomplete, and the note names the static facts" long_cut
long_max ()
{
  "$AUGUR" explore --no-progress --max-steps 300000 -o "$tmp/longm.json" -- "$long" \
    >"$tmp/longm.out" 2>&1
  st=$?
  cat "$tmp/longm.out"
  [ "$st" -eq 2 ] && grep -q 'max-steps is at most 262144' "$tmp/longm.out"
}
ok "--max-steps above the scheduler's page is a usage error, not cut silently" long_max
long_facts ()
{
  "$AUGUR" static --program "$long" -o "$tmp/longf.json" >/dev/null 2>&1 || return 1
  "$AUGUR" explore --no-progress --static-facts "$tmp/longf.json" -o "$tmp/longp.json" \
    -- "$long" >"$tmp/longp.out" 2>&1
  st=$?
  cat "$tmp/longp.out"
  [ "$st" -eq 0 ] && grep -q '^2 executions, .*(complete' "$tmp/longp.out"
}
ok "with the facts of augur static --program the long run completes" long_facts

# the facts rule out races, not uses of freed memory: a pruned access to a
# freed block is a step all the same, and the explorer finds the use
uaf="$top_builddir/tests/explorer/uaf_pruned"
uaf_found ()
{
  "$AUGUR" static --program "$uaf" -o "$tmp/uaf.json" >/dev/null 2>&1 || return 1
  "$AUGUR" explore --no-progress --static-facts "$tmp/uaf.json" -o "$tmp/uaf-$1.json" \
    -- "$uaf" "$1" >"$tmp/uaf-$1.out" 2>&1
  st=$?
  cat "$tmp/uaf-$1.out"
  [ "$st" -eq 1 ] && grep -q 'static facts: accesses at [1-9]' "$tmp/uaf-$1.out" &&
    results_findings "$tmp/uaf-$1.json" | grep -q "^misuse:use-after-free uaf_pruned.c:$2 uaf_pruned.c:$3"
}
ok "facts: a write after free with no step since the allocation is found" uaf_found late 33 23
ok "facts: a read after a joined worker freed the block is found" uaf_found handoff 51 63

# a spin lock's `expected = 0` is pruned (a write to the thread's own
# stack, in memory at -O0): the waiting loop is still recognised, the
# livelock a hang
cas="$tmp/cas_abba"
cas_hang ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$cas" "$src/cas_abba.c" || return 1
  "$AUGUR" static --program "$cas" -o "$tmp/cas.json" >/dev/null 2>&1 || return 1
  "$AUGUR" explore --no-progress --timeout 60 --static-facts "$tmp/cas.json" -o "$tmp/cas-r.json" \
    -- "$cas" >"$tmp/cas.out" 2>&1
  st=$?
  cat "$tmp/cas.out"
  [ "$st" -eq 1 ] && grep -q 'static facts: accesses at [1-9]' "$tmp/cas.out" \
    && [ "$(json_path "$tmp/cas-r.json" '$.analysis.complete')" = true ] \
    && results_findings "$tmp/cas-r.json" | grep -q "^hang cas_abba.c:21 cas_abba.c:21"
}
ok "facts: a CAS spin's pruned reset of its expected value still lets the livelock be a hang" cas_hang

ok "a facts file that is not one is bad input (3)" \
  sh -c "'$AUGUR' explore --static-facts '$src/prune.c' -o '$tmp/x.json' -- '$prog' >/dev/null 2>&1; test \$? -eq 3"

tap_done
