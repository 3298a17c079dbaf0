#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-report-chromium.sh — opens the HTML report in headless Chromium (the
# Debian package chromium) and checks the DOM the browser built: the list of
# findings on the index, and on a finding page the SVG diagram, the
# timeline table, and the <script> of a source line shown as text, never run;
# and a finding page with its diagnosis (root cause, repairs as diffs).
# Screenshots of both pages are kept in tests/reports/screenshots/ of the
# build directory for a person (or CI) to look at.
#
# Skipped when chromium is not installed (apt-get install --no-install-recommends chromium).
set -u
. "$top_srcdir/tests/tap.sh"
data="$top_srcdir/tests/reports/data"
CHROMIUM=${CHROMIUM:-}
[ -n "$CHROMIUM" ] && [ "$CHROMIUM" != no ] || CHROMIUM=$(command -v chromium || true)
if [ -z "$CHROMIUM" ]; then
  skip "headless chromium checks of the HTML report" "chromium is not installed (apt-get install chromium)"
  tap_done
  exit
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/augur-report-chromium.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT
shots="$top_builddir/tests/reports/screenshots"
mkdir -p "$shots"

# A fresh profile, no network, no first-run or background activity.
browse ()
{
  profile="$work/profile-$1"
  shift
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --disable-dev-shm-usage --user-data-dir="$profile" --hide-scrollbars "$@" 2>"$work/chromium.log" ||
    { tail -5 "$work/chromium.log"; return 1; }
}
dump () { browse "${1##*/}" --dump-dom "file://$1" >"$2" && test -s "$2"; }
shot ()
{
  rm -f "$2"
  browse "${2##*/}" --window-size="$3" --screenshot="$2" "file://$1" >/dev/null
  # a PNG file, not empty
  test "$(head -c 8 "$2" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a
}
has () { grep -q -- "$2" "$1" || { echo "missing: $2"; return 1; }; }
lacks () { ! grep -qi -- "$2" "$1" || { echo "present: $2"; return 1; }; }
count_is () { n=$(grep -o -- "$2" "$1" | wc -l); test "$n" -eq "$3" || { echo "$2: $n, want $3"; return 1; }; }

ok "augur report writes the HTML report" "$AUGUR" report -o "$work/report" "$data/all.json"
index="$work/report/index.html"
race="$work/report/finding-2.html"

ok "chromium loads the index" dump "$index" "$work/index.dom"
ok "index: the list of findings" has "$work/index.dom" '<ol class="findings" id="findings">'
ok "index: four findings, each linked" count_is "$work/index.dom" '<a class="title" href="finding-[1-4].html">' 4
ok "index: the predictions table" has "$work/index.dom" '<table id="predictions">'
ok "index: the program name is text" has "$work/index.dom" 'demo &lt;b&gt;&amp;amp;&lt;/b&gt;'
ok "index: no element came from the program" lacks "$work/index.dom" '<b>'

ok "chromium loads a finding page" dump "$race" "$work/race.dom"
ok "finding: an inline SVG diagram" has "$work/race.dom" '<svg '
ok "finding: the diagram has a cluster per thread" count_is "$work/race.dom" 'class="cluster"' 3
ok "finding: the timeline table" has "$work/race.dom" '<table class="timeline" id="timeline">'
ok "finding: the bug's steps highlighted" count_is "$work/race.dom" '<tr class="bug">' 2
ok "finding: the <script> of the source is text" has "$work/race.dom" '&lt;script&gt;alert(1)&lt;/script&gt;'
ok "finding: no script element in the DOM" lacks "$work/race.dom" '<script'
ok "finding: the replay command" has "$work/race.dom" 'id="replay"'

ok "screenshot of the index" shot "$index" "$shots/index.png" 1280,1100
ok "screenshot of the data race page" shot "$race" "$shots/finding-data-race.png" 1280,2600
ok "screenshot of the deadlock page" shot "$work/report/finding-1.html" "$shots/finding-deadlock.png" 1280,2400

# a finding page with its diagnosis: the section, the patch's lines as
# text (its <script> never run), the root-cause edges in the SVG
ok "augur report with a diagnosis" "$AUGUR" report --diagnosis "$data/race-diagnosis.json" \
  -o "$work/diag" "$data/race.json"
ok "chromium loads the diagnosed page" dump "$work/diag/finding-1.html" "$work/diag.dom"
ok "diagnosis: the section" has "$work/diag.dom" '<section id="diagnosis">'
ok "diagnosis: the patch's added lines" count_is "$work/diag.dom" '<span class="diff-add">' 4
ok "diagnosis: the patch's <script> is text" has "$work/diag.dom" '/\* &lt;script&gt;alert(1)&lt;/script&gt; \*/'
ok "diagnosis: no script element in the DOM" lacks "$work/diag.dom" '<script'
ok "diagnosis: two root-cause edges in the diagram" count_is "$work/diag.dom" '>root cause</text>' 2
ok "screenshot of the diagnosed page" shot "$work/diag/finding-1.html" "$shots/finding-diagnosis.png" 1280,3400

tap_done
