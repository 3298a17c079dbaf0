#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-report-cli.sh — `augur report`: the three formats, where they write,
# and the exit statuses (2 usage, 3 bad or missing results file, 5 cannot
# write the report).
set -u
. "$top_srcdir/tests/tap.sh"
data="$top_srcdir/tests/reports/data"
golden="$top_srcdir/tests/reports/golden"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-report-cli.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT

status_is () { want=$1; shift; "$@" >/dev/null 2>&1; test $? -eq "$want"; }
same () { cmp "$1" "$2" || { diff -u "$1" "$2" | head -40; return 1; }; }

# json: the results, schema augur-results/1, exactly as the golden file
ok "json to stdout equals the golden results" sh -c "'$AUGUR' report --format json '$data/race.json' >'$work/race.json' && cmp '$work/race.json' '$golden/race.json'"
ok "json -o FILE equals the golden results" sh -c "'$AUGUR' report -f json -o '$work/dl.json' '$data/deadlock.json' && cmp '$work/dl.json' '$golden/deadlock.json'"
ok "json of several findings comes out sorted" sh -c "'$AUGUR' report --format json '$data/all.json' | cmp - '$golden/all.json'"

# sarif
ok "sarif -o FILE" "$AUGUR" report --format sarif -o "$work/all.sarif" "$data/all.json"
ok "sarif names version 2.1.0 and the source root" sh -c "grep -q '\"version\" : \"2.1.0\"' '$work/all.sarif' && grep -q '\"SRCROOT\"' '$work/all.sarif'"
ok "sarif has one result per finding" test "$(grep -c '"ruleIndex"' "$work/all.sarif")" -eq 4
# What is not a regular file is written in place, never renamed over: a
# rename onto /dev/null (-o /dev/null, as root) replaces the device.  A
# FIFO stands in for the device.
fifo_written ()
{
  mkfifo "$work/fifo" || return 1
  timeout 20 cat "$work/fifo" > "$work/fifo.out" &
  reader=$!
  "$AUGUR" report --format sarif -o "$work/fifo" "$data/race.json" || return 1
  wait "$reader"
  test -p "$work/fifo" && grep -q '"version"' "$work/fifo.out"
}
ok "sarif -o FIFO writes into it and leaves it a FIFO" fifo_written
ok "sarif with --source-dir" sh -c "'$AUGUR' report --format sarif --source-dir /srv/src '$data/race.json' | grep -q 'file:///srv/src/'"

# html
ok "html -o DIR prints the index path" sh -c "test \"\$('$AUGUR' report -o '$work/html' '$data/all.json')\" = '$work/html/index.html'"
ok "html writes index, pages, dot and svg" sh -c "cd '$work/html' && test -s index.html && test -s finding-1.html && test -s finding-4.html && test -s finding-4.dot && test -s finding-4.svg && test ! -e finding-5.html"
ok "html default directory is augur-report/" sh -c "cd '$work' && '$AUGUR' report '$data/race.json' >/dev/null && test -s augur-report/index.html"
ok "html reads sources next to the results file" grep -q 'int v = counter; /\* &lt;script&gt;' "$work/html/finding-2.html"

# a diagnosis: found next to the results (diagnosis.json), or given
mkdir "$work/diag" && cp "$data/race.json" "$data/race.c" "$work/diag/" \
  && cp "$data/race-diagnosis.json" "$work/diag/diagnosis.json"
ok "html finds diagnosis.json next to the results" sh -c "'$AUGUR' report -o '$work/diag/html' '$work/diag/race.json' >/dev/null && grep -q '<section id=\"diagnosis\">' '$work/diag/html/finding-1.html' && grep -q 'label=\"root cause\"' '$work/diag/html/finding-1.dot'"
ok "html --no-diagnosis leaves it out" sh -c "'$AUGUR' report --no-diagnosis -o '$work/diag/plain' '$work/diag/race.json' >/dev/null && ! grep -q 'id=\"diagnosis\"' '$work/diag/plain/finding-1.html'"
ok "html --diagnosis FILE" sh -c "'$AUGUR' report --diagnosis '$data/race-diagnosis.json' -o '$work/given' '$data/race.json' >/dev/null && grep -q 'class=\"diff-add\"' '$work/given/finding-1.html'"
ok "sarif finds diagnosis.json: the verified repair is a fix" sh -c "'$AUGUR' report -f sarif '$work/diag/race.json' | grep -q '\"artifactChanges\"'"
ok "sarif without a diagnosis has no fix" sh -c "! '$AUGUR' report -f sarif '$data/race.json' | grep -q '\"fixes\"'"
ok "a diagnosis of other results is left out, with a warning" sh -c "'$AUGUR' report --diagnosis '$data/race-diagnosis.json' -o '$work/stale' '$data/deadlock.json' 2>'$work/stale.err' >/dev/null && grep -q '1 diagnosed finding of .* matches no finding' '$work/stale.err' && ! grep -q 'id=\"diagnosis\"' '$work/stale/finding-1.html'"
ok "a diagnosis that is not one is bad input (3)" status_is 3 "$AUGUR" report --diagnosis "$data/race.json" "$data/race.json"

# exit statuses
ok "no RESULTS is a usage error (2)" status_is 2 "$AUGUR" report
ok "two RESULTS is a usage error (2)" status_is 2 "$AUGUR" report "$data/race.json" "$data/race.json"
ok "unknown format is a usage error (2)" status_is 2 "$AUGUR" report --format pdf "$data/race.json"
ok "unknown option is a usage error (2)" status_is 2 "$AUGUR" report --frobnicate "$data/race.json"
ok "missing results file is bad input (3)" status_is 3 "$AUGUR" report "$work/none.json"
ok "not JSON is bad input (3)" status_is 3 "$AUGUR" report "$data/bad-not-json.json"
ok "other schema is bad input (3)" status_is 3 "$AUGUR" report --format json "$data/bad-schema.json"
ok "bad member is bad input (3)" status_is 3 "$AUGUR" report --format sarif "$data/bad-bug-step.json"
ok "bad input names the file and the problem" sh -c "'$AUGUR' report '$data/bad-op.json' 2>&1 >/dev/null | grep -q 'bad-op.json: .*schedule step 2.*unknown operation'"
ok "unwritable report directory is a failure (5)" status_is 5 "$AUGUR" report -o "$data/race.json/sub" "$data/race.json"
ok "unwritable output file is a failure (5)" status_is 5 "$AUGUR" report --format json -o "$work/no/such/dir/x.json" "$data/race.json"
ok "report is listed in augur --help" sh -c "'$AUGUR' --help | grep -q '^  report '"

tap_done
