#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# make-seeds.sh BUILDDIR — regenerates the seed corpora of tests/fuzz/corpus/
# from real runs: traces recorded from the tests/record programs (each as
# recorded, and cut after its last record as an unfinished trace, which is
# small), results, predictions and explorer files of `augur check` on
# corpus programs, their static facts, and RESULTS#N references to them.
# Run from the source tree after `make check` built the programs; commit
# the seeds it writes (they are small).
set -eu
build=$(cd "${1:?usage: make-seeds.sh BUILDDIR}" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
out="$src/tests/fuzz/corpus"
AUGUR="$build/augur"
export AUGUR_RTDIR="$build/runtime/.libs"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-seeds.XXXXXX")
trap 'rm -rf "$work"' EXIT

mkdir -p "$out/trace" "$out/results" "$out/static-facts" "$out/finding-ref"
for p in threads mutex cond sem rwlock barrier once spin c11 atomics malloc crash abort fork exit-thread; do
  "$AUGUR" record -q -o "$work/$p.trace" -- "$build/tests/record/$p" >/dev/null 2>&1 || true
  [ -s "$work/$p.trace" ] || continue
  # whole, when small
  [ "$(stat -c %s "$work/$p.trace")" -le 40960 ] && cp "$work/$p.trace" "$out/trace/$p"
  # unfinished and cut after its last record: flags 0, then trailing zeros dropped
  python3 - "$work/$p.trace" "$out/trace/$p-cut" <<'PY'
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
b[20:24] = b'\0\0\0\0'                      # flags: not COMPLETE
end = len(b)
while end > 4096 and b[end - 32:end] == bytes(32):
    end -= 32
open(sys.argv[2], 'wb').write(b[:end])
PY
done

for p in counterseq account lazy01; do
  "$build/augur-cc" -O0 -g -o "$work/$p" "$src/tests/programs/$p/prog.c"
  "$AUGUR" check -q --budget 30 -o "$work/$p-check" -- "$work/$p" >/dev/null 2>&1 || true
  for f in results predictions explore; do
    [ -s "$work/$p-check/$f.json" ] && cp "$work/$p-check/$f.json" "$out/results/$p-$f.json"
  done
  [ -s "$work/$p-check/static-facts.json" ] && cp "$work/$p-check/static-facts.json" "$out/static-facts/$p.json"
  if [ -s "$work/$p-check/results.json" ]; then
    { echo "$p-check/results.json#1"; cat "$work/$p-check/results.json"; } >"$out/finding-ref/$p-1"
    { echo "results.json#2"; cat "$work/$p-check/results.json"; } >"$out/finding-ref/$p-2"
  fi
done
for f in "$src"/tests/reports/data/*.json; do
  cp "$f" "$out/results/data-$(basename "$f")"
done
{ echo "race.json"; cat "$src/tests/reports/data/race.json"; } >"$out/finding-ref/race"
{ echo "all.json#4"; cat "$src/tests/reports/data/all.json"; } >"$out/finding-ref/all-4"
{ echo "all.json#4294967296"; cat "$src/tests/reports/data/all.json"; } >"$out/finding-ref/all-big"
ls -l "$out"/*
