#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-fuzz-corpus.sh — every seed of tests/fuzz/corpus/T/ and every crash
# file found by `make fuzz` in tests/fuzz/crashes/T/ goes through the
# normal build of reader T (tests/fuzz/replay-T): none may crash, hang or
# reach a GLib critical.
set -u
. "$top_srcdir/tests/tap.sh"
for t in trace results static-facts finding-ref; do
  dirs="$top_srcdir/tests/fuzz/corpus/$t"
  [ -d "$top_srcdir/tests/fuzz/crashes/$t" ] && dirs="$dirs $top_srcdir/tests/fuzz/crashes/$t"
  n=$(ls $dirs 2>/dev/null | grep -vc '^\(/\|$\)')
  # shellcheck disable=SC2086
  ok "fuzz $t: $n seeds and crash files replay through the normal build" \
    timeout 300 "$top_builddir/tests/fuzz/replay-$t" $dirs
done
tap_done
