#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-sarif-validate.sh — the SARIF that `augur report --format sarif`
# writes validates with zero error-level results under Microsoft's SARIF
# multitool (npm package @microsoft/sarif-multitool, `validate` verb: the
# SARIF 2.1.0 JSON schema plus the SARIF rules; it runs offline).
#
# The tool is found or installed as sarif-multitool.sh says; without it the
# test is skipped.
# Two broken logs are validated too: the test fails if the tool stops
# reporting errors.
set -u
. "$top_srcdir/tests/tap.sh"
data="$top_srcdir/tests/reports/data"
. "$top_srcdir/tests/reports/sarif-multitool.sh"
if ! sarif_tool_ready; then
  skip "SARIF validation with @microsoft/sarif-multitool" "$sarif_tool_why"
  tap_done
  exit
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/augur-sarif-validate.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT

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
