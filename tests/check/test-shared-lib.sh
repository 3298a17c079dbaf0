#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A library built by augur-cc as a shared object (libtool's default):
# the explorer names the lines of its code (counter.c:7), where it named
# them "?:0" and "pc1:116c" (the execution server now describes each
# shared object it meets on its page, runtime/rt-module.c).
. "$top_srcdir/tests/tap.sh"

S="$top_srcdir/tests/check/sharedlib"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-shared-lib.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

build ()
{
  "$AUGUR_CC_BIN" -O0 -g -fPIC -shared -o "$tmp/libcounter.so" "$S/counter.c" &&
    "$AUGUR_CC_BIN" -O0 -g -o "$tmp/prog" "$S/main.c" -L"$tmp" -lcounter -lpthread \
      -Wl,-rpath,"$tmp"
}
ok "a program and its shared library built by augur-cc" build

explored ()
{
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/e.json" -- "$tmp/prog" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q '^data-race counter.c:7 counter.c:7: ' "$tmp/out" \
    && ! grep -q '?:0\|pc1:' "$tmp/out"
}
ok "explore names the race's lines in the shared library" explored

checked ()
{
  "$AUGUR" check --budget 30 -o "$tmp/r" -- "$tmp/prog" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q 'counter.c:7' "$tmp/out" && ! grep -q '?:0\|pc1:' "$tmp/out"
}
ok "check names them too" checked

tap_done
