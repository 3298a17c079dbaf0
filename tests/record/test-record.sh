#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-record.sh — the runtime records every primitive family correctly.
#
# Each case is a program of tests/record/ (built with augur-cc by
# Makefile-record.am), recorded with `augur record` and printed with
# `augur trace show`; the output must equal tests/record/CASE.expected.
# The programs force their event order (joins, semaphores, and the
# record-util.h waits), so the whole trace is compared line by line; the
# barrier case is compared thread by thread, since two threads leaving a
# barrier are not ordered (see barrier.c).  With clang available, every
# program is also built with AUGUR_CC=clang and must record, end the same
# way and show the same synchronisation events in each thread.
#
# AUGUR_RECORD_REGENERATE=1 rewrites the golden files from this run
# instead of comparing: read them before committing.
set -u
. "$top_srcdir/tests/tap.sh"
src="$top_srcdir/tests/record"
bin="$top_builddir/tests/record"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-record-test.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT

# name program argument comparison
cases="
threads threads - trace
mutex mutex - trace
rwlock rwlock - trace
cond cond - trace
barrier barrier - per-thread
sem sem - trace
spin spin - trace
once once - trace
c11 c11 - trace
atomics atomics - trace
malloc malloc - trace
mem mem - trace
crash crash - trace
abort abort - trace
abort-assert abort assert trace
exit-thread exit-thread - trace
fork fork - trace
robust robust - trace
"

# record OUT PROG ARG: the shown trace of one run in OUT.
record ()
{
  out=$1
  prog=$2
  arg=$3
  if [ "$arg" = - ]; then
    "$AUGUR" record -o "$out.trace" -- "$prog" >"$out.stdout" 2>"$out.stderr" || return 1
  else
    "$AUGUR" record -o "$out.trace" -- "$prog" "$arg" >"$out.stdout" 2>"$out.stderr" || return 1
  fi
  "$AUGUR" trace show "$out.trace" >"$out" || return 1
}

# The lines of each thread, threads in order, each thread's lines in trace
# order.  A line's thread is the first field that names one (T<n>).
per_thread ()
{
  awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^T[0-9]+$/) { t = substr ($i, 2); break }
         printf "%08d %08d %s\n", t, NR, $0 }' "$1" | sort | cut -d' ' -f3-
}

# Only the synchronisation and ending events: what must not depend on the
# compiler's instrumentation.
sync_only ()
{
  per_thread "$1" \
    | awk '$2 ~ /^(thread_|mutex_|rwlock_|cond_|barrier_|sem_|spin_)/ || $2 == "once" || $2 == "end"' \
    | sed -E 's/ [^ ]*\.[ch]:[0-9]+.*//'
}

compare ()
{
  name=$1
  mode=$2
  expected="$src/$name.expected"
  if [ "${AUGUR_RECORD_REGENERATE:-0}" = 1 ]; then
    cp "$work/$name" "$expected"
    return 0
  fi
  if [ "$mode" = per-thread ]; then
    per_thread "$expected" >"$work/$name.want"
    per_thread "$work/$name" >"$work/$name.got"
    diff -u "$work/$name.want" "$work/$name.got"
  else
    diff -u "$expected" "$work/$name"
  fi
}

# (loops read a here-document, not a pipe: a pipe would run them in a
# subshell and lose the TAP counters)
while read -r name prog arg mode; do
  [ -n "$name" ] || continue
  ok "$name: records" record "$work/$name" "$bin/$prog" "$arg"
  ok "$name: trace as expected" compare "$name" "$mode"
done <<EOF_CASES
$cases
EOF_CASES

same_sync ()
{
  sync_only "$src/$1.expected" >"$work/$1.sync-want"
  sync_only "$work/clang-$1" >"$work/$1.sync-got"
  diff -u "$work/$1.sync-want" "$work/$1.sync-got"
}

if [ -n "${CLANG:-}" ] && [ "$CLANG" != no ]; then
  mkdir "$work/clang"
  while read -r name prog arg mode; do
    [ -n "$name" ] || continue
    if [ ! -x "$work/clang/$prog" ]; then
      ok "clang: $prog builds" env AUGUR_CC="$CLANG" "$AUGUR_CC_BIN" -D_GNU_SOURCE -O1 -g \
        -o "$work/clang/$prog" "$src/$prog.c"
    fi
    ok "clang: $name records" record "$work/clang-$name" "$work/clang/$prog" "$arg"
    ok "clang: $name has the same synchronisation and ending" same_sync "$name"
  done <<EOF_CASES
$cases
EOF_CASES
else
  skip "clang builds and records" "clang not found"
fi

tap_done
