#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-sarif-validate.sh — the SARIF that `augur report --format sarif`
# writes validates with zero error-level results under Microsoft's SARIF
# multitool (npm package @microsoft/sarif-multitool, `validate` verb: the
# SARIF 2.1.0 JSON schema plus the SARIF rules; it runs offline).
#
# The tool is looked for in $AUGUR_SARIF_MULTITOOL, then in the npm cache
# directory ${AUGUR_NPM_PREFIX:-$HOME/.cache/augur-sarif}, where it is
# installed with npm when npm is available.  Without it the test is skipped.
# Two broken logs are validated too: the test fails if the tool stops
# reporting errors.
set -u
. "$top_srcdir/tests/tap.sh"
data="$top_srcdir/tests/reports/data"
prefix=${AUGUR_NPM_PREFIX:-${HOME:-/nonexistent}/.cache/augur-sarif}
tool=${AUGUR_SARIF_MULTITOOL:-$prefix/node_modules/.bin/sarif-multitool}

if [ ! -x "$tool" ] && command -v npm >/dev/null 2>&1; then
  mkdir -p "$prefix" 2>/dev/null &&
    timeout 600 npm install --prefix "$prefix" --no-audit --no-fund @microsoft/sarif-multitool >/dev/null 2>&1
fi
if [ ! -x "$tool" ] || ! command -v node >/dev/null 2>&1; then
  skip "SARIF validation with @microsoft/sarif-multitool" "npm, node or the multitool is unavailable (npm install --prefix \$HOME/.cache/augur-sarif @microsoft/sarif-multitool)"
  tap_done
  exit
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/augur-sarif-validate.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT

# errors LOG: the number of error-level results in the multitool's output log
errors ()
{
  node -e '
    const log = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    let n = 0;
    for (const run of log.runs || []) {
      const rules = (run.tool && run.tool.driver && run.tool.driver.rules) || [];
      for (const r of run.results || []) {
        const rule = rules[r.ruleIndex] || {};
        const level = r.level || (rule.defaultConfiguration || {}).level || "warning";
        if (level === "error") { n++; console.error(r.ruleId + ": " + JSON.stringify(r.message)); }
      }
      for (const inv of run.invocations || [])
        for (const note of inv.toolExecutionNotifications || [])
          if ((note.level || "error") === "error") { n++; console.error(JSON.stringify(note.message)); }
    }
    console.log(n);' "$1"
}

# validate SARIF: runs the multitool; its log is SARIF.log.sarif
validate ()
{
  rm -f "$1.log.sarif"
  timeout 300 "$tool" validate "$1" -o "$1.log.sarif" && test -s "$1.log.sarif"
}
valid () { validate "$1" && n=$(errors "$1.log.sarif") && { echo "error-level results: $n"; test "$n" -eq 0; }; }
invalid () { validate "$1" && n=$(errors "$1.log.sarif") && { echo "error-level results: $n"; test "$n" -gt 0; }; }

# (tap.sh's ok() uses $name; the multitool's launcher runs through a shell,
# so the paths given to it stay free of shell syntax.)
for case_ in all race deadlock atomicity misuse; do
  ok "augur report --format sarif ($case_)" "$AUGUR" report --format sarif -o "$work/$case_.sarif" "$data/$case_.json"
  ok "$case_.sarif validates with no error" valid "$work/$case_.sarif"
done

# with a diagnosis: its verified repair a fix with artifactChanges
ok "augur report --format sarif with a diagnosis (fixes)" "$AUGUR" report --format sarif \
  --diagnosis "$data/race-diagnosis.json" -o "$work/race-fixes.sarif" "$data/race.json"
ok "race-fixes.sarif has a fix" grep -q '"artifactChanges"' "$work/race-fixes.sarif"
ok "race-fixes.sarif validates with no error" valid "$work/race-fixes.sarif"

# Controls: a required property removed, an index out of range.
node -e '
  const fs = require("fs");
  const log = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  delete log.runs[0].results[0].message;
  fs.writeFileSync(process.argv[2], JSON.stringify(log, null, 1));
  log.runs[0].results[0].message = { text: "x" };
  log.runs[0].results[0].ruleIndex = 99;
  fs.writeFileSync(process.argv[3], JSON.stringify(log, null, 1));' \
  "$work/all.sarif" "$work/no-message.sarif" "$work/bad-index.sarif"
ok "control: a result without message is an error" invalid "$work/no-message.sarif"
ok "control: a rule index out of range is an error" invalid "$work/bad-index.sarif"

tap_done
