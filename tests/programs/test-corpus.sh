#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-corpus.sh — checks the corpus itself and the runtime on it: every
# program's `expected` file is well formed and each line it names carries the
# finding's [kind] marker in prog.c; every program (every fourth one in make
# check, all with CORPUS_ALL=1) builds with augur-cc and records under
# `augur record` into a trace that `augur trace show` reads back whole,
# including the ending.
set -u
. "$top_srcdir/tests/tap.sh"
corpus="$top_srcdir/tests/programs"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-corpus.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT

expected_consistent () {
  dir=$1
  [ -s "$dir/expected" ] || { echo "missing $dir/expected"; return 1; }
  # a clean program may still expect notes (never a false alarm): then its
  # markers are those of the notes
  lines=$(grep -cv '^\(#\|$\|clean$\)' "$dir/expected")
  while read -r kind locs; do
    case $kind in '#'*|'') continue ;; esac
    # an optional severity first: "warning lock-order-inversion prog.c:12 ..."
    case $kind in
      error|warning|note) kind=${locs%% *}; locs=${locs#"$kind"} ;;
    esac
    if [ "$kind" = clean ]; then
      [ "$lines" -eq 0 ] && grep -q '/\* \[' "$dir/prog.c" && { echo "clean, but prog.c has markers"; return 1; }
      continue
    fi
    for loc in $locs; do
      line=${loc#prog.c:}
      sed -n "${line}p" "$dir/prog.c" | grep -q "\[$kind\]" \
        || { echo "$loc has no [$kind] marker"; return 1; }
    done
  done < "$dir/expected"
}

records () {
  dir=$1 name=$2
  args=
  [ -f "$dir/args" ] && args=$(cat "$dir/args")
  # shellcheck disable=SC2086
  # a program that hangs natively (expected: a hang) is cut sooner
  limit=20
  grep -q '^\(error \)\{0,1\}hang ' "$dir/expected" && limit=3
  "$AUGUR" record --timeout "$limit" -o "$work/$name.trace" -- "$work/$name" $args \
    >"$work/$name.out" 2>"$work/$name.err" || { cat "$work/$name.err"; return 1; }
  "$AUGUR" trace show "$work/$name.trace" >"$work/$name.txt" || return 1
  grep -q 'thread_start' "$work/$name.txt" || { echo "no thread start in the trace"; return 1; }
  tail -n 1 "$work/$name.txt" | grep -q -E 'end|exit|signal|abort|timeout' \
    || { echo "no ending: $(tail -n 1 "$work/$name.txt")"; return 1; }
}

# make check builds and records every fourth program (make check-slow's
# check-concurrency builds and records them all, and CORPUS_ALL=1 here)
i=0
for dir in "$corpus"/*/; do
  dir=${dir%/}
  name=$(basename "$dir")
  ok "$name: expected file matches the markers" expected_consistent "$dir"
  i=$((i + 1))
  [ -n "${CORPUS_ALL:-}" ] || [ $((i % 4)) -eq 1 ] || continue
  ok "$name: builds with augur-cc" "$AUGUR_CC_BIN" -O1 -o "$work/$name" "$dir/prog.c"
  ok "$name: records and reads back" records "$dir" "$name"
done
tap_done
