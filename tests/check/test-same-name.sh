#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Two source files of one name (app/util.c, lib/util.c, each compiled in
# a directory of its own, as a build in subdirectories does): messages
# name them by as many directories as tell them apart
# (common/source-label.h), the assertion's __FILE__ included, and
# results.json holds their full paths.  An HTML report written again from
# the results file names them the same way.
. "$top_srcdir/tests/tap.sh"

S="$top_srcdir/tests/check/samename"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-same-name.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

build ()
{
  mkdir -p "$tmp/src/app" "$tmp/src/lib" &&
    cp "$S/app/util.c" "$tmp/src/app/" && cp "$S/lib/util.c" "$tmp/src/lib/" &&
    # app/util.c from its own directory ("util.c"), lib/util.c from the
    # top ("lib/util.c"): the debug info names them both ways
    (cd "$tmp/src/app" && "$AUGUR_CC_BIN" -O0 -g -c util.c -o util.o) &&
    (cd "$tmp/src" && "$AUGUR_CC_BIN" -O0 -g -c lib/util.c -o lib/util.o &&
       "$AUGUR_CC_BIN" -O0 -g -o prog app/util.o lib/util.o -lpthread)
}
ok "a program with two util.c builds" build

check ()
{
  "$AUGUR" check --budget 30 -o "$tmp/r" -- "$tmp/src/prog" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  e=$(json_path "$tmp/r/results.json" '$.findings[0].explanation')
  echo "$e"
  echo "$e" | grep -q "at app/util.c:24 fails because of a lost update of \`hits\` at lib/util.c:8 and lib/util.c:9\.$"
}
ok "the lost update is at lib/util.c, the assertion at app/util.c" check

full_paths ()
{
  json_path "$tmp/r/results.json" '$..file' | sort -u >"$tmp/files"
  cat "$tmp/files"
  grep -qx "$tmp/src/lib/util.c" "$tmp/files" && grep -qx "$tmp/src/app/util.c" "$tmp/files" \
    && [ "$(wc -l <"$tmp/files")" -eq 2 ]
}
ok "results.json has the two full paths and no bare util.c" full_paths

report_again ()
{
  "$AUGUR" report -o "$tmp/html" "$tmp/r/results.json" >"$tmp/rep.out" 2>&1 || { cat "$tmp/rep.out"; return 1; }
  grep -rq "lib/util.c:9" "$tmp/html" && ! grep -rqE "[^/b]util\.c:9" "$tmp/html"
}
ok "a report written from results.json says lib/util.c" report_again

# replay_every RESULTS: RESULTS has findings, and augur replay reproduces
# each (a note seen, not made to happen, has no schedule: exit 3)
replay_every ()
{
  n=$(json_path "$1" '$.findings[*].kind' | wc -l)
  [ "$n" -ge 1 ] || return 1
  i=1
  while [ "$i" -le "$n" ]; do
    "$AUGUR" replay "$1#$i" >"$tmp/rp" 2>&1
    st=$?
    cat "$tmp/rp"
    [ "$st" -eq 1 ] && grep -q "^reproduced: " "$tmp/rp" || [ "$st" -eq 3 ] || return 1
    i=$((i + 1))
  done
}
ok "augur replay reproduces every finding of the two-util.c program" replay_every "$tmp/r/results.json"
explored_replay ()
{
  "$AUGUR" explore --no-progress --timeout 30 -o "$tmp/e.json" -- "$tmp/src/prog" >"$tmp/out" 2>&1
  [ $? -eq 1 ] || { cat "$tmp/out"; return 1; }
  cat "$tmp/out"
  replay_every "$tmp/e.json"
}
ok "... and every finding augur explore made of it" explored_replay
# a finding in one of two box.h, the other never run: labelled "box.h"
# from the results file, "a/box.h" from the debug info; replay compares
# whole names
box_replay ()
{
  "$AUGUR_CC_BIN" -O0 -g -I"$S/inc" -o "$tmp/twobox" "$S/twobox.c" || return 1
  "$AUGUR" explore --no-progress --timeout 30 -o "$tmp/b.json" -- "$tmp/twobox" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^data-race .*box.h:6" "$tmp/out" || return 1
  "$AUGUR" replay "$tmp/b.json#1" >"$tmp/rp" 2>&1
  st=$?
  cat "$tmp/rp"
  [ "$st" -eq 1 ] && grep -q "^reproduced: data-race" "$tmp/rp"
}
ok "a race in one of two box.h replays, whatever each label says" box_replay

tap_done
