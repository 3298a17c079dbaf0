#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Accesses of a clang -O1 build have source lines (common/symbolizer.c):
# clang gives an instrumentation call it moved out of a loop line 0, and
# the finding then said "at prog.c:0".  The symbolizer takes the nearest
# line before it in the function instead.  counterseq's lost update is
# checked: every access of every finding and part has a line.
. "$top_srcdir/tests/tap.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-clang-lines.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

lines ()
{
  AUGUR_CC=clang "$AUGUR_CC_BIN" -O1 -g -o "$tmp/prog" "$top_srcdir/tests/programs/counterseq/prog.c" \
    || return 1
  "$AUGUR" check --budget 20 -o "$tmp/r" -- "$tmp/prog" >"$tmp/out" 2>&1
  [ $? -eq 1 ] || { cat "$tmp/out"; return 1; }
  # an access without a line has no "line" member: count both
  json_path "$tmp/r/results.json" '$.findings[*].accesses[*]' >"$tmp/acc"
  json_path "$tmp/r/results.json" '$.findings[*].parts[*].accesses[*]' >>"$tmp/acc"
  json_path "$tmp/r/results.json" '$.findings[*].accesses[*].line' >"$tmp/lines"
  json_path "$tmp/r/results.json" '$.findings[*].parts[*].accesses[*].line' >>"$tmp/lines"
  echo "$(wc -l <"$tmp/acc") accesses, lines: $(tr '\n' ' ' <"$tmp/lines")"
  [ -s "$tmp/lines" ] && [ "$(wc -l <"$tmp/acc")" -eq "$(wc -l <"$tmp/lines")" ] \
    && ! grep -qvx '[1-9][0-9]*' "$tmp/lines"
}

if command -v clang >/dev/null 2>&1; then
  ok "clang -O1: every access of counterseq's findings has a line" lines
else
  skip "clang -O1: every access of counterseq's findings has a line" "clang not installed"
fi
tap_done
