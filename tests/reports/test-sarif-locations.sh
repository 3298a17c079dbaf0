#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-sarif-locations.sh — the three SARIF writers name a source file in
# one way (common/sarif-log.h): `augur report --format sarif` (the
# findings), the same with a diagnosis (its fixes) and `augur diagnose
# --sarif`.  The program lives in a directory with a blank and a non-ASCII
# letter in its name, and so does its source file: every artifactLocation
# is the file's percent-escaped path relative to SRCROOT, which
# originalUriBaseIds maps to the escaped source directory, alike in the
# three logs; the verified repair is a fix (its diff names the file so
# that `patch` finds it); each log validates under the SARIF multitool
# when it is at hand (sarif-multitool.sh).
set -u
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/reports/sarif-multitool.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-sarif-locations.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT
src="$work/src dir é"
mkdir "$src" && cp "$top_srcdir/tests/diagnose/fig3.c" "$src/fig 3 ü.c" && cd "$src" || exit 1

run ()
{
  "$AUGUR_CC_BIN" -O0 -g -o fig3 "fig 3 ü.c" \
    && "$AUGUR" explore --no-progress -o r.json -- ./fig3 >/dev/null 2>&1
  [ -f r.json ] || return 1
  "$AUGUR" diagnose --no-progress --max-repairs 1 --sarif "$work/diagnose.sarif" r.json -- ./fig3 \
    >out.txt 2>&1
  [ $? -eq 1 ] || { cat out.txt; return 1; }
  "$AUGUR" report -f sarif -o "$work/report.sarif" r.json \
    && "$AUGUR" report -f sarif --diagnosis diagnosis.json -o "$work/fixes.sarif" r.json
}
ok "explore, diagnose and report a program under 'src dir é/fig 3 ü.c'" run

# names LOG: each distinct artifactLocation of LOG, "URI BASE-ID", and
# its SRCROOT
names ()
{
  json_path "$1" '$..artifactLocation' | sort -u
  json_path "$1" '$.runs[0].originalUriBaseIds.SRCROOT.uri'
}

# one_form LOG: the file is named one way, escaped, against SRCROOT, in
# the source directory
one_form ()
{
  names "$1"
  [ "$(json_path "$1" '$..artifactLocation.uri' | sort -u)" = 'fig%203%20%C3%BC.c' ] || return 1
  [ "$(json_path "$1" '$..artifactLocation.uri' | wc -l)" -gt 0 ] || return 1
  [ "$(json_path "$1" '$..artifactLocation.uriBaseId' | wc -l)" \
      -eq "$(json_path "$1" '$..artifactLocation.uri' | wc -l)" ] || return 1
  [ "$(json_path "$1" '$..artifactLocation.uriBaseId' | sort -u)" = SRCROOT ] || return 1
  base=$(json_path "$1" '$.runs[0].originalUriBaseIds.SRCROOT.uri')
  case $base in
    file:///*/src%20dir%20%C3%A9/) ;;
    *) return 1 ;;
  esac
}

for log in report fixes diagnose; do
  ok "$log.sarif names the source in one escaped form against SRCROOT" one_form "$work/$log.sarif"
done
ok "the three logs name it alike" sh -c '
  [ "$1" = "$2" ] && [ "$2" = "$3" ]' - "$(names "$work/report.sarif")" \
  "$(names "$work/fixes.sarif")" "$(names "$work/diagnose.sarif")"
ok "the repair was verified: a fix in diagnose.sarif and fixes.sarif" sh -c '
  grep -q "\"artifactChanges\"" "$1" && grep -q "\"artifactChanges\"" "$2"' - \
  "$work/diagnose.sarif" "$work/fixes.sarif"

for log in report fixes diagnose; do
  if sarif_tool_ready; then
    ok "$log.sarif validates with no error" valid "$work/$log.sarif"
  else
    skip "$log.sarif validates with no error" "$sarif_tool_why"
  fi
done
tap_done
